package sandbox

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The supervisor's start into its namespaces without a copy of the
// runner. Go's os/exec cannot vfork when a user namespace is asked for
// (the parent writes the child's uid and gid maps while it waits), so
// every sandbox was a full fork of the runner: its page tables copied,
// then a write-protect fault for each page the runner wrote afterwards.
// Here the child shares the runner's memory (CLONE_VM|CLONE_VFORK, the
// runner's thread waiting until the exec) and, being the user
// namespace's creator with every capability in it, writes its own maps
// ("deny" to setgroups, then its own gid and uid, each mapped to
// itself: what the runner wrote before), before the same session,
// ambient capabilities and descriptors as os/exec gave it. Everything the
// child touches is prepared by the parent in nsChild; it only makes raw
// system calls (no allocation, no stack growth, no Go signal handler:
// the thread's signals are blocked across the clone, and the child sets
// every handled signal back to its default before it unblocks them for
// the exec).

// nsCloneAvailable says startNamespaced can be used on this architecture.
const nsCloneAvailable = true

// nsCloneError is a clone the kernel refused (the caller falls back to
// os/exec's start, a full fork).
type nsCloneError struct{ errno syscall.Errno }

func (e *nsCloneError) Error() string { return "clone: " + e.errno.Error() }
func (e *nsCloneError) Unwrap() error { return e.errno }

// rawVfork is in nsclone_linux_amd64.s.
func rawVfork(trap, a1, a2, a3 uintptr) (r1, err uintptr)

// nsChild is everything the child uses, prepared by the parent.
type nsChild struct {
	flags                        uintptr
	path                         *byte
	argv, envv                   **byte
	fds                          [5]int // descriptor i of the child <- fds[i]
	nextfd                       int    // above every descriptor the child still needs
	errPipe                      int
	psetgroups, pgidmap, puidmap *byte
	setgroups, gidmap, uidmap    []byte
	caps                         []uintptr
	capHdr                       struct {
		version uint32
		pid     int32
	}
	capData  [2]struct{ effective, permitted, inheritable uint32 }
	oldMask  uint64
	dfl, old sigactionT
	errno    uintptr
}

// sigactionT is the kernel's struct sigaction on amd64.
type sigactionT struct {
	handler, flags, restorer uintptr
	mask                     uint64
}

