package sandbox

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Main runs the supervisor; args are the arguments after InitCommand. It
// returns the process's exit code.
func Main(args []string) int {
	// No descriptor beyond 0-2 reaches the hook: not the runner's pipes,
	// nor one the runner inherited from its own parent.
	closeOnExecFrom(3)
	ctl := os.NewFile(controlFd, "control")
	evf := os.NewFile(4, "events")
	if ctl == nil || evf == nil {
		fmt.Fprintln(os.Stderr, "hookwarden: "+InitCommand+" is internal: it is started by hookwarden's hook runner")
		return 2
	}
	w := newEventWriter(evf)
	msg, fds, err := readHookMessage(controlFd)
	line, rest, found := bytes.Cut(msg, []byte{'\n'})
	var cfg initConfig
	if err == nil && !found {
		err = errors.New("no configuration")
	}
	if err == nil {
		err = json.Unmarshal(line, &cfg)
	}
	if err == nil && (len(fds) != cfg.CgroupProcs+cfg.CgroupTasks || cfg.CgroupTasks != 0 && cfg.CgroupTasks != cfg.CgroupProcs) {
		err = fmt.Errorf("%d descriptors for %d cgroup.procs and %d tasks files", len(fds), cfg.CgroupProcs, cfg.CgroupTasks)
	}
	if err != nil {
		w.send(event{T: evError, Msg: "reading the supervisor's configuration: " + err.Error()})
		w.end()
		return 1
	}
	// control bytes may follow the configuration at once
	br := bufio.NewReader(io.MultiReader(bytes.NewReader(rest), ctl))
	s := &supervisor{cfg: cfg, w: w, sigchld: make(chan os.Signal, 1), hookDone: make(chan struct{})}
	if err == nil {
		s.cgroupProcs, s.cgroupTasks = fds[:cfg.CgroupProcs], fds[cfg.CgroupProcs:]
	}
	t0 := time.Now()
	trace := func(what string) {
		if cfg.Trace {
			w.send(event{T: evNote, Msg: fmt.Sprintf("trace %s %v cpu %v", what, time.Since(t0), cpuTime())})
		}
	}
	s.trace = trace
	signal.Notify(s.sigchld, syscall.SIGCHLD)
	// A SIGTERM sent to the supervisor's group reaches the hook's group;
	// the supervisor itself lets it and SIGINT, SIGHUP and SIGPIPE pass.
	// It catches them rather than ignore them: an ignored signal stays
	// ignored in the hook after its exec, a caught one is reset, and the
	// agent starts a hook with every signal at its default.
	passed := make(chan os.Signal, 8)
	signal.Notify(passed, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP, syscall.SIGPIPE)
	go func() {
		for range passed {
		}
	}()
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		w.send(event{T: evError, Msg: "PR_SET_CHILD_SUBREAPER: " + err.Error()})
		w.end()
		return 1
	}
	trace("config")
	if !cfg.Isolate {
		collectorOn() // no confined fork to keep a collection away from
	}
	if cfg.Isolate {
		// startIsolated forks the hook from a thread that waits for the
		// listener goroutine, which needs a P of its own; a fixed number
		// also stops the runtime from changing it (a stop of the world)
		// when the CPU limit changes
		runtime.GOMAXPROCS(max(2, runtime.GOMAXPROCS(0)))
		if err := s.isolate(); err != nil {
			w.send(event{T: evError, Msg: err.Error()})
			w.end()
			return 1
		}
	}
	if cfg.Isolate && cfg.Park {
		if len(rest) > 0 {
			w.send(event{T: evError, Msg: "a parked supervisor got more than its configuration before it parked"})
			w.end()
			return 1
		}
		rest, err := s.park(ctl)
		if err != nil {
			w.send(event{T: evError, Msg: err.Error()})
			s.killAll()
			s.flush()
			w.end()
			return 1
		}
		if rest == nil { // told to end before any hook came
			s.killAll()
			s.flush()
			w.end()
			return 0
		}
		br = bufio.NewReader(io.MultiReader(bytes.NewReader(rest), ctl))
	}
	pid, errno, err := s.startHook()
	if err != nil {
		ev := event{T: evError, Msg: err.Error()}
		if errno != 0 {
			ev.Code = int(errno)
		}
		w.send(ev)
		s.killAll()
		s.flush()
		w.end()
		return 1
	}
	s.hookPid = pid
	collectorOn() // the confined forks are over (spawn)
	w.send(event{T: evStarted})
	trace("started")
	releaseStdio()
	go s.reap()
	s.control(br)
	return 0
}

