package settingsio

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
)

func TestReadRegularFileRefusesWhatWouldHang(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(file, []byte(`{"a":1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadRegularFile(file); err != nil || string(data) != `{"a":1}` {
		t.Errorf("regular file: %q, %v", data, err)
	}
	if _, err := ReadRegularFile(filepath.Join(dir, "missing.json")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v, want fs.ErrNotExist", err)
	}
	if _, err := ReadRegularFile(dir); err == nil {
		t.Error("a folder was read as a file")
	}
	if runtime.GOOS == "windows" {
		return
	}
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	// Without O_NONBLOCK this would block until a writer opens the pipe.
	if _, err := ReadRegularFile(fifo); err == nil {
		t.Error("a named pipe was read as a settings file")
	}
	s := Load(Options{ProjectDir: dir, Env: Env{"HOME=" + dir, "GEMINI_CLI_HOME=" + t.TempDir()}, GOOS: "linux", Home: dir})
	_ = s // loading a project whose files are pipes must return
}
