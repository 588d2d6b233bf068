package hooks

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"sync/atomic"
	"time"
)

// spawnSpec is one hook process to run.
type spawnSpec struct {
	shell ShellConfig
	// exe is the resolved shell path ("" = not found on PATH).
	exe     string
	command string
	env     []string
	dir     string
	stdin   string
	timeout time.Duration
	grace   time.Duration
	cap     int
}

// spawnResult is what happened to the process.
type spawnResult struct {
	stdout, stderr []byte
	truncated      bool
	// startErr is Node's spawn error text ("spawn bash ENOENT").
	startErr  string
	exited    bool // exited normally (not by a signal)
	code      int
	signal    string
	timedOut  bool
	cancelled bool
	pipesHeld bool
}

// stdinInlineMax is the payload size written from the calling goroutine:
// up to one page fits an empty pipe on every platform, so the write cannot
// block on a hook that does not read.
const stdinInlineMax = 4096

// run starts the process and collects its streams. It returns when the
// process has exited and both streams are closed, or a grace period after
// the process exited (or was killed) while something still holds the pipes.
func (s *spawnSpec) run(ctx context.Context) spawnResult {
	var res spawnResult
	exe := s.exe
	if exe == "" {
		res.startErr = "spawn " + s.shell.Executable + " ENOENT"
		return res
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		res.startErr = "spawn " + s.shell.Executable + " " + errnoName(err)
		return res
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		res.startErr = "spawn " + s.shell.Executable + " " + errnoName(err)
		return res
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		res.startErr = "spawn " + s.shell.Executable + " " + errnoName(err)
		return res
	}
	args := make([]string, 0, len(s.shell.Args)+2)
	args = append(args, s.shell.Executable)
	args = append(args, s.shell.Args...)
	args = append(args, s.command)
	cmd := &exec.Cmd{Path: exe, Args: args, Env: s.env, Dir: s.dir, Stdin: inR, Stdout: outW, Stderr: errW}
	configureProcess(cmd)
	err = cmd.Start()
	closeAll(inR, outW, errW)
	if err != nil {
		closeAll(inW, outR, errR)
		res.startErr = "spawn " + s.shell.Executable + " " + errnoName(err)
		return res
	}
	proc := cmd.Process

	// Streams.
	type capture struct {
		data      []byte
		truncated bool
	}
	var outCap, errCap capture
	done := make(chan struct{}, 2)
	readInto := func(f *os.File, c *capture) {
		c.data, c.truncated = readCapped(f, s.cap)
		done <- struct{}{}
	}
	go readInto(errR, &errCap)
	go readInto(outR, &outCap)

	// Timeout and cancellation: kill the whole group, then force it.
	var timedOut, cancelled, killed atomic.Bool
	kill := func() {
		if killed.Swap(true) {
			return
		}
		killGroup(proc, false)
		time.AfterFunc(s.grace, func() { killGroup(proc, true) })
	}
	timeoutCh, cancelCh := make(chan struct{}), make(chan struct{})
	var timer *time.Timer
	if s.timeout <= 0 {
		timedOut.Store(true)
		kill()
		close(timeoutCh)
	} else {
		timer = time.AfterFunc(s.timeout, func() { timedOut.Store(true); kill(); close(timeoutCh) })
	}
	stopCancel := context.AfterFunc(ctx, func() { cancelled.Store(true); kill(); close(cancelCh) })

	// Stdin: written once, then closed; EPIPE and friends are ignored.
	if len(s.stdin) <= stdinInlineMax {
		writeStdin(inW, s.stdin)
	} else {
		go writeStdin(inW, s.stdin)
	}

	state, waitErr := proc.Wait()

	// The pipes normally close with the process. A background child may
	// hold them: Gemini waits for it (and reports a timeout if the timer
	// fires first); we wait a grace period, restarted by a timeout or
	// cancellation (which kill the group), then stop reading.
	pending := 2
	grace := time.NewTimer(s.grace)
wait:
	for pending > 0 {
		select {
		case <-done:
			pending--
		case <-timeoutCh:
			timeoutCh = nil
			grace.Reset(s.grace)
		case <-cancelCh:
			cancelCh = nil
			grace.Reset(s.grace)
		case <-grace.C:
			res.pipesHeld = !killed.Load()
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

	res.stdout, res.stderr = outCap.data, errCap.data
	res.truncated = outCap.truncated || errCap.truncated
	res.timedOut, res.cancelled = timedOut.Load(), cancelled.Load() && !timedOut.Load()
	if waitErr == nil && state != nil {
		res.exited, res.code, res.signal = exitStatus(state)
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

// resolveExecutable finds the shell on the hook environment's PATH, as
// libuv does for the child ("" = not found).
func resolveExecutable(name string, env []string) string {
	return lookPathIn(name, envPath(env), goos())
}

func envPath(env []string) string {
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
