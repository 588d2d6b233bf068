package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
)

// TestSwitchOffsCountEverywhere: a workspace that switches off the user's
// protective hook makes audit exit 3; guard check, the tray's review
// (IO.ReviewProject) and the window's count (agents.CountFolder) must
// agree. Fails on coord: guard check exit 0, the tray and the window count
// nothing for Gemini CLI.
func TestSwitchOffsCountEverywhere(t *testing.T) {
	e := newProtectEnv(t)
	e.trustGeminiFolder()
	if code, out := e.run("", "protect", "--agent", "gemini", "on"); code != ExitOK {
		t.Fatalf("protect on: exit %d\n%s", code, out)
	}
	for _, a := range []string{"claude", "copilot"} {
		if code, out := e.run("", "trust", "--agent", a, "--all"); code != ExitOK {
			t.Fatalf("trust %s: exit %d\n%s", a, code, out)
		}
	}
	if code, out := e.run("", "guard", "check"); code != ExitOK {
		t.Fatalf("guard check before: exit %d\n%s", code, out)
	}
	ws := filepath.Join(e.project, ".gemini", "settings.json")
	writeFile(t, ws, "{\n  \"hooksConfig\": {\n    \"enabled\": false\n  }\n}\n", 0o644)
	if code, out := e.run("", "audit", "--agent", "gemini"); code != ExitNeedsReview {
		t.Fatalf("audit: exit %d, want %d\n%s", code, ExitNeedsReview, out)
	}
	code, out := e.run("", "guard", "check")
	if code != ExitNeedsReview || !strings.Contains(out, "switched off") || !strings.Contains(out, ws+":3") {
		t.Errorf("guard check: exit %d, want %d naming the switch-off at %s:3\n%s", code, ExitNeedsReview, ws, out)
	}
	// exec refuses to start an agent there, as for anything audit flags
	if code, out := e.run("", "exec", "--", "true"); code != ExitNeedsReview || !strings.Contains(out, "switched off") {
		t.Errorf("exec: exit %d, want %d naming the switch-off\n%s", code, ExitNeedsReview, out)
	}
	var buf bytes.Buffer
	cio := &IO{Agents: testAgents(), Stdout: &buf, Stderr: &buf, Dir: e.project, GOOS: runtime.GOOS, Init: "/opt/hookwarden/bin/hookwarden",
		Env: []string{"HOME=" + e.home, "HOOKWARDEN_CONFIG_DIR=" + e.store, "PATH=" + os.Getenv("PATH"), "HOOKWARDEN_CLAUDE_MANAGED_DIR=" + filepath.Join(e.home, "managed")}}
	pr, err := cio.ReviewProject(e.project)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, it := range pr.Items {
		if it.Agent == "Gemini CLI" && strings.Contains(it.Label, "switched off") {
			found = true
		}
	}
	if !found {
		t.Errorf("the tray's review has no switch-off item: %+v", pr.Items)
	}
	gemini := 0
	for _, c := range agents.CountFolder(context.Background(), testAgents(), cio.agentEnv(), e.project) {
		if c.Agent.Name == "gemini" {
			gemini = c.NeedReview
			if len(c.SwitchOffs) != 1 {
				t.Errorf("the window's count names %d switch-offs, want 1", len(c.SwitchOffs))
			}
		}
	}
	if gemini == 0 {
		t.Error("the window counts nothing to review for Gemini CLI")
	}
}
