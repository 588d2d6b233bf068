//go:build !linux

package trust

import "os"

// platformFileKey: no key here (the change time is not read on this
// platform), so nothing is cached and every script is read.
func platformFileKey(os.FileInfo) (FileKey, bool) { return FileKey{}, false }

// statFileKey: no key here; the error says whether the file is there.
func statFileKey(path string) (FileKey, bool, error) {
	_, err := os.Stat(path)
	return FileKey{}, false, err
}
