//go:build !linux

package sandbox

import (
	"fmt"
	"os"
	"runtime"
)

// Main refuses: the supervisor exists on Linux only.
func Main(args []string) int {
	fmt.Fprintf(os.Stderr, "hookwarden: %s is not available on %s\n", InitCommand, runtime.GOOS)
	return 2
}

// Process is not available on this system.
type Process struct{ key string }

// Start says the sandbox and the supervisor do not exist on this system.
func Start(cfg Config, spec Spec) (*Process, error) {
	return nil, fmt.Errorf("%w: Hookwarden's sandbox is built on Linux namespaces, and this is %s (docs/sandbox.md describes the macOS design)", ErrUnavailable, runtime.GOOS)
}

// Wait is never reached.
func (p *Process) Wait() (Exit, error) { return Exit{}, ErrUnavailable }

// Started is never reached.
func (p *Process) Started() <-chan struct{} { return nil }

// Signal is never reached.
func (p *Process) Signal(force bool) {}

// Close is never reached.
func (p *Process) Close() *Report { return nil }

// startParked says the sandbox does not exist on this system.
func startParked(cfg Config) (*Process, error) { return Start(cfg, Spec{}) }

// Close has nothing to free on this system.
func (s *Sequence) Close() {}
