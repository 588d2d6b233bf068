package sandbox

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Run-time enforcement of approvals (`hookwarden exec --enforce`).
//
// The agent is started from a thread that carries a seccomp filter
// handing every open, exec, setsid and setpgid of the agent and of
// everything it starts to a listener in Hookwarden (the agent runs with
// no_new_privs, which the filter needs: a setuid program it starts gains
// no privileges). The listener lets the agent's own calls go on
// untouched. A program start whose arguments are an approved hook's as
// the agent starts it (EnforceRules.Root) makes that process a hook's
// first process; its descendants and their threads are the hook's, by
// ancestry (a process is known again by a pidfd, see walk), and so are
// processes that outlived their parent, by the session or process group
// the hook's processes made (setsid and setpgid are seen before they take
// effect). A process of a hook that opens for reading, or runs, a regular
// file under the enforced folders is let through only when the approval
// covers the file with its current content (sha256 of what is there at
// the call), the file is one a process of the same hook made (O_CREAT of
// a path that held nothing) during the session, known by device, inode
// and birth time, or the approval says any content is the hook's own;
// otherwise the call fails with EACCES and OnRefuse is told. Opening an
// existing file for writing does not make it the hook's. A path that,
// as written, lies under the enforced folders but resolves through a link
// out of them (an approved script, or a folder on its path, swapped for a
// link after the approval) is held too: a file there passes only when the
// approval covers its path in the project with its current content, and
// such a folder may not be opened, even O_PATH, nor entered (chdir), so
// that a hook's later relative paths cannot leave the check behind
// (checkLinkedOut); a folder the agent itself enters that way (it changes
// into a server's cwd before it starts it) is noted, and no hook program
// starts in it (checkStartFolder). Not seen: a
// process outside the hook that rewrites a file the hook made in place
// (no new inode), or deletes it and makes another at its path before the
// hook's next call.
//
// What this does not guarantee (TOCTOU): the path is read from the
// calling process's memory and resolved by the listener, and the kernel
// resolves it again when the call goes on. A process with a second thread
// that rewrites the path between the two reads, or a process outside the
// hook (the agent's own tool calls) that swaps a link or rewrites the file
// in that window, can make the kernel open another file than the one
// checked. Code that arrived before the call (a pull, a file changed
// since the approval) cannot: it is refused before it runs, and the
// first code of a hook, its approved scripts, is what would have to race.
// The same holds for approved code that sets out to escape: a hook's
// process may ptrace, or write the /proc/PID/mem of, an agent's process
// of the same user (where Yama allows it) and make it do the reads; only
// CLONE_PARENT, which needs no such right, is refused (see the filter).
// A process whose parent ended before the listener saw it, with the
// agent's own session and process group, cannot be told from the agent's
// (see EnforceRules); one that shares them with a hook that is no session
// or group leader is refused as of unknown origin (fail closed).

// Enforcer is the listener of an agent started under enforcement.
type Enforcer struct {
	cfg      EnforceConfig
	fd       int
	wake     int          // an eventfd: Close ends the loop through it
	agentPid atomic.Int64 // 0 until start returned
	self     int
	mu       sync.Mutex
	procs    map[int]procClass           // by tid
	pidfds   map[int]int                 // tid -> a pidfd of the process or thread procs[tid] was made for
	maxFds   int                         // pidfds kept at most
	maxProcs int                         // len(procs) at which entries of ended processes are dropped
	sweepAt  int                         // len(pidfds) at which those of ended processes are closed
	sessions map[int]string              // session id -> hook
	groups   map[int]string              // process group id -> hook
	shared   map[int]bool                // session or group ids a hook shares with the agent
	wrote    map[string]map[ownFile]bool // files a hook's processes made, by identity
	made     map[string]map[string]bool  // files a hook's processes are making, by path, until bound
	sums     map[fileID]string
	// linkedDirs are folders outside the enforced folders that a process
	// of the agent entered (chdir) through a link of the project (real
	// path -> the path as written): a hook started there would read its
	// relative paths out of the project's (checkStartFolder)
	linkedDirs map[string]string
	once       sync.Once
}

type procClass struct {
	start   uint64
	hook    string // "" = the agent's own
	outside bool   // not of the agent's tree (Hookwarden, its parents, init)
	ended   bool   // its pidfd said it ended: only a zombie parent can be it
}

// ownFile is a file a hook made: its device, inode and birth time (a
// later file that reuses the inode number has another birth time).
type ownFile struct {
	dev, ino uint64
	btime    int64
}

type fileID struct {
	dev, ino, size uint64
	mtime, ctime   int64
}

