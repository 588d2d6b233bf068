package claudeschema

import (
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// TestLoadedSpawnSaysOnlyWhatItCanKnow: a handler's start is its
// expanded text under `SHELL -c`; a "shell" other than bash, a reference
// own names, one a settings "env" sets, a handler that is not a command
// and a hook without an Entry cannot be told (ok=false).
func TestLoadedSpawnSaysOnlyWhatItCanKnow(t *testing.T) {
	s := Schema{Agent: "x", Events: []string{"Stop"}, Types: []string{"command", "http"}, Command: "command",
		Expand: Expander(func(k string) (string, bool) { return map[string]string{"A": "a"}[k], k == "A" })}
	es := parse(t, s, `{"hooks": {"Stop": [{"hooks": [
		{"type": "command", "command": "run $A"},
		{"type": "command", "shell": "bash", "command": "run ${A}"},
		{"type": "command", "shell": "zsh", "command": "run"},
		{"type": "command", "command": "run $OWN_X"},
		{"type": "command", "command": "run ${SET}"},
		{"type": "http", "url": "http://127.0.0.1:1/"}]}]}}`)
	env, perr := settingsio.ParseJSONC("/x/user.json", []byte(`{"env": {"SET": "1"}}`))
	if perr != nil {
		t.Fatal(perr)
	}
	files := []*settingsio.File{{Root: env}, nil, {}}
	own := func(n string) bool { return n == "OWN_X" }
	want := []bool{true, true, false, false, false, false}
	for i, e := range es {
		e.Hook.Ext = e
		match, ok := LoadedSpawn(e.Hook, files, own)
		if ok != want[i] {
			t.Errorf("%d (%q): ok=%v, want %v", i, e.Hook.Command, ok, want[i])
			continue
		}
		if ok && (!match([]string{"sh", "-c", "run a"}) || match([]string{"sh", "-c", e.Written()})) {
			t.Errorf("%d: the start is not the expanded text", i)
		}
	}
	if _, ok := LoadedSpawn(&hooks.Hook{Type: "command", Command: "run"}, nil, own); ok {
		t.Error("a hook without its Entry was told")
	}
}

// TestExpanderLeavesTheNamesItKeeps: an agent that never expands some
// variables (Qwen Code: its session id and internal tokens, in any letter
// case) leaves them as written, in both forms, whatever the environment
// holds; the rest expand as before. On main Expander has no such names.
func TestExpanderLeavesTheNamesItKeeps(t *testing.T) {
	env := map[string]string{"A": "a", "KEEP": "k", "keep": "k2", "Keep_Too": "k3"}
	x := Expander(func(k string) (string, bool) { v, ok := env[k]; return v, ok }, "KEEP", "KEEP_TOO")
	for in, want := range map[string]string{
		"$A ${A}":                 "a a",
		"$KEEP ${KEEP} $keep":     "$KEEP ${KEEP} $keep",
		"${Keep_Too}/$Keep_Too":   "${Keep_Too}/$Keep_Too",
		"$KEEPX ${NOPE:-d} $KEEP": "$KEEPX ${NOPE:-d} $KEEP",
	} {
		if got := x(in); got != want {
			t.Errorf("Expander(%q) = %q, want %q", in, got, want)
		}
	}
}
