//go:build !unix

package settingsio

import "os"

const openReadNonblocking = os.O_RDONLY