// Enforce installs the enforcement filter on a thread of its own, runs
// start there (it starts the agent: the agent and everything it starts
// carry the filter) and answers the filter's calls until Close. pid is the
// agent's process ID, which start returns. An error means no agent was
// started or it could not be enforced (then it was killed).
func Enforce(cfg EnforceConfig, start func() (pid int, err error)) (*Enforcer, error) {
	e := &Enforcer{wake: -1, fd: -1, cfg: cfg, self: os.Getpid(), procs: map[int]procClass{}, pidfds: map[int]int{}, sessions: map[int]string{}, groups: map[int]string{},
		shared: map[int]bool{}, wrote: map[string]map[ownFile]bool{}, made: map[string]map[string]bool{}, sums: map[fileID]string{},
		linkedDirs: map[string]string{}}
	e.maxFds, e.sweepAt, e.maxProcs = 8192, 512, 1<<16
	var lim unix.Rlimit
	if unix.Getrlimit(unix.RLIMIT_NOFILE, &lim) == nil && lim.Cur/2 < uint64(e.maxFds) {
		e.maxFds = int(lim.Cur / 2)
	}
	type result struct {
		pid int
		err error
	}
	done := make(chan result, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the filtered thread ends with this goroutine
		if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
			done <- result{err: fmt.Errorf("setting no_new_privs: %w", err)}
			return
		}
		fd, err := installEnforceFilter()
		if err != nil {
			done <- result{err: err}
			return
		}
		e.fd = fd
		if e.wake, err = unix.Eventfd(0, unix.EFD_CLOEXEC); err != nil {
			unix.Close(fd)
			done <- result{err: err}
			return
		}
		go e.loop()
		// Go forks with CLONE_VFORK: this thread keeps its P until the
		// agent's exec, which waits for the loop on another P; nothing
		// may stop the world in between (the collector would), as in
		// the sandbox's spawn (isolate_linux.go).
		if runtime.GOMAXPROCS(0) < 2 {
			runtime.GOMAXPROCS(2)
		}
		gc := debug.SetGCPercent(-1)
		limit := debug.SetMemoryLimit(math.MaxInt64)
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms) // waits for a cycle that was running
		pid, err := start()
		debug.SetMemoryLimit(limit)
		debug.SetGCPercent(gc)
		e.agentPid.Store(int64(pid))
		done <- result{pid: pid, err: err}
	}()
	r := <-done
	if r.err != nil {
		if e.wake >= 0 {
			e.Close()
		}
		return nil, r.err
	}
	return e, nil
}

// installEnforceFilter installs on the calling thread a filter that hands
// the calls that open or run a file, and those that make a session or a
// process group, to a new listener. io_uring (which opens files out of
// the filter's sight) fails with ENOSYS, as in the sandbox,
// open_by_handle_at (a file by its handle, no path) with EPERM, and so do
// clone with CLONE_PARENT and clone3 (EPERM, ENOSYS: see below).
func installEnforceFilter() (int, error) {
	const (
		jeq = unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K
		ret = unix.BPF_RET | unix.BPF_K
	)
	f := filterHead()
	calls := append(append([]uint32(nil), legacyNotified...), execve, execveat, openat, openat2, setsid, setpgid, chdir)
	for _, nr := range calls {
		f = append(f, unix.SockFilter{Code: jeq, Jt: 0, Jf: 1, K: nr}, unix.SockFilter{Code: ret, K: unix.SECCOMP_RET_USER_NOTIF})
	}
	for _, nr := range denied {
		f = append(f, unix.SockFilter{Code: jeq, Jt: 0, Jf: 1, K: nr}, unix.SockFilter{Code: ret, K: unix.SECCOMP_RET_ERRNO | uint32(unix.ENOSYS)})
	}
	f = append(f, unix.SockFilter{Code: jeq, Jt: 0, Jf: 1, K: openByHandle}, unix.SockFilter{Code: ret, K: unix.SECCOMP_RET_ERRNO | uint32(unix.EPERM)})
	// A process started with CLONE_PARENT has its starter's parent for
	// its own: started by a hook's first process, the agent, so it would
	// be taken for the agent's. clone with CLONE_PARENT fails with EPERM;
	// clone3, whose flags are in memory the filter cannot read, with
	// ENOSYS (the C library then falls back to clone).
	f = append(f,
		unix.SockFilter{Code: jeq, Jt: 0, Jf: 1, K: unix.SYS_CLONE3},
		unix.SockFilter{Code: ret, K: unix.SECCOMP_RET_ERRNO | uint32(unix.ENOSYS)},
		unix.SockFilter{Code: jeq, Jt: 0, Jf: 4, K: unix.SYS_CLONE},
		unix.SockFilter{Code: unix.BPF_LD | unix.BPF_W | unix.BPF_ABS, K: cloneFlagsOffset},
		unix.SockFilter{Code: unix.BPF_JMP | unix.BPF_JSET | unix.BPF_K, Jt: 0, Jf: 1, K: unix.CLONE_PARENT},
		unix.SockFilter{Code: ret, K: unix.SECCOMP_RET_ERRNO | uint32(unix.EPERM)},
		unix.SockFilter{Code: ret, K: unix.SECCOMP_RET_ALLOW},
	)
	f = append(f, unix.SockFilter{Code: ret, K: unix.SECCOMP_RET_ALLOW})
	return loadFilter(f)
}

// cloneFlagsOffset is where the low 32 bits of clone's flags (its first
// argument) are in struct seccomp_data: args[0] at 16, low word first
// (amd64 and arm64 are little-endian).
const cloneFlagsOffset = 16

// EnforceSupported says why enforcement cannot work here ("" when it
// can): it needs the seccomp listener (Linux 5.5 and later; 5.9 for the
// answers it gives).
func EnforceSupported() string {
	if _, _, errno := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_GET_NOTIF_SIZES, 0, uintptr(unsafe.Pointer(new([3]uint16)))); errno != 0 {
		return "this kernel has no seccomp listener (SECCOMP_GET_NOTIF_SIZES: " + errno.Error() + ")"
	}
	return ""
}

