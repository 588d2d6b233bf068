package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fixture is a project and a home folder with settings files.
type fixture struct {
	home, project string
	env           []string
}

func newFixture(t testing.TB, files map[string]string) *fixture {
	t.Helper()
	root := t.TempDir()
	f := &fixture{home: filepath.Join(root, "home"), project: filepath.Join(root, "project")}
	for _, d := range []string{f.home, f.project} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for rel, text := range files {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f.env = []string{
		"HOME=" + f.home,
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(root, "etc", "settings.json"),
		"GEMINI_CLI_TRUST_WORKSPACE=true",
	}
	f.env = isolated(t, f.env)
	return f
}

// run runs one command line and returns stdout, stderr and the exit code.
func (f *fixture) run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	io := &IO{Agents: testAgents(), Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Env: f.env, Dir: f.project, GOOS: "linux"}
	code := Main(context.Background(), args, io)
	return out.String(), errOut.String(), code
}

const userSettings = `{
  // the user's own hooks
  "hooks": {
    "BeforeTool": [
      {"matcher": "write_file|replace", "hooks": [
        {"type": "command", "name": "guard", "command": "$GEMINI_PROJECT_DIR/guard.sh", "timeout": 5000}
      ]}
    ],
    "SessionStart": [{"matcher": "startup|resume", "hooks": [{"type": "command", "command": "echo hi"}]}]
  },
  "hooksConfig": {"disabled": ["echo off"]}
}`

const workspaceSettings = `{
  "hooks": {
    "BeforeTool": [
      {"hooks": [{"type": "command", "command": "echo off"}, {"type": "command", "name": "log", "command": "echo $USER_NAME"}]}
    ],
    "BeforeAgnet": []
  }
}`

