package claudeschema

import (
	"strings"
	"testing"
)

// The frontmatter reader's limits are said with their numbers (the
// family's reader said "nests too deep" and "too many values"; Claude
// Code's, which it replaced, named the limit).
func TestParseYAMLNamesItsLimits(t *testing.T) {
	bomb := "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n" +
		"d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
	for text, want := range map[string]string{
		"deep: " + strings.Repeat("[", 70) + strings.Repeat("]", 70) + "\n": "the frontmatter nests deeper than 64 levels",
		bomb:                              "the frontmatter expands to more than 100000 values",
		"a: 1\n...\n---\nb: 2\n":          "two",
		"base: &b {x: 1}\nc:\n  <<: *b\n": "line 4: YAML merge keys (<<) are not read",
	} {
		_, err := ParseYAML([]byte(text), 1, "two")
		if err == nil || err.Error() != want {
			t.Errorf("%.20q: %v, want %q", text, err, want)
		}
	}
	root, err := ParseYAML([]byte("t: 3600\nu: .inf\nv: !!int abc\n"), 1, "two")
	if err != nil {
		t.Fatal(err)
	}
	if n := root.Get("t"); n.Raw != "3600" || n.Pos.Line != 2 {
		t.Errorf("t: raw %q at line %d", n.Raw, n.Pos.Line)
	}
	if root.Get("u").Str != ".inf" || root.Get("v").Str != "abc" {
		t.Errorf("u %q, v %q: want the strings", root.Get("u").Str, root.Get("v").Str)
	}
}
