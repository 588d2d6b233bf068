package migrate

import (
	"context"
	"encoding/json"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/agents/gemini"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/settingsio"
)

const migrateSource = `{
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh", "timeout": 5}]},
      {"matcher": "Edit|MultiEdit|Write", "hooks": [{"type": "command", "command": "fmt", "args": ["${CLAUDE_PROJECT_DIR}/a b"], "if": "Edit(*.go)"}]},
      {"matcher": "Edit.*", "hooks": [{"type": "command", "command": "lint"}]}
    ],
    "SessionStart": [{"matcher": "startup|compact", "hooks": [{"type": "command", "command": "hello", "statusMessage": "Saying hello"}]}],
    "Stop": [{"hooks": [{"type": "prompt", "prompt": "done?"}]}],
    "SubagentStop": [{"hooks": [{"type": "command", "command": "sub"}]}],
    "PreCompact": [{"matcher": "auto", "hooks": [{"type": "command", "command": "compact"}]}]
  }
}`

func TestPlanMigration(t *testing.T) {
	r := newFixture(t, map[string]string{projectFile: migrateSource}).build()
	current := []byte("{\n  // my settings\n  \"general\": {\"vimMode\": true},\n  \"hooks\": {\n    \"BeforeTool\": [\n      {\"matcher\": \"x\", \"hooks\": [{\"type\": \"command\", \"command\": \"old\"}]}\n    ]\n  }\n}\n")
	m, err := PlanMigration(r, "/p/.gemini/settings.json", current, true)
	if err != nil {
		t.Fatal(err)
	}
	out := string(m.After)
	if !strings.Contains(out, "// my settings") || !strings.Contains(out, `"vimMode": true`) || !strings.Contains(out, `"command": "old"`) {
		t.Errorf("comments or existing settings lost:\n%s", out)
	}
	root, perr := settingsio.ParseJSONC("x", m.After)
	if perr != nil {
		t.Fatalf("result does not parse: %v\n%s", perr, out)
	}
	var got struct {
		Hooks map[string][]geminiDef `json:"hooks"`
	}
	raw, _ := root.MarshalJSON()
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	bt := got.Hooks["BeforeTool"]
	if len(bt) != 4 {
		t.Fatalf("BeforeTool = %+v, want the old one and three migrated", bt)
	}
	wantBT := []geminiDef{
		{Matcher: "^(run_shell_command)$", Hooks: []geminiHook{{Type: "command", Command: "$GEMINI_PROJECT_DIR/.claude/hooks/guard.sh", Timeout: 5000}}},
		{Matcher: "^(replace|write_file)$", Hooks: []geminiHook{{Type: "command", Command: `fmt "${GEMINI_PROJECT_DIR}/a b"`}}},
		{Matcher: "replace.*", Hooks: []geminiHook{{Type: "command", Command: "lint"}}},
	}
	for i, w := range wantBT {
		g := bt[i+1]
		if g.Matcher != w.Matcher || len(g.Hooks) != 1 || g.Hooks[0] != w.Hooks[0] {
			t.Errorf("BeforeTool[%d] = %+v, want %+v", i+1, g, w)
		}
	}
	if ss := got.Hooks["SessionStart"]; len(ss) != 1 || ss[0].Matcher != "startup" || ss[0].Hooks[0].Description != "Saying hello" {
		t.Errorf("SessionStart = %+v, want one startup definition (compact has no Gemini value)", ss)
	}
	if pc := got.Hooks["PreCompress"]; len(pc) != 1 || pc[0].Matcher != "auto" {
		t.Errorf("PreCompress = %+v", pc)
	}
	if _, ok := got.Hooks["AfterAgent"]; ok {
		t.Error("a prompt hook was migrated; Gemini runs only command hooks")
	}
	skipped := map[string]string{}
	notes := ""
	for _, it := range m.Items {
		if it.Skipped != "" {
			skipped[claude.Label(it.Hook)] = it.Skipped
		}
		notes += strings.Join(it.Notes, "\n") + "\n"
	}
	if !strings.Contains(skipped["prompt: done?"], "only command hooks") || !strings.Contains(skipped["sub"], "no event like SubagentStop") {
		t.Errorf("skipped = %v", skipped)
	}
	for _, n := range []string{"rule Edit(*.go) is dropped", "exec form", `never sends "compact"`, "rewritten on word boundaries", "Claude Code allows 600 s"} {
		if !strings.Contains(notes, n) {
			t.Errorf("no note %q in:\n%s", n, notes)
		}
	}
	if !strings.Contains(string(m.After), "// my settings") || !m.Changed() {
		t.Errorf("after:\n%s", m.After)
	}

	// A second run adds nothing.
	again, err := PlanMigration(r, "/p/.gemini/settings.json", m.After, true)
	if err != nil {
		t.Fatal(err)
	}
	if again.Changed() {
		t.Errorf("second migration changed the file:\n%s", again.After)
	}
}

