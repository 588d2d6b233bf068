package guard

import (
	"fmt"
	"os"
)

// fileStamp is a file's size and modification time: Windows has no inode
// or change time to read through os.FileInfo.
func fileStamp(fi os.FileInfo) string {
	return fmt.Sprintf("%d:%d", fi.Size(), fi.ModTime().UnixNano())
}
