//go:build !unix

package settingsio

// syncDir is a no-op where folders cannot be opened for fsync (Windows);
// the rename itself is durable there once the file was flushed.
func syncDir(dir string) error { return nil }

// lockDir has no advisory folder lock here; UpdateFileAtomic relies on its
// re-read before the rename alone.
func lockDir(dir string) (func(), error) { return func() {}, nil }
