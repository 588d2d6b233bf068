//go:build !windows

package cli

import (
	"os"
	"syscall"
)

// detachedAttr starts a process in a session of its own, so that it
// outlives the git hook that started it.
func detachedAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }

// forwardedSignals are the signals `hookwarden exec` catches while the
// agent runs (superviseAgent): it must not die of them, and passes on
// those the terminal does not already send to the agent's process group.
func forwardedSignals() []os.Signal {
	return []os.Signal{syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGUSR1, syscall.SIGUSR2}
}

// passOn reports whether superviseAgent sends s on to the agent: the
// terminal already delivers Ctrl+C and Ctrl+\ to the whole group.
func passOn(s os.Signal) bool { return s != syscall.SIGINT && s != syscall.SIGQUIT }
