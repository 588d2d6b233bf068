package sandbox

import "errors"

// ErrNotRegular is a read refused because the path is not a regular file
// (a FIFO, a socket, a device, a folder or, unfollowed, a link).
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is a read refused because the file is larger than asked.
var ErrTooLarge = errors.New("file too large")