// supervisorEnv is the supervisor's environment: it starts with the
// garbage collector off, so that no collection has run or is running when
// it forks the hook from its confined thread (spawn), and turns it on
// (collectorOn) once the hook has started. Until then it allocates little
// (its configuration, mounts, sinks and filter: well under a megabyte).
var supervisorEnv = []string{"GOGC=off"}

// supervisorMemory is the memory the supervisor's Go runtime may hold
// before it collects. What it keeps is small and bounded (the records go
// to the runner as they come; what it remembers to report each thing
// once is capped), so a collection is for a long hook's garbage only. A
// proportional target (GOGC=100 from a 4 MB heap) collected during most
// sandboxed runs of the window build, whose initialisation (Fyne's
// translations) leaves a larger heap: ~10 CPU-ms marking it.
const supervisorMemory = 64 << 20

// collectorOn lets the garbage collector run once the supervisor holds
// supervisorMemory.
func collectorOn() { debug.SetMemoryLimit(supervisorMemory) }

// supervisor is the state of the running supervisor.
type supervisor struct {
	cfg      initConfig
	w        *eventWriter
	hookPid  int
	sigchld  chan os.Signal
	hookDone chan struct{}
	net      *netSinks // isolation only
	trace    func(string)
	notify   *notifier
	// admission lets the hook's first process in (isolation only).
	admission atomic.Pointer[admission]
	// spawner takes what the confined thread forks (isolation only).
	spawner chan spawnReq
	// cgroupProcs are the run's cgroup.procs files (isolation only),
	// kept open: a parked supervisor lets in its hook after its test
	// start.
	cgroupProcs []int
	// cgroupTasks are their cgroup v1 tasks files (a parked supervisor's,
	// when every cgroup is v1), spawnerTid the forking thread's id (0:
	// the process's main thread, never moved) and preEntry the outcome of
	// its move into the cgroups while parked (nil: not tried).
	cgroupTasks []int
	// madeDirs are the folders setupMounts made in the private temporary
	// folders for mount points: true for a mount point itself.
	madeDirs   map[string]bool
	spawnerTid int
	preEntry   chan error
	// scratchRoot is fsmount's descriptor of the scratch tmpfs
	// (memOverlays), kept until the process exits (0: none).
	scratchRoot int
	// privateDevs are the devices of the private /tmp, /var/tmp and
	// /dev/shm (isolation only): the only file systems whose Unix
	// sockets the hook may reach.
	privateDevs []uint64
}

// releaseStdio points the supervisor's own 0, 1, 2 at /dev/null, so that
// only the hook's processes hold its pipes.
func releaseStdio() {
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		return
	}
	for fd := 0; fd <= 2; fd++ {
		_ = unix.Dup3(int(null.Fd()), fd, 0)
	}
	null.Close()
}

// startHook starts the hook's program: directly when supervising, through
// the seccomp helper when isolating.
func (s *supervisor) startHook() (int, syscall.Errno, error) {
	sys := &syscall.SysProcAttr{Setpgid: !s.cfg.NewSession, Setsid: s.cfg.NewSession}
	files := []*os.File{os.Stdin, os.Stdout, os.Stderr}
	if !s.cfg.Isolate {
		p, err := os.StartProcess(s.cfg.Path, s.cfg.Argv, &os.ProcAttr{Dir: s.cfg.Dir, Env: s.cfg.Env, Files: files, Sys: sys})
		if err != nil {
			var errno syscall.Errno
			errors.As(err, &errno)
			return 0, errno, err
		}
		return p.Pid, 0, nil
	}
	return s.startIsolated(files, sys)
}

