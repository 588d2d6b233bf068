package settingsio

import (
	"strings"
	"testing"
)

func TestCheckDepth(t *testing.T) {
	deep := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	cases := []struct {
		name      string
		in        string
		line, col int // 0: accepted
	}{
		{"at the limit", `{"a":` + deep(MaxDepth-1) + `}`, 0, 0},
		{"one past", `{"a":` + deep(MaxDepth) + `}`, 1, 5 + MaxDepth},
		{"objects", strings.Repeat(`{"k":`, MaxDepth+1), 1, 1 + 5*MaxDepth},
		{"siblings do not add up", `{"a":[` + strings.Repeat("[],", 1000) + `[]]}`, 0, 0},
		{"brackets in strings", `{"a":"` + strings.Repeat("[", 1000) + `\"[[["}`, 0, 0},
		{"brackets in comments", "{// " + strings.Repeat("[", 1000) + "\n/* " + strings.Repeat("{", 1000) + " */}", 0, 0},
		{"position on a later line", "{\n  \"a\":\n    " + strings.Repeat("[", MaxDepth+10), 3, 4 + MaxDepth},
		{"unclosed string stops", `{"a":"` + strings.Repeat("[", 1000), 0, 0},
		{"stray closers", "]]]]}}}" + deep(MaxDepth), 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			perr := CheckDepth("f.json", []byte(c.in))
			switch {
			case c.line == 0 && perr != nil:
				t.Errorf("refused: %v", perr)
			case c.line != 0 && perr == nil:
				t.Errorf("accepted")
			case c.line != 0 && (perr.Line != c.line || perr.Column != c.col):
				t.Errorf("at %d:%d, want %d:%d (%v)", perr.Line, perr.Column, c.line, c.col, perr)
			}
		})
	}
}

// The 1.4 MB file of "[" that overflowed the stack of the recursive parse
// (issue 9, hole 7) is refused by every parser with the place it goes too
// deep, for JSONC settings and plain JSON files alike.
func TestDeepFileIsRefusedNotACrash(t *testing.T) {
	data := []byte(`{"hooks": ` + strings.Repeat("[", 1400*1024))
	for name, parse := range map[string]func(string, []byte) (*Node, *ParseError){"ParseJSONC": ParseJSONC, "ParseJSON": ParseJSON} {
		_, perr := parse("settings.json", data)
		if perr == nil || perr.Line != 1 || perr.Column != 11+MaxDepth-1 || !strings.Contains(perr.Error(), "nested more than 4096 levels") {
			t.Errorf("%s: %v", name, perr)
		}
	}
}
