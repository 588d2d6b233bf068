//go:build !unix

package history

import "os"

// lockDir has no lock where flock does not exist: each record is one
// O_APPEND write.
func lockDir(string) (func(), error) { return func() {}, nil }

// openAppend opens a history file for appending (0600).
func openAppend(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
}
