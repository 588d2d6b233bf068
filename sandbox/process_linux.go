package sandbox

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Process is a hook started under the supervisor.
type Process struct {
	cfg     Config
	cmd     *exec.Cmd   // nil when started by startNamespaced
	proc    *os.Process // the supervisor
	ctl     *os.File
	ctlMu   sync.Mutex
	scratch string
	targets []string

	parked   chan struct{} // a parked supervisor is set up (evParked)
	exited   chan struct{} // the hook's process ended, or could not start
	started  chan struct{} // the hook's program started, or never will
	startOne sync.Once
	exit     Exit
	startErr error
	waited   chan struct{} // the supervisor ended
	drained  chan struct{} // the event pipe is at its end
	// done is closed when an isolated supervisor's last record came and
	// said that every process of the hook has ended and been reaped
	// (evEnd, Exited): what is left of the sandbox is the supervisor's
	// own exit, the kernel's teardown of its namespaces.
	done chan struct{}

	mu     sync.Mutex
	events []event
	notes  []string // the runner's own notes for the report

	closeOnce sync.Once
	report    *Report
	// memScratch is the root of the supervisor's scratch tmpfs (-1: the
	// layers are on disk in scratch), set once scratchDone is closed.
	memScratch  int
	scratchDone chan struct{}
	limits      *runLimits // isolation only
	// key is the sandbox a parked supervisor set up (hookKey).
	key string
	// t0 is when start began and traceOn says the runner's phases go to
	// the report's notes too (HOOKWARDEN_SANDBOX_TRACE=1).
	t0      time.Time
	traceOn bool
	// lowers are the earlier hooks' layer folders its overlays stack
	// (Config.Sequence), the latest first; sawEarlier is how many earlier
	// sandboxed hooks of its sequence its view holds the files of.
	lowers     []string
	sawEarlier int
	// reserved is the empty lower layer of a supervisor parked for a
	// hook of a Sequence, which Start fills with the earlier hooks'
	// layers (Sequence.fill) before the hook begins.
	reserved string
}

// trace notes, with HOOKWARDEN_SANDBOX_TRACE=1, how long after start
// began the runner reached what (its side of the phases the supervisor
// notes: the namespaces' clone, the cgroups, the hook's start, the
// supervisor's end with its namespaces, the report, the cgroups' removal).
func (p *Process) trace(what string) {
	if !p.traceOn {
		return
	}
	p.mu.Lock()
	p.notes = append(p.notes, fmt.Sprintf("trace runner %s %v", what, time.Since(p.t0)))
	p.mu.Unlock()
}

// supervisorWait bounds the wait for the supervisor to end after the
// runner said so; it then is killed (with its namespaces, when isolated).
const supervisorWait = 10 * time.Second

// Start starts spec under the supervisor. The caller closes its copies of
// spec's files after Start returns, calls Wait, and always calls Close.
// A sandboxed spec takes the supervisor cfg.Warm keeps when that one was
// set up for the same sandbox (hookKey), else it starts one.
func Start(cfg Config, spec Spec) (*Process, error) {
	if cfg.Isolate && cfg.Warm != nil {
		if p := cfg.Warm.take(hookKey(cfg, spec.Dir)); p != nil {
			// a supervisor parked ahead set its mounts up before the
			// earlier hooks of its sequence ended: their layers go into
			// the lower layer it holds for them, or, without one, it
			// serves only when they wrote nothing
			ok, saw := !cfg.Sequence.stacks(), cfg.Sequence.count()
			if p.reserved != "" && cfg.Sequence != nil {
				saw, ok = cfg.Sequence.fill(p.reserved, p.targets)
				p.lowers = []string{p.reserved}
				p.trace("lower-filled")
			}
			if ok {
				if err := p.begin(cfg, spec); err == nil {
					p.cfg.Sequence, p.sawEarlier = cfg.Sequence, saw
					return p, nil
				}
			}
			p.Close()
		}
	}
	return start(cfg, spec, false)
}

