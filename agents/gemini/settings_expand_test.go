package gemini

import (
	"github.com/hookwarden/hookwarden/settingsio"
	"testing"
)

func TestExpandEnv(t *testing.T) {
	env := settingsio.Env{"HOME=/home/u", "EMPTY=", "X=ex", "A:B=colon"}
	tests := []struct {
		name, in, want string
	}{
		{"bare", "$HOME/x.sh", "/home/u/x.sh"},
		{"braced", "${HOME}/x", "/home/u/x"},
		{"default when unset", "${NOPE:-def}", "def"},
		{"empty default", "a${NOPE:-}b", "ab"},
		{"set but empty wins over default", "[${EMPTY:-def}]", "[]"},
		{"unset bare left as written", "$NOPE/x", "$NOPE/x"},
		{"unset braced left as written", "${NOPE}", "${NOPE}"},
		{"runner variable left for the runner", "$GEMINI_PROJECT_DIR/h.sh", "$GEMINI_PROJECT_DIR/h.sh"},
		{"bare name stops at non-word", "$HOME-x", "/home/u-x"},
		{"lone dollar", "cost $", "cost $"},
		{"empty braces", "${}", "${}"},
		{"unclosed brace", "${HOME", "${HOME"},
		{"default is not expanded and ends at first brace", "${NOPE:-${X}}", "${X}"},
		{"default keeps later :-", "${NOPE:-a:-b}", "a:-b"},
		{"name may hold a colon", "${A:B}", "colon"},
		{"unset match is skipped whole", "${NOPE_$X}", "${NOPE_$X}"},
		{"no shell escaping", `\$HOME`, `\/home/u`},
		{"digits are word characters", "$1", "$1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := expandEnv(tt.in, env.Lookup); got != tt.want {
				t.Errorf("ExpandEnv(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestExpandStringsLeavesKeysAndRaw(t *testing.T) {
	root, perr := settingsio.ParseJSONC("f", []byte(`{"$X":{"cmd":"$X/run","list":["${X}",1,"plain"]}}`))
	if perr != nil {
		t.Fatal(perr)
	}
	expandStrings(root, settingsio.Env{"X=ex"}.Lookup)
	if root.Members[0].Key != "$X" {
		t.Errorf("key expanded to %q; Gemini expands values only", root.Members[0].Key)
	}
	cmd := root.Get("$X").Get("cmd")
	if cmd.Str != "ex/run" || cmd.Raw != "$X/run" {
		t.Errorf("cmd Str %q Raw %q", cmd.Str, cmd.Raw)
	}
	if it := root.Get("$X").Get("list").Items[0]; it.Str != "ex" || it.Raw != "${X}" {
		t.Errorf("array item Str %q Raw %q", it.Str, it.Raw)
	}
}
