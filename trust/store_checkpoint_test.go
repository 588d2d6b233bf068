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

// TestStoreCheckpointKeepsAnEarlierWriter: another program that writes
// the store between Checkpoint and the update to undo (an approval in
// another window) keeps its entry when the update is undone: what a
// Restore puts back is what the update itself read under the store's
// lock, not what Checkpoint read before it.
func TestStoreCheckpointKeepsAnEarlierWriter(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	if err := s.Update(func(d *StoreData) error { d.Project("/p").Hooks["mine-before"] = &Approval{}; return nil }); err != nil {
		t.Fatal(err)
	}
	cp, err := s.Checkpoint()
	if err != nil {
		t.Fatal(err)
	}
	// the other writer, between the checkpoint and the update
	if err := s.Update(func(d *StoreData) error { d.Project("/q").Hooks["theirs"] = &Approval{}; return nil }); err != nil {
		t.Fatal(err)
	}
	theirs, _ := os.ReadFile(s.Path())
	if err := cp.Store().Update(func(d *StoreData) error { d.Project("/p").Hooks["undone"] = &Approval{}; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := cp.Restore(); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(s.Path())
	if !bytes.Equal(got, theirs) {
		t.Fatalf("after Restore the store is\n%s\nwant the other writer's entry kept, as it was before the undone update:\n%s", got, theirs)
	}
}
