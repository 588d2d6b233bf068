package claudeschema

import (
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/settingsio"
)

// FuzzParseClaudeSchema: any settings text parses into entries without a
// panic, each with a place and an agent, and SetTop either refuses the
// text or writes text that parses with the member set.
func FuzzParseClaudeSchema(f *testing.F) {
	for _, s := range []string{`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "x", "timeout": 1e400}]}]}}`,
		`{"hooks": {"E": [{"hooks": [1, {"type": "http"}]}], "disabled": []}}`, `{"hooks": []}`, `// c
{"a": 1, /* d */ "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "y", "env": {"K": 1}}]}]}}`} {
		f.Add([]byte(s))
	}
	s := Schema{Agent: "a", Events: []string{"PreToolUse", "Stop"}, Types: []string{"command"}, Command: "command", ConfigKeys: []string{"disabled"},
		DefaultTimeout: time.Minute, MillisFrom: 1000}
	f.Fuzz(func(t *testing.T, data []byte) {
		root, perr := settingsio.ParseJSONC("/f.json", data)
		if perr != nil {
			return
		}
		es, _ := s.Parse(&settingsio.File{Layer: "user", Path: "/f.json", Exists: true, Root: root})
		for _, e := range es {
			if e.Hook.Agent != "a" || e.Hook.Origin.Line == 0 || e.Timeout <= 0 {
				t.Fatalf("entry %+v", e)
			}
		}
		if root.Kind != settingsio.Object {
			return
		}
		out, err := SetTop("/f.json", data, true, "disableAllHooks", true)
		if err != nil {
			return
		}
		again, perr := settingsio.ParseJSONC("/f.json", out)
		if perr != nil || !again.Get("disableAllHooks").Is(settingsio.Bool) {
			t.Fatalf("SetTop wrote %q (%v)", out, perr)
		}
	})
}
