package testenv

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// HomeAndProject writes files into a fresh home and project folder and
// returns both: in each name, HOME and PROJECT stand for the two folders,
// and in each text HOMEDIR for the home. The project folder exists even
// when no file is in it. POSIX paths: the test is skipped on Windows.
func HomeAndProject(t testing.TB, files map[string]string) (home, project string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("POSIX paths in the fixtures")
	}
	tmp := t.TempDir()
	home, project = filepath.Join(tmp, "home"), filepath.Join(tmp, "project")
	for name, content := range files {
		p := strings.NewReplacer("HOME", home, "PROJECT", project).Replace(name)
		content = strings.ReplaceAll(content, "HOMEDIR", home)
		WriteFile(t, p, content)
	}
	_ = os.MkdirAll(project, 0o755)
	return home, project
}
