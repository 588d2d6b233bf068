package trust

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestStoreCheckpointRestores: a write undone puts the store file back
// byte for byte (its layout included), or removes it when there was none;
// a store another writer changed after the write is left alone.
func TestStoreCheckpointRestores(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	// none before: removed again
	cp, err := s.Checkpoint()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Update(func(d *StoreData) error { d.Project("/p").Hooks["k"] = &Approval{}; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := cp.Wrote(); err != nil {
		t.Fatal(err)
	}
	if err := cp.Restore(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(s.Path()); !os.IsNotExist(err) {
		t.Fatalf("the store created by the undone write is still there (%v)", err)
	}

	// one before, with a layout of its own: back byte for byte
	before := []byte("{\"version\": 1,\n   \"projects\": {}}\n")
	if err := os.WriteFile(s.Path(), before, 0o600); err != nil {
		t.Fatal(err)
	}
	cp, _ = s.Checkpoint()
	if err := s.Update(func(d *StoreData) error { d.Project("/p").Hooks["k"] = &Approval{}; return nil }); err != nil {
		t.Fatal(err)
	}
	cp.Wrote()
	if err := cp.Restore(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(s.Path()); !bytes.Equal(got, before) {
		t.Fatalf("restored store differs:\n%q\nwant\n%q", got, before)
	}

	// another writer after the write: left alone
	cp, _ = s.Checkpoint()
	s.Update(func(d *StoreData) error { d.Project("/p").Hooks["k"] = &Approval{}; return nil })
	cp.Wrote()
	s.Update(func(d *StoreData) error { d.Project("/q").Hooks["other"] = &Approval{}; return nil })
	theirs, _ := os.ReadFile(s.Path())
	if err := cp.Restore(); !errors.Is(err, ErrStoreMoved) {
		t.Fatalf("Restore over another writer's change: %v, want ErrStoreMoved", err)
	}
	if got, _ := os.ReadFile(filepath.Join(s.Dir, StoreFileName)); !bytes.Equal(got, theirs) {
		t.Fatal("Restore changed a store another writer wrote")
	}
}
