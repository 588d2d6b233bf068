package settingsio

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestBackupRestoresFilesExactly(t *testing.T) {
	dir := t.TempDir()
	changed := filepath.Join(dir, "trusted_hooks.json")
	created := filepath.Join(dir, "store", "approvals.json")
	untouched := filepath.Join(dir, "other.json")
	before := []byte("{\n  // a comment the write must not lose on undo\r\n  \"a\": [1]\n}")
	if err := os.WriteFile(changed, before, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(untouched, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	b, err := BackUp(changed, created, untouched)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(changed, []byte(`{"a":[1,2]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(created, []byte(`{}`), 0o600); err != nil {
		t.Fatal(err)
	}
	paths, err := b.Seal()
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 2 || paths[0] != changed || paths[1] != created {
		t.Errorf("changed paths %q, want the two written files", paths)
	}
	if err := b.Restore(); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(changed)
	if err != nil || string(got) != string(before) {
		t.Errorf("restored %q (%v), want %q", got, err, before)
	}
	if fi, _ := os.Stat(changed); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v after undo, want 0640", fi.Mode().Perm())
	}
	if _, err := os.Stat(created); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a file the write created is still there after undo (%v)", err)
	}
}

// Undo must not throw away what another program wrote after Hookwarden.
func TestBackupRefusesToUndoOverSomeoneElsesChange(t *testing.T) {
	dir := t.TempDir()
	a, c := filepath.Join(dir, "a.json"), filepath.Join(dir, "c.json")
	for _, p := range []string{a, c} {
		if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	b, err := BackUp(a, c)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{a, c} {
		if err := WriteFileAtomic(p, []byte("ours"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := b.Seal(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(c, []byte("theirs"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := b.Restore(); !errors.Is(err, ErrChangedSinceWrite) {
		t.Fatalf("Restore over a concurrent change: %v, want ErrChangedSinceWrite", err)
	}
	for p, want := range map[string]string{a: "ours", c: "theirs"} {
		if got, _ := os.ReadFile(p); string(got) != want {
			t.Errorf("%s = %q after a refused undo, want %q (nothing undone)", filepath.Base(p), got, want)
		}
	}
}
