//go:build unix

package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestTrustAmbiguousNameRefuses: `trust NAME` approved every entry that
// NAME selects — the same name (Gemini, Qwen) or command (Claude) in two
// events — though the user may have looked at one. Now a name that selects
// entries of more than one approval refuses, writing nothing, and lists
// them (file:line, event, command) with the key that picks each;
// --all-named approves them all. Fails on the old code: `trust fmt`
// exited 0 and approved both.
func TestTrustAmbiguousNameRefuses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		agent, file, settings, name string
		commands                    []string
	}{
		{"gemini", ".gemini/settings.json", `{"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"type": "command", "name": "fmt", "command": "echo one"}]}],
 "AfterTool": [{"hooks": [{"type": "command", "name": "fmt", "command": "echo two"}]}]}}`, "fmt", []string{"echo one", "echo two"}},
		{"qwen", ".qwen/settings.json", `{"$version": 4, "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "name": "fmt", "command": "echo one"}]}],
 "Stop": [{"hooks": [{"type": "command", "name": "fmt", "command": "echo two"}]}]}}`, "fmt", []string{"echo one", "echo two"}},
		{"claude", ".claude/settings.json", `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo one"}]}],
 "Stop": [{"hooks": [{"type": "command", "command": "echo one"}]}]}}`, "echo one", []string{"echo one", "echo one"}},
	} {
		t.Run(tc.agent, func(t *testing.T) {
			t.Parallel()
			p := newTraceProject(t, "")
			p.write(t, filepath.Join(p.home, ".gemini", "trustedFolders.json"), `{"`+p.project+`": "TRUST_FOLDER"}`)
			p.write(t, tc.file, tc.settings)
			code, out := p.run("trust", "--agent", tc.agent, tc.name)
			if code != ExitUsage || !strings.Contains(out, "--all-named") || strings.Contains("\n"+out, "\napproved ") {
				t.Fatalf("trust %q: exit %d, want %d refusing with --all-named, nothing approved\n%s", tc.name, code, ExitUsage, out)
			}
			for i, c := range tc.commands {
				if !strings.Contains(out, filepath.Join(p.project, tc.file)+":"+string(rune('1'+i))) || !strings.Contains(out, c) {
					t.Errorf("refusal does not list %s:%d (%s)\n%s", tc.file, i+1, c, out)
				}
			}
			if code, out := p.run("audit", "--agent", tc.agent); code != ExitNeedsReview || strings.Count(out, "NEW ") != 2 {
				t.Fatalf("after the refusal: audit exit %d, want %d with both new\n%s", code, ExitNeedsReview, out)
			}
			// the key the refusal names picks one entry
			key := ""
			for _, l := range strings.Split(out, "\n") {
				if f := strings.Fields(l); len(f) >= 2 && (f[0] == "key" || f[0] == "fingerprint") {
					key = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), f[0]))
					break
				}
			}
			if key == "" {
				t.Fatalf("no key in the audit\n%s", out)
			}
			if code, out := p.run("trust", "--agent", tc.agent, key); code != ExitOK {
				t.Fatalf("trust KEY: exit %d\n%s", code, out)
			}
			if code, out := p.run("audit", "--agent", tc.agent); code != ExitNeedsReview || strings.Count(out, "NEW ") != 1 {
				t.Fatalf("one approved by key: audit exit %d, want %d with one still new\n%s", code, ExitNeedsReview, out)
			}
			if code, out := p.run("trust", "--agent", tc.agent, "--all-named", tc.name); code != ExitOK {
				t.Fatalf("trust --all-named: exit %d\n%s", code, out)
			}
			if code, out := p.run("audit", "--agent", tc.agent); code != ExitOK {
				t.Fatalf("all approved: audit exit %d\n%s", code, out)
			}
		})
	}
}
