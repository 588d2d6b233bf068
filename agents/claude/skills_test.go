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

// Claude Code finds a frontmatter with /^---\s*\n([\s\S]*?)---\s*\n?/:
// claude-live 2.1.332 ran the Stop hook of a skill whose opening line is
// "---   " or "---\t" (and after a blank line following "---"), where
// Hookwarden read "no frontmatter", so a pull adding such a skill left
// the audit clean. A block holding a second YAML document is refused.
func TestFrontmatterFoundAsClaudeCodeFindsIt(t *testing.T) {
	const hooksYAML = "hooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: claude-live-log x\n"
	for name, text := range map[string]string{
		"trailing spaces": "---   \nname: demo\n" + hooksYAML + "---\nRun.\n",
		"trailing tab":    "---\t\nname: demo\n" + hooksYAML + "---\nRun.\n",
		"crlf":            "---\r\nname: demo\r\n" + strings.ReplaceAll(hooksYAML, "\n", "\r\n") + "---\r\nRun.\r\n",
		"blank line":      "---\n\nname: demo\n" + hooksYAML + "---\nRun.\n",
		"nbsp":            "---\u00a0\nname: demo\n" + hooksYAML + "---\nRun.\n",
	} {
		root, perr := parseFrontmatter("S.md", []byte(text))
		if perr != nil || root == nil {
			t.Errorf("%s: %v %v, want the hooks", name, root, perr)
			continue
		}
		h := root.Get("hooks").Get("Stop").Items[0].Get("hooks").Items[0]
		if h.Get("command").Str != "claude-live-log x" {
			t.Errorf("%s: command %q", name, h.Get("command").Str)
		}
		if want := strings.Count(text[:strings.Index(text, "command:")], "\n") + 1; h.Get("command").Pos.Line != want {
			t.Errorf("%s: command at line %d, want %d", name, h.Get("command").Pos.Line, want)
		}
	}
	// Ends at the first ---, even inside a line: the hooks after it are
	// not Claude Code's.
	root, perr := parseFrontmatter("S.md", []byte("---\ndescription: a---b\n"+hooksYAML+"---\n"))
	if perr != nil || root == nil || root.Get("hooks") != nil || root.Get("description").Str != "a" {
		t.Errorf("cut at the first ---: %v %v", root, perr)
	}
	if _, perr := parseFrontmatter("S.md", []byte("---\nname: demo\n...\n"+hooksYAML+"---\n")); perr == nil {
		t.Errorf("a second YAML document read without an error")
	}
	for _, text := range []string{"----\nhooks: {}\n---\n", "--- x\nhooks: {}\n---\n", " ---\nhooks: {}\n---\n"} {
		if root, perr := parseFrontmatter("S.md", []byte(text)); root != nil || perr != nil {
			t.Errorf("%q opens no frontmatter for Claude Code: %v %v", text, root, perr)
		}
	}
}
