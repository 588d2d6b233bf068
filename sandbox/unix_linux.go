package sandbox

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Unix sockets. The network namespace already cuts abstract sockets off
// the host's (they belong to a network namespace) and the overlays cut
// off the sockets under the home and the project (a socket seen through
// an overlay has no listener), but a path socket anywhere else of the
// read-only rest (/run/user/UID/bus, /var/run/docker.sock, ...) would
// still answer. So the supervisor performs every connect of a Unix
// socket itself, and every send that names a destination from a Unix
// datagram socket: it reads the address once, opens the path (O_PATH, in
// the hook's folder), lets through only a socket on one of the sandbox's
// private file systems (/tmp, /var/tmp, /dev/shm), and connects or sends
// through /proc/self/fd/N of what it opened. The kernel never reads the
// hook's memory again, so a second thread that switches the path after
// the check gains nothing (TOCTOU), and a symlink switched after the
// check is not followed again.

// maxUnixSend bounds a datagram sent on the hook's behalf.
const maxUnixSend = 256 << 10

// unixCall is a notified call on a Unix socket that the supervisor
// answers itself.
type unixCall struct {
	n     *notifier
	id    uint64
	pid   int
	sock  int // the supervisor's copy of the hook's socket
	call  string
	args  [6]uint64
	dgram bool
}

// takeUnix returns a unixCall when the socket of a notified connect,
// sendto or sendmsg/sendmmsg is a Unix socket whose call could reach a
// path: every connect, and a send that may name a destination on a
// datagram socket (a stream socket ignores or refuses the name).
//
// When the socket cannot be looked at (the caller's descriptor table out
// of reach), the call fails with EACCES rather than go on unseen: it is
// returned as a unixCall that refuses.
func (n *notifier) takeUnix(r *seccompNotif, call string, fd int) *unixCall {
	refuse := &unixCall{n: n, id: r.ID, pid: int(r.Pid), sock: -1, call: "refuse"}
	local, err := callerFd(int(r.Pid), fd)
	if errors.Is(err, unix.EBADF) {
		return nil // not a descriptor: the kernel says so
	}
	if err != nil {
		return refuse
	}
	domain, err := unix.GetsockoptInt(local, unix.SOL_SOCKET, unix.SO_DOMAIN)
	if errors.Is(err, unix.ENOTSOCK) {
		unix.Close(local)
		return nil
	}
	if err != nil {
		unix.Close(local)
		return refuse
	}
	if domain != unix.AF_UNIX {
		unix.Close(local)
		return nil
	}
	typ, _ := unix.GetsockoptInt(local, unix.SOL_SOCKET, unix.SO_TYPE)
	dgram := typ == unix.SOCK_DGRAM
	if call != "connect" && !dgram {
		unix.Close(local)
		return nil
	}
	if !notifIDValid(n.fd, r.ID) {
		unix.Close(local)
		return nil
	}
	return &unixCall{n: n, id: r.ID, pid: int(r.Pid), sock: local, call: call, args: r.Args, dgram: dgram}
}

// run performs the call and answers the notification (it may block: it
// runs on a goroutine of its own).
func (c *unixCall) run() {
	if c.call == "refuse" {
		c.n.s.w.send(event{T: evNote, Msg: "a call on a socket whose kind could not be known was refused"})
		c.n.respond(c.id, -1, unix.EACCES)
		return
	}
	defer unix.Close(c.sock)
	val, errno := c.do()
	c.n.respond(c.id, val, errno)
}

