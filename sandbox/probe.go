package sandbox

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// Probe sets up the sandbox cfg describes as for a hook and says exactly
// why it cannot start here (nil: it can). It costs one sandboxed start
// but no program: the hook it starts is probeProgram, which cannot exist
// (the sandbox's /tmp is a new, empty file system), so the supervisor
// goes through every step of a hook's start - namespaces, mounts, network,
// Landlock, the seccomp filter and its listener, the fork - and the exec
// itself fails with ENOENT, the one answer that says all of them worked.
func Probe(cfg Config) error { return ProbeFor(cfg, 1) }

// ProbeFor is Probe for a dry run that will start hooks sandboxed hooks
// with cfg: with cfg.Warm, the probe's sandbox stays set up for the first
// of them and the others' are set up behind it (Warm).
func ProbeFor(cfg Config, hooks int) error {
	cfg.Isolate = true
	if cfg.Warm != nil {
		return cfg.Warm.probe(cfg, hooks)
	}
	return probe(cfg)
}

// probe is Probe without a Warm: the probed sandbox is ended. It is no
// hook of cfg's Sequence.
func probe(cfg Config) error {
	cfg.Isolate, cfg.Warm, cfg.Sequence = true, nil, nil
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	defer null.Close()
	p, err := Start(cfg, Spec{Path: probeProgram, Argv: []string{probeProgram}, Env: []string{}, Stdin: null, Stdout: null, Stderr: null})
	if err != nil {
		return err
	}
	ex, err := p.Wait()
	p.Close()
	var start *StartError
	if err == nil {
		return fmt.Errorf("%w: a program that cannot exist started in the sandbox (%+v)", ErrUnavailable, ex)
	}
	if errors.As(err, &start) && start.Errno == syscall.ENOENT {
		return nil
	}
	return probeError(err)
}

// probeError is why a probe failed, as ErrUnavailable.
func probeError(err error) error {
	if errors.Is(err, ErrUnavailable) {
		return err
	}
	return fmt.Errorf("%w: %v", ErrUnavailable, err)
}

// probeProgram is Probe's hook: a path in the sandbox's private /tmp.
const probeProgram = "/tmp/.hookwarden-probe/none"

// Prober is the probe a dry run's rule calls (hooks.SandboxPolicy.Choose)
// with the number of hooks it would start in the sandbox: ProbeFor(cfg,
// hooks), and a clear reason when no supervisor executable is known.
func Prober(cfg Config) func(hooks int) error {
	return func(hooks int) error {
		if cfg.Init == "" {
			return fmt.Errorf("%w: this program cannot start Hookwarden's supervisor", ErrUnavailable)
		}
		return ProbeFor(cfg, hooks)
	}
}
