package sandbox

import (
	"fmt"
	"unsafe"

	"golang.org/x/sys/unix"
)

// notified are the system calls the supervisor sees before they run.
// sendto is only notified when it names a destination (argument 4).
var notified = []uint32{execve, execveat, openat, openat2, connect, sendmsg, sendmmsg}

// probeCalls look for a path (access(2)); with probes (a traced run) the
// supervisor sees them too and records a path under the overlaid folders
// that is not there (reads_linux.go). newfstatat and statx are such calls
// as well, but the filter lets through those on a descriptor
// (AT_EMPTY_PATH: fstat), which name no path and are frequent.
var probeCalls = []uint32{faccessat, faccessat2}

// keyringCalls reach the kernel's keyrings, where the user's session may
// keep tokens readable by any process of the uid: they go to the
// listener, which records them and fails them with EPERM.
var keyringCalls = []uint32{keyctl, addKey, requestKey}

// denied fail with ENOSYS: io_uring would open files and sockets out of
// the filter's sight.
var denied = []uint32{ioUringSetup}

// installFilter installs, on the calling thread, a seccomp filter that
// hands the notified calls (with probes, the calls that look for a path
// too) to a user-space listener, and returns the listener's fd.
func installFilter(probes bool) (int, error) {
	const (
		ldAbs = unix.BPF_LD | unix.BPF_W | unix.BPF_ABS
		jeq   = unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K
		jset  = unix.BPF_JMP | unix.BPF_JSET | unix.BPF_K
		ret   = unix.BPF_RET | unix.BPF_K
		// offsets in struct seccomp_data
		offArg0L = 16
		offArg1L = 16 + 1*8
		offArg2L = 16 + 2*8
		offArg3L = 16 + 3*8
		offArg4L = 16 + 4*8
		offArg4H = 16 + 4*8 + 4
	)
	notify := uint32(unix.SECCOMP_RET_USER_NOTIF)
	allow := uint32(unix.SECCOMP_RET_ALLOW)
	f := filterHead()
	for _, nr := range legacyNotified {
		f = append(f, unix.SockFilter{Code: jeq, Jt: 0, Jf: 1, K: nr}, unix.SockFilter{Code: ret, K: notify})
	}
	calls := append(append([]uint32(nil), notified...), keyringCalls...)
	if probes {
		calls = append(append(calls, probeCalls...), legacyProbes...)
	}
	for _, nr := range calls {
		f = append(f, unix.SockFilter{Code: jeq, Jt: 0, Jf: 1, K: nr}, unix.SockFilter{Code: ret, K: notify})
	}
	for _, nr := range denied {
		f = append(f, unix.SockFilter{Code: jeq, Jt: 0, Jf: 1, K: nr}, unix.SockFilter{Code: ret, K: unix.SECCOMP_RET_ERRNO | uint32(unix.ENOSYS)})
	}
	// socket, socketpair: only the families a network namespace contains
	// (Unix, IPv4, IPv6, netlink); any other (AF_VSOCK reaches the
	// hypervisor's host, AF_PACKET, Bluetooth, ...) goes to the listener,
	// which records it and fails it with EAFNOSUPPORT. The family is a
	// register value: what the filter saw is what the call is.
	for _, nr := range []uint32{socket, socketpair} {
		f = append(f,
			unix.SockFilter{Code: jeq, Jt: 0, Jf: 7, K: nr},
			unix.SockFilter{Code: ldAbs, K: offArg0L},
			unix.SockFilter{Code: jeq, Jt: 4, Jf: 0, K: unix.AF_UNIX},
			unix.SockFilter{Code: jeq, Jt: 3, Jf: 0, K: unix.AF_INET},
			unix.SockFilter{Code: jeq, Jt: 2, Jf: 0, K: unix.AF_INET6},
			unix.SockFilter{Code: jeq, Jt: 1, Jf: 0, K: unix.AF_NETLINK},
			unix.SockFilter{Code: ret, K: notify},
			unix.SockFilter{Code: ret, K: allow},
		)
	}
	// newfstatat (flags: argument 3) and statx (argument 2): a stat of a
	// path goes to the listener, one of a descriptor (AT_EMPTY_PATH, what
	// fstat is in the C library) does not. A call that sets AT_EMPTY_PATH
	// with a path too is not seen: the probe is then not recorded (like
	// the TOCTOU case of notifier, it can only hide a record, not escape).
	for _, c := range []struct{ nr, flags uint32 }{{newfstatat, offArg3L}, {statx, offArg2L}} {
		if !probes {
			break
		}
		f = append(f,
			unix.SockFilter{Code: jeq, Jt: 0, Jf: 4, K: c.nr},
			unix.SockFilter{Code: ldAbs, K: c.flags},
			unix.SockFilter{Code: jset, Jt: 1, Jf: 0, K: unix.AT_EMPTY_PATH},
			unix.SockFilter{Code: ret, K: notify},
			unix.SockFilter{Code: ret, K: allow},
		)
	}
	// ioctl: TIOCSTI (push input into a terminal) and TIOCLINUX (the
	// console's selection, which can do the same) go to the listener,
	// which records them and fails them with EPERM, on whatever
	// descriptor (the sandbox holds no terminal anyway)
	f = append(f,
		unix.SockFilter{Code: jeq, Jt: 0, Jf: 5, K: ioctl},
		unix.SockFilter{Code: ldAbs, K: offArg1L},
		unix.SockFilter{Code: jeq, Jt: 2, Jf: 0, K: unix.TIOCSTI},
		unix.SockFilter{Code: jeq, Jt: 1, Jf: 0, K: unix.TIOCLINUX},
		unix.SockFilter{Code: ret, K: allow},
		unix.SockFilter{Code: ret, K: notify},
	)
	// sendto: notify when dest_addr != NULL
	f = append(f,
		unix.SockFilter{Code: jeq, Jt: 1, Jf: 0, K: sendto},
		unix.SockFilter{Code: ret, K: allow},
		unix.SockFilter{Code: ldAbs, K: offArg4L},
		unix.SockFilter{Code: jeq, Jt: 0, Jf: 3, K: 0},
		unix.SockFilter{Code: ldAbs, K: offArg4H},
		unix.SockFilter{Code: jeq, Jt: 0, Jf: 1, K: 0},
		unix.SockFilter{Code: ret, K: allow},
		unix.SockFilter{Code: ret, K: notify},
	)
	return loadFilter(f)
}

