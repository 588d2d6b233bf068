//go:build !windows

package cli

import (
	"context"
	"syscall"
)

// detachedAttr starts a process in a session of its own, so that it
// outlives the git hook that started it.
func detachedAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }

// replaceProcess replaces Hookwarden with the agent (`hookwarden exec`),
// so that the agent gets its terminal, signals and exit code unchanged.
func replaceProcess(_ context.Context, path string, argv, env []string) error {
	return syscall.Exec(path, argv, env)
}
