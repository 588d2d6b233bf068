package gemini

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
)

// TestWatchHoldsTheCustomCommandsAndSubagents: exec watches what a
// snapshot was computed from and the scripts the reviewed commands run, so
// that a change while the agent runs is seen. The custom commands and
// subagents folders, their files and the scripts their commands run were
// not among them: a custom command's script rewritten mid-session ran
// unseen by exec's watch. Fails on the code before it.
func TestWatchHoldsTheCustomCommandsAndSubagents(t *testing.T) {
	f := newFixture(t)
	f.settings(`{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","name":"ws","command":"echo ws"}]}]}}`)
	f.write(".gemini/commands/go.toml", "prompt = \"Run: !{bash .gemini/helper.sh}\"\n", 0o644)
	f.write(".gemini/helper.sh", "echo ok\n", 0o755)
	f.write(".gemini/agents/probe.md", "---\nname: probe\ndescription: p\nmcp_servers:\n  s:\n    command: bash\n    args: [\".gemini/srv.sh\"]\n---\n", 0o644)
	f.write(".gemini/srv.sh", "echo ok\n", 0o755)
	p, err := agent{}.Open(context.Background(), agents.Env{Vars: f.env(), GOOS: "linux", Home: f.home}, f.project)
	if err != nil {
		t.Fatal(err)
	}
	w := p.Watch()
	sep := string(filepath.Separator)
	for _, want := range []string{
		filepath.Join(f.project, ".gemini", "commands") + sep + "**" + sep,
		filepath.Join(f.project, ".gemini", "agents") + sep,
		filepath.Join(f.project, ".gemini", "commands", "go.toml"),
		filepath.Join(f.project, ".gemini", "agents", "probe.md"),
		filepath.Join(f.project, ".gemini", "helper.sh"),
		filepath.Join(f.project, ".gemini", "srv.sh"),
	} {
		if !slices.Contains(w, want) {
			t.Errorf("Watch does not hold %s:\n%q", want, w)
		}
	}
}
