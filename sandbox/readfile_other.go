//go:build !unix

package sandbox

import (
	"fmt"
	"io"
	"os"
)

// ReadRegular reads a regular file of at most max bytes (ErrNotRegular,
// ErrTooLarge); this system has no FIFOs to block on, so it checks the
// file before it opens it.
func ReadRegular(p string, max int64) ([]byte, error) {
	fi, err := os.Lstat(p)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &os.PathError{Op: "read", Path: p, Err: ErrNotRegular}
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, &os.PathError{Op: "read", Path: p, Err: fmt.Errorf("%w: more than %d bytes", ErrTooLarge, max)}
	}
	return b, nil
}