// Close ends the listener. Processes that still carry the filter fail
// every call it hands over (ENOSYS) from then on.
func (e *Enforcer) Close() {
	e.once.Do(func() {
		if e.wake >= 0 {
			_, _ = unix.Write(e.wake, []byte{1, 0, 0, 0, 0, 0, 0, 0})
		} else {
			unix.Close(e.fd)
		}
	})
}

// loop answers the listener until Close. The listener's fd is closed
// here, once the loop has stopped using it: closed elsewhere, its number
// could be a later listener's before a receive here saw it closed.
func (e *Enforcer) loop() {
	defer func() {
		unix.Close(e.fd)
		unix.Close(e.wake)
		e.mu.Lock()
		e.forget()
		e.mu.Unlock()
	}()
	fds := []unix.PollFd{{Fd: int32(e.fd), Events: unix.POLLIN}, {Fd: int32(e.wake), Events: unix.POLLIN}}
	var req seccompNotif
	for {
		if _, err := unix.Poll(fds, -1); errors.Is(err, unix.EINTR) {
			continue
		} else if err != nil {
			return
		}
		if fds[1].Revents != 0 {
			return // Close
		}
		if fds[0].Revents&unix.POLLIN == 0 {
			// POLLHUP: no process uses the filter any more, and none can
			// take it up again (only a child of one of its users
			// inherits it): wait for Close
			_, _ = unix.Poll(fds[1:], -1)
			return
		}
		if err := notifRecv(e.fd, &req); err != nil {
			if errors.Is(err, unix.EINTR) || errors.Is(err, unix.ENOENT) {
				continue
			}
			return
		}
		if errno := e.handle(&req); errno != 0 {
			_ = notifRespond(e.fd, req.ID, -1, errno)
		} else {
			_ = notifContinue(e.fd, req.ID)
		}
	}
}

// handle answers one call: 0 lets it go on.
func (e *Enforcer) handle(r *seccompNotif) unix.Errno {
	tid := int(r.Pid)
	a := r.Args
	e.mu.Lock()
	defer e.mu.Unlock()
	hook, ok := e.class(tid)
	if !ok {
		return 0 // gone, or Hookwarden's own thread
	}
	switch {
	case r.Nr == setsid:
		if hook != "" {
			e.sessions[tgid(tid)] = hook
		}
		return 0
	case r.Nr == setpgid:
		return e.setpgid(tid, hook, int(int32(a[0])), int(int32(a[1])))
	case r.Nr == execve || r.Nr == execveat:
		dirfd, pathPtr, argvPtr, flags := unix.AT_FDCWD, a[0], a[1], 0
		if r.Nr == execveat {
			dirfd, pathPtr, argvPtr, flags = int(int32(a[0])), a[1], a[2], int(a[4])
		}
		if hook == "" {
			key, root := e.cfg.Rules.Root(readArgv(tid, argvPtr))
			if !root {
				return 0
			}
			e.root(tid, key)
			hook = key
		}
		if errno := e.checkStartFolder(tid, hook); errno != 0 {
			return errno // every start: a shell tries the next PATH entry
		}
		return e.check(r, tid, hook, dirfd, pathPtr, flags&unix.AT_EMPTY_PATH != 0, unix.O_RDONLY, true)
	case r.Nr == openat:
		return e.check(r, tid, hook, int(int32(a[0])), a[1], false, int(a[2]), false)
	case r.Nr == openat2:
		if hook == "" {
			return 0
		}
		var how [24]byte // flags, mode, resolve
		if readMem(tid, a[2], how[:]) != nil {
			return unix.EACCES
		}
		if binary.NativeEndian.Uint64(how[16:]) != 0 {
			// RESOLVE_* change how the path is looked up: the listener
			// would check another file than the kernel opens
			e.refuse(Refusal{Hook: hook, Pid: tid, Path: "(openat2 with resolve flags)", Why: "openat2 with RESOLVE_* flags is not allowed in a hook under enforcement"})
			return unix.EACCES
		}
		return e.check(r, tid, hook, int(int32(a[0])), a[1], false, int(binary.NativeEndian.Uint64(how[:])), false)
	case int64(r.Nr) == sysOpen:
		return e.check(r, tid, hook, unix.AT_FDCWD, a[0], false, int(a[1]), false)
	case r.Nr == chdir:
		// no read, but a folder of the project that now leads out of it
		// through a link would make the hook's relative paths name files
		// outside the enforced folders (checkLinkedOut); the agent's own
		// entry into one is noted for the hooks it starts there
		if hook == "" {
			e.noteChdir(tid, a[0])
			return 0
		}
		return e.check(r, tid, hook, unix.AT_FDCWD, a[0], false, unix.O_PATH, false)
	}
	return 0
}

// setpgid lets a hook's process make a group (recorded as the hook's) or
// join one of its hook's; joining another group is refused (EPERM): an
// orphan in it could not be told from the agent's.
func (e *Enforcer) setpgid(tid int, hook string, pid, pgid int) unix.Errno {
	if hook == "" {
		return 0
	}
	target := pid
	if target == 0 {
		target = tgid(tid)
	}
	group := pgid
	if group == 0 {
		group = target
	}
	if group == target {
		e.groups[group] = hook
		return 0
	}
	if e.groups[group] == hook {
		return 0
	}
	e.refuse(Refusal{Hook: hook, Pid: tid, Path: "(process group " + strconv.Itoa(group) + ")", Why: "a hook's process may not join a process group that is not its hook's"})
	return unix.EPERM
}

