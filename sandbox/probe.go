package sandbox

import (
	"errors"
	"fmt"
	"os"
)

// Probe starts a no-op in the sandbox cfg describes and says exactly why
// it cannot start here (nil: it can). It costs one sandboxed start.
func Probe(cfg Config) error {
	cfg.Isolate = true
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	defer null.Close()
	// /proc/self/exe: the helper execs itself (cfg.Init may sit in the
	// private /tmp)
	p, err := Start(cfg, Spec{Path: "/proc/self/exe", Argv: []string{"hookwarden", InitCommand, "noop"}, Env: []string{}, Stdin: null, Stdout: null, Stderr: null})
	if err != nil {
		return err
	}
	ex, err := p.Wait()
	p.Close()
	switch {
	case err != nil && !errors.Is(err, ErrUnavailable):
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	case err != nil:
		return err
	case !ex.Exited || ex.Code != 0:
		return fmt.Errorf("%w: a no-op in the sandbox ended with %+v", ErrUnavailable, ex)
	}
	return nil
}

// Prober is the probe a dry run's rule calls (hooks.SandboxPolicy.Choose):
// Probe(cfg), and a clear reason when no supervisor executable is known.
func Prober(cfg Config) func() error {
	return func() error {
		if cfg.Init == "" {
			return fmt.Errorf("%w: this program cannot start Hookwarden's supervisor", ErrUnavailable)
		}
		return Probe(cfg)
	}
}
