//go:build !unix

package settingsio

import (
	"fmt"
	"os"
)

// syncDir is a no-op where folders cannot be opened for fsync (Windows);
// the rename itself is durable there once the file was flushed.
func syncDir(dir string) error { return nil }

// lockDir has no advisory folder lock here; UpdateFileAtomic relies on its
// re-read before the rename alone.
func lockDir(dir string) (func(), error) { return func() {}, nil }

// checkWritable refuses a read-only file.
func checkWritable(path string) error {
	fi, err := os.Stat(path)
	if err == nil && fi.Mode().Perm()&0o200 == 0 {
		return fmt.Errorf("not writing %s: it is read-only", path)
	}
	return nil
}

// keepOwner does nothing where files have no Unix owner.
func keepOwner(tmp *os.File, fi os.FileInfo) {}