// root makes tid a hook's first process, and its session or process
// group the hook's when it leads one. tid is the caller of the program
// start, which class has just seen; when it is a thread other than its
// process's first, the start gives the process its ID (the kernel's
// de_thread), so the process's entry is the hook's too.
func (e *Enforcer) root(tid int, key string) {
	st, ok := readStat(tid)
	if !ok {
		return
	}
	pid := tgid(tid)
	for _, p := range []int{tid, pid} {
		c, ok := e.procs[p]
		if !ok {
			s, ok := readStat(p)
			if !ok {
				continue
			}
			c.start = s.start
		}
		c.hook, c.outside = key, false
		e.procs[p] = c
	}
	switch {
	case st.sid == pid:
		e.sessions[pid] = key
	case st.pgrp == pid:
		e.groups[pid] = key
	default:
		// it shares both with the agent: an orphan of it could not be
		// told from the agent's own
		e.shared[st.sid], e.shared[st.pgrp] = true, true
	}
}

// class is the hook tid belongs to ("" = the agent's own); ok is false
// for a process that is gone or not of the agent's tree.
func (e *Enforcer) class(tid int) (string, bool) {
	if e.agentPid.Load() == 0 {
		// the agent is being started (the calls of Hookwarden's own
		// thread that starts it, and the agent's exec): nothing is a
		// hook's yet, and nothing is cached before the agent is known
		return "", true
	}
	c, ok := e.walk(tid, 0)
	if !ok || c.outside {
		return "", false
	}
	return c.hook, true
}

// walk is the class of process (or thread) pid; depth is how many
// children down the caller is (0: pid is the caller).
//
// A process is known again by a pidfd taken when it was first seen (a
// thread's own, PIDFD_THREAD, for a thread that is not its process's
// first): while the pidfd says the process runs, no other process can
// have its ID, so the caller with that ID is it, with no read of /proc.
// The pidfd is opened before /proc/PID is read, and kept only if the
// process still ran after that read: the read was of the pidfd's process.
// Without a pidfd (kernels before 6.9 for threads, or too many kept) or
// once it ended, a process is known by its ID and its start time (in
// clock ticks: a process that reuses the ID of one that ended in the
// same tick would be taken for it, hence the pidfds); a process whose
// pidfd said it ended is only ever taken for a zombie parent.
//
// A thread that is not its process's first is of its process's class:
// its parent is its process's parent, which for the threads of a hook's
// first process is the agent.
func (e *Enforcer) walk(pid, depth int) (procClass, bool) {
	if pid <= 1 || pid == e.self || depth > 4096 {
		return procClass{outside: true}, true
	}
	if fd, ok := e.pidfds[pid]; ok {
		if running(fd) {
			return e.procs[pid], true
		}
		e.ended(pid)
	}
	fd, proc := openPidfd(pid)
	keep := false
	defer func() {
		if !keep && fd >= 0 {
			unix.Close(fd)
		}
	}()
	st, ok := readStat(pid)
	if !ok {
		return procClass{}, false
	}
	if c, ok := e.procs[pid]; ok && c.start == st.start && (!c.ended || depth > 0 && st.zombie) {
		keep = !c.ended && fd >= 0 && running(fd) && e.keep(pid, fd)
		return c, true
	}
	if depth == 0 {
		if _, err := os.Stat("/proc/self/task/" + strconv.Itoa(pid)); err == nil {
			return procClass{outside: true}, true // a thread of Hookwarden's
		}
	}
	if len(e.procs) > e.maxProcs {
		e.prune()
	}
	c := procClass{start: st.start}
	if proc != pid {
		// a thread that is not its process's first: its process's
		if p, ok := e.walk(proc, depth); ok {
			c.hook, c.outside = p.hook, p.outside
		} else {
			c.hook = UnknownHook // fail closed
		}
	} else if pid != int(e.agentPid.Load()) {
		parent, ok := e.walk(st.ppid, depth+1)
		for try := 0; !ok && try < 8; try++ {
			// the parent ended while it was read: the process has a new
			// one (its reaper) by now
			if st, ok = readStat(pid); !ok {
				return procClass{}, false
			}
			parent, ok = e.walk(st.ppid, depth+1)
		}
		switch {
		case !ok:
			c.hook = UnknownHook // fail closed
		case !parent.outside:
			c.hook = parent.hook
		case e.sessions[st.sid] != "":
			c.hook = e.sessions[st.sid] // an orphan of a hook
		case e.groups[st.pgrp] != "":
			c.hook = e.groups[st.pgrp]
		case e.shared[st.sid] || e.shared[st.pgrp]:
			c.hook = UnknownHook
		case depth > 0:
			c.outside = true // a parent of Hookwarden or of the agent
		default:
			// an orphan of the agent's own (the filter only reaches the
			// agent's tree)
		}
	}
	if fd >= 0 && !running(fd) {
		c.ended = true // gone meanwhile, or a zombie parent
	}
	e.procs[pid] = c
	keep = !c.ended && e.keep(pid, fd)
	return c, true
}

// openPidfd opens a pidfd of pid (-1 when it cannot), and says which
// process pid is a thread of (pid itself for a process's first thread).
func openPidfd(pid int) (fd, proc int) {
	fd, err := unix.PidfdOpen(pid, 0)
	if err == nil {
		return fd, pid
	}
	if proc = tgid(pid); proc == pid {
		return -1, pid // gone, or no pidfd_open (known by its start time)
	}
	// not a process's first thread (its ID is not a process's)
	fd, err = unix.PidfdOpen(pid, pidfdThread)
	if err != nil {
		return -1, proc // before Linux 6.9
	}
	return fd, proc
}

