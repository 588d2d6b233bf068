package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

// claudeEnv is a temp HOME and project with Claude Code settings.
func claudeEnv(t *testing.T, files map[string]string) (*IO, *bytes.Buffer, *bytes.Buffer, string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("POSIX paths in the fixture")
	}
	tmp := t.TempDir()
	home, project := filepath.Join(tmp, "home"), filepath.Join(tmp, "project")
	for name, content := range files {
		p := strings.NewReplacer("HOME", home, "PROJECT", project).Replace(name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.MkdirAll(project, 0o755)
	var out, errb bytes.Buffer
	return &IO{Agents: testAgents(), Stdout: &out, Stderr: &errb, Stdin: strings.NewReader(""), Env: isolated(t, settingsio.Env{"HOME=" + home}),
		Dir: project, GOOS: runtime.GOOS}, &out, &errb, project
}

const claudeProjectSettings = `{"hooks": {
  "PreToolUse": [{"matcher": "Bash", "hooks": [
    {"type": "command", "command": "guard.sh; exit 1"},
    {"type": "command", "if": "Bash(git *)", "command": "git-guard"}]}],
  "Stop": [{"hooks": [{"type": "prompt", "prompt": "done?"}]}]}}`

func TestClaudeList(t *testing.T) {
	t.Parallel()
	io, out, errb, project := claudeEnv(t, map[string]string{
		"PROJECT/.claude/settings.json": claudeProjectSettings,
		"HOME/.claude/settings.json":    `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard.sh; exit 1"}]}]}}`,
	})
	if code := Main(context.Background(), []string{"list", "--agent", "claude", "--json"}, io); code != 0 {
		t.Fatalf("exit %d: %s", code, errb)
	}
	var doc struct {
		Agent   string `json:"agent"`
		Project string `json:"project"`
		Hooks   []struct {
			Event, Type, Status, Origin, File string
			Line                              int
		} `json:"hooks"`
		Diagnostics []struct{ Message string } `json:"diagnostics"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if doc.Agent != "claude" || doc.Project != project || len(doc.Hooks) != 4 {
		t.Fatalf("doc = %+v", doc)
	}
	want := []struct{ origin, status string }{{"user", "runs"}, {"project", "duplicate"}, {"project", "runs"}, {"project", "runs"}}
	for i, w := range want {
		if doc.Hooks[i].Origin != w.origin || doc.Hooks[i].Status != w.status || doc.Hooks[i].Line == 0 {
			t.Errorf("hook %d = %+v, want %+v", i, doc.Hooks[i], w)
		}
	}
	found := false
	for _, d := range doc.Diagnostics {
		found = found || strings.Contains(d.Message, "exit 1 never blocks")
	}
	if !found {
		t.Errorf("no exit-1 diagnostic in %+v", doc.Diagnostics)
	}

	out.Reset()
	if code := Main(context.Background(), []string{"list", "--agent", "claude"}, io); code != 0 {
		t.Fatalf("text list exit %d", code)
	}
	for _, s := range []string{"PreToolUse", "duplicate", "[prompt] prompt: done?", "Diagnostics"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("text list lacks %q:\n%s", s, out)
		}
	}
}

func TestClaudePlan(t *testing.T) {
	t.Parallel()
	io, out, errb, _ := claudeEnv(t, map[string]string{"PROJECT/.claude/settings.json": claudeProjectSettings})
	io.Stdin = strings.NewReader(`{"command": "git push"}`)
	if code := Main(context.Background(), []string{"plan", "--agent", "claude", "--event", "PreToolUse", "--tool", "Bash", "--input", "-", "--json"}, io); code != 0 {
		t.Fatalf("exit %d: %s", code, errb)
	}
	var doc struct {
		Agent struct{ Name string }
		Hooks []struct{ Name, Note string }
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Agent.Name != "claude" || len(doc.Hooks) != 2 || doc.Hooks[1].Name != "git-guard" || !strings.Contains(doc.Hooks[1].Note, "matches") {
		t.Errorf("plan = %+v", doc)
	}
	tests := []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"plan", "--agent", "claude", "--event", "BeforeTool"}, ExitUsage, `did you mean PreToolUse`},
		{[]string{"plan", "--agent", "claude", "--event", "PreToolUse"}, ExitUsage, "needs a tool name"},
		{[]string{"plan", "--agent", "claude", "--event", "Stop", "--tool", "Bash"}, ExitUsage, "no matcher support"},
		{[]string{"plan", "--agent", "claude"}, ExitUsage, "--event is required"},
	}
	for _, tt := range tests {
		errb.Reset()
		if code := Main(context.Background(), tt.args, io); code != tt.code || !strings.Contains(errb.String(), tt.err) {
			t.Errorf("%v: exit %d, stderr %q; want %d with %q", tt.args, code, errb, tt.code, tt.err)
		}
	}
}

func TestClaudeMigrate(t *testing.T) {
	t.Parallel()
	gemini := "{\n  // keep this comment\n  \"general\": {}\n}\n"
	io, out, errb, project := claudeEnv(t, map[string]string{
		"PROJECT/.claude/settings.json": claudeProjectSettings,
		"PROJECT/.gemini/settings.json": gemini,
	})
	target := filepath.Join(project, ".gemini", "settings.json")
	if code := Main(context.Background(), []string{"migrate", "--agent", "claude"}, io); code != 0 {
		t.Fatalf("exit %d: %s", code, errb)
	}
	if b, _ := os.ReadFile(target); string(b) != gemini {
		t.Fatal("preview wrote the file")
	}
	for _, s := range []string{"+     \"BeforeTool\": [", "skip     Stop [prompt]", "Nothing written", "rule Bash(git *) is dropped"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("preview lacks %q:\n%s", s, out)
		}
	}
	out.Reset()
	if code := Main(context.Background(), []string{"migrate", "--agent", "claude", "--write"}, io); code != 0 {
		t.Fatalf("write exit %d: %s", code, errb)
	}
	b, _ := os.ReadFile(target)
	if !strings.Contains(string(b), "// keep this comment") || !strings.Contains(string(b), `"command": "git-guard"`) {
		t.Errorf("written file:\n%s", b)
	}
	if _, perr := settingsio.ParseJSONC(target, b); perr != nil {
		t.Errorf("written file does not parse: %v", perr)
	}

	// A broken target is never written.
	broken := "{\"general\": {},}\n"
	os.WriteFile(target, []byte(broken), 0o644)
	errb.Reset()
	if code := Main(context.Background(), []string{"migrate", "--agent", "claude", "--write"}, io); code != ExitFailure || !strings.Contains(errb.String(), "does not parse") {
		t.Errorf("broken target: exit %d, %s", code, errb)
	}
	if b, _ := os.ReadFile(target); string(b) != broken {
		t.Error("a broken target was changed")
	}
}