// reap collects every child; the hook's own exit is reported.
func (s *supervisor) reap() {
	for {
		var ws unix.WaitStatus
		pid, err := unix.Wait4(-1, &ws, 0, nil)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if errors.Is(err, unix.ECHILD) {
			// a grandchild may still be reparented to us
			select {
			case <-s.sigchld:
			case <-time.After(50 * time.Millisecond):
			}
			continue
		}
		if err != nil {
			return
		}
		if pid == s.hookPid {
			ev := event{T: evExit}
			if ws.Signaled() {
				ev.Signal = signalName(ws.Signal())
			} else {
				ev.Exited, ev.Code = true, ws.ExitStatus()
			}
			s.trace("hook-exit")
			close(s.hookDone) // before the runner can hear of it and say end
			s.w.send(ev)
		}
	}
}

// control obeys the runner until it says end (or goes away).
func (s *supervisor) control(br *bufio.Reader) {
	for {
		b, err := br.ReadByte()
		if err != nil {
			b = ctlEnd
		}
		switch b {
		case ctlTerminate:
			_ = unix.Kill(-s.hookPid, unix.SIGTERM)
		case ctlKill:
			s.killAll()
		case ctlEnd:
			s.trace("end-received")
			s.reportLeftovers()
			gone := s.killAll()
			s.trace("killed")
			s.reportTempFiles()
			s.flush()
			s.trace("flushed")
			// every process of the hook has ended and been reaped, and
			// every record is written: the runner need not wait for this
			// process's exit (the kernel's teardown of its namespaces)
			// to build the report (endAllGone)
			if gone {
				s.w.endAllGone()
			} else {
				s.w.end()
			}
			return
		}
	}
}

// reportLeftovers records the processes still running after the hook's
// own process ended.
func (s *supervisor) reportLeftovers() {
	select {
	case <-s.hookDone:
	default:
		return // the hook itself is being killed: no separate record
	}
	for _, p := range s.descendants() {
		if p.zombie {
			continue
		}
		s.w.send(event{T: evLeftover, Pid: p.pid, Argv: cmdline(p.pid)})
	}
}

// maxTempFiles bounds the entries of each private temporary folder that
// reportTempFiles names.
const maxTempFiles = 20

// reportTempFiles records what the hook left in the private temporary
// folders (their top entries): they end with this sandbox, so a later
// hook of its sequence does not see them (Report.TempFiles).
func (s *supervisor) reportTempFiles() {
	if !s.cfg.Isolate {
		return
	}
	for _, d := range privateDirs {
		if n := s.tempEntries(d, maxTempFiles); n < 0 {
			s.w.send(event{T: evTemp, Path: d + "/…"})
		}
	}
}

// tempEntries records the entries of dir, a private temporary folder or a
// folder the sandbox made in one for a mount point (its mount points,
// whose writes are in the layers, are not entries), at most max of them,
// and says how many it recorded (-1: it stopped at max).
func (s *supervisor) tempEntries(dir string, max int) int {
	f, err := os.Open(dir)
	if err != nil {
		return 0
	}
	names, _ := f.Readdirnames(max + 1)
	f.Close()
	n := 0
	for _, name := range names {
		p := dir + "/" + name
		if mountPoint, made := s.madeDirs[p]; made {
			if !mountPoint {
				got := s.tempEntries(p, max-n)
				if got < 0 {
					return -1
				}
				n += got
			}
			continue
		}
		if n == max {
			return -1
		}
		s.w.send(event{T: evTemp, Path: p})
		n++
	}
	return n
}

