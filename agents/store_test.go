package agents

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/trust"
)

// writeStoreOf writes a store holding one project.
func writeStoreOf(t *testing.T, store trust.Store, project string) {
	t.Helper()
	data := `{"version":1,"projects":{"` + project + `":{"approvals":{}}}}`
	if err := os.WriteFile(store.Path(), []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
}

// A Check reads Hookwarden's store once for every agent of the check: a
// later change of the file is not seen within it, and is seen without one.
func TestCheckReadsTheStoreOnce(t *testing.T) {
	store := trust.Store{Dir: t.TempDir()}
	write := func(project string) { writeStoreOf(t, store, project) }
	write("/a")
	env := Env{Check: NewCheck()}
	first, err := env.LoadStore(store)
	if err != nil {
		t.Fatal(err)
	}
	write("/b")
	again, err := env.LoadStore(store)
	if err != nil || again != first {
		t.Fatalf("second read in a check: %p %v, want the first read %p", again, err, first)
	}
	fresh, err := Env{}.LoadStore(store)
	if err != nil || fresh.Projects["/b"] == nil {
		t.Fatalf("read without a check: %+v %v, want the file as it is now", fresh, err)
	}
	other := trust.Store{Dir: filepath.Join(t.TempDir(), "none")}
	if d, err := env.LoadStore(other); err != nil || d == first {
		t.Fatalf("another store in the same check: %p %v, want its own read", d, err)
	}
}

// A command's Env decodes the store once while its bytes stay the same
// (every agent it opens, every review) and reads a changed file again.
func TestCommandReadsDecodeTheStoreOnce(t *testing.T) {
	store := trust.Store{Dir: t.TempDir()}
	write := func(project string) { writeStoreOf(t, store, project) }
	write("/a")
	env := Env{Stores: trust.NewStoreReads()}
	first, err := env.LoadStore(store)
	if err != nil {
		t.Fatal(err)
	}
	again, err := env.LoadStore(store)
	if err != nil || again != first {
		t.Fatalf("second read of the same bytes: %p %v, want the first read %p", again, err, first)
	}
	write("/b")
	changed, err := env.LoadStore(store)
	if err != nil || changed == first || changed.Projects["/b"] == nil {
		t.Fatalf("read after a change: %+v %v, want the file as it is now", changed, err)
	}
}
