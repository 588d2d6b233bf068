package copilot

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/agents/agenttest"
)

// TestDisableKeysEqualCopilots: every hook of a fixture with every form
// (type omitted, keys in another order, command, powershell, exec/args,
// cwd, env, timeout alias, matcher, Claude's nested PascalCase form, the
// same hook in a settings file and a repository file) gets the
// disableKey Copilot CLI 1.0.102's hooks.discover gave it (recorded in
// testdata/keys/hooks_discover.json from a copilot-live run; the live
// test checks the kit's examples against the running CLI).
func TestDisableKeysEqualCopilots(t *testing.T) {
	dir := copyFixture(t, "testdata/keys")
	raw, err := os.ReadFile(filepath.Join(dir, "hooks_discover.json"))
	if err != nil {
		t.Fatal(err)
	}
	var want [][3]string
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	home, project := filepath.Join(dir, "home"), filepath.Join(dir, "project")
	s, err := loadProject(options{Cwd: project, Getenv: envOf(map[string]string{"HOME": home, "COPILOT_ALLOW_ALL": "true"})})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range s.Handlers {
		if h.Valid {
			got = append(got, string(h.Event.Name)+" "+h.Key)
		}
	}
	// hooks.discover lists by event; Hookwarden by file and entry.
	byEvent := func(xs []string) map[string]int {
		m := map[string]int{}
		for _, x := range xs {
			m[x]++
		}
		return m
	}
	var wantKeys []string
	for _, w := range want {
		wantKeys = append(wantKeys, w[1]+" "+w[2])
	}
	g, w := byEvent(got), byEvent(wantKeys)
	if len(got) != len(wantKeys) {
		t.Errorf("%d hooks, Copilot listed %d", len(got), len(wantKeys))
	}
	for k, n := range w {
		if g[k] != n {
			t.Errorf("key %s: Hookwarden has %d, Copilot %d", k, g[k], n)
		}
	}
}

// copyFixture copies a testdata folder to a temporary one (outside this
// repository's git work tree, which would be its repository root).
func copyFixture(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	agenttest.CopyTree(t, src, dst)
	return dst
}

func envOf(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestCanonicalJSONEscapesAsSerde(t *testing.T) {
	s := "a\"b\\c\n\x01<&>\u2028é"
	c := canonical{Bash: &s}
	want := `{"type":"command","bash":"a\"b\\c\n\u0001<&>` + "\u2028é" + `"}`
	if got := c.JSON(); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}