// pidfdThread is PIDFD_THREAD (Linux 6.9): a pidfd of one thread, which
// tells when that thread ends.
const pidfdThread = unix.O_EXCL

// running says the process or thread of pidfd fd has not ended (a
// process: none of its threads runs and it is a zombie or reaped).
func running(fd int) bool {
	p := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
	for {
		n, err := unix.Poll(p, 0)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		return err == nil && n == 0
	}
}

// keep keeps fd as pid's pidfd; false when it was not kept (too many:
// then pid is known by its start time).
func (e *Enforcer) keep(pid, fd int) bool {
	if fd < 0 {
		return false
	}
	if old, ok := e.pidfds[pid]; ok {
		unix.Close(old)
		delete(e.pidfds, pid)
	}
	if len(e.pidfds) >= e.sweepAt {
		e.sweep()
	}
	if len(e.pidfds) >= e.maxFds {
		return false
	}
	e.pidfds[pid] = fd
	return true
}

// sweep closes the pidfds of processes that ended.
func (e *Enforcer) sweep() {
	p := make([]unix.PollFd, 0, len(e.pidfds))
	pids := make([]int, 0, len(e.pidfds))
	for pid, fd := range e.pidfds {
		p = append(p, unix.PollFd{Fd: int32(fd), Events: unix.POLLIN})
		pids = append(pids, pid)
	}
	if n, err := unix.Poll(p, 0); err == nil && n > 0 {
		for i := range p {
			if p[i].Revents != 0 {
				e.ended(pids[i])
			}
		}
	}
	e.sweepAt = max(512, 2*len(e.pidfds))
}

// ended closes the pidfd of pid, whose process ended.
func (e *Enforcer) ended(pid int) {
	unix.Close(e.pidfds[pid])
	delete(e.pidfds, pid)
	if c, ok := e.procs[pid]; ok {
		c.ended = true
		e.procs[pid] = c
	}
}

// prune drops what is known of processes that ended (bounded memory):
// an entry goes when its process can no longer make a call or be a
// parent (no pidfd that runs, and /proc/PID is not the process, or is it
// ended and not a zombie). Dropping all, as before, made a hook's first
// process that ran on the agent's (its parent), and its later processes
// too. The bound then grows with what is left.
func (e *Enforcer) prune() {
	for pid, c := range e.procs {
		if fd, ok := e.pidfds[pid]; ok {
			if running(fd) {
				continue
			}
			e.ended(pid)
			c = e.procs[pid]
		}
		if st, ok := readStat(pid); ok && st.start == c.start && (!c.ended || st.zombie) {
			continue
		}
		delete(e.procs, pid)
	}
	e.maxProcs = max(1<<16, 2*len(e.procs))
}

// forget drops what is known of processes, and closes their pidfds.
func (e *Enforcer) forget() {
	for _, fd := range e.pidfds {
		unix.Close(fd)
	}
	e.pidfds, e.procs = map[int]int{}, map[int]procClass{}
}

type stat struct {
	ppid, pgrp, sid int
	start           uint64
	zombie          bool
}

// readStat reads /proc/PID/stat: parent, process group, session, start.
func readStat(pid int) (stat, bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return stat{}, false
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return stat{}, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 20 {
		return stat{}, false
	}
	var st stat
	st.zombie = f[0] == "Z" || f[0] == "X"
	st.ppid, _ = strconv.Atoi(f[1])
	st.pgrp, _ = strconv.Atoi(f[2])
	st.sid, _ = strconv.Atoi(f[3])
	st.start, _ = strconv.ParseUint(f[19], 10, 64)
	return st, true
}

// openAsCaller opens (flags, O_PATH) the path p of a call of tid
// relative to dirfd as the kernel resolves it for the caller. The
// caller's own starting point (its working folder, the descriptor dirfd,
// /proc/self, /dev/fd/N, /dev/stdin…) is opened first, through its /proc
// links, and p's rest is looked up from there, so that the lookup
// follows as many symbolic links as the caller's (resolved as one path,
// /proc/PID/cwd/P, it follows one more: a chain at the kernel's limit of
// 40 failed here with ELOOP while the caller's open succeeded). The rest
// may cross no magic link (a symbolic link to /proc/self/fd/N or
// /dev/stdin leads to the caller's descriptor for the caller but to the
// listener's here): such a path fails with ELOOP.
func openAsCaller(tid, dirfd int, p string, emptyPath bool, flags int) (int, error) {
	proc := "/proc/" + strconv.Itoa(tid)
	if emptyPath && p == "" {
		return unix.Open(proc+"/fd/"+strconv.Itoa(dirfd), flags, 0)
	}
	base, rest := "", p
	if strings.HasPrefix(p, "/") {
		base, rest = "/", strings.TrimLeft(p, "/")
		for _, alias := range [][2]string{{"/proc/self", proc}, {"/proc/thread-self", proc}, {"/dev/fd", proc + "/fd"},
			{"/dev/stdin", proc + "/fd/0"}, {"/dev/stdout", proc + "/fd/1"}, {"/dev/stderr", proc + "/fd/2"}} {
			if p == alias[0] || strings.HasPrefix(p, alias[0]+"/") {
				if p == alias[0] {
					return unix.Open(alias[1], flags, 0)
				}
				// the caller's own /proc folder: its magic links are its own
				dir, err := unix.Open(alias[1], unix.O_PATH|unix.O_CLOEXEC, 0)
				if err != nil {
					return -1, err
				}
				defer unix.Close(dir)
				return unix.Openat(dir, strings.TrimLeft(p[len(alias[0]):], "/"), flags, 0)
			}
		}
	} else if dirfd == unix.AT_FDCWD {
		base = proc + "/cwd"
	} else {
		base = proc + "/fd/" + strconv.Itoa(dirfd)
	}
	dir, err := unix.Open(base, unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1, err
	}
	defer unix.Close(dir)
	if rest == "" {
		rest = "."
	}
	return unix.Openat2(dir, rest, &unix.OpenHow{Flags: uint64(flags), Resolve: unix.RESOLVE_NO_MAGICLINKS})
}