// startParked starts a supervisor that sets the sandbox cfg describes up
// for a hook whose folder is cfg.Project, and waits for the hook (begin).
// It returns once the supervisor is parked, or says why it could not.
func startParked(cfg Config) (*Process, error) {
	cfg.Isolate = true
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	defer null.Close()
	p, err := start(cfg, Spec{Dir: cfg.Project, Stdin: null, Stdout: null, Stderr: null}, true)
	if err != nil {
		return nil, err
	}
	select {
	case <-p.parked:
		p.trace("parked")
		p.key = hookKey(cfg, cfg.Project)
		return p, nil
	case <-p.exited:
		_, err := p.Wait()
		p.Close()
		if err == nil {
			err = errors.New("the supervisor ended before it parked")
		}
		return nil, err
	}
}

// begin gives a parked supervisor its hook: spec, with the markers of
// cfg (the hook's own Config, which set up the same sandbox).
func (p *Process) begin(cfg Config, spec Spec) error {
	closeNull, err := p.noTerminals(&spec)
	if err != nil {
		return err
	}
	defer closeNull()
	line, err := json.Marshal(hookSpec{Path: spec.Path, Argv: spec.Argv, Env: spec.Env, Dir: spec.Dir, NewSession: spec.NewSession, Markers: cfg.Markers})
	if err != nil {
		return err
	}
	p.cfg.Markers = cfg.Markers
	p.trace("hook-sent")
	return p.sendLine(line, []*os.File{spec.Stdin, spec.Stdout, spec.Stderr})
}

// sendLine writes line and a newline to the control socket with files
// attached to its first byte (the socket may take a long line in parts).
func (p *Process) sendLine(line []byte, files []*os.File) error {
	line = append(line, '\n')
	var rights []byte
	if len(files) > 0 {
		fds := make([]int, len(files))
		for i, f := range files {
			fds[i] = int(f.Fd())
		}
		rights = unix.UnixRights(fds...)
	}
	p.ctlMu.Lock()
	defer p.ctlMu.Unlock()
	n, err := unix.SendmsgN(int(p.ctl.Fd()), line, rights, nil, 0)
	for errors.Is(err, unix.EINTR) {
		n, err = unix.SendmsgN(int(p.ctl.Fd()), line, rights, nil, 0)
	}
	if err != nil {
		return err
	}
	_, err = p.ctl.Write(line[n:])
	return err
}

