package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/sandboxtest"
)

// TestATraceThatDidNotRunTheProgramCoversNothing: a traced run stands in
// for what discovery could not read only if it ran it. A project hook
// hands a project file to mytool; in the sandbox mytool is not there
// (exit 127) or never starts on the sample payload's path. The traced
// approval must not cover the hook's reasons: `trust --trace --all`
// refuses, saying the traced run did not get to run mytool; approved
// anyway with --accept-unwatched, audit keeps the hook partly unwatched
// (--strict exits 3) and says why. With mytool there, the trace covers
// it, and a pull that adds the config mytool loads makes audit exit 3
// naming it.
func TestATraceThatDidNotRunTheProgramCoversNothing(t *testing.T) {
	t.Parallel()
	init := sandboxtest.Require(t)
	const mytool = "#!/bin/sh\n[ -f .mytoolrc.js ] && . ./.mytoolrc.js\nexit 0\n"
	for _, tc := range []struct {
		name, command, script string
		installed, quiet      bool   // quiet: mytool opens no file of the project
		want                  string // "" = the trace covers the hook
	}{
		{name: "missing", command: "mytool .claude/hooks/lint.cfg", want: "exit 127 (command not found"},
		{name: "missing-in-script", command: `sh "$CLAUDE_PROJECT_DIR"/.claude/hooks/lint.sh`, script: "cd \"$CLAUDE_PROJECT_DIR\" || exit 0\nmytool check\n",
			want: "exit 127 (command not found"},
		{name: "never-started", command: `sh "$CLAUDE_PROJECT_DIR"/.claude/hooks/lint.sh`, installed: true,
			script: "cd \"$CLAUDE_PROJECT_DIR\" || exit 0\nif [ -n \"$NEVER_SET\" ]; then mytool check; fi\nexit 0\n", want: "never started"},
		{name: "ran", command: "mytool check", installed: true},
		{name: "ran-reading-nothing", command: "mytool check", installed: true, quiet: true},
		{name: "system-program", command: "getconf PATH >/dev/null", quiet: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newTraceProject(t, init)
			switch {
			case tc.quiet:
				p.write(t, filepath.Join(p.home, "bin", "mytool"), "#!/bin/sh\nexit 0\n")
			case tc.installed:
				p.write(t, filepath.Join(p.home, "bin", "mytool"), mytool)
			}
			p.write(t, ".claude/settings.json", `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": `+jsonString(tc.command)+`}]}]}}`)
			p.write(t, ".claude/hooks/lint.cfg", "strict\n")
			if tc.script != "" {
				p.write(t, ".claude/hooks/lint.sh", tc.script)
			}
			run := func(args ...string) (int, string) {
				return p.runUserTrace(append([]string{args[0], "--agent", "claude"}, args[1:]...)...)
			}
			code, out := run("trust", "--trace", "--all")
			if tc.want == "" {
				if code != ExitOK {
					t.Fatalf("trust --trace --all of a hook whose trace ran mytool: exit %d\n%s", code, out)
				}
				if code, out := run("audit", "--strict"); code != ExitOK {
					t.Fatalf("traced and approved: audit --strict exit %d\n%s", code, out)
				}
				if tc.quiet {
					return
				}
				p.write(t, ".mytoolrc.js", "touch pwned\n") // the pull
				if code, out := run("audit"); code != ExitNeedsReview || !strings.Contains(out, ".mytoolrc.js") {
					t.Fatalf("a pull added the config mytool loads: audit exit %d, want %d naming .mytoolrc.js\n%s", code, ExitNeedsReview, out)
				}
				return
			}
			if code == ExitOK || !strings.Contains(out, "the traced run did not get to run mytool") || !strings.Contains(out, tc.want) {
				t.Fatalf("a trace that did not run mytool approved, or did not say so: exit %d, want a refusal naming mytool and %q\n%s", code, tc.want, out)
			}
			if strings.HasPrefix(tc.want, "exit") && strings.Contains(out, "nothing beyond what discovery found\n") {
				t.Errorf("the trace reads as if it saw everything:\n%s", out)
			}
			if code, out := run("trust", "--trace", "--all", "--accept-unwatched"); code != ExitOK {
				t.Fatalf("trust --trace --all --accept-unwatched: exit %d\n%s", code, out)
			}
			code, out = run("audit", "--strict")
			if code != ExitNeedsReview || !strings.Contains(out, "did not get to run mytool") {
				t.Fatalf("approved after a trace that did not run mytool: audit --strict exit %d, want %d saying why\n%s", code, ExitNeedsReview, out)
			}
			if _, out := run("audit"); !strings.Contains(out, "partly unwatched") {
				t.Errorf("audit does not say the hook is partly unwatched:\n%s", out)
			}
		})
	}
}
