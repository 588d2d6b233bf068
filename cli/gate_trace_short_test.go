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

// TestATraceOfAScriptThatStartedNothingCoversNotItsPrograms: a script
// that starts programs Hookwarden does not follow (Python's subprocess)
// chooses them as it runs, and may take the branch that starts them only
// outside the trace (atk7: only when the payload's session is not the
// sample's). A traced run in which the script started no program must not
// stand in for them: `trust --trace --all` refuses, saying so, where it
// approved the hook as plainly trusted before and a pull that changed the
// helper the real run starts then read clean (audit --strict exit 0).
// When the script does start a program in the trace, the run covers it.
func TestATraceOfAScriptThatStartedNothingCoversNotItsPrograms(t *testing.T) {
	t.Parallel()
	init := sandboxtest.Require(t)
	for _, tc := range []struct {
		name, script string
		covered      bool
	}{
		{name: "branch-not-taken", script: "import json, subprocess, sys\nd = json.load(sys.stdin)\nif d.get(\"session_id\") == \"never-the-sample\":\n    subprocess.run([\"sh\", \".claude/hooks/help\" + \"er.sh\"])\n"},
		{name: "started", covered: true, script: "import json, subprocess, sys\njson.load(sys.stdin)\nsubprocess.run([\"sh\", \".claude/hooks/help\" + \"er.sh\"])\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newTraceProject(t, init)
			p.write(t, ".claude/settings.json", `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "cd \"$CLAUDE_PROJECT_DIR\" && python3 .claude/hooks/h.py"}]}]}}`)
			p.write(t, ".claude/hooks/h.py", tc.script)
			p.write(t, ".claude/hooks/helper.sh", "exit 0\n")
			run := func(args ...string) (int, string) {
				return p.runUserTrace(append([]string{args[0], "--agent", "claude"}, args[1:]...)...)
			}
			code, out := run("trust", "--trace", "--all")
			if tc.covered {
				if code != ExitOK {
					t.Fatalf("trust --trace --all of a script whose trace started its program: exit %d\n%s", code, out)
				}
				p.write(t, ".claude/hooks/helper.sh", "touch pwned\n") // the pull
				if code, out := run("audit"); code != ExitNeedsReview || !strings.Contains(out, "helper.sh") {
					t.Fatalf("a pull changed the helper the traced run started: audit exit %d, want %d naming helper.sh\n%s", code, ExitNeedsReview, out)
				}
				return
			}
			if code == ExitOK || !strings.Contains(out, "did not get to run a program started by") {
				t.Fatalf("a trace in which h.py started nothing covered its programs: exit %d, want a refusal saying so\n%s", code, out)
			}
			if code, out := run("trust", "--trace", "--all", "--accept-unwatched"); code != ExitOK {
				t.Fatalf("trust --trace --all --accept-unwatched: exit %d\n%s", code, out)
			}
			p.write(t, ".claude/hooks/helper.sh", "touch pwned\n") // the pull
			if code, out := run("audit", "--strict"); code != ExitNeedsReview || !strings.Contains(out, "partly unwatched") {
				t.Fatalf("approved after a trace in which h.py started nothing: audit --strict exit %d, want %d, partly unwatched\n%s", code, ExitNeedsReview, out)
			}
		})
	}
}