// start starts spec under a supervisor, or (park) a parked one.
func start(cfg Config, spec Spec, park bool) (*Process, error) {
	if cfg.Init == "" {
		return nil, fmt.Errorf("%w: no supervisor executable", ErrUnavailable)
	}
	p := &Process{cfg: cfg, parked: make(chan struct{}), exited: make(chan struct{}), started: make(chan struct{}), waited: make(chan struct{}), drained: make(chan struct{}), done: make(chan struct{}),
		memScratch: -1, scratchDone: make(chan struct{}), t0: time.Now(), traceOn: os.Getenv("HOOKWARDEN_SANDBOX_TRACE") == "1"}
	ic := initConfig{Isolate: cfg.Isolate, Path: spec.Path, Argv: spec.Argv, Env: spec.Env, Dir: spec.Dir, NewSession: spec.NewSession,
		Trace: os.Getenv("HOOKWARDEN_SANDBOX_TRACE") == "1", AgentSecrets: cfg.AgentSecrets, Park: park}
	sys := &syscall.SysProcAttr{Setpgid: true}
	if cfg.Isolate {
		if spec.Dir != "" {
			// the hook's working folder is overlaid too (it may sit in /tmp,
			// which is private inside)
			p.cfg.Overlay = append(append([]string(nil), cfg.Overlay...), spec.Dir)
		}
		if err := p.prepareScratch(&ic); err != nil {
			return nil, err
		}
		uid, gid := os.Getuid(), os.Getgid()
		// a session of its own: no controlling terminal for the
		// supervisor or anything it starts (TIOCSTI into the user's
		// shell, /dev/tty); it still leads its process group
		sys = &syscall.SysProcAttr{
			Setsid:      true,
			Cloneflags:  unix.CLONE_NEWUSER | unix.CLONE_NEWNS | unix.CLONE_NEWPID | unix.CLONE_NEWNET | unix.CLONE_NEWIPC | unix.CLONE_NEWUTS,
			UidMappings: []syscall.SysProcIDMap{{ContainerID: uid, HostID: uid, Size: 1}},
			GidMappings: []syscall.SysProcIDMap{{ContainerID: gid, HostID: gid, Size: 1}},
			AmbientCaps: []uintptr{unix.CAP_SYS_ADMIN, unix.CAP_NET_ADMIN, unix.CAP_NET_BIND_SERVICE,
				unix.CAP_SYS_PTRACE, unix.CAP_SETPCAP, unix.CAP_KILL, unix.CAP_DAC_OVERRIDE},
		}
	}
	ctlR, ctlW, err := controlSocket()
	if err != nil {
		p.removeScratch()
		return nil, err
	}
	evR, evW, err := os.Pipe()
	if err != nil {
		closeFiles(ctlR, ctlW)
		p.removeScratch()
		return nil, err
	}
	if cfg.Isolate {
		var closeNull func()
		closeNull, err = p.noTerminals(&spec)
		if err != nil {
			closeFiles(ctlR, ctlW, evR, evW)
			p.removeScratch()
			return nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
		}
		defer closeNull()
	}
	var cloneErr *nsCloneError
	if cfg.Isolate && nsCloneAvailable {
		// no copy of the runner (nsclone_linux_amd64.go): the same
		// namespaces, maps, session, capabilities and descriptors
		p.proc, err = startNamespaced(cfg.Init, []string{cfg.Init, InitCommand}, supervisorEnv,
			[]*os.File{spec.Stdin, spec.Stdout, spec.Stderr, ctlR, evW}, sys.AmbientCaps, os.Getuid(), os.Getgid())
	}
	if !cfg.Isolate || !nsCloneAvailable || errors.As(err, &cloneErr) {
		// a kernel that refuses the shared-memory clone gets os/exec's
		// start, a full fork, as before
		cmd := &exec.Cmd{Path: cfg.Init, Args: []string{cfg.Init, InitCommand}, Env: supervisorEnv,
			Stdin: spec.Stdin, Stdout: spec.Stdout, Stderr: spec.Stderr,
			ExtraFiles: []*os.File{ctlR, evW}, SysProcAttr: sys}
		if err = cmd.Start(); err == nil {
			p.cmd, p.proc = cmd, cmd.Process
		}
	}
	closeFiles(ctlR, evW)
	if err != nil {
		closeFiles(ctlW, evR)
		p.removeScratch()
		return nil, fmt.Errorf("%w: starting the supervisor: %v", ErrUnavailable, err)
	}
	p.ctl = ctlW
	p.trace("supervisor-started")
	var procs []*os.File
	if cfg.Isolate {
		p.receiveScratch()
		// the cgroups are made while the supervisor starts (its runtime
		// and package initialisation take longer), and go to it with its
		// configuration: it needs them only to let the hook in
		p.limits = setupLimits(cfg.Limits)
		procs = p.limits.procs
		ic.CgroupProcs, ic.Rlimits = len(procs), p.limits.rl
		if park {
			tasks := p.limits.taskFiles()
			ic.CgroupTasks = len(tasks)
			procs = append(append([]*os.File(nil), procs...), tasks...)
		}
		ic.Fallback = p.limits.fallbackAll()
		ic.MemScratch, ic.ScratchSize = true, max(cfg.Limits.resolved().Memory, 0)
		p.trace("cgroups-made")
		switch {
		case cfg.Sequence != nil && park:
			// a lower layer of its own, filled once its hook comes; the
			// hook brings the Sequence (Start), so that a park no hook
			// took adds nothing to it
			if dir, err := reserveLower(cfg, p.targets); err == nil {
				p.reserved, ic.Lowers = dir, []string{dir}
			}
			p.cfg.Sequence = nil
		case cfg.Sequence != nil:
			p.lowers, p.sawEarlier = cfg.Sequence.lowers(p.targets)
			ic.Lowers = p.lowers
			p.trace("lowers")
		}
	} else {
		close(p.scratchDone)
	}
	// written before any control byte can be (the supervisor reads it at
	// once, so a configuration larger than the socket's buffer does not
	// block)
	line, _ := json.Marshal(ic)
	p.sendLine(line, procs)
	if p.limits != nil {
		p.limits.closeProcs()
	}
	go p.readEvents(evR)
	go func() {
		var err error
		if p.cmd != nil {
			err = p.cmd.Wait()
		} else if st, werr := p.proc.Wait(); werr != nil {
			err = werr
		} else if !st.Success() {
			err = &exec.ExitError{ProcessState: st}
		}
		// what it said before it ended counts first (a start error it
		// sent, then exited 1): the event pipe is at its end once it is
		// gone, since nothing else holds its write end
		<-p.drained
		p.setStartErr(fmt.Errorf("the supervisor ended before the hook did: %v", err))
		close(p.waited)
	}()
	return p, nil
}

