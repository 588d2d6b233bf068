package settingsio

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
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
}