// filterHead is the start of every filter: a call of another
// architecture (a 32-bit call of a 64-bit process, whose numbers differ)
// kills the process, then the call's number is loaded.
func filterHead() []unix.SockFilter {
	const (
		ldAbs = unix.BPF_LD | unix.BPF_W | unix.BPF_ABS
		jeq   = unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K
		jge   = unix.BPF_JMP | unix.BPF_JGE | unix.BPF_K
		ret   = unix.BPF_RET | unix.BPF_K
	)
	f := []unix.SockFilter{
		{Code: ldAbs, K: 4}, // arch
		{Code: jeq, Jt: 1, Jf: 0, K: auditArch},
		{Code: ret, K: unix.SECCOMP_RET_KILL_PROCESS},
		{Code: ldAbs, K: 0}, // nr
	}
	if x32Bit != 0 {
		f = append(f,
			unix.SockFilter{Code: jge, Jt: 0, Jf: 1, K: x32Bit},
			unix.SockFilter{Code: ret, K: unix.SECCOMP_RET_KILL_PROCESS})
	}
	return f
}

// loadFilter installs f on the calling thread with a new listener, and
// returns the listener's fd.
func loadFilter(f []unix.SockFilter) (int, error) {
	prog := unix.SockFprog{Len: uint16(len(f)), Filter: &f[0]}
	fd, _, errno := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER,
		unix.SECCOMP_FILTER_FLAG_NEW_LISTENER, uintptr(unsafe.Pointer(&prog)))
	if errno != 0 {
		return -1, fmt.Errorf("installing the seccomp filter: %w", errno)
	}
	syncWakeUp(int(fd))
	return int(fd), nil
}

// syncWakeUp asks the kernel (6.6 and later) to hand each notification
// to the listener synchronously: the hook's thread, which waits for the
// answer anyway, gives its CPU to the listener's thread rather than wake
// it on another and then sleep. Every notified call of the hook (a
// shell's start-up opens dozens of files) is a round trip through the
// supervisor, and the cross-CPU wake-ups were most of its cost. It is a
// scheduling hint only: what is notified and how it is answered do not
// change, and an older kernel (EINVAL, ENOTTY) keeps the usual wake-up.
func syncWakeUp(fd int) {
	// the flags are the argument itself, not a pointer to them
	_, _, _ = unix.Syscall(unix.SYS_IOCTL, uintptr(fd), uintptr(unix.SECCOMP_IOCTL_NOTIF_SET_FLAGS), unix.SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP)
}

// seccompNotif is struct seccomp_notif.
type seccompNotif struct {
	ID    uint64
	Pid   uint32
	Flags uint32
	Nr    int32
	Arch  uint32
	IP    uint64
	Args  [6]uint64
}

// seccompResp is struct seccomp_notif_resp.
type seccompResp struct {
	ID    uint64
	Val   int64
	Error int32
	Flags uint32
}

func notifRecv(fd int, n *seccompNotif) error {
	*n = seccompNotif{}
	_, _, errno := unix.Syscall(unix.SYS_IOCTL, uintptr(fd), uintptr(unix.SECCOMP_IOCTL_NOTIF_RECV), uintptr(unsafe.Pointer(n)))
	if errno != 0 {
		return errno
	}
	return nil
}

func notifContinue(fd int, id uint64) error {
	r := seccompResp{ID: id, Flags: unix.SECCOMP_USER_NOTIF_FLAG_CONTINUE}
	_, _, errno := unix.Syscall(unix.SYS_IOCTL, uintptr(fd), uintptr(unix.SECCOMP_IOCTL_NOTIF_SEND), uintptr(unsafe.Pointer(&r)))
	if errno != 0 {
		return errno
	}
	return nil
}

// notifRespond answers a notification with a result of the supervisor's
// own: val, or the call fails with errno.
func notifRespond(fd int, id uint64, val int64, errno unix.Errno) error {
	r := seccompResp{ID: id, Val: val, Error: -int32(errno)}
	if errno != 0 {
		r.Val = 0
	}
	_, _, e := unix.Syscall(unix.SYS_IOCTL, uintptr(fd), uintptr(unix.SECCOMP_IOCTL_NOTIF_SEND), uintptr(unsafe.Pointer(&r)))
	if e != 0 {
		return e
	}
	return nil
}

func notifIDValid(fd int, id uint64) bool {
	_, _, errno := unix.Syscall(unix.SYS_IOCTL, uintptr(fd), uintptr(unix.SECCOMP_IOCTL_NOTIF_ID_VALID), uintptr(unsafe.Pointer(&id)))
	return errno == 0
}
