package hooks

import (
	"context"
	"errors"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hookwarden/hookwarden/sandbox"
)

// SpawnSpec is one hook process to run. Both agents' runners use it: the
// Gemini runner with the shell and the command, the Claude Code runner with
// sh -c or a program and its arguments (exec form).
type SpawnSpec struct {
	// Program names the program in error texts ("spawn bash ENOENT") and
	// is argv[0].
	Program string
	// Path is the resolved executable ("" = not found on PATH).
	Path string
	// Args are the arguments after argv[0].
	Args    []string
	Env     []string
	Dir     string
	Stdin   string
	Timeout time.Duration
	Grace   time.Duration
	// Cap bounds each captured stream; output beyond it is dropped.
	Cap int
	// NewSession starts the process in a session of its own, with no
	// controlling terminal (as Claude Code does); otherwise it gets a
	// process group of its own. Either way a timeout or cancellation kills
	// the whole group. (Windows: a new process group in both cases.)
	NewSession bool
	// Check, when set, runs right before the process is started (after
	// its pipes exist, as late as possible); an error refuses the spawn
	// and becomes StartErr. Hookwarden's gate verifies here that the
	// scripts a hook runs are still the approved ones.
	Check func() error
	// Supervisor, when set, starts the process under Hookwarden's
	// supervisor (see package sandbox), which ends every process the hook
	// started, setsid ones included, before Run returns; with Isolate it
	// runs the process in the sandbox and the result carries the report.
	// Without it (or when the supervisor cannot start and Isolate is not
	// asked for) the process starts directly and its process group is
	// killed before Run returns.
	Supervisor *sandbox.Config
	// Converse, when set, takes the place of writing Stdin: it is called
	// in a goroutine of its own with our end of the process's stdin and
	// speaks with the process over its stdio (an MCP server's JSON-RPC),
	// reading what it answers through OnStdout. It should close stdin when
	// it is done; Run closes it too once the process has ended.
	Converse func(stdin *os.File)
	// OnStdout, when set, is called with each piece of stdout as it is
	// read, from the reader's goroutine, before the cap applies.
	OnStdout func([]byte)
}

// RefusedPrefix starts the StartErr of a spawn that SpawnSpec.Check refused.
const RefusedPrefix = "Hookwarden refused to start it: "

// SpawnResult is what happened to the process.
type SpawnResult struct {
	Stdout, Stderr []byte
	Truncated      bool
	// StartErr is Node's spawn error text ("spawn bash ENOENT").
	StartErr  string
	Exited    bool // exited normally (not by a signal)
	Code      int
	Signal    string
	TimedOut  bool
	Cancelled bool
	PipesHeld bool
	// Sandbox is what the hook did in the sandbox (Supervisor.Isolate).
	Sandbox *sandbox.Report
}

// stdinInlineMax is the payload size written from the calling goroutine:
// up to one page fits an empty pipe on every platform, so the write cannot
// block on a hook that does not read.
const stdinInlineMax = 4096

// Run starts the process and collects its streams. It returns when the
// process has exited and both streams are closed, or a grace period after
// the process exited (or was killed) while something still holds the pipes.
// Whatever the hook left running is ended before Run returns.
func (s *SpawnSpec) Run(ctx context.Context) SpawnResult {
	r, startErr := s.startRun()
	if startErr != "" {
		return SpawnResult{StartErr: startErr}
	}
	r.pumpStreams()
	r.kill.arm(ctx, s.Timeout)
	if s.Converse != nil {
		go s.Converse(r.stdin)
	} else {
		r.feedStdin()
	}
	exit, waitErr := r.proc.wait()
	if s.Converse != nil {
		r.stdin.Close()
	}
	pipesHeld := r.awaitStreams()
	r.kill.disarm()
	r.stopReading()
	sandboxReport := r.endLeftovers()
	res := r.result(exit, waitErr)
	res.PipesHeld, res.Sandbox = pipesHeld, sandboxReport
	return res
}

