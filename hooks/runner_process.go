package hooks

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"

	"github.com/hookwarden/hookwarden/sandbox"
)

// hookExit is how the hook's own process ended; startErr says the error
// Wait returned is a failure to start it.
type hookExit struct {
	Exited   bool
	Code     int
	Signal   string
	startErr bool
}

// hookProcess is a started hook, direct or under the supervisor.
type hookProcess interface {
	// wait blocks until the hook's own process has ended.
	wait() (hookExit, error)
	// signal sends SIGTERM to the hook's group, or (force) SIGKILL.
	signal(force bool)
	// finish ends every process the hook left and returns when they are
	// gone, with the sandbox's report when it ran in the sandbox.
	finish() *sandbox.Report
	// started is closed when the hook's own program has started (at once
	// for a direct one; after the sandbox's setup for a supervised one).
	started() <-chan struct{}
}

// start starts the hook's process with the given pipe ends.
func (s *SpawnSpec) start(exe string, argv []string, stdin, stdout, stderr *os.File) (hookProcess, error) {
	if s.Supervisor != nil {
		p, err := sandbox.Start(*s.Supervisor, sandbox.Spec{Path: exe, Argv: argv, Env: s.Env, Dir: s.Dir,
			NewSession: s.NewSession, Stdin: stdin, Stdout: stdout, Stderr: stderr})
		switch {
		case err == nil:
			return &supervised{p: p}, nil
		case s.Supervisor.Isolate:
			// never run for real what was asked to run in the sandbox
			return nil, fmt.Errorf("sandbox: %v", err)
		}
	}
	cmd := &exec.Cmd{Path: exe, Args: argv, Env: s.Env, Dir: s.Dir, Stdin: stdin, Stdout: stdout, Stderr: stderr}
	configureProcess(cmd, s.NewSession)
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("spawn %s %s", s.Program, errnoName(err))
	}
	return &direct{p: cmd.Process}, nil
}

// direct is a hook started by this process, in a group of its own.
type direct struct{ p *os.Process }

func (d *direct) wait() (hookExit, error) {
	st, err := d.p.Wait()
	if err != nil {
		return hookExit{}, err
	}
	var e hookExit
	e.Exited, e.Code, e.Signal = exitStatus(st)
	return e, nil
}

func (d *direct) signal(force bool) { killGroup(d.p, force) }

func (d *direct) started() <-chan struct{} { return closedChan }

// closedChan is a channel that is always ready.
var closedChan = func() chan struct{} { c := make(chan struct{}); close(c); return c }()

func (d *direct) finish() *sandbox.Report {
	killGroupNow(d.p)
	return nil
}

// supervised is a hook started under the supervisor.
type supervised struct{ p *sandbox.Process }

func (s *supervised) wait() (hookExit, error) {
	ex, err := s.p.Wait()
	if err != nil {
		return hookExit{startErr: true}, err
	}
	return hookExit{Exited: ex.Exited, Code: ex.Code, Signal: ex.Signal}, nil
}

func (s *supervised) signal(force bool) { s.p.Signal(force) }

func (s *supervised) finish() *sandbox.Report { return s.p.Close() }

func (s *supervised) started() <-chan struct{} { return s.p.Started() }

func hasErrno(err error) bool {
	var errno syscall.Errno
	return errors.As(err, &errno)
}
