package sandbox

import (
	"errors"
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// isolate sets up the namespaces' contents: mounts, network, sinks.
func (s *supervisor) isolate() error {
	if err := s.setupMounts(); err != nil {
		return err
	}
	s.trace("mounts")
	if err := setupNetwork(); err != nil {
		return err
	}
	sinks, err := startSinks(s.w, s.cfg.Markers)
	if err != nil {
		return err
	}
	s.net = sinks
	s.trace("net")
	return nil
}

// startIsolated starts the hook's first process with no second program
// in between: a goroutine locked to an OS thread of its own (the spawner)
// drops every capability of that thread, restricts its writes (Landlock),
// installs the seccomp filter on it (without TSYNC: the supervisor's other
// threads stay unfiltered, and the listener is the supervisor's own
// descriptor), and forks the hook from it. A process inherits the
// credentials, the Landlock domain and the filter of the thread that forks
// it, so the hook starts exactly as confined as when a helper program of
// ours did the same and then exec'd it (a second start of this binary,
// which cost more than the rest of the sandbox). Nothing else ever runs on
// that thread: it is never unlocked, so it ends with its goroutine, and
// the Go runtime never clones a new thread from a locked one (it asks its
// template thread instead).
//
// The child's first execve waits for the listener, which first moves the
// process into the hook's cgroups (or sets the fallback rlimits) so that
// nothing the hook runs escapes them, then records the exec like any
// other and lets it go on.
func (s *supervisor) startIsolated(stdio []*os.File, sys *syscall.SysProcAttr) (int, syscall.Errno, error) {
	return s.spawn(spawnReq{path: s.cfg.Path, argv: s.cfg.Argv, env: s.cfg.Env, dir: s.cfg.Dir, stdio: stdio, sys: sys})
}

// spawnReq is one process for the spawner to fork.
type spawnReq struct {
	path      string
	argv, env []string
	dir       string
	stdio     []*os.File
	sys       *syscall.SysProcAttr
	test      bool // the probe's test start
	done      chan spawned
}

type spawned struct {
	pid   int
	errno syscall.Errno
	err   error
}

// spawn starts the spawner the first time and has it fork req.
func (s *supervisor) spawn(req spawnReq) (int, syscall.Errno, error) {
	if s.spawner == nil {
		var writeDirs []string
		if landlockABI() >= 1 {
			writeDirs = s.writeDirs()
		} else {
			s.w.send(event{T: evNote, Msg: "this kernel has no Landlock: a FIFO or device node outside the sandbox's folders (a host service's control FIFO under /run) can be opened for writing"})
		}
		s.spawner = make(chan spawnReq)
		ready := make(chan error, 1)
		go s.spawnerThread(writeDirs, ready)
		if err := <-ready; err != nil {
			return 0, 0, err
		}
	}
	adm := &admission{test: req.test}
	if s.preEntry != nil && !req.test {
		// the forking thread's move into the cgroups (preEnter) is over
		// before the hook is forked from it
		err := <-s.preEntry
		s.preEntry = nil
		adm.born = err == nil
		if err != nil {
			s.trace("cgroup-pre-entry-failed " + err.Error())
		}
	}
	s.admission.Store(adm)
	// Go forks with CLONE_VFORK: the forking thread keeps its P, with
	// preemption off, until the child's exec, which waits for the listener
	// goroutine. That goroutine needs another P (GOMAXPROCS >= 2, fixed in
	// Main), and nothing may stop the world or wait for every P in
	// between, or neither side moves again. The supervisor does neither on
	// its own; the garbage collector would, so it is off while the child
	// starts: SetGCPercent(-1) starts no new cycle and waits for the mark
	// phase of a running one, and ReadMemStats, a stop of the world, waits
	// for that cycle's mark termination to end (it holds the world's
	// semaphore until its last walk over the Ps is done); no memory limit
	// may start one either. The runner starts the supervisor with the
	// collector off (supervisorEnv) and Main turns it on once the hook has
	// started, so no cycle can have run before: then neither wait is
	// needed (ReadMemStats, which flushes every P's allocation caches, was
	// ~2-3 ms of CPU per start here).
	gc := debug.SetGCPercent(-1)
	limit := debug.SetMemoryLimit(math.MaxInt64)
	defer func() {
		debug.SetMemoryLimit(limit)
		debug.SetGCPercent(gc)
	}()
	if gc >= 0 || limit != math.MaxInt64 {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
	}
	req.done = make(chan spawned, 1)
	s.spawner <- req
	r := <-req.done
	return r.pid, r.errno, r.err
}

// spawnerThread confines the thread it locks and then forks what it is
// asked to, for as long as the supervisor runs.
func (s *supervisor) spawnerThread(writeDirs []string, ready chan<- error) {
	runtime.LockOSThread() // never unlocked: the thread ends with this goroutine
	if unix.Gettid() == unix.Getpid() {
		// The main thread (free while Main waits for ready): a parked
		// supervisor cannot move it into the hook's cgroups (preEnter:
		// it leads the process), so its hook would wait at its exec for
		// the move, an RCU grace period (TestParkedHookIsBornInItsCgroups
		// failed in ~1 run of 3). This goroutine keeps it, asleep, so
		// that no other goroutine runs on it, and the spawner runs on a
		// thread of its own.
		go s.spawnerThread(writeDirs, ready)
		select {}
	}
	if err := dropCapabilities(); err != nil {
		ready <- err
		return
	}
	if writeDirs != nil {
		if err := restrictWrites(writeDirs); err != nil {
			ready <- err
			return
		}
	}
	listener, err := installFilter(s.cfg.Probes)
	if err != nil {
		ready <- err
		return
	}
	s.trace("filter")
	s.notify = newNotifier(listener, s)
	go s.notify.loop()
	if tid := unix.Gettid(); tid != unix.Getpid() {
		s.spawnerTid = tid
	}
	ready <- nil
	for req := range s.spawner {
		req.done <- s.fork(req)
		if !req.test {
			// the hook is the last process forked here: the thread ends
			// with this goroutine (it is locked to it), and leaves the
			// hook's cgroups when it was moved into them (preEnter)
			return
		}
	}
}

// preEnter moves the forking thread into the hook's cgroups in the
// background while a parked supervisor waits for its hook
// (threadInCgroups), when the runner passed their tasks files (cgroup v1)
// and the thread is not the process's main one; spawn waits for the
// outcome before it forks the hook, and admit moves the hook's first
// process itself when the move failed.
func (s *supervisor) preEnter() {
	if len(s.cgroupTasks) == 0 || s.spawnerTid == 0 || s.preEntry != nil {
		return
	}
	s.preEntry = make(chan error, 1)
	go func() {
		err := threadInCgroups(s.cgroupTasks, s.spawnerTid)
		for _, fd := range s.cgroupTasks {
			unix.Close(fd)
		}
		s.trace("cgroup-pre-entry")
		s.preEntry <- err
	}()
}

// fork forks and execs req from the spawner's thread.
func (s *supervisor) fork(req spawnReq) spawned {
	fds := make([]uintptr, len(req.stdio))
	for i, f := range req.stdio {
		fds[i] = f.Fd()
	}
	closeOnExecFrom(3) // the hook inherits 0, 1 and 2 only
	pid, err := syscall.ForkExec(req.path, req.argv, &syscall.ProcAttr{Dir: req.dir, Env: req.env, Files: fds, Sys: req.sys})
	if adm := s.admission.Load(); adm.err != nil {
		return spawned{err: adm.err}
	}
	if err != nil {
		var errno syscall.Errno
		errors.As(err, &errno)
		return spawned{errno: errno, err: &os.PathError{Op: "exec", Path: req.path, Err: err}}
	}
	return spawned{pid: pid}
}

// admission is the hook's first process being let in: moved into its
// cgroups, or bounded by rlimits, before its first exec goes on.
type admission struct {
	once sync.Once
	test bool  // the probe's test start (park), which execs nothing
	born bool  // forked from a thread in the hook's cgroups (preEnter)
	err  error // the process could not be bounded: its exec was refused
}

// admit bounds pid, the caller of the first execve the listener sees once
// startIsolated began: only the hook's first process runs in the sandbox
// then, and Go's fork makes no call the filter hands over before its
// exec. It reports false when that exec must be refused.
func (s *supervisor) admit(pid int) bool {
	adm := s.admission.Load()
	if adm == nil {
		return true
	}
	adm.once.Do(func() {
		defer s.trace("admitted")
		rl := s.cfg.Rlimits
		// the probe's test start execs nothing: it is not moved into the
		// cgroups (each move waits for the kernel's RCU grace period, a
		// few milliseconds on the path to the hook's start)
		if adm.born {
			s.trace("cgroup-born")
		}
		if len(s.cgroupProcs) > 0 && !adm.test && !adm.born {
			s.trace("cgroup-entry")
			if err := enterCgroups(s.cgroupProcs, pid); err != nil {
				s.w.send(event{T: evNoCgroup, Msg: err.Error()})
				rl = s.cfg.Fallback
			}
		}
		if rl != nil {
			if err := rl.applyTo(pid); err != nil {
				adm.err = fmt.Errorf("bounding the hook's process: %w", err)
			}
		}
	})
	return adm.err == nil
}

// dropCapabilities leaves the hook with no capability in the sandbox's
// user namespace (so it cannot undo the mounts), now and after exec.
func dropCapabilities() error {
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil {
		return fmt.Errorf("clearing ambient capabilities: %w", err)
	}
	for c := 0; c <= unix.CAP_LAST_CAP; c++ {
		if err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0); err != nil && !errors.Is(err, unix.EINVAL) {
			return fmt.Errorf("dropping capability %d: %w", c, err)
		}
	}
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capset(&hdr, &data[0]); err != nil {
		return fmt.Errorf("capset: %w", err)
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("no_new_privs: %w", err)
	}
	return nil
}

func errnoOf(err error) int {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return int(errno)
	}
	return int(syscall.EINVAL)
}