// killAll stops and kills every process under the supervisor until none
// is left, and reaps them. It says whether none is left (false: it gave
// up on some).
func (s *supervisor) killAll() bool {
	for round := 0; ; round++ {
		procs := s.descendants()
		alive := 0
		for _, p := range procs {
			if !p.zombie {
				alive++
				_ = unix.Kill(p.pid, unix.SIGSTOP)
			}
		}
		for _, p := range procs {
			if !p.zombie {
				_ = unix.Kill(p.pid, unix.SIGKILL)
			}
		}
		if alive == 0 {
			if len(procs) == 0 {
				return true
			}
			// zombies: wait for reap() to collect them
		}
		if round > 2000 { // ~10 s: give up rather than hang the runner
			s.w.send(event{T: evNote, Msg: "some of the hook's processes could not be killed"})
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
}

type proc struct {
	pid, ppid int
	zombie    bool
}

// descendants lists the supervisor's descendants. Every orphan of the
// hook is reparented to the supervisor (a subreaper, or the PID
// namespace's init), so walking the children lists from it reaches them
// all, at a cost that grows with the hook's processes, not the machine's.
// Without /proc/PID/task/TID/children it scans every process of /proc.
func (s *supervisor) descendants() []proc {
	self := os.Getpid()
	if _, err := os.Stat(childrenPath(self, self)); err != nil {
		return scanDescendants(self)
	}
	var out []proc
	queue := []int{self}
	seen := map[int]bool{self: true}
	for len(queue) > 0 && len(out) < 1<<16 {
		parent := queue[0]
		queue = queue[1:]
		tasks, err := os.ReadDir("/proc/" + strconv.Itoa(parent) + "/task")
		if err != nil {
			continue
		}
		for _, task := range tasks {
			tid, _ := strconv.Atoi(task.Name())
			data, err := os.ReadFile(childrenPath(parent, tid))
			if err != nil {
				continue
			}
			for _, f := range strings.Fields(string(data)) {
				pid, err := strconv.Atoi(f)
				if err != nil || seen[pid] {
					continue
				}
				seen[pid] = true
				if p, ok := readProc(pid); ok {
					out = append(out, p)
					queue = append(queue, pid)
				}
			}
		}
	}
	return out
}

func childrenPath(pid, tid int) string {
	return "/proc/" + strconv.Itoa(pid) + "/task/" + strconv.Itoa(tid) + "/children"
}

// readProc reads a process's parent and state from /proc/PID/stat.
func readProc(pid int) (proc, bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return proc{}, false
	}
	st := string(data)
	i := strings.LastIndexByte(st, ')')
	if i < 0 {
		return proc{}, false
	}
	f := strings.Fields(st[i+1:])
	if len(f) < 2 {
		return proc{}, false
	}
	ppid, _ := strconv.Atoi(f[1])
	return proc{pid: pid, ppid: ppid, zombie: f[0] == "Z" || f[0] == "X"}, true
}

// scanDescendants finds the descendants of self among every process.
func scanDescendants(self int) []proc {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	all := make(map[int]proc, len(ents))
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		if p, ok := readProc(pid); ok {
			all[pid] = p
		}
	}
	var out []proc
	for pid, p := range all {
		q := p
		for depth := 0; depth < 4096; depth++ {
			if q.ppid == self {
				out = append(out, all[pid])
				break
			}
			next, ok := all[q.ppid]
			if !ok {
				break
			}
			q = next
		}
	}
	return out
}

func cmdline(pid int) []string {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	if err != nil || len(data) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(data), "\x00"), "\x00")
}

// flush ends the sinks and the seccomp listener, so their last records are
// written.
func (s *supervisor) flush() {
	if s.net != nil {
		s.net.close()
	}
	if s.notify != nil {
		s.notify.close()
	}
}

func signalName(sig syscall.Signal) string {
	names := map[syscall.Signal]string{
		syscall.SIGTERM: "SIGTERM", syscall.SIGKILL: "SIGKILL", syscall.SIGINT: "SIGINT",
		syscall.SIGHUP: "SIGHUP", syscall.SIGPIPE: "SIGPIPE", syscall.SIGSEGV: "SIGSEGV",
		syscall.SIGABRT: "SIGABRT", syscall.SIGQUIT: "SIGQUIT",
	}
	if n, ok := names[sig]; ok {
		return n
	}
	return sig.String()
}

// closeOnExecFrom marks every descriptor from fd on close-on-exec.
func closeOnExecFrom(fd uint) {
	if err := unix.CloseRange(fd, ^uint(0), unix.CLOSE_RANGE_CLOEXEC); err != nil {
		for i := int(fd); i < 1024; i++ {
			unix.CloseOnExec(i)
		}
	}
}

// cpuTime is the CPU time (user and system) this process used so far,
// for the trace.
func cpuTime() time.Duration {
	var ru unix.Rusage
	if unix.Getrusage(unix.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
