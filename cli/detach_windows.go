package cli

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"syscall"
)

// detachedAttr: Windows has no sessions to leave; the notification
// process (notify-send, which Windows lacks anyway) starts as it is.
func detachedAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{} }

// replaceProcess: Windows cannot replace a process, so the agent runs as
// a child with Hookwarden's streams, and its exit code becomes
// Hookwarden's. Ctrl+C reaches the agent through the console and is
// the agent's to handle, so the context's cancellation does not kill it.
func replaceProcess(_ context.Context, path string, argv, env []string) error {
	cmd := exec.Command(path, argv[1:]...)
	cmd.Env = env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return &ExitError{Code: ee.ExitCode()}
	}
	return err
}
