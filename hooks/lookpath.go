package hooks

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// lookPathIn finds name on pathList as the spawned process would (libuv
// searches the child's PATH).
func LookPathIn(name, pathList, goos string) string {
	if strings.ContainsAny(name, `/\`) {
		return name
	}
	exts := []string{""}
	sep := string(os.PathListSeparator)
	if goos == "windows" {
		exts = []string{".exe", ".cmd", ".bat", ""}
		sep = ";"
	}
	for _, dir := range strings.Split(pathList, sep) {
		if dir == "" {
			continue
		}
		for _, ext := range exts {
			p := filepath.Join(dir, name+ext)
			if isExecutableFile(p) {
				return p
			}
		}
	}
	return ""
}

func isExecutableFile(p string) bool {
	fi, err := os.Stat(p)
	if err != nil || fi.IsDir() {
		return false
	}
	return runtime.GOOS == "windows" || fi.Mode()&0o111 != 0
}
