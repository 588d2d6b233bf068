//go:build !linux

package sandbox

import "errors"

// Enforcer is the listener of an agent started under enforcement (Linux
// only).
type Enforcer struct{}

// Enforce refuses: enforcement needs Linux's seccomp listener.
func Enforce(cfg EnforceConfig, start func() (int, error)) (*Enforcer, error) {
	return nil, errors.New(EnforceSupported())
}

// EnforceSupported says why enforcement cannot work here.
func EnforceSupported() string {
	return "enforcing approvals while the agent runs needs Linux (the seccomp listener)"
}

// Close does nothing.
func (e *Enforcer) Close() {}
