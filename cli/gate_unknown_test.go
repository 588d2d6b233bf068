package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnknownProgramInAProjectHookIsNotPlainlyTrusted is issue 20's
// "sound, not listed": a project hook runs mytool, a program of the machine
// Hookwarden does not know, which loads ./.mytoolrc.js of its folder by a
// rule of its own (as markdownlint-cli2, cspell and dprint load theirs).
// Approving it names what cannot be watched (plain `trust --all` refuses);
// approved with --accept-unwatched, a pull that adds .mytoolrc.js leaves
// the hook never plainly trusted: audit --strict exits 3 naming mytool,
// the dry run without --yes does not run the pulled config for real, and
// exec refuses. (The stand-in on PATH loads the config the way such tools
// do.)
func TestUnknownProgramInAProjectHookIsNotPlainlyTrusted(t *testing.T) {
	t.Parallel()
	const mytool = "#!/bin/sh\n[ -f .mytoolrc.js ] && . ./.mytoolrc.js\nexit 0\n"
	for _, tc := range []struct{ name, agent, file, command, script string }{
		{"claude", "claude", ".claude/settings.json", "mytool check", ""},
		{"claude/in-script", "claude", ".claude/settings.json", `sh "$CLAUDE_PROJECT_DIR"/.claude/hooks/lint.sh`, "#!/bin/sh\ncd \"$CLAUDE_PROJECT_DIR\" || exit 0\nmytool check\n"},
		{"claude/by-path", "claude", ".claude/settings.json", "HOME_BIN/mytool check", ""},
		{"gemini", "gemini", ".gemini/settings.json", "timeout 5 mytool check", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newTraceProject(t, "")
			p.write(t, filepath.Join(p.home, ".gemini", "trustedFolders.json"), `{"`+p.project+`": "TRUST_FOLDER"}`)
			p.write(t, filepath.Join(p.home, "bin", "mytool"), mytool)
			command := strings.ReplaceAll(tc.command, "HOME_BIN", filepath.Join(p.home, "bin"))
			p.write(t, tc.file, `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "lint", "command": `+jsonString(command)+`}]}]}}`)
			if tc.script != "" {
				p.write(t, ".claude/hooks/lint.sh", tc.script)
			}
			run := func(args ...string) (int, string) {
				return p.runUserTrace(append([]string{args[0], "--agent", tc.agent}, args[1:]...)...)
			}
			if code, out := run("trust", "--all"); code == ExitOK || !strings.Contains(out, "mytool") {
				t.Fatalf("a hook running mytool approved without naming what cannot be watched: exit %d\n%s", code, out)
			}
			if code, out := run("trust", "--all", "--accept-unwatched"); code != ExitOK {
				t.Fatalf("trust --accept-unwatched: exit %d\n%s", code, out)
			}
			// the pull
			p.write(t, ".mytoolrc.js", "touch pwned\n")
			code, out := run("audit", "--strict")
			if code != ExitNeedsReview || !strings.Contains(out, "runs mytool, which Hookwarden does not know") {
				t.Fatalf("after a pull added .mytoolrc.js: audit --strict exit %d, want %d naming mytool\n%s", code, ExitNeedsReview, out)
			}
			if _, out := run("audit"); !strings.Contains(out, "partly unwatched") {
				t.Errorf("audit does not say the hook is partly unwatched:\n%s", out)
			}
			code, out = run("run", "--event", "SessionStart", "--trigger", "startup")
			if _, err := os.Stat(filepath.Join(p.project, "pwned")); err == nil {
				t.Fatalf("the dry run ran the pulled .mytoolrc.js for real without --yes (exit %d)\n%s", code, out)
			}
			if code, out := run("exec", "--", "true"); code != ExitNeedsReview {
				t.Errorf("exec exit %d, want %d\n%s", code, ExitNeedsReview, out)
			}
		})
	}
}
