package sandbox

import (
	"encoding/binary"
	"errors"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
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
	// fdMu keeps fd open while a call answered on a goroutine of its own
	// (a Unix socket's) sends its answer
	fdMu   sync.RWMutex
	closed bool
	// reads are the files under the overlaid folders already recorded.
	reads readRecorder
}

func newNotifier(fd int, s *supervisor) *notifier {
	return &notifier{fd: fd, s: s, done: make(chan struct{}), seen: map[string]bool{}}
}

func (n *notifier) close() {
	n.once.Do(func() {
		n.fdMu.Lock()
		n.closed = true
		unix.Close(n.fd)
		n.fdMu.Unlock()
	})
}

// unused waits until the listener has a notification or no process uses
// the filter any more, and says the latter. A receive on a listener whose
// filter no process uses fails with ENOENT at once (Linux 6.6 and later),
// so the loop would spin on it until the run ends: that happens once the
// hook's processes have all ended, since the thread that forked them, the
// filter's first user, ends after the hook's fork (spawnerThread). No
// process can take the filter up again (only a child of one of its users
// inherits it), so the loop can end. An ENOENT with processes still using
// the filter is a notifying call that was interrupted before it was
// received: poll then waits for the next one.
func (n *notifier) unused() bool {
	fds := []unix.PollFd{{Fd: int32(n.fd), Events: unix.POLLIN}}
	for {
		_, err := unix.Poll(fds, -1)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return true // closed: the run ended
		}
		return fds[0].Revents&unix.POLLIN == 0 && fds[0].Revents&(unix.POLLHUP|unix.POLLERR|unix.POLLNVAL) != 0
	}
}

// respond answers a notification with the call's result (errno 0: val).
func (n *notifier) respond(id uint64, val int64, errno unix.Errno) {
	n.fdMu.RLock()
	defer n.fdMu.RUnlock()
	if !n.closed {
		_ = notifRespond(n.fd, id, val, errno)
	}
}

func (n *notifier) loop() {
	var req seccompNotif
	for {
		if err := notifRecv(n.fd, &req); err != nil {
			if errors.Is(err, unix.ENOENT) && n.unused() {
				return // no process is left that the filter could stop
			}
			if errors.Is(err, unix.EINTR) || errors.Is(err, unix.ENOENT) {
				continue
			}
			return // closed: the run ended
		}
		uc, answered := n.handle(&req)
		switch {
		case uc != nil:
			go uc.run() // it answers
		case !answered:
			_ = notifContinue(n.fd, req.ID)
		}
	}
}

// handle records the call; a call on a Unix socket that the supervisor
// performs itself is returned (not continued), and answered says the call
// was refused here.
func (n *notifier) handle(r *seccompNotif) (uc *unixCall, answered bool) {
	pid := int(r.Pid)
	a := r.Args
	if (r.Nr == execve || r.Nr == execveat) && !n.s.admit(pid) {
		n.respond(r.ID, -1, unix.EPERM)
		return nil, true
	}
	switch r.Nr {
	case ioctl:
		// the filter only hands over TIOCSTI and TIOCLINUX (a register
		// value: what it saw is what the call is)
		what := "TIOCSTI"
		if uint32(a[1]) == unix.TIOCLINUX {
			what = "TIOCLINUX"
		}
		path := fdPath(pid, int(int32(a[0])))
		n.mu.Lock()
		dup := n.seen[what+" "+path]
		n.seen[what+" "+path] = true
		n.mu.Unlock()
		if !dup {
			n.s.w.send(event{T: evDevice, Pid: pid, Path: path, Msg: what})
		}
		n.respond(r.ID, -1, unix.EPERM)
		return nil, true
	case keyctl, addKey, requestKey:
		n.mu.Lock()
		dup := n.seen["keyring"]
		n.seen["keyring"] = true
		n.mu.Unlock()
		if !dup {
			n.s.w.send(event{T: evOpen, Pid: pid, Path: keyringPath})
		}
		n.respond(r.ID, -1, unix.EPERM)
		return nil, true
	case socket, socketpair:
		// the filter only hands over the families it refuses
		fam := int(int32(a[0]))
		key := "family " + strconv.Itoa(fam)
		n.mu.Lock()
		dup := n.seen[key]
		n.seen[key] = true
		n.mu.Unlock()
		if !dup {
			n.s.w.send(event{T: evFamily, Pid: pid, Path: familyName(fam), Code: int(unix.EAFNOSUPPORT)})
		}
		n.respond(r.ID, -1, unix.EAFNOSUPPORT)
		return nil, true
	case connect:
		if uc := n.takeUnix(r, "connect", int(int32(a[0]))); uc != nil {
			return uc, false
		}
	case sendto:
		if uc := n.takeUnix(r, "sendto", int(int32(a[0]))); uc != nil {
			return uc, false
		}
	case sendmsg:
		if uc := n.takeUnix(r, "sendmsg", int(int32(a[0]))); uc != nil {
			return uc, false
		}
	case sendmmsg:
		if uc := n.takeUnix(r, "sendmmsg", int(int32(a[0]))); uc != nil {
			return uc, false
		}
	}
	switch r.Nr {
	case execve:
		n.exec(pid, r.ID, unix.AT_FDCWD, a[0], a[1])
	case execveat:
		n.exec(pid, r.ID, int(int32(a[0])), a[1], a[2])
	case openat:
		n.open(pid, r.ID, int(int32(a[0])), a[1], int(a[2]))
	case newfstatat, statx, faccessat, faccessat2:
		n.probe(pid, r.ID, int(int32(a[0])), a[1])
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
		// the legacy calls are -1 where the architecture has none (a
		// switch would hold duplicate cases there)
		switch nr := int64(r.Nr); {
		case nr == sysOpen:
			n.open(pid, r.ID, unix.AT_FDCWD, a[0], int(a[1]))
		case nr == sysStat || nr == sysLstat || nr == sysAccess:
			n.probe(pid, r.ID, unix.AT_FDCWD, a[0])
		}
	}
	return nil, false
}