func TestListJSON(t *testing.T) {
	t.Parallel()
	f := newFixture(t, map[string]string{
		"home/.gemini/settings.json":    userSettings,
		"project/.gemini/settings.json": workspaceSettings,
	})
	f.env = append(f.env, "USER_NAME=ada")
	out, errOut, code := f.run(t, "list", "--json")
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	var doc struct {
		Project     string `json:"project"`
		FolderTrust struct {
			State string `json:"state"`
			Rule  string `json:"rule"`
		} `json:"folder_trust"`
		HooksEnabled bool `json:"hooks_enabled"`
		Layers       []struct {
			Layer  string `json:"layer"`
			Path   string `json:"path"`
			Exists bool   `json:"exists"`
			Error  string `json:"error"`
		} `json:"layers"`
		Hooks []struct {
			Event, Name, Command, Origin, File, Status, Reason, Key string
			Line                                                    int
			TimeoutMS                                               int64 `json:"timeout_ms"`
		} `json:"hooks"`
		Diagnostics []struct {
			File, Severity, Message string
			Line, Column            int
		} `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if doc.Project != f.project || doc.FolderTrust.State != "trusted" || doc.FolderTrust.Rule != "GEMINI_CLI_TRUST_WORKSPACE" || !doc.HooksEnabled {
		t.Errorf("header = %+v", doc)
	}
	if len(doc.Layers) != 4 || doc.Layers[1].Layer != "user" || !doc.Layers[1].Exists || doc.Layers[0].Exists {
		t.Errorf("layers = %+v", doc.Layers)
	}
	want := []struct{ name, status, origin, key string }{
		{"guard", "runs", "user", "guard:$GEMINI_PROJECT_DIR/guard.sh"},
		{"", "runs", "user", ":echo hi"},
		{"", "disabled", "workspace", ":echo off"},
		{"log", "runs", "workspace", "log:echo ada"},
	}
	if len(doc.Hooks) != len(want) {
		t.Fatalf("hooks = %+v", doc.Hooks)
	}
	for i, w := range want {
		h := doc.Hooks[i]
		if h.Name != w.name || h.Status != w.status || h.Origin != w.origin || h.Key != w.key {
			t.Errorf("hook %d = %+v, want %+v", i, h, w)
		}
	}
	if doc.Hooks[0].Line != 6 || doc.Hooks[0].TimeoutMS != 5000 || doc.Hooks[1].TimeoutMS != 60000 {
		t.Errorf("guard line/timeouts: %+v", doc.Hooks[:2])
	}
	var msgs []string
	for _, d := range doc.Diagnostics {
		msgs = append(msgs, d.Severity+" "+d.Message)
	}
	joined := strings.Join(msgs, "\n")
	for _, s := range []string{`"startup|resume" matches nothing`, `Invalid hook event name: "BeforeAgnet"`} {
		if !strings.Contains(joined, s) {
			t.Errorf("diagnostics lack %q:\n%s", s, joined)
		}
	}
}

func TestListTableAndParseError(t *testing.T) {
	t.Parallel()
	f := newFixture(t, map[string]string{
		"home/.gemini/settings.json":    "{\n  \"hooks\": {,\n}",
		"project/.gemini/settings.json": workspaceSettings,
	})
	before, _ := os.ReadFile(filepath.Join(f.home, ".gemini", "settings.json"))
	out, errOut, code := f.run(t, "list")
	// Everything readable is listed, and the exit code says the list is
	// incomplete.
	if code != ExitFailure || !strings.Contains(errOut, filepath.Join(f.home, ".gemini", "settings.json")+":2:13: ") {
		t.Fatalf("exit %d, want 1 naming the file:line:column: %s", code, errOut)
	}
	for _, s := range []string{"BeforeTool", "log", "workspace .gemini/settings.json:4", filepath.Join(f.home, ".gemini", "settings.json") + ":2:", "fatal"} {
		if !strings.Contains(out, s) {
			t.Errorf("table lacks %q:\n%s", s, out)
		}
	}
	after, _ := os.ReadFile(filepath.Join(f.home, ".gemini", "settings.json"))
	if !bytes.Equal(before, after) {
		t.Error("list wrote to a broken file")
	}
}

func TestPlan(t *testing.T) {
	t.Parallel()
	f := newFixture(t, map[string]string{
		"home/.gemini/settings.json":    userSettings,
		"project/.gemini/settings.json": workspaceSettings,
	})
	out, _, code := f.run(t, "plan", "--event", "BeforeTool", "--tool", "write_file", "--json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var doc struct {
		Event      string
		Sequential bool
		Hooks      []struct{ Name, Command, Origin, Key string }
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Event != "BeforeTool" || len(doc.Hooks) != 2 || doc.Hooks[0].Name != "guard" || doc.Hooks[1].Name != "log" {
		t.Errorf("plan = %+v", doc)
	}
	out, _, _ = f.run(t, "plan", "--event", "BeforeTool", "--tool", "read_file")
	if !strings.Contains(out, "1 hook(s) run in parallel") || !strings.Contains(out, "log") || strings.Contains(out, "guard") {
		t.Errorf("read_file plan:\n%s", out)
	}
	out, _, _ = f.run(t, "plan", "--event", "SessionStart", "--trigger", "startup")
	if !strings.Contains(out, "no hook runs") {
		t.Errorf("startup|resume must match nothing:\n%s", out)
	}
}

func TestUsageErrors(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	tests := [][]string{
		{"plan"},
		{"plan", "--event", "BeforeTol"},
		{"plan", "--event", "BeforeTool"},
		{"plan", "--event", "BeforeAgent", "--tool", "x"},
		{"list", "--bogus"},
		{"list", "extra"},
		{"list", "--project", "does-not-exist"},
		{"folder-trust", "--project", "/nonexistent/typo", "trust"},
		{"disable", "--project", "list_test.go", "x"},
		{"frobnicate"},
	}
	for _, args := range tests {
		out, errOut, code := f.run(t, args...)
		if code != ExitUsage || out != "" || errOut == "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	if _, _, code := f.run(t, "help"); code != 0 {
		t.Errorf("help exit %d", code)
	}
}

func BenchmarkList1000(b *testing.B) {
	root := b.TempDir()
	home, project := filepath.Join(root, "home"), filepath.Join(root, "project")
	write := func(p string, n int) {
		var defs []string
		for i := 0; i < n; i++ {
			defs = append(defs, `{"matcher":"write_file","hooks":[{"type":"command","name":"h`+strings.Repeat("x", i%7)+string(rune('a'+i%26))+`","command":"echo `+p+` `+strings.Repeat("y", i%5)+`"}]}`)
		}
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(`{"hooks":{"BeforeTool":[`+strings.Join(defs, ",")+`]}}`), 0o644)
	}
	write(filepath.Join(home, ".gemini", "settings.json"), 500)
	write(filepath.Join(project, ".gemini", "settings.json"), 500)
	env := []string{"HOME=" + home, "GEMINI_CLI_TRUST_WORKSPACE=true", "GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(root, "none.json")}
	b.ReportAllocs()
	for b.Loop() {
		var out bytes.Buffer
		io := &IO{Agents: testAgents(), Stdout: &out, Stderr: &out, Env: env, Dir: project, GOOS: "linux"}
		if code := Main(context.Background(), []string{"list", "--json"}, io); code != 0 {
			b.Fatalf("exit %d: %s", code, out.String())
		}
	}
}

func TestAgentFlag(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
		rest string
		err  bool
	}{
		{[]string{"--json"}, "gemini", "--json", false},
		{[]string{"--agent", "claude", "--json"}, "claude", "--json", false},
		{[]string{"--json", "--agent=gemini"}, "gemini", "--json", false},
		{[]string{"--agent"}, "", "", true},
		{[]string{"--agent", "cursor"}, "", "", true},
		{[]string{"--", "--agent", "x"}, "gemini", "-- --agent x", false},
	}
	for _, tt := range tests {
		got, rest, err := splitAgent(testAgents(), tt.args)
		if (err != nil) != tt.err || got != tt.want || (!tt.err && strings.Join(rest, " ") != tt.rest) {
			t.Errorf("splitAgent(%v) = %q, %v, %v", tt.args, got, rest, err)
		}
	}
	for _, c := range []string{"list", "migrate", "demo"} {
		if !IsCommand(c) {
			t.Errorf("IsCommand(%q) = false; main would open %q as a folder", c, c)
		}
	}
	f := newFixture(t, nil)
	if _, errOut, code := f.run(t, "list", "--agent", "cursor"); code != ExitUsage || !strings.Contains(errOut, "unknown agent") {
		t.Errorf("bad agent: exit %d, %q", code, errOut)
	}
}