// spawnRun is one SpawnSpec.Run under way: the started process, our ends
// of its pipes, the streams captured from them and the kill state.
type spawnRun struct {
	spec *SpawnSpec
	proc hookProcess
	// stdin, stdout and stderr are our ends of the hook's pipes.
	stdin, stdout, stderr *os.File
	// out and errs are filled by the stream readers; each sends on
	// streamDone when its stream is closed (or its read end is).
	out, errs  capture
	streamDone chan struct{}
	// openStreams counts the readers that have not sent on streamDone.
	openStreams int
	kill        *groupKiller
}

// capture is one stream as read, up to the spec's cap.
type capture struct {
	data      []byte
	truncated bool
}

// hookPipes are the three pipes of a hook: the child's ends (the read end
// of stdin, the write ends of stdout and stderr) and ours.
type hookPipes struct {
	childIn, childOut, childErr *os.File
	stdin, stdout, stderr       *os.File
}

// openHookPipes makes the three pipes; on failure none is left open.
func openHookPipes() (*hookPipes, error) {
	var p hookPipes
	var err error
	if p.childIn, p.stdin, err = os.Pipe(); err != nil {
		return nil, err
	}
	if p.stdout, p.childOut, err = os.Pipe(); err != nil {
		closeAll(p.childIn, p.stdin)
		return nil, err
	}
	if p.stderr, p.childErr, err = os.Pipe(); err != nil {
		closeAll(p.childIn, p.stdin, p.stdout, p.childOut)
		return nil, err
	}
	return &p, nil
}

// startRun opens the pipes, runs Check as late as possible (the pipes
// already exist, only the start is left), and starts the process on the
// child's ends, which it then closes. When the process did not start
// (no Path, no pipes, refused by Check, failed to start) it returns the
// StartErr text, with every pipe closed.
func (s *SpawnSpec) startRun() (*spawnRun, string) {
	if s.Path == "" {
		return nil, "spawn " + s.Program + " ENOENT"
	}
	p, err := openHookPipes()
	if err != nil {
		return nil, "spawn " + s.Program + " " + errnoName(err)
	}
	argv := make([]string, 0, len(s.Args)+1)
	argv = append(argv, s.Program)
	argv = append(argv, s.Args...)
	if s.Check != nil {
		if err := s.Check(); err != nil {
			closeAll(p.childIn, p.stdin, p.stdout, p.childOut, p.stderr, p.childErr)
			return nil, RefusedPrefix + err.Error()
		}
	}
	proc, err := s.start(s.Path, argv, p.childIn, p.childOut, p.childErr)
	closeAll(p.childIn, p.childOut, p.childErr)
	if err != nil {
		closeAll(p.stdin, p.stdout, p.stderr)
		return nil, err.Error()
	}
	r := &spawnRun{spec: s, proc: proc, stdin: p.stdin, stdout: p.stdout, stderr: p.stderr,
		streamDone: make(chan struct{}, 2), openStreams: 2, kill: newGroupKiller(proc, s.Grace)}
	return r, ""
}

// pumpStreams starts one reader per output stream, each keeping at most
// the spec's Cap bytes and draining (and dropping) the rest, so a hook that
// writes a lot is never blocked on a full pipe.
func (r *spawnRun) pumpStreams() {
	read := func(f *os.File, c *capture, each func([]byte)) {
		c.data, c.truncated = readCapped(f, r.spec.Cap, each)
		r.streamDone <- struct{}{}
	}
	go read(r.stderr, &r.errs, nil)
	go read(r.stdout, &r.out, r.spec.OnStdout)
}

// feedStdin writes the payload once and closes stdin; EPIPE and friends are
// ignored. A payload that fits an empty pipe is written here, a larger one
// from a goroutine so a hook that does not read cannot block Run.
func (r *spawnRun) feedStdin() {
	if len(r.spec.Stdin) <= stdinInlineMax {
		writeStdin(r.stdin, r.spec.Stdin)
	} else {
		go writeStdin(r.stdin, r.spec.Stdin)
	}
}

