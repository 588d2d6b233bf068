//go:build !windows

package guard

import (
	"fmt"
	"os"
	"syscall"
)

// fileStamp is a file's inode, size and change time ("" when the system
// does not say them).
func fileStamp(fi os.FileInfo) string {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return ""
	}
	sec, nsec := ctime(st)
	return fmt.Sprintf("%d:%d:%d.%d", st.Ino, st.Size, sec, nsec)
}
