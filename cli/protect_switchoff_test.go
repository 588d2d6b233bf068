package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// geminiProtectCommand is the protective hook's command protect on wrote
// into Gemini CLI's user settings.
func geminiProtectCommand(t *testing.T, e *protectEnv) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(e.home, ".gemini", "settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`"command": ?"([^"]*protect-check[^"]*)"`).FindStringSubmatch(string(b))
	if m == nil {
		t.Fatalf("no protective hook in the user settings:\n%s", b)
	}
	return m[1]
}

// trustGeminiFolder marks the project a folder Gemini CLI trusts: only
// there does it read the workspace settings (and run settings hooks).
func (e *protectEnv) trustGeminiFolder() {
	writeFile(e.t, filepath.Join(e.home, ".gemini", "trustedFolders.json"), `{"`+e.project+`": "TRUST_FOLDER"}`, 0o600)
}

// TestProtectCommandIsUnguessable: the protective hook's command ends in
// a per-user token, so a public repository's workspace settings that
// list the old fixed command in hooksConfig.disabled no longer switch it
// off: list shows it running, protect status and audit are clean. Two
// users get different tokens; protect-check accepts its own --id.
func TestProtectCommandIsUnguessable(t *testing.T) {
	t.Parallel()
	e := newProtectEnv(t)
	e.trustGeminiFolder()
	old := "/opt/hookwarden/bin/hookwarden protect-check --agent gemini"
	oldJSON, _ := json.Marshal(old)
	writeFile(t, filepath.Join(e.project, ".gemini", "settings.json"), `{"hooksConfig": {"disabled": [`+string(oldJSON)+`]}}`, 0o644)
	if code, out := e.run("", "protect", "--agent", "gemini", "on"); code != ExitOK {
		t.Fatalf("protect on: exit %d\n%s", code, out)
	}
	cmd := geminiProtectCommand(t, e)
	if !regexp.MustCompile(`^` + regexp.QuoteMeta(old) + ` --id [0-9a-f]{32}$`).MatchString(cmd) {
		t.Fatalf("the protective hook's command has no token: %q", cmd)
	}
	code, out := e.run("", "list", "--agent", "gemini", "--json")
	var doc struct {
		Hooks []struct{ Command, Status string } `json:"hooks"`
	}
	if err := json.Unmarshal([]byte(out), &doc); code != ExitOK || err != nil {
		t.Fatalf("list: exit %d %v\n%s", code, err, out)
	}
	for _, h := range doc.Hooks {
		if h.Command == cmd && h.Status != "runs" {
			t.Fatalf("the workspace switched the protective hook off by its old command: %+v", h)
		}
	}
	if code, out := e.run("", "protect", "--agent", "gemini", "status"); code != ExitOK || strings.Contains(out, "switched off") {
		t.Fatalf("protect status: exit %d\n%s", code, out)
	}
	if code, out := e.run("", "audit", "--agent", "gemini"); strings.Contains(out, "switched off") {
		t.Fatalf("audit reports a switch-off that is none: exit %d\n%s", code, out)
	}
	// another user (another store) gets another token
	other := newProtectEnv(t)
	other.run("", "protect", "--agent", "gemini", "on")
	if geminiProtectCommand(t, other) == cmd {
		t.Fatal("two users got the same protective hook command")
	}
	// protect-check takes its own command line
	if code, out := e.run(realBeforeTool(t, e.project, "write_file", map[string]string{"file_path": "src/main.go"}), strings.Fields(cmd)[1:]...); code != ExitOK || out != "" {
		t.Fatalf("protect-check with its token: exit %d\n%s", code, out)
	}
}

// TestProtectReportsAProjectThatSwitchesItOff: a workspace that names the
// protective hook (token and all) in hooksConfig.disabled, or sets
// hooksConfig.enabled false, switches it off in Gemini CLI: protect
// status and audit say so with file:line and exit 3.
func TestProtectReportsAProjectThatSwitchesItOff(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name     string
		settings func(cmd string) string
		line     int
	}{
		{"hooksConfig.disabled names it", func(cmd string) string {
			b, _ := json.Marshal(cmd)
			return "{\n  \"hooksConfig\": {\n    \"disabled\": [\n      " + string(b) + "\n    ]\n  }\n}\n"
		}, 4},
		{"hooksConfig.enabled is false", func(string) string {
			return "{\n  \"hooksConfig\": {\n    \"enabled\": false\n  }\n}\n"
		}, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newProtectEnv(t)
			e.trustGeminiFolder()
			if code, out := e.run("", "protect", "--agent", "gemini", "on"); code != ExitOK {
				t.Fatalf("protect on: exit %d\n%s", code, out)
			}
			ws := filepath.Join(e.project, ".gemini", "settings.json")
			writeFile(t, ws, c.settings(geminiProtectCommand(t, e)), 0o644)
			want := ws + ":" + string(rune('0'+c.line)) + ":"
			code, out := e.run("", "protect", "--agent", "gemini", "status")
			if code != ExitNeedsReview || !strings.Contains(out, "protective hook") || !strings.Contains(out, "switched off by "+want) {
				t.Fatalf("protect status: exit %d, want %d naming %s\n%s", code, ExitNeedsReview, want, out)
			}
			code, out = e.run("", "audit", "--agent", "gemini")
			if code != ExitNeedsReview || !strings.Contains(out, "switched off by "+want) {
				t.Fatalf("audit: exit %d, want %d naming %s\n%s", code, ExitNeedsReview, want, out)
			}
		})
	}
}

// TestProtectReportsClaudeDisableAllHooks: a project's
// .claude/settings.json or settings.local.json with disableAllHooks true
// switches off every hook of the user's settings in Claude Code, the
// protective one included: protect status and audit say so with
// file:line and exit 3.
func TestProtectReportsClaudeDisableAllHooks(t *testing.T) {
	t.Parallel()
	for _, file := range []string{"settings.json", "settings.local.json"} {
		t.Run(file, func(t *testing.T) {
			e := newProtectEnv(t)
			if code, out := e.run("", "protect", "--agent", "claude", "on"); code != ExitOK {
				t.Fatalf("protect on: exit %d\n%s", code, out)
			}
			if code, out := e.run("", "protect", "--agent", "claude", "status"); code != ExitOK {
				t.Fatalf("protect status before: exit %d\n%s", code, out)
			}
			path := filepath.Join(e.project, ".claude", file)
			if file == "settings.json" {
				writeFile(t, path, "{\n  \"hooks\": {\"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"sh \\\"$CLAUDE_PROJECT_DIR\\\"/.claude/hooks/check.sh\"}]}]},\n  \"disableAllHooks\": true\n}\n", 0o644)
			} else {
				writeFile(t, path, "{\n  \"disableAllHooks\": true\n}\n", 0o644)
			}
			line := map[string]string{"settings.json": "3", "settings.local.json": "2"}[file]
			want := "switched off by " + path + ":" + line + ":"
			code, out := e.run("", "protect", "--agent", "claude", "status")
			if code != ExitNeedsReview || !strings.Contains(out, want) || !strings.Contains(out, "disableAllHooks") {
				t.Fatalf("protect status: exit %d, want %d with %q\n%s", code, ExitNeedsReview, want, out)
			}
			if code, out := e.run("", "audit", "--agent", "claude"); code != ExitNeedsReview || !strings.Contains(out, want) {
				t.Fatalf("audit: exit %d, want %d with %q\n%s", code, ExitNeedsReview, want, out)
			}
		})
	}
}
