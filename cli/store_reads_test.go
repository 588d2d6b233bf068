package cli

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/trust"
)

// storesAgent records the store reads each Open gets.
type storesAgent struct {
	agents.Agent
	mu   *sync.Mutex
	seen *[]*trust.StoreReads
}

func (a storesAgent) Open(ctx context.Context, env agents.Env, dir string) (agents.Project, error) {
	a.mu.Lock()
	*a.seen = append(*a.seen, env.Stores)
	a.mu.Unlock()
	return a.Agent.Open(ctx, env, dir)
}

// Each command reads Hookwarden's store through one trust.StoreReads that
// every agent it opens shares, so that the store is decoded once per
// command (issue 28: list --json of one Claude Code hook decoded it three
// times, for its two opens and its trust states); a new command gets new
// ones (nothing lives from one command to the next).
func TestEachCommandSharesOneReadOfTheStore(t *testing.T) {
	t.Parallel()
	f := newFixture(t, map[string]string{
		"project/.gemini/settings.json": workspaceSettings,
		"project/.claude/settings.json": `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo claude"}]}]}}`,
	})
	var mu sync.Mutex
	var before *trust.StoreReads
	for _, args := range [][]string{
		{"list", "--json", "--agent", "claude"},
		{"audit", "--agent", "claude"},
		{"trust", "--all", "--agent", "claude"},
		{"audit", "--agent", "gemini"},
	} {
		var seen []*trust.StoreReads
		var wrapped []agents.Agent
		for _, a := range testAgents().All() {
			if _, sharer := a.(agents.FileSharer); sharer {
				wrapped = append(wrapped, a)
				continue
			}
			wrapped = append(wrapped, storesAgent{Agent: a, mu: &mu, seen: &seen})
		}
		var out, errOut bytes.Buffer
		cio := &IO{Agents: agents.NewRegistry(wrapped...), Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Env: f.env, Dir: f.project, GOOS: "linux"}
		code := Main(context.Background(), args, cio)
		if code != ExitOK && code != ExitNeedsReview {
			t.Fatalf("%v: exit %d\n%s", args, code, errOut.String())
		}
		if len(seen) == 0 {
			t.Fatalf("%v opened no agent", args)
		}
		for _, s := range seen {
			if s == nil || s != seen[0] {
				t.Fatalf("%v: the agents it opened got store reads %p, want one shared by all (%p)", args, s, seen[0])
			}
		}
		if seen[0] == before {
			t.Fatalf("%v shares its store reads with the command before it", args)
		}
		before = seen[0]
	}
}

// A command decodes Hookwarden's store once when nothing writes it while
// it runs: list --json (Claude Code opened twice, then its trust states)
// and audit (the open, the review, the other readers' reviews and the
// user hooks' trace records) each decoded the same file again.
func TestACommandDecodesTheStoreOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t, map[string]string{
		"project/.gemini/settings.json": workspaceSettings,
		"project/.claude/settings.json": `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo claude"}]}]}}`,
	})
	run := func(stores *trust.StoreReads, args ...string) {
		t.Helper()
		var out, errOut bytes.Buffer
		cio := &IO{Agents: testAgents(), Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Env: f.env, Dir: f.project, GOOS: "linux", stores: stores}
		if code := Main(context.Background(), args, cio); code != ExitOK && code != ExitNeedsReview {
			t.Fatalf("%v: exit %d\n%s", args, code, errOut.String())
		}
	}
	for _, a := range []string{"claude", "copilot", "gemini"} {
		run(nil, "trust", "--all", "--agent", a)
	}
	for _, args := range [][]string{
		{"list", "--json", "--agent", "claude"},
		{"list", "--agent", "claude"},
		{"audit", "--agent", "claude"},
		{"audit", "--json", "--agent", "copilot"},
		{"audit", "--agent", "gemini"},
		{"trust", "--all", "--agent", "claude"},
		{"trust", "--all", "--agent", "copilot"},
		{"trust", "--all", "--agent", "gemini"},
	} {
		stores := trust.NewStoreReads()
		run(stores, args...)
		if n := stores.Decodes(); n != 1 {
			t.Errorf("%v decoded the store %d times, want once", args, n)
		}
	}
}
