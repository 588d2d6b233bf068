//go:build !unix

package geminicli

import (
	"errors"
	"os/exec"
)

func ownProcessGroup(cmd *exec.Cmd) {}

func killProcessGroup(pid int) error {
	return errors.New("geminicli: process groups need a POSIX system")
}
