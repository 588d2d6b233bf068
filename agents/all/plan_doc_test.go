package all

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// planFixture is, per agent, a settings file with hooks for one tool
// event (one that matches the tool, one that does not), the event and
// the tool.
var planFixture = map[string]struct {
	file, event, tool, settings string
}{
	"gemini": {"project/.gemini/settings.json", "BeforeTool", "write_file", `{"hooks": {"BeforeTool": [{"matcher": "write_file", "hooks": [
		{"type": "command", "name": "one", "command": "echo one"}]}, {"matcher": "read_file", "hooks": [{"type": "command", "name": "two", "command": "echo two"}]}]}}`},
	"claude": {"home/.claude/settings.json", "PreToolUse", "Bash", `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
		{"type": "command", "command": "echo one"}]}, {"matcher": "Write", "hooks": [{"type": "command", "command": "echo two"}]}]}}`},
	"codex": {"home/.codex/hooks.json", "PreToolUse", "Bash", `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
		{"type": "command", "command": "echo one"}]}, {"matcher": "Write", "hooks": [{"type": "command", "command": "echo two"}]}]}}`},
	"copilot": {"home/.copilot/hooks/h.json", "preToolUse", "bash", `{"version": 1, "hooks": {"preToolUse": [
		{"type": "command", "bash": "echo one", "matcher": "bash"}, {"type": "command", "bash": "echo two", "matcher": "edit"}]}}`},
	"qwen": {"home/.qwen/settings.json", "PreToolUse", "run_shell_command", `{"hooks": {"PreToolUse": [{"matcher": "run_shell_command", "hooks": [
		{"type": "command", "command": "echo one"}]}, {"matcher": "write_file", "hooks": [{"type": "command", "command": "echo two"}]}]}}`},
}

// openPlanFixture opens the agent's planFixture in an isolated home.
func openPlanFixture(t *testing.T, a agents.Agent) agents.Project {
	t.Helper()
	fx, ok := planFixture[a.Info().Name]
	if !ok {
		t.Fatalf("no plan fixture for %s: add one", a.Info().Name)
	}
	root := t.TempDir()
	home, dir := filepath.Join(root, "home"), filepath.Join(root, "project")
	path := filepath.Join(root, filepath.FromSlash(fx.file))
	for _, d := range []string{filepath.Dir(path), dir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(path, []byte(fx.settings), 0o644); err != nil {
		t.Fatal(err)
	}
	env := agents.Env{Vars: []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "store"),
		"HOOKWARDEN_CLAUDE_MANAGED_DIR=" + filepath.Join(root, "managed"), "CODEX_HOME=" + filepath.Join(home, ".codex"),
		"GEMINI_CLI_TRUST_WORKSPACE=true", "GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(root, "system", "settings.json")}, GOOS: runtime.GOOS, Home: home}
	p, err := a.Open(context.Background(), env, dir)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Every agent's `plan --json` is one schema, the kit's: the same members
// at the top and in each hook, what only one agent knows in the hook's
// "agent" object; the top's "agent" is the object of the agent's name and
// title, as in `run --json` and `audit --json`. (Before, each agent wrote its own document: Qwen's
// "label" and "layer", Codex's "trust_status", Copilot's
// "event_as_written", Claude's "plugin", Gemini's without "agent".)
func TestEveryAgentsPlanDocumentIsOneSchema(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX paths")
	}
	top := []string{"agent", "context", "event", "hooks", "sequential", "skipped"}
	item := []string{"agent", "command", "file", "id", "key", "line", "name", "note", "origin", "reason", "type"}
	must := []string{"command", "file", "id", "line", "name", "origin", "type"}
	for _, a := range Registry().All() {
		name := a.Info().Name
		t.Run(name, func(t *testing.T) {
			fx := planFixture[name]
			p := openPlanFixture(t, a)
			plan, err := p.Plan(hooks.Event(fx.event), agents.Query{Tool: fx.tool})
			if err != nil {
				t.Fatal(err)
			}
			raw, err := json.Marshal(plan.Document)
			if err != nil {
				t.Fatal(err)
			}
			var doc map[string]json.RawMessage
			if err := json.Unmarshal(raw, &doc); err != nil {
				t.Fatalf("%v: %s", err, raw)
			}
			if got := keys(doc); !slices.Equal(got, top) {
				t.Errorf("top members %v, want %v:\n%s", got, top, raw)
			}
			var agent struct{ Name, Title string }
			if json.Unmarshal(doc["agent"], &agent); agent.Name != name || agent.Title != a.Info().Title {
				t.Errorf("agent %s, want an object of name %q and title %q, as in run --json and audit --json", doc["agent"], name, a.Info().Title)
			}
			var planned, skipped []map[string]json.RawMessage
			json.Unmarshal(doc["hooks"], &planned)
			json.Unmarshal(doc["skipped"], &skipped)
			if len(planned)+len(skipped) == 0 {
				t.Errorf("no hook in the document:\n%s", raw)
			}
			for _, h := range append(planned, skipped...) {
				got := keys(h)
				for _, k := range got {
					if !slices.Contains(item, k) {
						t.Errorf("hook member %q is no member of the kit's schema (an agent's own fact goes in \"agent\"):\n%s", k, raw)
					}
				}
				for _, k := range must {
					if !slices.Contains(got, k) {
						t.Errorf("hook lacks %q:\n%s", k, raw)
					}
				}
			}
		})
	}
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// The Claude-schema family's `run --json` and Copilot CLI's are one
// document, the kit's (runDocTop in that order; before, Qwen's was a map
// whose members came out sorted).
func TestFamilyRunDocumentIsTheKits(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX shell")
	}
	for _, a := range Registry().All() {
		name := a.Info().Name
		if name != "qwen" && name != "copilot" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			fx := planFixture[name]
			p := openPlanFixture(t, a)
			res, err := p.DryRun(context.Background(), agents.RunRequest{Event: hooks.Event(fx.event), Query: agents.Query{Tool: fx.tool}, Confirmed: true})
			if err != nil {
				t.Fatal(err)
			}
			raw, err := json.Marshal(res.Document)
			if err != nil {
				t.Fatal(err)
			}
			dec := json.NewDecoder(strings.NewReader(string(raw)))
			var order []string
			dec.Token()
			for dec.More() {
				k, _ := dec.Token()
				order = append(order, k.(string))
				var skip json.RawMessage
				dec.Decode(&skip)
			}
			if want := runDocTop; !slices.Equal(order, want) {
				t.Errorf("members %v, want %v", order, want)
			}
			if _, ok := res.Document.(agents.RunDocument); !ok {
				t.Errorf("document %T, want agents.RunDocument", res.Document)
			}
		})
	}
}
