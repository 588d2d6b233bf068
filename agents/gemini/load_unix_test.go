//go:build unix

package gemini

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

func TestLoadRefusesANamedPipe(t *testing.T) {
	home := t.TempDir()
	user := filepath.Join(home, ".gemini", "settings.json")
	if err := os.MkdirAll(filepath.Dir(user), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(user, 0o644); err != nil {
		t.Fatal(err)
	}
	s := load(loadOptions{ProjectDir: t.TempDir(), Env: settingsio.Env{"GEMINI_CLI_HOME=" + home}, GOOS: "linux", Home: home})
	if f := s.Settings[1]; f.Path != user || f.Err == nil {
		t.Errorf("user layer %s: error %v, want an error for a named pipe", f.Path, f.Err)
	}
}
