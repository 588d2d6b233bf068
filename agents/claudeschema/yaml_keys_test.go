package claudeschema

import "testing"

// TestParseYAMLAliasKey: a key written as an alias (*h :) is the value
// of its anchor, as the real Claude Code 2.1.332 reads it (a skill whose
// `*h :` names `&h hooks` ran its Stop hook, claude-live); the reader
// used to take the alias's own name ("h"), so the hooks went unread and
// the skill read as having none.
func TestParseYAMLAliasKey(t *testing.T) {
	root, err := ParseYAML([]byte("name: fmt\nk: &h hooks\n*h :\n  Stop: []\n"), 1, "more")
	if err != nil {
		t.Fatal(err)
	}
	if root.Get("hooks") == nil {
		var keys []string
		for _, m := range root.Members {
			keys = append(keys, m.Key)
		}
		t.Fatalf("the alias key was read as %q, want hooks", keys)
	}
	// a key that is no plain value (a mapping) is not read as any name
	if _, err := ParseYAML([]byte("? {a: 1}\n: x\n"), 1, "more"); err == nil {
		t.Errorf("a mapping as a key was read")
	}
}