// awaitStreams waits, once the process has exited, for both streams to
// close. A background child may hold them: Gemini waits for it (and
// reports a timeout if the timer fires first); we wait a grace period,
// restarted by a timeout or cancellation (which kill the group), then stop
// waiting. pipesHeld is true when the grace period ran out with no kill
// sent: something the hook started still holds the pipes.
func (r *spawnRun) awaitStreams() (pipesHeld bool) {
	grace := time.NewTimer(r.spec.Grace)
	defer grace.Stop()
	timedOut, cancelled := r.kill.timedOutC, r.kill.cancelledC
	for r.openStreams > 0 {
		select {
		case <-r.streamDone:
			r.openStreams--
		case <-timedOut:
			timedOut = nil
			grace.Reset(r.spec.Grace)
		case <-cancelled:
			cancelled = nil
			grace.Reset(r.spec.Grace)
		case <-grace.C:
			return !r.kill.killed.Load()
		}
	}
	return false
}

// stopReading closes our read ends, which unblocks a reader still waiting
// on a held pipe, and waits for both readers to return, so their captures
// are complete.
func (r *spawnRun) stopReading() {
	closeAll(r.stdout, r.stderr)
	for ; r.openStreams > 0; r.openStreams-- {
		<-r.streamDone
	}
}

// endLeftovers ends, before Run returns, whatever the hook left running (a
// background job, an orphan holding the pipes, a setsid daemon under the
// supervisor), so a dry run never leaves processes behind; Gemini CLI
// would leave them. It returns the sandbox's report when the hook ran in
// the sandbox.
func (r *spawnRun) endLeftovers() *sandbox.Report {
	r.kill.finish()
	return r.proc.finish()
}

// result is the run's outcome from the process's exit, the captured
// streams and the kill state (PipesHeld and Sandbox are the caller's).
func (r *spawnRun) result(exit hookExit, waitErr error) SpawnResult {
	res := SpawnResult{
		Stdout:    r.out.data,
		Stderr:    r.errs.data,
		Truncated: r.out.truncated || r.errs.truncated,
	}
	res.TimedOut = r.kill.timedOut.Load()
	res.Cancelled = r.kill.cancelled.Load() && !res.TimedOut
	switch {
	case waitErr == nil:
		res.Exited, res.Code, res.Signal = exit.Exited, exit.Code, exit.Signal
	case exit.startErr:
		res.StartErr = "spawn " + r.spec.Program + " " + errnoName(waitErr)
		if !hasErrno(waitErr) {
			res.StartErr = "sandbox: " + waitErr.Error()
		}
	}
	return res
}

// groupKiller is a run's timeout and cancellation state machine. The
// timeout (at once for a Timeout <= 0) or the end of the context sends the
// hook's group SIGTERM, once, and SIGKILL a grace period later unless the
// run has finished by then. timedOutC and cancelledC close when the timeout
// or the cancellation happens, so the wait for the streams can restart its
// grace period.
type groupKiller struct {
	proc  hookProcess
	grace time.Duration

	timedOut, cancelled, killed atomic.Bool
	timedOutC, cancelledC       chan struct{}

	timeout    *time.Timer // nil when the timeout fired at once or has not started; guarded by mu
	stopCancel func() bool // stops the watch on the context

	mu        sync.Mutex // guards timeout, disarmed, force and finished
	disarmed  bool
	disarmedC chan struct{} // closed by disarm
	force     *time.Timer
	finished  bool
}

// setupCap bounds the wait for a sandboxed hook's program to start: past
// it the hook's timeout starts anyway, so a setup that hangs is still
// ended by the timeout.
const setupCap = 30 * time.Second

func newGroupKiller(proc hookProcess, grace time.Duration) *groupKiller {
	return &groupKiller{proc: proc, grace: grace,
		timedOutC: make(chan struct{}), cancelledC: make(chan struct{}), disarmedC: make(chan struct{})}
}

