package sandbox

import (
	"encoding/binary"
	"errors"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"sync"

	"golang.org/x/sys/unix"
)

// notifier answers the seccomp listener: it records what the hook's
// processes exec, which sensitive files they open and where they connect,
// then lets every call continue.
//
// The pointers a call passes are read from the caller's memory before the
// kernel reads them: a process with a second thread could change the
// memory between the two reads (TOCTOU). That does not let a hook out of
// the sandbox (the namespaces and mounts do the confining); it only lets a
// deliberately evasive program hide one record.
type notifier struct {
	fd   int
	s    *supervisor
	once sync.Once
	done chan struct{}
	mu   sync.Mutex
	seen map[string]bool // sensitive files already recorded
	// reads are the files under the overlaid folders already recorded.
	reads readRecorder
}

func newNotifier(fd int, s *supervisor) *notifier {
	return &notifier{fd: fd, s: s, done: make(chan struct{}), seen: map[string]bool{}}
}

func (n *notifier) close() {
	n.once.Do(func() { unix.Close(n.fd) })
}

func (n *notifier) loop() {
	var req seccompNotif
	for {
		if err := notifRecv(n.fd, &req); err != nil {
			if errors.Is(err, unix.EINTR) || errors.Is(err, unix.ENOENT) {
				continue
			}
			return // closed: the run ended
		}
		n.handle(&req)
		_ = notifContinue(n.fd, req.ID)
	}
}

func (n *notifier) handle(r *seccompNotif) {
	pid := int(r.Pid)
	a := r.Args
	switch r.Nr {
	case execve:
		n.exec(pid, r.ID, unix.AT_FDCWD, a[0], a[1])
	case execveat:
		n.exec(pid, r.ID, int(int32(a[0])), a[1], a[2])
	case openat:
		n.open(pid, r.ID, int(int32(a[0])), a[1], int(a[2]))
	case openat2:
		var how [8]byte
		if readMem(pid, a[2], how[:]) == nil {
			n.open(pid, r.ID, int(int32(a[0])), a[1], int(binary.NativeEndian.Uint64(how[:])))
		}
	case connect:
		n.connect(pid, r.ID, int(int32(a[0])), a[1], int(a[2]), "")
	case sendto:
		n.connect(pid, r.ID, int(int32(a[0])), a[4], int(a[5]), "udp")
	case sendmsg, sendmmsg:
		var hdr [16]byte // msg_name, msg_namelen at the start of msghdr (and mmsghdr)
		if readMem(pid, a[1], hdr[:]) == nil {
			ne := binary.NativeEndian
			n.connect(pid, r.ID, int(int32(a[0])), ne.Uint64(hdr[0:]), int(ne.Uint32(hdr[8:])), "udp")
		}
	default:
		switch int64(r.Nr) {
		case sysOpen:
			n.open(pid, r.ID, unix.AT_FDCWD, a[0], int(a[1]))
		}
	}
}

// exec records a program start, when the program exists (a shell's or
// execvp's search tries missing paths first).
func (n *notifier) exec(pid int, id uint64, dirfd int, pathPtr, argvPtr uint64) {
	p, err := readString(pid, pathPtr, 4096)
	if err != nil || p == "" {
		return
	}
	abs := resolveAt(pid, dirfd, p)
	if fi, err := os.Stat(abs); err != nil || fi.IsDir() {
		return
	}
	argv := readArgv(pid, argvPtr)
	if !notifIDValid(n.fd, id) {
		return
	}
	n.s.w.send(event{T: evExec, Pid: pid, Path: abs, Argv: argv})
	n.recordRead(id, abs)
}

// open records the opening for reading of a sensitive file.
func (n *notifier) open(pid int, id uint64, dirfd int, pathPtr uint64, flags int) {
	if flags&unix.O_ACCMODE == unix.O_WRONLY {
		return
	}
	p, err := readString(pid, pathPtr, 4096)
	if err != nil || p == "" {
		return
	}
	abs := resolveAt(pid, dirfd, p)
	n.recordRead(id, abs)
	if !isSensitive(abs, n.s.cfg.Home) {
		return
	}
	if fi, err := os.Stat(abs); err != nil || fi.IsDir() {
		return
	}
	n.mu.Lock()
	dup := n.seen[abs]
	n.seen[abs] = true
	n.mu.Unlock()
	if dup || !notifIDValid(n.fd, id) {
		return
	}
	if n.s.net != nil {
		n.s.net.addSecret(abs)
	}
	n.s.w.send(event{T: evOpen, Pid: pid, Path: abs})
}