// otherRoot says why the paths of tid cannot be checked ("" when they
// can): it runs in another mount namespace or under another root (a
// hook's own container or chroot), where an absolute path names another
// file than the listener's.
func (e *Enforcer) otherRoot(tid int) string {
	proc := "/proc/" + strconv.Itoa(tid)
	mine, err1 := os.Readlink("/proc/self/ns/mnt")
	its, err2 := os.Readlink(proc + "/ns/mnt")
	var a, b unix.Stat_t
	err3, err4 := unix.Stat("/", &a), unix.Stat(proc+"/root", &b)
	switch {
	case err1 != nil || err2 != nil || err3 != nil || err4 != nil:
		return "its mount namespace could not be read"
	case mine != its || a.Dev != b.Dev || a.Ino != b.Ino:
		return "its process runs in another mount namespace or root, where its paths cannot be checked"
	}
	return ""
}

// check answers an open (flags) or a program start of a hook's process.
func (e *Enforcer) check(r *seccompNotif, tid int, hook string, dirfd int, pathPtr uint64, emptyPath bool, flags int, exec bool) unix.Errno {
	if hook == "" {
		return 0
	}
	e.bindMade(hook)
	if !exec && flags&unix.O_PATH == 0 && flags&unix.O_ACCMODE == unix.O_WRONLY && flags&unix.O_CREAT == 0 {
		// no read: a write-only open of an existing file does not make it
		// the hook's: it may write nothing (a later read is checked)
		return 0
	}
	// no read either, but the path is checked for a link out of the
	// project (checkLinkedOut): an O_PATH descriptor (a folder for
	// openat, a file for execveat) or a new working folder resolved
	// out of the enforced folders would carry the check past it
	pathOnly := !exec && flags&unix.O_PATH != 0
	if pathPtr == 0 {
		return 0 // EFAULT, from the kernel
	}
	p, err := readString(tid, pathPtr, 4096)
	if err != nil {
		e.refuse(Refusal{Hook: hook, Pid: tid, Path: "(unreadable path)", Exec: exec, Why: "its path could not be read"})
		return unix.EACCES
	}
	if why := e.otherRoot(tid); why != "" {
		e.refuse(Refusal{Hook: hook, Pid: tid, Path: p, Exec: exec, Why: why})
		return unix.EACCES
	}
	fl := unix.O_PATH | unix.O_CLOEXEC
	if !exec && flags&unix.O_NOFOLLOW != 0 {
		fl |= unix.O_NOFOLLOW
	}
	fd, err := openAsCaller(tid, dirfd, p, emptyPath, fl)
	if err != nil {
		if errors.Is(err, unix.ENOENT) {
			if !exec && flags&unix.O_CREAT != 0 {
				e.noteCreate(tid, hook, dirfd, p)
			}
			return 0 // the call fails the same way, or creates the hook's own file
		}
		// the kernel may resolve what the listener could not (fail closed)
		e.refuse(Refusal{Hook: hook, Pid: tid, Path: p, Exec: exec, Why: "its path could not be resolved as its process would (" + err.Error() + ")"})
		return unix.EACCES
	}
	defer unix.Close(fd)
	real, out, errno := e.linkedOut(tid, hook, dirfd, p, emptyPath, fd, exec)
	switch {
	case out:
		// a script reached through a link out of the project is still
		// started by its #! interpreter, which the kernel opens unseen
		if errno == 0 && exec {
			errno = e.checkInterpreter(tid, hook, fd)
		}
		return errno
	case pathOnly || real == "":
		return 0
	}
	errno = e.checkFile(tid, hook, fd, real, exec)
	if errno == 0 && exec {
		errno = e.checkInterpreter(tid, hook, fd)
	}
	if errno == 0 && !notifIDValid(e.fd, r.ID) {
		return 0
	}
	return errno
}

// checkFile checks the file open as fd (O_PATH), whose path is real (an
// enforced one), against hook's approval.
func (e *Enforcer) checkFile(tid int, hook string, fd int, real string, exec bool) unix.Errno {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
		return 0 // a folder, a device, a pipe: no code is loaded from it by this call
	}
	id := fileID{dev: st.Dev, ino: st.Ino, size: uint64(st.Size), mtime: st.Mtim.Nano(), ctime: st.Ctim.Nano()}
	if own, ok := identity(fd); ok && e.wrote[hook][own] {
		return 0 // the hook made it in this session
	}
	sums, any := e.cfg.Rules.Approved(hook, real)
	if any {
		return 0
	}
	why := "its hook's approval does not cover it"
	if hook == UnknownHook {
		why = "its process's hook could not be told (its parent ended before it was seen)"
	} else if len(sums) > 0 {
		sum, err := e.sum(fd, id)
		if err == nil {
			for _, s := range sums {
				if s == sum {
					return 0
				}
			}
			why = "its content is not the approved one"
		} else {
			why = "it could not be read to compare it with the approval"
		}
	}
	e.refuse(Refusal{Hook: hook, Pid: tid, Path: real, Exec: exec, Why: why})
	return unix.EACCES
}