// startNamespaced starts path (argv, env) in new user, mount, PID,
// network, IPC and UTS namespaces in a session of its own, uid and gid
// mapped to themselves, with caps as ambient capabilities and files as
// its descriptors 0 to len(files)-1 (nil: /dev/null).
func startNamespaced(path string, argv, env []string, files []*os.File, caps []uintptr, uid, gid int) (*os.Process, error) {
	if len(files) != 5 {
		return nil, errors.New("startNamespaced: five descriptors")
	}
	c := &nsChild{flags: unix.CLONE_VM | unix.CLONE_VFORK | uintptr(unix.SIGCHLD) | unix.CLONE_NEWUSER | unix.CLONE_NEWNS |
		unix.CLONE_NEWPID | unix.CLONE_NEWNET | unix.CLONE_NEWIPC | unix.CLONE_NEWUTS, caps: caps}
	var err error
	if c.path, err = syscall.BytePtrFromString(path); err != nil {
		return nil, err
	}
	av, err := syscall.SlicePtrFromStrings(argv)
	if err != nil {
		return nil, err
	}
	ev, err := syscall.SlicePtrFromStrings(env)
	if err != nil {
		return nil, err
	}
	c.argv, c.envv = &av[0], &ev[0]
	c.psetgroups, _ = syscall.BytePtrFromString("/proc/self/setgroups")
	c.pgidmap, _ = syscall.BytePtrFromString("/proc/self/gid_map")
	c.puidmap, _ = syscall.BytePtrFromString("/proc/self/uid_map")
	c.setgroups = []byte("deny")
	c.gidmap = []byte(strconv.Itoa(gid) + " " + strconv.Itoa(gid) + " 1\n")
	c.uidmap = []byte(strconv.Itoa(uid) + " " + strconv.Itoa(uid) + " 1\n")
	c.capHdr.version = 0x20080522 // _LINUX_CAPABILITY_VERSION_3
	var null *os.File
	for i, f := range files {
		if f == nil {
			if null == nil {
				if null, err = os.OpenFile(os.DevNull, os.O_RDWR, 0); err != nil {
					return nil, err
				}
				defer null.Close()
			}
			f = null
		}
		c.fds[i] = int(f.Fd())
	}
	var pipe [2]int
	if err := unix.Pipe2(pipe[:], unix.O_CLOEXEC); err != nil {
		return nil, err
	}
	defer unix.Close(pipe[0])
	c.errPipe = pipe[1]
	c.nextfd = max(5, pipe[1]+1)
	for _, fd := range c.fds {
		c.nextfd = max(c.nextfd, fd+1)
	}

	var all uint64 = ^uint64(0)
	syscall.ForkLock.Lock()
	runtime.LockOSThread()
	_, _, e := unix.RawSyscall6(unix.SYS_RT_SIGPROCMASK, unix.SIG_SETMASK, uintptr(unsafe.Pointer(&all)), uintptr(unsafe.Pointer(&c.oldMask)), 8, 0, 0)
	var pid uintptr
	var errno syscall.Errno
	if e == 0 {
		pid, errno = nsClone(c)
		unix.RawSyscall6(unix.SYS_RT_SIGPROCMASK, unix.SIG_SETMASK, uintptr(unsafe.Pointer(&c.oldMask)), 0, 8, 0, 0)
	} else {
		errno = e
	}
	runtime.UnlockOSThread()
	syscall.ForkLock.Unlock()
	unix.Close(pipe[1])
	runtime.KeepAlive(files)
	runtime.KeepAlive(av)
	runtime.KeepAlive(ev)
	if errno != 0 {
		return nil, &nsCloneError{errno}
	}
	var b [8]byte
	n, rerr := nsReadFull(pipe[0], b[:])
	if n == 0 && rerr == nil {
		return os.FindProcess(int(pid)) // the exec took place
	}
	var ws unix.WaitStatus
	for {
		if _, err := unix.Wait4(int(pid), &ws, 0, nil); !errors.Is(err, unix.EINTR) {
			break
		}
	}
	if n == 8 {
		return nil, syscall.Errno(*(*uintptr)(unsafe.Pointer(&b[0])))
	}
	return nil, fmt.Errorf("the supervisor's start: short report (%d bytes, %v)", n, rerr)
}

func nsReadFull(fd int, b []byte) (int, error) {
	n := 0
	for n < len(b) {
		m, err := unix.Read(fd, b[n:])
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return n, err
		}
		if m == 0 {
			break
		}
		n += m
	}
	return n, nil
}

// nsClone clones; in the parent it returns at once (its frame is the
// child's too until the exec), the child goes on in nsChildExec and never
// returns.
//
//go:noinline
//go:norace
//go:nosplit
func nsClone(c *nsChild) (uintptr, syscall.Errno) {
	pid, e := rawVfork(unix.SYS_CLONE, c.flags, 0, 0)
	if e != 0 || pid != 0 {
		return pid, syscall.Errno(e)
	}
	nsChildExec(c)
	return 0, 0
}

