//go:build !linux

package trust

import "os"

// platformFileKey: no key here (the change time is not read on this
// platform), so nothing is cached and every script is read.
func platformFileKey(os.FileInfo) (FileKey, bool) { return FileKey{}, false }
