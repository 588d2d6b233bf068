package all

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// gateFixture is, per agent, a project settings file with two project
// hooks for one tool event that each create a file in the project, and
// the event and tool they run for.
var gateFixture = map[string]struct {
	file, event, tool string
	settings          string
}{
	"gemini": {".gemini/settings.json", "BeforeTool", "write_file", `{"hooks": {"BeforeTool": [{"matcher": "write_file", "hooks": [
		{"type": "command", "name": "one", "command": "touch one; echo '{}'"},
		{"type": "command", "name": "two", "command": "touch two; echo '{}'"}]}]}}`},
	"claude": {".claude/settings.json", "PreToolUse", "Bash", `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
		{"type": "command", "command": "touch one"},
		{"type": "command", "command": "touch two"}]}]}}`},
	"qwen": {".qwen/settings.json", "PreToolUse", "run_shell_command", `{"hooks": {"PreToolUse": [{"matcher": "run_shell_command", "hooks": [
		{"type": "command", "command": "touch one"},
		{"type": "command", "command": "touch two"}]}]}}`},
}

// openGateFixture opens the agent's fixture in an isolated home, without
// the sandbox (no Init): hooks that need review can only be held back or
// run for real.
func openGateFixture(t *testing.T, a agents.Agent) (agents.Project, string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("POSIX shell commands")
	}
	fx, ok := gateFixture[a.Info().Name]
	if !ok {
		t.Skipf("no fixture for %s", a.Info().Name)
	}
	home, dir, root := t.TempDir(), t.TempDir(), t.TempDir()
	path := filepath.Join(dir, filepath.FromSlash(fx.file))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(fx.settings), 0o644); err != nil {
		t.Fatal(err)
	}
	env := agents.Env{Vars: []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "GEMINI_CLI_TRUST_WORKSPACE=true",
		"HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "store"), "HOOKWARDEN_CLAUDE_MANAGED_DIR=" + filepath.Join(root, "managed"),
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(root, "system", "settings.json")}, GOOS: runtime.GOOS, Home: home}
	p, err := a.Open(context.Background(), env, dir)
	if err != nil {
		t.Fatal(err)
	}
	return p, dir
}

func exists(dir, name string) bool {
	_, err := os.Stat(filepath.Join(dir, name))
	return err == nil
}

// The gate of every agent, attacked: two project hooks nobody approved,
// no sandbox. Unconfirmed, neither runs; confirming one by ID (as the
// Dry run view confirms what it listed) runs that one alone, and the
// other is held back with a note; --yes runs both.
func TestEveryAgentsGateRunsOnlyWhatWasConfirmed(t *testing.T) {
	for _, a := range Registry().All() {
		t.Run(a.Info().Name, func(t *testing.T) {
			fx := gateFixture[a.Info().Name]
			p, dir := openGateFixture(t, a)
			req := agents.RunRequest{Event: hooks.Event(fx.event), Query: agents.Query{Tool: fx.tool}}
			g, err := p.Gate(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Planned) != 2 || len(g.Review) != 2 || len(g.Held) != 2 || !g.NeedsConfirmation() || g.SandboxUnavailable == "" {
				t.Fatalf("gate: planned %d, review %d, held %d, sandbox %q", len(g.Planned), len(g.Review), len(g.Held), g.SandboxUnavailable)
			}

			res, err := p.DryRun(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if exists(dir, "one") || exists(dir, "two") || len(res.Hooks) != 0 || res.HeldNote == "" {
				t.Fatalf("unconfirmed: one=%v two=%v, %d runs, held note %q", exists(dir, "one"), exists(dir, "two"), len(res.Hooks), res.HeldNote)
			}

			confirmOne := req
			confirmOne.Sandbox, confirmOne.Confirm = agents.SandboxNever, []string{g.Review[0].ID}
			if res, err = p.DryRun(context.Background(), confirmOne); err != nil {
				t.Fatal(err)
			}
			if !exists(dir, "one") || exists(dir, "two") || len(res.Hooks) != 1 || len(res.Gate.Held) != 1 || res.HeldNote == "" {
				t.Fatalf("one confirmed: one=%v two=%v, %d runs, %d held", exists(dir, "one"), exists(dir, "two"), len(res.Hooks), len(res.Gate.Held))
			}
			if !strings.Contains(res.Verdict.Headline, fx.event) {
				t.Errorf("verdict %q does not name the event", res.Verdict.Headline)
			}

			all := req
			all.Confirmed = true
			if res, err = p.DryRun(context.Background(), all); err != nil {
				t.Fatal(err)
			}
			if !exists(dir, "two") || len(res.Hooks) != 2 || res.HeldNote != "" || res.Document == nil {
				t.Errorf("--yes: two=%v, %d runs, held note %q", exists(dir, "two"), len(res.Hooks), res.HeldNote)
			}
		})
	}
}

// A hook picked by ID runs alone; an ID the project does not have, or a
// --hook that names no planned hook, is a request error, and nothing runs.
func TestEveryAgentPicksHooksOrSaysWhy(t *testing.T) {
	for _, a := range Registry().All() {
		t.Run(a.Info().Name, func(t *testing.T) {
			fx := gateFixture[a.Info().Name]
			p, dir := openGateFixture(t, a)
			plan, err := p.Plan(hooks.Event(fx.event), agents.Query{Tool: fx.tool})
			if err != nil || len(plan.Hooks) != 2 || plan.Label != fx.event+" "+fx.tool {
				t.Fatalf("plan: %v, %+v", err, plan)
			}
			req := agents.RunRequest{Event: hooks.Event(fx.event), Query: agents.Query{Tool: fx.tool}, Confirmed: true}
			one := req
			one.HookIDs = []string{plan.Hooks[1].ID}
			res, err := p.DryRun(context.Background(), one)
			if err != nil || len(res.Hooks) != 1 || !exists(dir, "two") || exists(dir, "one") {
				t.Fatalf("picked: %v, one=%v two=%v", err, exists(dir, "one"), exists(dir, "two"))
			}
			for _, bad := range []agents.RunRequest{
				{Event: req.Event, Query: req.Query, Confirmed: true, HookIDs: []string{"no-such-id"}},
				{Event: req.Event, Query: req.Query, Confirmed: true, Select: []string{"no-such-hook"}},
			} {
				var re *agents.RequestError
				if _, err := p.DryRun(context.Background(), bad); err == nil || !asRequestError(err, &re) {
					t.Errorf("%+v: error %v, want a request error", bad, err)
				}
			}
			if exists(dir, "one") {
				t.Error("a bad request ran a hook")
			}
			if _, err := p.Plan(hooks.Event(fx.event), agents.Query{Trigger: "x"}); err == nil {
				t.Error("a tool event took a trigger")
			}
		})
	}
}

func asRequestError(err error, re **agents.RequestError) bool {
	e, ok := err.(*agents.RequestError)
	*re = e
	return ok
}

// SamplePayload spreads the query's input over the agent's sample.
func TestEveryAgentsSampleTakesTheInputsFields(t *testing.T) {
	for _, a := range Registry().All() {
		t.Run(a.Info().Name, func(t *testing.T) {
			fx := gateFixture[a.Info().Name]
			p, _ := openGateFixture(t, a)
			data, err := p.SamplePayload(hooks.Event(fx.event), agents.Query{Tool: fx.tool, Input: []byte(`{"mine": "yes"}`)})
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{`"mine":"yes"`, `"tool_name":"` + fx.tool + `"`, `"hook_event_name":"` + fx.event + `"`} {
				if !strings.Contains(string(data), want) {
					t.Errorf("sample lacks %s: %s", want, data)
				}
			}
		})
	}
}