func TestPlanMigrationNewFileAndBrokenFile(t *testing.T) {
	r := newFixture(t, map[string]string{projectFile: hooksJSON("Stop", "", cmd("bye <done>"))}).build()
	m, err := PlanMigration(r, "/p/.gemini/settings.json", nil, false)
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"hooks\": {\n    \"AfterAgent\": [\n      {\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"bye <done>\"\n          }\n        ]\n      }\n    ]\n  }\n}\n"
	if string(m.After) != want {
		t.Errorf("new file =\n%s\nwant\n%s", m.After, want)
	}
	if _, err := PlanMigration(r, "/p/.gemini/settings.json", []byte("{\"hooks\": {,}"), true); err == nil {
		t.Error("a target that does not parse must not be patched")
	}
}

// New members go after a trailing comment's line, in the file's line breaks.
func TestPlanMigrationKeepsCommentsAndLineBreaks(t *testing.T) {
	r := newFixture(t, map[string]string{projectFile: `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "done"}]}]}}`}).build()
	current := "{\r\n  \"general\": {\"x\": 1} // keep me\r\n}\r\n"
	m, err := PlanMigration(r, "/p/.gemini/settings.json", []byte(current), true)
	if err != nil {
		t.Fatal(err)
	}
	out := string(m.After)
	if !strings.HasPrefix(out, "{\r\n  \"general\": {\"x\": 1}, // keep me\r\n  \"hooks\": {") {
		t.Errorf("the comment moved or the layout changed:\n%q", out)
	}
	if strings.Count(out, "\n") != strings.Count(out, "\r\n") {
		t.Errorf("mixed line breaks:\n%q", out)
	}
	if !strings.Contains(out, `"command": "done"`) {
		t.Errorf("the hook was not migrated:\n%s", out)
	}
}

// projectFile and the fixture below are agents/claude's registry test
// fixture (agents/claude/registry_test.go): Claude Code files written
// into a temporary home and project.
const projectFile = "PROJECT/.claude/settings.json"

type fixture struct {
	home, project string
}

func newFixture(t *testing.T, files map[string]string) fixture {
	t.Helper()
	home, project := testenv.HomeAndProject(t, files)
	return fixture{home: home, project: project}
}

// build opens the fixture's project as Claude Code reads it.
func (fx fixture) build() agents.Project {
	env := agents.Env{Vars: settingsio.Env{"HOME=" + fx.home, claude.EnvManagedDir + "=" + filepath.Join(fx.home, "no-managed")}, GOOS: runtime.GOOS}
	p, err := claude.New().Open(context.Background(), env, fx.project)
	if err != nil {
		panic(err)
	}
	return p
}

// TestGeminiEventsAreGeminis checks the events a hook moves to against
// Gemini CLI's own list, and the events it moves from against Claude
// Code's.
func TestGeminiEventsAreGeminis(t *testing.T) {
	known := func(a agents.Agent, e hooks.Event) bool {
		return slices.ContainsFunc(a.Events(), func(i agents.EventInfo) bool { return i.Name == e })
	}
	for from, to := range migrateEvents {
		if !known(claude.New(), from) {
			t.Errorf("%s is not a Claude Code event", from)
		}
		if !known(gemini.New(), to) {
			t.Errorf("%s is not a Gemini CLI event", to)
		}
	}
	for e := range geminiTriggers {
		if !known(gemini.New(), e) {
			t.Errorf("%s is not a Gemini CLI event", e)
		}
	}
}

// cmd and hooksJSON write Claude Code settings for the fixtures.
var cmd, hooksJSON = testenv.CommandHook, testenv.HooksJSON