// arm starts the timeout and the watch on ctx. The timeout counts from
// the start of the hook's own program, as the agent's timer counts from
// its spawn: a sandboxed hook's time starts once the sandbox is set up
// (the setup is Hookwarden's, and on a loaded machine it can take longer
// than a short timeout).
func (k *groupKiller) arm(ctx context.Context, timeout time.Duration) {
	if timeout <= 0 {
		k.timeOut()
	} else {
		go k.armWhenStarted(k.proc.started(), timeout)
	}
	k.stopCancel = context.AfterFunc(ctx, func() {
		k.cancelled.Store(true)
		k.kill()
		close(k.cancelledC)
	})
}

// timeOut is the timeout firing.
func (k *groupKiller) timeOut() {
	k.timedOut.Store(true)
	k.kill()
	close(k.timedOutC)
}

// kill sends the group SIGTERM the first time it is called and schedules
// the SIGKILL a grace period later.
func (k *groupKiller) kill() {
	if k.killed.Swap(true) {
		return
	}
	k.proc.signal(false)
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.finished {
		k.force = time.AfterFunc(k.grace, func() {
			k.mu.Lock()
			defer k.mu.Unlock()
			if !k.finished {
				k.proc.signal(true)
			}
		})
	}
}

// armWhenStarted starts the timeout once the hook's program has started
// (or setupCap later), unless disarm came first.
func (k *groupKiller) armWhenStarted(started <-chan struct{}, timeout time.Duration) {
	select {
	case <-started:
	default:
		capped := time.NewTimer(setupCap)
		defer capped.Stop()
		select {
		case <-started:
		case <-capped.C:
		case <-k.disarmedC:
			return
		}
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.disarmed {
		k.timeout = time.AfterFunc(timeout, k.timeOut)
	}
}

// disarm stops the timeout and the watch on the context; a kill already
// sent stays sent.
func (k *groupKiller) disarm() {
	k.mu.Lock()
	if !k.disarmed {
		k.disarmed = true
		close(k.disarmedC)
	}
	if k.timeout != nil {
		k.timeout.Stop()
	}
	k.mu.Unlock()
	k.stopCancel()
}

// finish cancels a pending SIGKILL: from here on the leftovers are ended
// by the process's finish.
func (k *groupKiller) finish() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.finished = true
	if k.force != nil {
		k.force.Stop()
	}
}

func closeAll(fs ...*os.File) {
	for _, f := range fs {
		f.Close()
	}
}

func writeStdin(w *os.File, payload string) {
	if payload != "" {
		_, _ = w.WriteString(payload)
	}
	w.Close()
}

// readCapped reads f to EOF (or error), keeping at most limit bytes;
// each, when set, gets every piece read, kept or not.
func readCapped(f *os.File, limit int, each func([]byte)) ([]byte, bool) {
	buf := make([]byte, 0, 512)
	truncated := false
	var scratch []byte
	for {
		if len(buf) < limit {
			if len(buf) == cap(buf) {
				buf = append(buf, 0)[:len(buf)]
			}
			room := buf[len(buf):cap(buf)]
			if len(room) > limit-len(buf) {
				room = room[:limit-len(buf)]
			}
			n, err := f.Read(room)
			if each != nil && n > 0 {
				each(room[:n])
			}
			buf = buf[:len(buf)+n]
			if err != nil {
				return buf, truncated
			}
			continue
		}
		if scratch == nil {
			scratch = make([]byte, 32<<10)
		}
		n, err := f.Read(scratch)
		if n > 0 {
			truncated = true
			if each != nil {
				each(scratch[:n])
			}
		}
		if err != nil {
			return buf, truncated
		}
	}
}

// ResolveExecutable finds a program on the hook environment's PATH, as
// libuv does for the child ("" = not found); a name with a slash is
// returned as it is.
func ResolveExecutable(name string, env []string) string {
	return LookPathIn(name, EnvPath(env), goos())
}

func EnvPath(env []string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if len(env[i]) > 5 && env[i][:5] == "PATH=" {
			return env[i][5:]
		}
	}
	return ""
}

// errnoName gives the errno code Node prints ("ENOENT"), or the error text.
func errnoName(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if name := errnoCode(err); name != "" {
		return name
	}
	return err.Error()
}
