package sandbox

import (
	"os"
	"syscall"
)

// Spec is the hook process to start.
type Spec struct {
	Path       string // resolved executable
	Argv       []string
	Env        []string
	Dir        string
	NewSession bool
	// Stdin, Stdout and Stderr become the hook's 0, 1 and 2.
	Stdin, Stdout, Stderr *os.File
}

// Exit is how the hook's own process ended.
type Exit struct {
	Exited bool // false: killed by Signal
	Code   int
	Signal string
}

// StartError says why the supervisor could not start the hook; Errno is
// the exec error when that was the cause.
type StartError struct {
	Msg   string
	Errno syscall.Errno
}

func (e *StartError) Error() string { return e.Msg }

// Unwrap gives the errno (for the runner's "spawn bash ENOENT").
func (e *StartError) Unwrap() error {
	if e.Errno != 0 {
		return e.Errno
	}
	return nil
}
