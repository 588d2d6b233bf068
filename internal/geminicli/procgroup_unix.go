//go:build unix

package geminicli

import (
	"errors"
	"os/exec"
	"syscall"
)

// ownProcessGroup makes cmd the leader of a new process group, so that it
// and everything it starts can be killed together.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcessGroup sends SIGKILL to the process group led by pid. A group
// that is already gone is not an error.
func killProcessGroup(pid int) error {
	if pid <= 0 {
		return nil
	}
	if err := syscall.Kill(-pid, syscall.SIGKILL); err != nil && !errors.Is(err, syscall.ESRCH) {
		return err
	}
	return nil
}