// receiveScratch waits, on a copy of the control socket of its own, for
// the root of the supervisor's scratch tmpfs (initConfig.MemScratch); it
// gives up at the end of file (the supervisor ended) or at anything else.
func (p *Process) receiveScratch() {
	fd, err := unix.FcntlInt(p.ctl.Fd(), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		close(p.scratchDone)
		return
	}
	go func() {
		defer close(p.scratchDone)
		defer unix.Close(fd)
		buf := make([]byte, 1)
		oob := make([]byte, unix.CmsgSpace(4))
		for {
			n, oobn, _, _, err := unix.Recvmsg(fd, buf, oob, unix.MSG_CMSG_CLOEXEC)
			if errors.Is(err, unix.EINTR) {
				continue
			}
			if err != nil || n == 0 {
				return
			}
			var got []int
			if cmsgs, err := unix.ParseSocketControlMessage(oob[:oobn]); err == nil {
				for _, c := range cmsgs {
					if fds, err := unix.ParseUnixRights(&c); err == nil {
						got = append(got, fds...)
					}
				}
			}
			if buf[0] == scratchMsg && len(got) == 1 {
				p.memScratch = got[0]
				return
			}
			for _, f := range got {
				unix.Close(f)
			}
			return
		}
	}()
}

// closeMemScratch drops the runner's reference to the supervisor's
// scratch tmpfs: a descriptor of its root, not fsmount's, so that the
// close only drops a reference (memOverlays).
func (p *Process) closeMemScratch() {
	if p.memScratch >= 0 {
		unix.Close(p.memScratch)
		p.memScratch = -1
	}
}

// layers is where the upper layers are: layer i in layers()/i.
func (p *Process) layers() string {
	if p.memScratch >= 0 {
		return "/proc/self/fd/" + strconv.Itoa(p.memScratch)
	}
	return p.scratch
}

// controlSocket is the control channel: the supervisor's end and ours, a
// stream socket (a parked supervisor gets its hook's stdio over it).
func controlSocket() (theirs, ours *os.File, err error) {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, nil, err
	}
	return os.NewFile(uintptr(fds[0]), "control"), os.NewFile(uintptr(fds[1]), "control"), nil
}

func closeFiles(fs ...*os.File) {
	for _, f := range fs {
		f.Close()
	}
}

func (p *Process) setStartErr(err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	select {
	case <-p.exited:
	default:
		p.startErr = err
		close(p.exited)
	}
}

func (p *Process) readEvents(r *os.File) {
	defer close(p.drained)
	defer p.markStarted() // a supervisor that ended never starts the hook
	defer r.Close()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	for sc.Scan() {
		var ev event
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			continue
		}
		switch ev.T {
		case evParked:
			close(p.parked)
		case evStarted:
			p.trace("hook-started")
			p.markStarted()
		case evExit:
			p.trace("hook-exited")
			p.markStarted()
			p.mu.Lock()
			select {
			case <-p.exited:
			default:
				p.exit = Exit{Exited: ev.Exited, Code: ev.Code, Signal: ev.Signal}
				close(p.exited)
			}
			p.mu.Unlock()
		case evError:
			var err error = &StartError{Msg: ev.Msg, Errno: syscall.Errno(ev.Code)}
			p.setStartErr(err)
			p.markStarted()
		case evNoCgroup:
			if p.limits != nil {
				p.limits.movedOut(ev.Msg)
			}
		case evEnd:
			p.mu.Lock()
			p.events = append(p.events, ev)
			p.mu.Unlock()
			if ev.Exited && p.cfg.Isolate {
				close(p.done) // nothing follows
			}
		default:
			p.mu.Lock()
			p.events = append(p.events, ev)
			p.mu.Unlock()
		}
	}
}

// Wait blocks until the hook's own process has ended and says how, or why
// it could not start.
func (p *Process) Wait() (Exit, error) {
	<-p.exited
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.exit, p.startErr
}

// Started is closed once the hook's own program has started (the
// sandbox's setup is over), or once it is clear that it never will. A
// hook's timeout counts from here: the agent's own timer starts when it
// spawns the hook, and the sandbox's setup is Hookwarden's, not the hook's.
func (p *Process) Started() <-chan struct{} { return p.started }

func (p *Process) markStarted() { p.startOne.Do(func() { close(p.started) }) }

// Signal sends SIGTERM to the hook's process group, or (force) SIGKILL to
// every process of the hook.
func (p *Process) Signal(force bool) {
	b := byte(ctlTerminate)
	if force {
		b = ctlKill
	}
	p.send(b)
}

func (p *Process) send(b byte) {
	p.ctlMu.Lock()
	defer p.ctlMu.Unlock()
	_, _ = p.ctl.Write([]byte{b})
}

// Close ends the run: every process the hook started is killed and the
// scratch layers are gone when it returns. The report is nil unless the
// process was isolated.
//
// The supervisor itself has ended too, except for a sandbox whose
// supervisor said that every process of the hook had ended and been
// reaped and all its records were written (done), with its layers in its
// tmpfs: its exit (the kernel's teardown of its mount, PID, network and
// user namespaces: 5-35 ms of wall here, on every hook's path) is reaped
// in the background then. Nothing of the hook is left to contain: its
// processes are gone and the namespaces hold only the supervisor, which
// is exiting.
func (p *Process) Close() *Report {
	p.closeOnce.Do(func() {
		p.trace("close")
		p.send(ctlEnd)
		p.ctlMu.Lock()
		p.ctl.Close()
		p.ctlMu.Unlock()
		timeout := time.NewTimer(supervisorWait)
		defer timeout.Stop()
		select {
		case <-p.waited:
			<-p.drained
		case <-p.done:
		case <-timeout.C:
			_ = p.proc.Kill()
			<-p.waited
			<-p.drained
		}
		// the supervisor sent its scratch tmpfs's root, or never will
		// (then it is gone)
		<-p.scratchDone
		if p.memScratch < 0 {
			// the layers are on disk, under overlays that last as long as
			// the supervisor's mount namespace: it must be gone before
			// they are removed
			<-p.waited
			<-p.drained
		}
		select {
		case <-p.waited:
			p.trace("supervisor-ended")
		default:
			p.trace("supervisor-done")
		}
		if p.cfg.Isolate {
			p.mu.Lock()
			evs := p.events
			p.mu.Unlock()
			p.report = buildReport(p.cfg, p.targets, p.layers(), p.lowers, evs)
			p.report.SawEarlier = p.sawEarlier
			p.trace("report-built")
			if p.cfg.Sequence != nil {
				p.cfg.Sequence.keep(p)
			}
			// the tmpfs's pages are the hook's memory cgroup's: they
			// are freed once this reference and the supervisor's
			// (dropped by its exit) are gone; one still charged when
			// the cgroup is removed keeps it offline until then
			p.closeMemScratch()
			p.report.Limits = p.limits.finish()
			judgeLimits(p.report)
		}
		p.removeScratch()
		if p.report != nil {
			p.trace("cgroups-removed")
			p.mu.Lock()
			p.report.Notes = append(p.notes, p.report.Notes...)
			p.mu.Unlock()
		}
	})
	return p.report
}

