//go:build unix

package sandbox

import (
	"fmt"
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// ReadRegular reads a file a hook may have left, as every read of what a
// hook wrote must: without following a final symlink, without blocking
// (a FIFO, a device), a regular file only (ErrNotRegular) and at most max
// bytes (ErrTooLarge).
func ReadRegular(p string, max int64) ([]byte, error) {
	fd, err := unix.Open(p, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC|unix.O_NOCTTY, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: p, Err: err}
	}
	f := os.NewFile(uintptr(fd), p)
	defer f.Close()
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return nil, &os.PathError{Op: "fstat", Path: p, Err: err}
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG {
		return nil, &os.PathError{Op: "read", Path: p, Err: ErrNotRegular}
	}
	if st.Size > max {
		return nil, &os.PathError{Op: "read", Path: p, Err: fmt.Errorf("%w: more than %d bytes", ErrTooLarge, max)}
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, &os.PathError{Op: "read", Path: p, Err: err}
	}
	if int64(len(b)) > max {
		return nil, &os.PathError{Op: "read", Path: p, Err: fmt.Errorf("%w: more than %d bytes", ErrTooLarge, max)}
	}
	return b, nil
}
