package cli

import "syscall"

// detachedAttr: Windows has no sessions to leave; the notification
// process (notify-send, which Windows lacks anyway) starts as it is.
func detachedAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{} }