// nsChildExec is the child, sharing the parent's memory: raw system
// calls on what c holds, then the exec; on a failure it writes the errno
// to c.errPipe and exits.
//
//go:noinline
//go:norace
//go:nosplit
func nsChildExec(c *nsChild) {
	var e syscall.Errno
	var fd uintptr
	// every signal the runtime handles back to its default (the handlers
	// are the child's own copy: CLONE_SIGHAND is not asked for)
	for sig := uintptr(1); sig <= 64; sig++ {
		if _, _, e = syscall.RawSyscall6(unix.SYS_RT_SIGACTION, sig, 0, uintptr(unsafe.Pointer(&c.old)), 8, 0, 0); e != 0 {
			continue
		}
		if c.old.handler > 1 { // neither SIG_DFL nor SIG_IGN
			syscall.RawSyscall6(unix.SYS_RT_SIGACTION, sig, uintptr(unsafe.Pointer(&c.dfl)), 0, 8, 0, 0)
		}
	}
	// the maps, written by the namespace's creator itself
	if e = nsWriteFile(c.psetgroups, c.setgroups); e != 0 {
		goto fail
	}
	if e = nsWriteFile(c.pgidmap, c.gidmap); e != 0 {
		goto fail
	}
	if e = nsWriteFile(c.puidmap, c.uidmap); e != 0 {
		goto fail
	}
	if _, _, e = syscall.RawSyscall(unix.SYS_SETSID, 0, 0, 0); e != 0 {
		goto fail
	}
	if len(c.caps) > 0 {
		if _, _, e = syscall.RawSyscall(unix.SYS_CAPGET, uintptr(unsafe.Pointer(&c.capHdr)), uintptr(unsafe.Pointer(&c.capData[0])), 0); e != 0 {
			goto fail
		}
		for i := 0; i < len(c.caps); i++ {
			cp := c.caps[i]
			if cp>>5 >= uintptr(len(c.capData)) {
				e = unix.EINVAL
				goto fail
			}
			c.capData[cp>>5].permitted |= 1 << (cp & 31)
			c.capData[cp>>5].inheritable |= 1 << (cp & 31)
		}
		if _, _, e = syscall.RawSyscall(unix.SYS_CAPSET, uintptr(unsafe.Pointer(&c.capHdr)), uintptr(unsafe.Pointer(&c.capData[0])), 0); e != 0 {
			goto fail
		}
		for i := 0; i < len(c.caps); i++ {
			if _, _, e = syscall.RawSyscall6(unix.SYS_PRCTL, unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_RAISE, c.caps[i], 0, 0, 0); e != 0 {
				goto fail
			}
		}
	}
	// descriptors: first the error pipe and those a lower target would
	// overwrite up out of the way (the pipe may be one of 0-4 when the
	// runner's own were closed: put in place, a file would replace it and
	// a failed exec would go unreported), then each into place without
	// close-on-exec
	if c.errPipe < len(c.fds) {
		if fd, _, e = syscall.RawSyscall(unix.SYS_DUP3, uintptr(c.errPipe), uintptr(c.nextfd), unix.O_CLOEXEC); e != 0 {
			goto fail
		}
		c.errPipe = int(fd)
		c.nextfd++
	}
	for i := 0; i < len(c.fds); i++ {
		if c.fds[i] < len(c.fds) {
			if fd, _, e = syscall.RawSyscall(unix.SYS_DUP3, uintptr(c.fds[i]), uintptr(c.nextfd), unix.O_CLOEXEC); e != 0 {
				goto fail
			}
			c.fds[i] = int(fd)
			c.nextfd++
		}
	}
	for i := 0; i < len(c.fds); i++ {
		if c.fds[i] == i {
			_, _, e = syscall.RawSyscall(unix.SYS_FCNTL, uintptr(i), unix.F_SETFD, 0)
		} else {
			_, _, e = syscall.RawSyscall(unix.SYS_DUP3, uintptr(c.fds[i]), uintptr(i), 0)
		}
		if e != 0 {
			goto fail
		}
	}
	syscall.RawSyscall6(unix.SYS_RT_SIGPROCMASK, unix.SIG_SETMASK, uintptr(unsafe.Pointer(&c.oldMask)), 0, 8, 0, 0)
	_, _, e = syscall.RawSyscall(unix.SYS_EXECVE, uintptr(unsafe.Pointer(c.path)), uintptr(unsafe.Pointer(c.argv)), uintptr(unsafe.Pointer(c.envv)))
fail:
	c.errno = uintptr(e)
	syscall.RawSyscall(unix.SYS_WRITE, uintptr(c.errPipe), uintptr(unsafe.Pointer(&c.errno)), 8)
	for {
		syscall.RawSyscall(unix.SYS_EXIT, 253, 0, 0)
	}
}

// nsWriteFile writes b to the file at path (the child's own /proc files).
//
//go:nosplit
//go:norace
func nsWriteFile(path *byte, b []byte) syscall.Errno {
	atFdcwd := unix.AT_FDCWD
	fd, _, e := syscall.RawSyscall6(unix.SYS_OPENAT, uintptr(atFdcwd), uintptr(unsafe.Pointer(path)), unix.O_WRONLY|unix.O_CLOEXEC, 0, 0, 0)
	if e != 0 {
		return e
	}
	_, _, e = syscall.RawSyscall(unix.SYS_WRITE, fd, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
	syscall.RawSyscall(unix.SYS_CLOSE, fd, 0, 0)
	return e
}