func (c *unixCall) do() (int64, unix.Errno) {
	a := c.args
	switch c.call {
	case "connect":
		addr, errno := c.address(a[1], int(a[2]))
		if errno != 0 {
			return -1, errno
		}
		defer addr.close()
		return 0, rawErrno(unix.Syscall(unix.SYS_CONNECT, uintptr(c.sock), uintptr(unsafe.Pointer(&addr.raw[0])), uintptr(len(addr.raw))))
	case "sendto":
		size := int(a[2])
		if size > maxUnixSend {
			return -1, unix.EMSGSIZE
		}
		buf := make([]byte, max(size, 1))
		if size > 0 && readMem(c.pid, a[1], buf[:size]) != nil {
			return -1, unix.EFAULT
		}
		var to unsafe.Pointer
		var toLen int
		if a[5] != 0 { // a length of 0 names no destination
			addr, errno := c.address(a[4], int(a[5]))
			if errno != 0 {
				return -1, errno
			}
			defer addr.close()
			to, toLen = unsafe.Pointer(&addr.raw[0]), len(addr.raw)
		}
		r, _, e := unix.Syscall6(unix.SYS_SENDTO, uintptr(c.sock), uintptr(unsafe.Pointer(&buf[0])), uintptr(size), uintptr(a[3]),
			uintptr(to), uintptr(toLen))
		if e != 0 {
			return -1, e
		}
		return int64(r), 0
	case "sendmsg":
		return c.sendmsg(a[1], int(a[2]))
	}
	// sendmmsg on a Unix datagram socket: refused (it would have to be
	// taken apart message by message)
	c.n.s.w.send(event{T: evUnix, Pid: c.pid, Path: "(sendmmsg)", Msg: "sendmmsg", Code: int(unix.EPERM)})
	return -1, unix.EPERM
}

// sendmsg sends one message on the hook's behalf: its name checked, its
// data gathered; control data (descriptors, credentials) is refused.
func (c *unixCall) sendmsg(msgPtr uint64, flags int) (int64, unix.Errno) {
	var hdr [56]byte // struct msghdr on 64-bit systems
	if readMem(c.pid, msgPtr, hdr[:]) != nil {
		return -1, unix.EFAULT
	}
	ne := binary.NativeEndian
	namePtr, nameLen := ne.Uint64(hdr[0:]), int(ne.Uint32(hdr[8:]))
	iovPtr, iovLen := ne.Uint64(hdr[16:]), int(ne.Uint64(hdr[24:]))
	if ne.Uint64(hdr[40:]) != 0 { // msg_controllen
		c.n.s.w.send(event{T: evUnix, Pid: c.pid, Path: "(control data)", Msg: "sendmsg", Code: int(unix.EPERM)})
		return -1, unix.EPERM
	}
	if iovLen < 0 || iovLen > 1024 {
		return -1, unix.EMSGSIZE
	}
	var data []byte
	for i := 0; i < iovLen; i++ {
		var iov [16]byte
		if readMem(c.pid, iovPtr+uint64(16*i), iov[:]) != nil {
			return -1, unix.EFAULT
		}
		base, l := ne.Uint64(iov[0:]), int(ne.Uint64(iov[8:]))
		if l < 0 || len(data)+l > maxUnixSend {
			return -1, unix.EMSGSIZE
		}
		if l == 0 {
			continue
		}
		part := make([]byte, l)
		if readMem(c.pid, base, part) != nil {
			return -1, unix.EFAULT
		}
		data = append(data, part...)
	}
	var to unix.Sockaddr
	var addr *unixAddr
	if namePtr != 0 && nameLen > 0 {
		var errno unix.Errno
		if addr, errno = c.address(namePtr, nameLen); errno != 0 {
			return -1, errno
		}
		defer addr.close()
		switch {
		case addr.abstract != "":
			to = &unix.SockaddrUnix{Name: "\x00" + addr.abstract}
		case addr.name != "":
			to = &unix.SockaddrUnix{Name: addr.name}
		default:
			return -1, unix.EINVAL
		}
	}
	n, err := unix.SendmsgN(c.sock, data, nil, to, flags)
	if err != nil {
		return -1, errnoOfErr(err)
	}
	return int64(n), 0
}

// unixAddr is an address checked and rewritten for the supervisor: raw
// is the sockaddr to pass, name the path it names (/proc/self/fd/N of the
// socket opened), abstract an abstract name.
type unixAddr struct {
	raw      []byte
	name     string
	abstract string
	fd       int
}

