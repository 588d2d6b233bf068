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
func (s *SpawnSpec) Run(ctx context.Context) SpawnResult {
	var res SpawnResult
	exe := s.Path
	if exe == "" {
		res.StartErr = "spawn " + s.Program + " ENOENT"
		return res
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		res.StartErr = "spawn " + s.Program + " " + errnoName(err)
		return res
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		res.StartErr = "spawn " + s.Program + " " + errnoName(err)
		return res
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		res.StartErr = "spawn " + s.Program + " " + errnoName(err)
		return res
	}
	args := make([]string, 0, len(s.Args)+1)
	args = append(args, s.Program)
	args = append(args, s.Args...)
	if s.Check != nil {
		if err := s.Check(); err != nil {
			closeAll(inR, inW, outR, outW, errR, errW)
			res.StartErr = RefusedPrefix + err.Error()
			return res
		}
	}
	hp, err := s.start(exe, args, inR, outW, errW)
	closeAll(inR, outW, errW)
	if err != nil {
		closeAll(inW, outR, errR)
		res.StartErr = err.Error()
		return res
	}

	// Streams.
	type capture struct {
		data      []byte
		truncated bool
	}
	var outCap, errCap capture
	done := make(chan struct{}, 2)
	readInto := func(f *os.File, c *capture) {
		c.data, c.truncated = readCapped(f, s.Cap)
		done <- struct{}{}
	}
	go readInto(errR, &errCap)
	go readInto(outR, &outCap)

	// Timeout and cancellation: kill the whole group, then force it.
	var timedOut, cancelled, killed atomic.Bool
	var forceMu sync.Mutex
	var force *time.Timer
	finished := false
	kill := func() {
		if killed.Swap(true) {
			return
		}
		hp.signal(false)
		forceMu.Lock()
		if !finished {
			force = time.AfterFunc(s.Grace, func() {
				forceMu.Lock()
				defer forceMu.Unlock()
				if !finished {
					hp.signal(true)
				}
			})
		}
		forceMu.Unlock()
	}
	timeoutCh, cancelCh := make(chan struct{}), make(chan struct{})
	var timer *time.Timer
	if s.Timeout <= 0 {
		timedOut.Store(true)
		kill()
		close(timeoutCh)
	} else {
		timer = time.AfterFunc(s.Timeout, func() { timedOut.Store(true); kill(); close(timeoutCh) })
	}
	stopCancel := context.AfterFunc(ctx, func() { cancelled.Store(true); kill(); close(cancelCh) })

	// Stdin: written once, then closed; EPIPE and friends are ignored.
	if len(s.Stdin) <= stdinInlineMax {
		writeStdin(inW, s.Stdin)
	} else {
		go writeStdin(inW, s.Stdin)
	}

	exit, waitErr := hp.wait()

	// The pipes normally close with the process. A background child may
	// hold them: Gemini waits for it (and reports a timeout if the timer
	// fires first); we wait a grace period, restarted by a timeout or
	// cancellation (which kill the group), then stop reading.
	pending := 2
	grace := time.NewTimer(s.Grace)
wait:
	for pending > 0 {
		select {
		case <-done:
			pending--
		case <-timeoutCh:
			timeoutCh = nil
			grace.Reset(s.Grace)
		case <-cancelCh:
			cancelCh = nil
			grace.Reset(s.Grace)
		case <-grace.C:
			res.PipesHeld = !killed.Load()
			break wait
		}
	}
	grace.Stop()
	if timer != nil {
		timer.Stop()
	}
	stopCancel()
	closeAll(outR, errR) // unblocks readers still waiting on a held pipe
	for ; pending > 0; pending-- {
		<-done
	}
	// The result is in; whatever the hook left running (a background job,
	// an orphan holding the pipes, a setsid daemon under the supervisor)
	// is ended now, before Run returns, so a dry run never leaves processes
	// behind. Gemini CLI would leave them.
	forceMu.Lock()
	finished = true
	if force != nil {
		force.Stop()
	}
	forceMu.Unlock()
	res.Sandbox = hp.finish()

	res.Stdout, res.Stderr = outCap.data, errCap.data
	res.Truncated = outCap.truncated || errCap.truncated
	res.TimedOut, res.Cancelled = timedOut.Load(), cancelled.Load() && !timedOut.Load()
	switch {
	case waitErr == nil:
		res.Exited, res.Code, res.Signal = exit.Exited, exit.Code, exit.Signal
	case exit.startErr:
		res.StartErr = "spawn " + s.Program + " " + errnoName(waitErr)
		if !hasErrno(waitErr) {
			res.StartErr = "sandbox: " + waitErr.Error()
		}
	}
	return res
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

// readCapped reads f to EOF (or error), keeping at most limit bytes.
func readCapped(f *os.File, limit int) ([]byte, bool) {
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
