//go:build !windows

package cli

import "syscall"

// detachedAttr starts a process in a session of its own, so that it
// outlives the git hook that started it.
func detachedAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }
