//go:build unix

package settingsio

import (
	"os"
	"syscall"
)

// openReadNonblocking opens without waiting for a writer on a named pipe;
// it changes nothing for regular files.
const openReadNonblocking = os.O_RDONLY | syscall.O_NONBLOCK
