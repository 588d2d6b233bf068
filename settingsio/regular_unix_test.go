//go:build unix

package settingsio

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestReadRegularFileRefusesANamedPipe(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "settings.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	// Without O_NONBLOCK this would block until a writer opens the pipe.
	if _, err := ReadRegularFile(fifo); err == nil {
		t.Error("a named pipe was read as a settings file")
	}
	home := t.TempDir()
	user := filepath.Join(home, ".gemini", "settings.json")
	if err := os.MkdirAll(filepath.Dir(user), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(user, 0o644); err != nil {
		t.Fatal(err)
	}
	s := Load(Options{ProjectDir: t.TempDir(), Env: Env{"GEMINI_CLI_HOME=" + home}, GOOS: "linux", Home: home})
	if f := s.Layers[1]; f.Path != user || f.Err == nil {
		t.Errorf("user layer %s: error %v, want an error for a named pipe", f.Path, f.Err)
	}
}
