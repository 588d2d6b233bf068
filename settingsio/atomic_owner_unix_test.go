//go:build unix

package settingsio

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestWriteFileAtomicKeepsOwnerAndRefusesReadOnly(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(p, []byte("{}"), 0o640); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() == 0 {
		// As root: a file owned by another account keeps its owner.
		if err := os.Chown(p, 65534, 65534); err != nil {
			t.Skipf("chown: %v", err)
		}
		if err := WriteFileAtomic(p, []byte(`{"a":1}`), 0o600); err != nil {
			t.Fatal(err)
		}
		fi, _ := os.Stat(p)
		st := fi.Sys().(*syscall.Stat_t)
		if st.Uid != 65534 || st.Gid != 65534 || fi.Mode().Perm() != 0o640 {
			t.Errorf("owner %d:%d mode %v, want 65534:65534 0640", st.Uid, st.Gid, fi.Mode().Perm())
		}
		return
	}
	// Not root: a read-only file is refused and stays as it was.
	if err := os.Chmod(p, 0o444); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(p, []byte(`{"a":1}`), 0o600); err == nil {
		t.Error("a read-only file was replaced")
	}
	if data, _ := os.ReadFile(p); string(data) != "{}" {
		t.Errorf("content %q", data)
	}
}
