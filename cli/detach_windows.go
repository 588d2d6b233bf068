package cli

import (
	"os"
	"syscall"
)

// detachedAttr: Windows has no sessions to leave; the notification
// process (notify-send, which Windows lacks anyway) starts as it is.
func detachedAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{} }

// forwardedSignals: on Windows only Ctrl+C is delivered as a signal;
// the console sends it to the agent too, so it is caught and not passed on.
func forwardedSignals() []os.Signal { return []os.Signal{os.Interrupt} }

// passOn: nothing is passed on (see forwardedSignals).
func passOn(os.Signal) bool { return false }
