package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// deepJSON is the 1.4 MB file of "[" that overflowed the stack of the
// recursive parse and crashed every command (issue 9, hole 7).
var deepJSON = `{"hooks": ` + strings.Repeat("[", 1400*1024)

const deepMessage = ":1:4106: nested more than 4096 levels deep"

func TestDeepGeminiFilesAreRefused(t *testing.T) {
	t.Parallel()
	e := newTrustEnv(t)
	settings := filepath.Join(e.project, ".gemini", "settings.json")
	e.write(settings, deepJSON)
	// list's exit code for an unreadable file is the review-domain branch's
	// (5f0810b: exit 1); here it must name the file and place, not crash.
	code, out, errOut := e.run("list")
	if !strings.Contains(out+errOut, settings+deepMessage) {
		t.Errorf("list: exit %d, want %q:\n%s\n%s", code, deepMessage, out, errOut)
	}
	// audit's exit code for an unreadable file is the review-domain
	// branch's part of issue 9; here it must report the file, not crash.
	code, out, errOut = e.run("audit")
	if !strings.Contains(out, settings+deepMessage) {
		t.Errorf("audit: exit %d, want %q:\n%s\n%s", code, deepMessage, out, errOut)
	}

	// The trust files.
	e.write(settings, `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "echo hi"}]}]}}`)
	e.write(e.trustedHooks, deepJSON)
	code, out, errOut = e.run("audit")
	if code != ExitNeedsReview || !strings.Contains(out, e.trustedHooks+deepMessage) {
		t.Errorf("audit with a deep trusted_hooks.json: exit %d:\n%s\n%s", code, out, errOut)
	}
	if code, out, errOut = e.run("trust", "--all"); code != ExitFailure || !strings.Contains(errOut, deepMessage) {
		t.Errorf("trust --all: exit %d:\n%s\n%s", code, out, errOut)
	}
	if code, out, errOut = e.run("trust", "--repair"); code != ExitOK || !strings.Contains(out, "0 project entries salvaged") {
		t.Errorf("trust --repair: exit %d:\n%s\n%s", code, out, errOut)
	}
	e.write(e.trFolder, deepJSON)
	if code, out, errOut = e.run("list"); !strings.Contains(out+errOut, e.trFolder+deepMessage) {
		t.Errorf("list with a deep trustedFolders.json: exit %d:\n%s\n%s", code, out, errOut)
	}
	if code, out, errOut = e.run("folder-trust", "trust"); code == ExitOK || !strings.Contains(errOut, deepMessage) {
		t.Errorf("folder-trust trust: exit %d:\n%s\n%s", code, out, errOut)
	}
}

func TestDeepClaudeFilesAreRefused(t *testing.T) {
	t.Parallel()
	io, out, errb, project := claudeEnv(t, map[string]string{"PROJECT/.claude/settings.json": deepJSON})
	store := filepath.Join(filepath.Dir(project), "store")
	io.Env = append(io.Env, "HOOKWARDEN_CONFIG_DIR="+store)
	settings := filepath.Join(project, ".claude", "settings.json")
	for _, args := range [][]string{{"list", "--agent", "claude"}, {"list", "--agent", "claude", "--json"}} {
		out.Reset()
		errb.Reset()
		code := Main(context.Background(), args, io)
		if !strings.Contains(out.String()+errb.String(), settings+deepMessage) {
			t.Errorf("%v: exit %d, want %q:\n%s\n%s", args, code, deepMessage, out, errb)
		}
	}
	// audit must not crash (what it reports for an unreadable file, and its
	// exit code, are the review-domain branch's part of issue 9).
	Main(context.Background(), []string{"audit", "--agent", "claude"}, io)

	// ~/.claude.json, where Claude Code keeps folder trust.
	home := strings.TrimPrefix(io.Env[0], "HOME=")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".claude.json"), []byte(deepJSON), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(settings, []byte(`{}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errb.Reset()
	if code := Main(context.Background(), []string{"list", "--agent", "claude"}, io); !strings.Contains(out.String()+errb.String(), deepMessage) {
		t.Errorf("list with a deep ~/.claude.json: exit %d:\n%s\n%s", code, out, errb)
	}
}