// lexicalPath is the path p names as written (absolute, cleaned, no
// link followed), as the call of tid sees it: from its working folder or
// dirfd, whose own paths are resolved ones. "" when it cannot be told.
func lexicalPath(tid, dirfd int, p string, emptyPath bool) string {
	switch {
	case emptyPath && p == "", p == "":
		return ""
	case filepath.IsAbs(p):
		return filepath.Clean(p)
	}
	base := "/proc/" + strconv.Itoa(tid) + "/cwd"
	if dirfd != unix.AT_FDCWD {
		base = "/proc/" + strconv.Itoa(tid) + "/fd/" + strconv.Itoa(dirfd)
	}
	dir, err := os.Readlink(base)
	if err != nil || !filepath.IsAbs(dir) {
		return ""
	}
	return filepath.Join(dir, p)
}

// linkedOut checks the file open as fd, which the call of tid names as p
// (from dirfd), when p as written lies under the enforced folders but fd
// is outside them (checkLinkedOut: out is true, errno its answer).
// Otherwise real is fd's path when it is under the enforced folders (for
// checkFile), "" when it is not or cannot be read (nothing to check).
func (e *Enforcer) linkedOut(tid int, hook string, dirfd int, p string, emptyPath bool, fd int, exec bool) (real string, out bool, errno unix.Errno) {
	real, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(fd))
	if err != nil {
		return "", false, 0
	}
	if e.enforced(real) {
		return real, false, 0
	}
	lex := lexicalPath(tid, dirfd, p, emptyPath)
	if lex == "" || !e.enforced(lex) {
		return "", false, 0
	}
	return "", true, e.checkLinkedOut(tid, hook, fd, lex, real, exec)
}

// noteChdir notes a folder the agent's process tid enters (its path at
// pathPtr) when that path, as written, lies under the enforced folders
// but resolves out of them through a link (linkedDirs).
func (e *Enforcer) noteChdir(tid int, pathPtr uint64) {
	if pathPtr == 0 {
		return
	}
	p, err := readString(tid, pathPtr, 4096)
	if err != nil {
		return
	}
	lex := lexicalPath(tid, unix.AT_FDCWD, p, false)
	if lex == "" || !e.enforced(lex) {
		return
	}
	fd, err := openAsCaller(tid, unix.AT_FDCWD, p, false, unix.O_PATH|unix.O_CLOEXEC)
	if err != nil {
		return
	}
	defer unix.Close(fd)
	if real, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(fd)); err == nil && !e.enforced(real) {
		e.linkedDirs[real] = lex
	}
}

// checkStartFolder refuses a program start of hook's process tid when its
// working folder is, or is in, a folder the agent entered through a link
// of the project that leads out of it (linkedDirs): the agent changes into
// a command's folder before it starts it (a server's cwd), and a folder
// swapped for a link would have the command read files outside the
// project by its relative paths, unchecked.
func (e *Enforcer) checkStartFolder(tid int, hook string) unix.Errno {
	if len(e.linkedDirs) == 0 {
		return 0
	}
	cwd, err := os.Readlink("/proc/" + strconv.Itoa(tid) + "/cwd")
	if err != nil {
		return 0
	}
	for real, lex := range e.linkedDirs {
		if cwd == real || strings.HasPrefix(cwd, strings.TrimSuffix(real, "/")+"/") {
			e.refuse(Refusal{Hook: hook, Pid: tid, Path: lex + " -> " + real, Exec: true, Why: "it would start in a folder of the project that leads out of it through a link"})
			return unix.EACCES
		}
	}
	return 0
}

// checkLinkedOut checks a call of hook's process whose path, as written,
// lies under the enforced folders (lex) but resolves, through a link, to
// real outside them: an approved script or a folder on its path swapped
// for a link after the approval would otherwise run a file outside the
// project unchecked. A regular file passes only when the approval covers
// lex with this content, or says any content is the hook's own; anything
// else (a folder, a file the approval does not cover) is refused. (A
// script that was such a link when approved reads partly unwatched, which
// exec refuses whole.)
func (e *Enforcer) checkLinkedOut(tid int, hook string, fd int, lex, real string, exec bool) unix.Errno {
	why := "its path in the project leads out of it through a link its hook's approval does not cover"
	var st unix.Stat_t
	if unix.Fstat(fd, &st) == nil && st.Mode&unix.S_IFMT == unix.S_IFREG && hook != UnknownHook {
		sums, any := e.cfg.Rules.Approved(hook, lex)
		if any {
			return 0
		}
		if len(sums) > 0 {
			id := fileID{dev: st.Dev, ino: st.Ino, size: uint64(st.Size), mtime: st.Mtim.Nano(), ctime: st.Ctim.Nano()}
			sum, err := e.sum(fd, id)
			if err != nil {
				why = "it leads out of the project through a link, and could not be read to compare it with the approval"
			} else if slices.Contains(sums, sum) {
				return 0
			} else {
				why = "it leads out of the project through a link, to content that is not the approved one"
			}
		}
	}
	e.refuse(Refusal{Hook: hook, Pid: tid, Path: lex + " -> " + real, Exec: exec, Why: why})
	return unix.EACCES
}

