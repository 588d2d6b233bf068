package cli

import (
	"bytes"
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
)

// countedAgent is an agent whose Opens are counted.
type countedAgent struct {
	agents.Agent
	opens *atomic.Int32
}

func (a countedAgent) Open(ctx context.Context, env agents.Env, dir string) (agents.Project, error) {
	a.opens.Add(1)
	return a.Agent.Open(ctx, env, dir)
}

// list --json parses the listed agent's files once: it opened the agent
// once for the names of its files and again, with every other agent,
// for the readers of each file (two parses of a file of 100,000 hooks).
// The document is the same bytes as before (TestListJSON and the
// list_stream tests); here each agent of the registry is opened once.
func TestListJSONOpensEachAgentOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t, map[string]string{
		"project/.gemini/settings.json": workspaceSettings,
		"project/.claude/settings.json": `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo claude"}]}]}}`,
		"project/.codex/hooks.json":     `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "echo codex"}]}]}}`,
	})
	for _, name := range []string{"gemini", "claude", "codex", "qwen"} {
		t.Run(name, func(t *testing.T) {
			var wrapped []agents.Agent
			counts := map[string]*atomic.Int32{}
			for _, a := range testAgents().All() {
				n := &atomic.Int32{}
				counts[a.Info().Name] = n
				if _, sharer := a.(agents.FileSharer); sharer {
					// a FileSharer keeps its SharesFile (it is opened only
					// for the files it shares); it is not counted
					wrapped = append(wrapped, a)
					continue
				}
				wrapped = append(wrapped, countedAgent{Agent: a, opens: n})
			}
			var out, errOut bytes.Buffer
			cio := &IO{Agents: agents.NewRegistry(wrapped...), Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Env: f.env, Dir: f.project, GOOS: "linux"}
			if code := Main(context.Background(), []string{"list", "--json", "--agent", name}, cio); code != ExitOK {
				t.Fatalf("list --json --agent %s: exit %d\n%s", name, code, errOut.String())
			}
			// Claude Code's settings file is also read by a FileSharer
			// (GitHub Copilot CLI): Claude Code's project is let go while
			// that one opens and opened again after it, so that two large
			// projects are never held at once.
			want := int32(1)
			if name == "claude" {
				want = 2
			}
			if got := counts[name].Load(); got != want {
				t.Errorf("list --json --agent %s opened %s %d times, want %d", name, name, got, want)
			}
			for other, n := range counts {
				if got := n.Load(); other != name && got > 1 {
					t.Errorf("list --json --agent %s opened %s %d times", name, other, got)
				}
			}
		})
	}
}
