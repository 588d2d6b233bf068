package hooks

import (
	"testing"
)

// The shared check knows bash's builtins by itself: no agent package has
// to fill them in first (this package imports none).
func TestCheckCommandKnowsBuiltinsWithoutAnAgent(t *testing.T) {
	c := CheckCommand(`cd sub && echo hi; test -f x || exit 1; no-such-program-hookwarden`, t.TempDir(), t.TempDir())
	if len(c.Missing) != 1 || c.Missing[0] != "no-such-program-hookwarden" {
		t.Fatalf("Missing = %q, want only the unknown program", c.Missing)
	}
}
