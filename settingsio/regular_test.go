package settingsio

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
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

// ReadRegularFile reads the whole file whatever its size says: sizes
// around its buffer's, and a file whose fstat size is 0 but that has text
// (/proc), as os.ReadFile does.
func TestReadRegularFileReadsAllOfIt(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{0, 1, 511, 512, 513, 4096, 1<<20 + 7} {
		want := make([]byte, n)
		for i := range want {
			want[i] = byte('a' + i%26)
		}
		p := filepath.Join(dir, "f")
		if err := os.WriteFile(p, want, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadRegularFile(p)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%d bytes: read %d bytes, %v", n, len(got), err)
		}
	}
	if runtime.GOOS == "linux" {
		want, err := os.ReadFile("/proc/self/mountinfo")
		if err != nil {
			t.Skip(err)
		}
		got, err := ReadRegularFile("/proc/self/mountinfo")
		if err != nil || len(got) == 0 || len(got) < len(want)/2 {
			t.Errorf("/proc/self/mountinfo: read %d bytes (os.ReadFile %d), %v", len(got), len(want), err)
		}
	}
}
