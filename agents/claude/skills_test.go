package claude

import (
	"strings"
	"testing"
)

func TestParseFrontmatterPlacesAndRefuses(t *testing.T) {
	root, perr := parseFrontmatter("S.md", []byte("---\nname: x\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: echo hi\n---\nbody\n"))
	if perr != nil {
		t.Fatal(perr)
	}
	h := root.Get("hooks").Get("Stop").Items[0].Get("hooks").Items[0]
	if h.Pos.Line != 6 || h.Get("command").Str != "echo hi" || h.Get("command").Pos.Line != 7 {
		t.Errorf("handler at line %d, command %q at line %d", h.Pos.Line, h.Get("command").Str, h.Get("command").Pos.Line)
	}
	if root, perr := parseFrontmatter("S.md", []byte("# no frontmatter\n")); root != nil || perr != nil {
		t.Errorf("no frontmatter: %v %v", root, perr)
	}
	// Attacks: an unclosed frontmatter, YAML Claude Code may read another
	// way, and a few aliases of aliases (billions of nodes) are refused with
	// a place, never read as "no hooks".
	bomb := "---\na: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n" +
		"d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n---\n"
	for name, text := range map[string]string{
		"unclosed": "---\nhooks: {}\n",
		"invalid":  "---\nhooks: [\n---\n",
		"bomb":     bomb,
		"merge":    "---\nbase: &b {Stop: []}\nhooks:\n  <<: *b\n---\n",
	} {
		if _, perr := parseFrontmatter("S.md", []byte(text)); perr == nil || perr.Line == 0 || !strings.Contains(perr.Error(), "S.md") {
			t.Errorf("%s: %v, want an error with its place", name, perr)
		}
	}
}
