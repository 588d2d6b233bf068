package hooks

import (
	"context"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/sandbox"
)

// slowStart is a hook process whose program starts when the test says so,
// as a sandboxed hook's does once the sandbox is set up.
type slowStart struct {
	start   chan struct{}
	signals chan bool
}

func (s *slowStart) wait() (hookExit, error)  { return hookExit{}, nil }
func (s *slowStart) signal(force bool)        { s.signals <- force }
func (s *slowStart) finish() *sandbox.Report  { return nil }
func (s *slowStart) started() <-chan struct{} { return s.start }
func newSlowStart() *slowStart {
	return &slowStart{start: make(chan struct{}), signals: make(chan bool, 4)}
}

// A hook's timeout counts from the start of its own program, not from
// the start of the sandbox's setup: Gemini CLI's 500 ms timeout of a hook
// that prints at once and then sleeps kept its partial output when run
// directly but lost it in the sandbox on a loaded machine.
func TestTimeoutStartsWithTheHooksProgram(t *testing.T) {
	p := newSlowStart()
	k := newGroupKiller(p, time.Hour)
	k.arm(context.Background(), time.Millisecond)
	defer k.disarm()
	// the setup takes far longer than the timeout: no timeout yet
	select {
	case <-k.timedOutC:
		t.Fatal("the timeout fired while the sandbox was still setting up")
	case <-time.After(100 * time.Millisecond):
	}
	close(p.start)
	select {
	case <-k.timedOutC:
	case <-time.After(time.Minute):
		t.Fatal("no timeout after the hook's program started")
	}
	if force := <-p.signals; force {
		t.Error("the timeout's first signal was SIGKILL, want SIGTERM")
	}
}

// disarm before the program starts leaves no timeout behind.
func TestDisarmBeforeTheProgramStarts(t *testing.T) {
	p := newSlowStart()
	k := newGroupKiller(p, time.Hour)
	k.arm(context.Background(), time.Millisecond)
	k.disarm()
	close(p.start)
	select {
	case <-k.timedOutC:
		t.Fatal("a disarmed killer timed out")
	case <-time.After(100 * time.Millisecond):
	}
}