// fdPath names what descriptor fd of pid is open on.
func fdPath(pid, fd int) string {
	p, err := os.Readlink("/proc/" + strconv.Itoa(pid) + "/fd/" + strconv.Itoa(fd))
	if err != nil {
		return "fd " + strconv.Itoa(fd)
	}
	return p
}

// devAllowed are the names under /dev the sandbox provides.
var devAllowed = map[string]bool{"null": true, "zero": true, "full": true, "random": true, "urandom": true,
	"fd": true, "stdin": true, "stdout": true, "stderr": true, "shm": true}

// device records an open of a device the sandbox does not provide (it
// fails: the node is not there), once per path.
func (n *notifier) device(pid int, id uint64, abs string) {
	rel := strings.TrimPrefix(abs, "/dev/")
	if first, _, _ := strings.Cut(rel, "/"); devAllowed[first] {
		return
	}
	n.mu.Lock()
	dup := n.seen[abs]
	n.seen[abs] = true
	n.mu.Unlock()
	if dup || !notifIDValid(n.fd, id) {
		return
	}
	n.s.w.send(event{T: evDevice, Pid: pid, Path: abs, Msg: "open"})
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
		n.recordAbsent(id, abs) // a program a later pull could put there
		return
	}
	argv := readArgv(pid, argvPtr)
	if !notifIDValid(n.fd, id) {
		return
	}
	n.s.w.send(event{T: evExec, Pid: pid, Path: abs, Argv: argv})
	n.recordRead(id, abs, false)
}

// probe records a path a stat or access call looks for, when it is not
// there (recordAbsent).
func (n *notifier) probe(pid int, id uint64, dirfd int, pathPtr uint64) {
	p, err := readString(pid, pathPtr, 4096)
	if err != nil || p == "" {
		return
	}
	n.recordAbsent(id, resolveAt(pid, dirfd, p))
}

// open records the opening for reading of a sensitive file.
func (n *notifier) open(pid int, id uint64, dirfd int, pathPtr uint64, flags int) {
	p, err := readString(pid, pathPtr, 4096)
	if err != nil || p == "" {
		return
	}
	abs := resolveAt(pid, dirfd, p)
	if within(abs, "/dev") && abs != "/dev" {
		n.device(pid, id, abs)
		return
	}
	if flags&unix.O_ACCMODE != unix.O_RDONLY && n.s.hostFIFO(abs) {
		n.mu.Lock()
		dup := n.seen["fifo "+abs]
		n.seen["fifo "+abs] = true
		n.mu.Unlock()
		if !dup && notifIDValid(n.fd, id) {
			n.s.w.send(event{T: evDevice, Pid: pid, Path: abs, Msg: "write"})
		}
		return
	}
	if flags&unix.O_ACCMODE == unix.O_WRONLY {
		return
	}
	n.recordRead(id, abs, flags&unix.O_PATH == 0) // a folder opened so is listed
	if !isSensitive(abs, n.s.cfg.Home, n.s.cfg.AgentSecrets) {
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
	local, err := callerFd(pid, fd)
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

// familyName names an address family the sandbox refuses.
func familyName(f int) string {
	names := map[int]string{unix.AF_VSOCK: "AF_VSOCK", unix.AF_PACKET: "AF_PACKET", unix.AF_BLUETOOTH: "AF_BLUETOOTH",
		unix.AF_TIPC: "AF_TIPC", unix.AF_CAN: "AF_CAN", unix.AF_ALG: "AF_ALG", unix.AF_RDS: "AF_RDS", unix.AF_XDP: "AF_XDP",
		unix.AF_KEY: "AF_KEY", unix.AF_QIPCRTR: "AF_QIPCRTR", unix.AF_X25: "AF_X25", unix.AF_APPLETALK: "AF_APPLETALK"}
	if n, ok := names[f]; ok {
		return n
	}
	return "address family " + strconv.Itoa(f)
}

// keyringPath is how the report names the kernel's keyrings among the
// secrets read.
const keyringPath = "the kernel keyring (keyctl, refused)"