// connect records a destination and opens a sink on its port before the
// call goes on, so it connects to the sink.
func (n *notifier) connect(pid int, id uint64, fd int, addrPtr uint64, addrLen int, proto string) {
	if addrPtr == 0 || addrLen < 8 || addrLen > 128 {
		return
	}
	buf := make([]byte, addrLen)
	if readMem(pid, addrPtr, buf) != nil {
		return
	}
	ap, ok := parseSockaddr(buf)
	if !ok {
		return
	}
	if proto == "" {
		proto = socketProto(pid, fd)
	}
	if n.s.net == nil {
		return
	}
	n.s.net.attempt(proto, ap)
}

// socketProto is "tcp" or "udp" for the target's socket fd.
func socketProto(pid, fd int) string {
	pidfd, err := unix.PidfdOpen(pid, 0)
	if err != nil {
		return "tcp"
	}
	defer unix.Close(pidfd)
	local, err := unix.PidfdGetfd(pidfd, fd, 0)
	if err != nil {
		return "tcp"
	}
	defer unix.Close(local)
	typ, err := unix.GetsockoptInt(local, unix.SOL_SOCKET, unix.SO_TYPE)
	if err == nil && typ == unix.SOCK_DGRAM {
		return "udp"
	}
	return "tcp"
}

func parseSockaddr(b []byte) (netip.AddrPort, bool) {
	family := binary.NativeEndian.Uint16(b[0:])
	port := binary.BigEndian.Uint16(b[2:])
	switch family {
	case unix.AF_INET:
		if len(b) < 8 {
			return netip.AddrPort{}, false
		}
		return netip.AddrPortFrom(netip.AddrFrom4([4]byte(b[4:8])), port), true
	case unix.AF_INET6:
		if len(b) < 24 {
			return netip.AddrPort{}, false
		}
		return netip.AddrPortFrom(netip.AddrFrom16([16]byte(b[8:24])).Unmap(), port), true
	}
	return netip.AddrPort{}, false
}

// resolveAt makes p absolute against dirfd (AT_FDCWD: the cwd) of pid.
func resolveAt(pid, dirfd int, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	var base string
	var err error
	if dirfd == unix.AT_FDCWD {
		base, err = os.Readlink("/proc/" + strconv.Itoa(pid) + "/cwd")
	} else {
		base, err = os.Readlink("/proc/" + strconv.Itoa(pid) + "/fd/" + strconv.Itoa(dirfd))
	}
	if err != nil {
		return p
	}
	return filepath.Join(base, p)
}

// readMem reads len(buf) bytes at addr of pid.
func readMem(pid int, addr uint64, buf []byte) error {
	if addr == 0 {
		return unix.EFAULT
	}
	local := []unix.Iovec{{Base: &buf[0], Len: uint64(len(buf))}}
	remote := []unix.RemoteIovec{{Base: uintptr(addr), Len: len(buf)}}
	n, err := unix.ProcessVMReadv(pid, local, remote, 0)
	if err != nil {
		return err
	}
	if n != len(buf) {
		return unix.EFAULT
	}
	return nil
}

// readString reads a NUL-terminated string of at most max bytes, a page
// at a time (never past a page it does not need).
func readString(pid int, addr uint64, max int) (string, error) {
	var out []byte
	const page = 4096
	for len(out) < max {
		chunk := page - int(addr%page)
		buf := make([]byte, chunk)
		if err := readMem(pid, addr, buf); err != nil {
			if len(out) > 0 {
				return string(out), nil
			}
			return "", err
		}
		for i, c := range buf {
			if c == 0 {
				return string(append(out, buf[:i]...)), nil
			}
		}
		out = append(out, buf...)
		addr += uint64(chunk)
	}
	return string(out[:max]), nil
}

// readArgv reads a NULL-terminated array of string pointers (at most 256
// arguments of at most 4 KiB each).
func readArgv(pid int, addr uint64) []string {
	var argv []string
	for i := 0; i < 256 && addr != 0; i++ {
		var p [8]byte
		if readMem(pid, addr+uint64(8*i), p[:]) != nil {
			break
		}
		ptr := binary.NativeEndian.Uint64(p[:])
		if ptr == 0 {
			break
		}
		s, err := readString(pid, ptr, 4096)
		if err != nil {
			break
		}
		argv = append(argv, s)
	}
	return argv
}
