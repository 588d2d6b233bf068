package copilot

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestUserHookFolderIsReadAtAnyDepth pins what copilot-live showed with
// Copilot CLI 1.0.102 for the user's ~/.copilot/hooks (gate10, fixture
// home/.copilot/hooks/{z,c}.json, a/x.json, a/b/deep.json, m/y.json,
// .hid/h.json, lnk -> ../../other (other/l.json) and a file twelve folders
// down; repo .github/hooks/{r.json,sub/s.json}): preToolUse fired uz, uc,
// umy, ulinked, uax, udeep, udeep10, rr, rsub, and hooks.discover listed
// the same nine in that order — the same walk as the repository's folder,
// user files before repository files, the hidden folder not read.
func TestUserHookFolderIsReadAtAnyDepth(t *testing.T) {
	root := tree(t, map[string]string{
		"home/.copilot/config.json":                           `{"trustedFolders": ["$ROOT/p"]}`,
		"home/.copilot/hooks/z.json":                          hf("uz"),
		"home/.copilot/hooks/c.json":                          hf("uc"),
		"home/.copilot/hooks/a/x.json":                        hf("uax"),
		"home/.copilot/hooks/a/b/deep.json":                   hf("udeep"),
		"home/.copilot/hooks/a/b/c/d/e/f/g/h/i/j/k/deep.json": hf("udeep10"),
		"home/.copilot/hooks/m/y.json":                        hf("umy"),
		"home/.copilot/hooks/.hid/h.json":                     hf("uhid"),
		"home/other/l.json":                                   hf("ulinked"),
		"p/.github/hooks/r.json":                              hf("rr"),
		"p/.github/hooks/sub/s.json":                          hf("rsub"),
	})
	if err := os.Symlink(filepath.Join("..", "..", "other"), filepath.Join(root, "home", ".copilot", "hooks", "lnk")); err != nil {
		t.Fatal(err)
	}
	s := load(t, root, "p", nil)
	want := []string{"uz", "uc", "umy", "ulinked", "uax", "udeep", "udeep10", "rr", "rsub"}
	if got := commands(s, "preToolUse", "bash"); !slices.Equal(got, want) {
		t.Errorf("order %v\nwant  %v", got, want)
	}
}
