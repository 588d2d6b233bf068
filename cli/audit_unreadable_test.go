package cli

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// A post-pull gate must never pass on the file it cannot read.
func TestAuditFailsClosedOnABrokenSettingsFile(t *testing.T) {
	t.Parallel()
	e := newTrustEnv(t)
	settings := filepath.Join(e.project, ".gemini", "settings.json")
	// Line 3, column 5: the stray comma.
	e.write(settings, "{\n  \"hooks\": {\n    ,\"BeforeTool\": []\n  }\n}\n")
	code, out, errOut := e.run("audit")
	if code != ExitUnreadable {
		t.Fatalf("audit exit %d, want %d:\n%s\n%s", code, ExitUnreadable, out, errOut)
	}
	place := settings + ":3:5: "
	if !strings.Contains(errOut, place) || !strings.Contains(out, "UNREADABLE  "+place) || !strings.Contains(out, "review incomplete") {
		t.Errorf("audit does not name %s:\nstdout:\n%s\nstderr:\n%s", place, out, errOut)
	}
	if strings.Contains(out, "nothing needs review") {
		t.Errorf("audit says nothing needs review:\n%s", out)
	}
	code, doc := e.auditJSON()
	u, _ := doc["unreadable"].([]any)
	if code != ExitUnreadable || len(u) != 1 || doc["needs_review"] != true {
		t.Fatalf("audit --json: exit %d unreadable %v needs_review %v", code, doc["unreadable"], doc["needs_review"])
	}
	if f := u[0].(map[string]any); f["path"] != settings || f["line"] != 3.0 || f["column"] != 5.0 || f["layer"] != "workspace" {
		t.Errorf("unreadable entry %v", f)
	}

	// A broken user file counts too, even with a clean workspace; so does
	// a settings path that is a folder (refused, no place).
	e.write(settings, `{}`)
	user := filepath.Join(e.home, ".gemini", "settings.json")
	e.write(user, `{"hooks": }`)
	if code, _, errOut := e.run("audit"); code != ExitUnreadable || !strings.Contains(errOut, user+":1:11: ") {
		t.Errorf("broken user settings: exit %d %s", code, errOut)
	}
	os.Remove(user)
	if err := os.Mkdir(user, 0o755); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := e.run("audit"); code != ExitUnreadable || !strings.Contains(errOut, user+": ") {
		t.Errorf("settings path is a folder: exit %d %s", code, errOut)
	}
	os.Remove(user)
	if code, out, errOut := e.run("audit"); code != ExitOK {
		t.Errorf("all files readable again: exit %d\n%s\n%s", code, out, errOut)
	}
}

func TestAuditFailsClosedOnABrokenExtensionHooksFile(t *testing.T) {
	t.Parallel()
	e := newTrustEnv(t)
	ext := filepath.Join(e.home, ".gemini", "extensions", "x")
	os.MkdirAll(filepath.Join(ext, "hooks"), 0o755)
	e.write(filepath.Join(ext, "gemini-extension.json"), `{"name": "x", "version": "1.0.0"}`)
	hooksFile := filepath.Join(ext, "hooks", "hooks.json")
	e.write(hooksFile, "{\"hooks\": {\"BeforeTool\": [}}")
	code, _, errOut := e.run("audit")
	if code != ExitUnreadable || !strings.Contains(errOut, hooksFile+":1:") {
		t.Errorf("audit exit %d: %s", code, errOut)
	}
	if code, _, errOut := e.run("list"); code != ExitFailure || !strings.Contains(errOut, hooksFile) {
		t.Errorf("list exit %d: %s", code, errOut)
	}
}

func TestClaudeAuditAndListFailClosedOnABrokenFile(t *testing.T) {
	t.Parallel()
	cio, outBuf, errBuf, project := claudeEnv(t, map[string]string{
		"PROJECT/.claude/settings.json":       `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo bye"}]}]}}`,
		"PROJECT/.claude/settings.local.json": "{\n  \"hooks\": {\"PreToolUse\": [\n}",
	})
	local := filepath.Join(project, ".claude", "settings.local.json")
	out, errOut := outBuf, errBuf
	hw := func(args ...string) int {
		out.Reset()
		errOut.Reset()
		return Main(context.Background(), append(args, "--agent", "claude"), cio)
	}
	if code := hw("audit"); code != ExitUnreadable || !strings.Contains(errOut.String(), local+":3:1: ") || !strings.Contains(out.String(), "UNREADABLE") {
		t.Errorf("audit exit %d:\n%s\n%s", code, out.String(), errOut.String())
	}
	if code := hw("trust", "--all"); code != ExitOK {
		t.Fatalf("trust: %d %s", code, errOut.String())
	}
	if code := hw("audit", "--json"); code != ExitUnreadable {
		t.Errorf("audit --json after approving what could be read: exit %d", code)
	}
	var doc struct {
		Unreadable []struct{ Path string } `json:"unreadable"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil || len(doc.Unreadable) != 1 || doc.Unreadable[0].Path != local {
		t.Errorf("audit --json unreadable %+v (%v)", doc.Unreadable, err)
	}
	if code := hw("list"); code != ExitFailure || !strings.Contains(out.String(), "echo bye") || !strings.Contains(errOut.String(), local+":3:1") {
		t.Errorf("list exit %d:\n%s\n%s", code, out.String(), errOut.String())
	}
}

// Attack: a settings file that is a named pipe would hang a reader that
// opens it blocking; audit refuses it, says where, and exits 4.
func TestAuditRefusesASettingsFileThatIsAPipe(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("no mkfifo")
	}
	e := newTrustEnv(t)
	settings := filepath.Join(e.project, ".gemini", "settings.json")
	if out, err := exec.Command("mkfifo", settings).CombinedOutput(); err != nil {
		t.Skipf("mkfifo: %v %s", err, out)
	}
	code, _, errOut := e.run("audit")
	if code != ExitUnreadable || !strings.Contains(errOut, settings+": ") || !strings.Contains(errOut, "not a regular file") {
		t.Errorf("audit on a pipe: exit %d %s", code, errOut)
	}
}
