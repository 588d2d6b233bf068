//go:build unix

package settingsio

import (
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
}