// prepareScratch makes the scratch folder: the stub's resolv.conf, and
// the layers when the supervisor cannot keep them in memory (it makes
// their folders then).
func (p *Process) prepareScratch(ic *initConfig) error {
	targets, err := p.cfg.overlayTargets()
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	base, err := p.cfg.scratchBase(targets)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp(base, "hookwarden-sandbox-")
	if err != nil {
		return fmt.Errorf("%w: scratch folder: %v", ErrUnavailable, err)
	}
	p.scratch, p.targets = dir, targets
	ic.Scratch, ic.Overlays, ic.Home, ic.Markers = dir, targets, p.cfg.Home, p.cfg.Markers
	ic.Probes = p.cfg.RecordProbes
	for _, w := range p.cfg.Writable {
		if real, err := filepath.EvalSymlinks(w); err == nil {
			ic.Writable = append(ic.Writable, real)
		}
	}
	if ic.Home != "" {
		if real, err := filepath.EvalSymlinks(ic.Home); err == nil {
			ic.Home = real
		}
	}
	return nil
}

// removeScratch deletes the scratch layers (overlayfs leaves its work
// folder without permissions); those of a tmpfs go with its last
// descriptor.
func (p *Process) removeScratch() {
	p.closeMemScratch()
	if p.reserved != "" {
		removeTree(p.reserved)
		p.reserved = ""
	}
	if p.scratch == "" {
		return
	}
	removeTree(p.scratch)
	p.scratch = ""
}

// removeTree removes a scratch folder (overlayfs leaves its work folder
// without permissions).
func removeTree(dir string) {
	_ = filepath.Walk(dir, func(path string, fi os.FileInfo, err error) error {
		if err == nil && fi.IsDir() && fi.Mode().Perm()&0o700 != 0o700 {
			_ = os.Chmod(path, 0o700)
		}
		return nil
	})
	_ = os.RemoveAll(dir)
}

// noTerminals replaces each of spec's stdin, stdout and stderr that is a
// terminal with /dev/null, so the sandboxed hook never holds one (it
// could push keystrokes with TIOCSTI or draw escape codes), and notes it.
// The returned func closes the /dev/null opened.
func (p *Process) noTerminals(spec *Spec) (func(), error) {
	var null *os.File
	names := []string{"stdin", "stdout", "stderr"}
	for i, f := range []**os.File{&spec.Stdin, &spec.Stdout, &spec.Stderr} {
		if *f == nil || !isTerminal(*f) {
			continue
		}
		if null == nil {
			var err error
			if null, err = os.OpenFile(os.DevNull, os.O_RDWR, 0); err != nil {
				return func() {}, err
			}
		}
		*f = null
		p.notes = append(p.notes, "the hook's "+names[i]+" was a terminal: it got /dev/null instead (a sandboxed hook never holds a terminal)")
	}
	return func() {
		if null != nil {
			null.Close()
		}
	}, nil
}

func isTerminal(f *os.File) bool {
	_, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	return err == nil
}