func (u *unixAddr) close() {
	if u.fd > 0 {
		unix.Close(u.fd)
	}
}

// address reads a sockaddr_un of the hook's, and returns it rewritten for
// the supervisor, or the errno the call fails with (EACCES: a socket
// outside the sandbox, recorded).
func (c *unixCall) address(ptr uint64, size int) (*unixAddr, unix.Errno) {
	if size < 2 || size > int(unsafe.Sizeof(unix.RawSockaddrUnix{})) {
		return nil, unix.EINVAL
	}
	raw := make([]byte, size)
	if readMem(c.pid, ptr, raw) != nil {
		return nil, unix.EFAULT
	}
	family := binary.NativeEndian.Uint16(raw)
	path := raw[2:]
	switch {
	case family != unix.AF_UNIX || len(path) == 0:
		return &unixAddr{raw: raw}, 0 // the kernel answers (EINVAL, AF_UNSPEC's disconnect)
	case path[0] == 0:
		// abstract: the network namespace's own
		return &unixAddr{raw: raw, abstract: string(path[1:])}, 0
	}
	if i := indexByte(path, 0); i >= 0 {
		path = path[:i]
	}
	p := string(path)
	fd, errno := c.openPath(p)
	if errno != 0 {
		return nil, errno
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		unix.Close(fd)
		return nil, unix.EACCES
	}
	if st.Mode&unix.S_IFMT != unix.S_IFSOCK {
		unix.Close(fd)
		return nil, unix.ECONNREFUSED // what the kernel says of a file that is no socket
	}
	if !c.n.s.privateDev(st.Dev) {
		unix.Close(fd)
		abs := resolveAt(c.pid, unix.AT_FDCWD, p)
		c.n.s.w.send(event{T: evUnix, Pid: c.pid, Path: abs, Msg: c.call, Code: int(unix.EACCES)})
		return nil, unix.EACCES
	}
	name := "/proc/self/fd/" + strconv.Itoa(fd)
	sa := make([]byte, 2+len(name)+1)
	binary.NativeEndian.PutUint16(sa, unix.AF_UNIX)
	copy(sa[2:], name)
	return &unixAddr{raw: sa, name: name, fd: fd}, 0
}

// openPath opens p (O_PATH, following links as connect does) in the
// hook's working folder.
func (c *unixCall) openPath(p string) (int, unix.Errno) {
	dir := unix.AT_FDCWD
	if !filepath.IsAbs(p) {
		cwd, err := unix.Open("/proc/"+strconv.Itoa(c.pid)+"/cwd", unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		if err != nil {
			return -1, unix.EACCES
		}
		defer unix.Close(cwd)
		dir = cwd
	}
	fd, err := unix.Openat(dir, p, unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1, errnoOfErr(err)
	}
	return fd, 0
}

func indexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}

func rawErrno(_, _ uintptr, e unix.Errno) unix.Errno { return e }

func errnoOfErr(err error) unix.Errno {
	return unix.Errno(errnoOf(err))
}

// privateDev reports whether dev is one of the sandbox's private file
// systems, where only the hook's own sockets can be.
func (s *supervisor) privateDev(dev uint64) bool {
	for _, d := range s.privateDevs {
		if d == dev {
			return true
		}
	}
	return false
}

// callerFd duplicates descriptor fd of the thread tid (a notification
// names the calling thread, and pidfd_open wants its thread group).
func callerFd(tid, fd int) (int, error) {
	pid := tgid(tid)
	pidfd, err := unix.PidfdOpen(pid, 0)
	if err != nil {
		return -1, err
	}
	defer unix.Close(pidfd)
	return unix.PidfdGetfd(pidfd, fd, 0)
}

// tgid is the thread group (process) of thread tid, from
// /proc/TID/status (tid itself when it cannot be read).
func tgid(tid int) int {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(tid) + "/status")
	if err != nil {
		return tid
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "Tgid:"); ok {
			if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
				return n
			}
		}
	}
	return tid
}