// checkInterpreter checks the interpreter a `#!` line of the program
// open as fd names, when it is under the enforced folders: the kernel
// opens it itself, with no call the filter sees.
func (e *Enforcer) checkInterpreter(tid int, hook string, fd int) unix.Errno {
	var opened []int
	defer func() {
		for _, o := range opened {
			unix.Close(o)
		}
	}()
	for range 4 { // the kernel follows at most 4 levels
		interp := shebang(fd)
		if interp == "" {
			return 0
		}
		next, err := openAsCaller(tid, unix.AT_FDCWD, interp, false, unix.O_PATH|unix.O_CLOEXEC)
		if errors.Is(err, unix.ENOENT) {
			return 0 // the start fails
		} else if err != nil {
			e.refuse(Refusal{Hook: hook, Pid: tid, Path: interp, Exec: true, Why: "its interpreter's path could not be resolved as its process would (" + err.Error() + ")"})
			return unix.EACCES
		}
		opened = append(opened, next)
		real, out, errno := e.linkedOut(tid, hook, unix.AT_FDCWD, interp, false, next, true)
		if !out && real != "" {
			errno = e.checkFile(tid, hook, next, real, true)
		}
		if errno != 0 {
			return errno
		}
		fd = next
	}
	return 0
}

// shebang is the interpreter of the `#!` line of the file open as fd.
func shebang(fd int) string {
	f, err := os.Open("/proc/self/fd/" + strconv.Itoa(fd))
	if err != nil {
		return ""
	}
	defer f.Close()
	var head [256]byte
	n, _ := io.ReadFull(f, head[:])
	line, ok := strings.CutPrefix(string(head[:n]), "#!")
	if !ok {
		return ""
	}
	line, _, _ = strings.Cut(line, "\n")
	if fields := strings.Fields(line); len(fields) > 0 {
		return fields[0]
	}
	return ""
}

// refuse tells OnRefuse.
func (e *Enforcer) refuse(r Refusal) {
	if e.cfg.OnRefuse != nil {
		e.cfg.OnRefuse(r)
	}
}

// enforced says whether real is under an enforced folder.
func (e *Enforcer) enforced(real string) bool {
	for _, r := range e.cfg.Roots {
		if real == r || strings.HasPrefix(real, strings.TrimSuffix(r, "/")+"/") {
			return true
		}
	}
	return false
}

// sum is the sha256 of the file open as fd, cached by its identity.
func (e *Enforcer) sum(fd int, id fileID) (string, error) {
	if s, ok := e.sums[id]; ok {
		return s, nil
	}
	f, err := os.Open("/proc/self/fd/" + strconv.Itoa(fd))
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	s := hex.EncodeToString(h.Sum(nil))
	if len(e.sums) > 1<<14 {
		e.sums = map[fileID]string{}
	}
	e.sums[id] = s
	return s, nil
}

// noteCreate records a file a hook's process creates under the enforced
// folders (target does not exist yet): its later opens by the same hook
// read what the hook wrote.
func (e *Enforcer) noteCreate(tid int, hook string, dirfd int, p string) {
	cut := strings.LastIndexByte(p, '/')
	parent := p[:cut+1]
	if parent == "" {
		parent = "."
	}
	fd, err := openAsCaller(tid, dirfd, parent, false, unix.O_PATH|unix.O_CLOEXEC)
	if err != nil {
		return
	}
	defer unix.Close(fd)
	target := p
	dir, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(fd))
	if err != nil || !e.enforced(dir) {
		return
	}
	if e.made[hook] == nil {
		e.made[hook] = map[string]bool{}
	}
	e.made[hook][strings.TrimSuffix(dir, "/")+"/"+target[cut+1:]] = true
}

// bindMade binds the files hook's processes were making (their create
// call has been answered since) to their identity: device, inode, birth
// time. A path that holds no regular file, or one whose birth time the
// file system does not report, is dropped (its later reads are checked
// against the approval: fail closed). Called at each call of the hook's
// processes, before the file could be read: a file the hook made and
// deleted is not its own any more, nor is what takes its path or inode.
func (e *Enforcer) bindMade(hook string) {
	for p := range e.made[hook] {
		delete(e.made[hook], p)
		fd, err := unix.Open(p, unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if err != nil {
			continue
		}
		if own, ok := identity(fd); ok {
			if e.wrote[hook] == nil {
				e.wrote[hook] = map[ownFile]bool{}
			}
			e.wrote[hook][own] = true
		}
		unix.Close(fd)
	}
}

// identity is the device, inode and birth time of the regular file open
// as fd; false without a birth time.
func identity(fd int) (ownFile, bool) {
	var st unix.Statx_t
	if unix.Statx(fd, "", unix.AT_EMPTY_PATH|unix.AT_SYMLINK_NOFOLLOW, unix.STATX_TYPE|unix.STATX_INO|unix.STATX_BTIME, &st) != nil ||
		st.Mask&unix.STATX_BTIME == 0 || st.Mode&unix.S_IFMT != unix.S_IFREG {
		return ownFile{}, false
	}
	return ownFile{dev: unix.Mkdev(st.Dev_major, st.Dev_minor), ino: st.Ino, btime: st.Btime.Sec*1e9 + int64(st.Btime.Nsec)}, true
}
