//go:build unix

package settingsio

import (
	"fmt"
	"os"
	"syscall"
)

// syncDir fsyncs a folder so that a rename in it survives a crash.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// lockDir takes an exclusive advisory lock on a folder (flock), shared by
// every Hookwarden process that updates a file in it, and returns the
// release function. Programs that do not take the lock are not held back;
// UpdateFileAtomic's re-read covers them.
func lockDir(dir string) (func(), error) {
	d, err := os.Open(dir)
	if err != nil {
		return nil, fmt.Errorf("locking %s: %w", dir, err)
	}
	for {
		err = syscall.Flock(int(d.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		d.Close()
		return nil, fmt.Errorf("locking %s: %w", dir, err)
	}
	return func() {
		syscall.Flock(int(d.Fd()), syscall.LOCK_UN)
		d.Close()
	}, nil
}

// checkWritable refuses to replace a file the caller may not write: the
// rename would only need the folder's permission, but the agent itself
// (which writes in place) would fail, and the user meant the file to stay.
func checkWritable(path string) error {
	if err := syscall.Access(path, 2 /* W_OK */); err != nil {
		return fmt.Errorf("not writing %s: it is read-only for this user (%w)", path, err)
	}
	return nil
}

// keepOwner gives the temporary file the owner and group of the file it
// replaces, so that a write run with more rights (sudo) does not hand the
// user's file to another account. Failing to (no right to chown) is fine:
// then the owner is the writer, as with any in-place write.
func keepOwner(tmp *os.File, fi os.FileInfo) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		_ = tmp.Chown(int(st.Uid), int(st.Gid))
	}
}
