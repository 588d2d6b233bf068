package copilot

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A hooks folder Copilot follows links through can hold a whole tree (a
// pull adds .github/hooks/x -> /usr, or /): the listing stops at its cap
// and the folder reads as unreadable — never as a folder without hooks,
// which is what a listing error read as before (a diagnostic only, audit
// exit 0, "nothing to review").
func TestHookFolderPastItsCapIsUnreadable(t *testing.T) {
	files := map[string]string{
		"home/.copilot/config.json": `{"trustedFolders": ["$ROOT/p"]}`,
		"p/.github/hooks/a.json":    hf("first"),
	}
	for i := range 30 {
		files[fmt.Sprintf("big/d%02d/x.txt", i)] = "x"
	}
	root := tree(t, files)
	if err := os.Symlink(filepath.Join(root, "big"), filepath.Join(root, "p", ".github", "hooks", "x")); err != nil {
		t.Fatal(err)
	}
	s, err := loadProject(options{Cwd: filepath.Join(root, "p"), MaxHookEntries: 20,
		Getenv: envOf(map[string]string{"HOME": filepath.Join(root, "home")})})
	if err != nil {
		t.Fatal(err)
	}
	u := s.Unreadable()
	if len(u) == 0 || !strings.Contains(fmt.Sprint(u), "more than 20 entries") {
		t.Fatalf("a hooks folder past the cap must read as unreadable, got %v", u)
	}
	// Under the cap the same tree is read in full, the link followed.
	s, err = loadProject(options{Cwd: filepath.Join(root, "p"), MaxHookEntries: 100,
		Getenv: envOf(map[string]string{"HOME": filepath.Join(root, "home")})})
	if err != nil {
		t.Fatal(err)
	}
	if u := s.Unreadable(); len(u) != 0 {
		t.Fatalf("under the cap: unreadable %v", u)
	}
}

// A file where the hooks folder would be holds no hooks Copilot reads: not
// unreadable.
func TestHooksPathThatIsAFileIsNoFolder(t *testing.T) {
	root := tree(t, map[string]string{
		"home/.copilot/config.json": `{"trustedFolders": ["$ROOT/p"]}`,
		"p/.github/hooks":           "not a folder",
	})
	s := load(t, root, "p", nil)
	if u := s.Unreadable(); len(u) != 0 {
		t.Fatalf("unreadable %v", u)
	}
}
