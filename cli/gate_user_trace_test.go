//go:build linux

package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/sandboxtest"
)

// mytool is a program of the user's own (on PATH, in the home) that loads
// a configuration of the folder it runs in by itself: a hook `mytool
// check` names no file of the project, and discovery cannot know that it
// reads ./.mytoolrc.
const mytool = "#!/bin/sh\n[ -f .mytoolrc ] && . ./.mytoolrc\nexit 0\n"

// runUserTrace runs Hookwarden for p with the user's bin folder first on
// PATH.
func (p *traceProject) runUserTrace(args ...string) (int, string) {
	var out bytes.Buffer
	cio := &IO{Agents: testAgents(), Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out, Dir: p.project, GOOS: runtime.GOOS, Init: p.init,
		Env: []string{"HOME=" + p.home, "HOOKWARDEN_CONFIG_DIR=" + p.store, "PATH=" + filepath.Join(p.home, "bin") + ":" + os.Getenv("PATH"),
			"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(p.home, "none", "settings.json")}}
	return Main(context.Background(), args, cio), out.String()
}

// TestUserHookReachSeenOnlyByATrace is issue 20's item 6 by trace: a user
// hook `mytool check`, whose program loads the project's .mytoolrc by
// itself. Never traced, audit says so (not clean, and --strict exits 3)
// without holding it; `trust --trace-user` runs it once in the sandbox
// (never for real), and the file it read makes it a hook that reaches
// the project: audit exits 3 until it is approved, with .mytoolrc
// fingerprinted. Then a pull changes .mytoolrc: audit exits 3 naming it,
// and a dry run without --yes does not run the changed code for real.
func TestUserHookReachSeenOnlyByATrace(t *testing.T) {
	t.Parallel()
	init := sandboxtest.Require(t)
	for _, tc := range []struct {
		agent, file string
		oneStep     bool // trust --trace --all traces the user hook and approves it at once
	}{
		{agent: "gemini", file: ".gemini/settings.json"},
		{agent: "claude", file: ".claude/settings.json"},
		{agent: "claude", file: ".claude/settings.json", oneStep: true},
		{agent: "copilot", file: ".copilot/hooks/lint.json"},
	} {
		name := tc.agent
		if tc.oneStep {
			name += "/trace-all"
		}
		t.Run(name, func(t *testing.T) {
			p := newTraceProject(t, init)
			p.write(t, filepath.Join(p.home, ".gemini", "trustedFolders.json"), `{"`+p.project+`": "TRUST_FOLDER"}`)
			p.write(t, filepath.Join(p.home, "bin", "mytool"), mytool)
			p.write(t, filepath.Join(p.home, tc.file), `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "lint", "command": "mytool check"}]}]}}`)
			p.write(t, ".mytoolrc", "STYLE=strict\n")
			run := func(args ...string) (int, string) {
				return p.runUserTrace(append([]string{args[0], "--agent", tc.agent}, args[1:]...)...)
			}
			pwned := filepath.Join(p.project, "pwned")
			dryRun := func(when string) {
				t.Helper()
				code, out := run("run", "--event", "SessionStart", "--trigger", "startup")
				if _, err := os.Stat(pwned); err == nil {
					t.Fatalf("%s: the dry run ran the project's code outside the sandbox without confirmation (exit %d)\n%s", when, code, out)
				}
			}

			// Never traced: not clean, not held.
			code, out := run("audit")
			if code != ExitOK || !strings.Contains(out, "not traced in this folder") || !strings.Contains(out, "mytool") {
				t.Fatalf("untraced user hook: audit exit %d, want %d with the not-traced note naming mytool\n%s", code, ExitOK, out)
			}
			if code, out := run("audit", "--strict"); code != ExitNeedsReview {
				t.Fatalf("untraced user hook: audit --strict exit %d, want %d\n%s", code, ExitNeedsReview, out)
			}
			if code, out := run("audit", "--json"); !strings.Contains(out, `"untraced_user_hooks"`) {
				t.Fatalf("untraced user hook: audit --json (exit %d) has no untraced_user_hooks\n%s", code, out)
			}
			if code, out := run("list"); code != ExitOK || !strings.Contains(out, "not traced in this folder: runs mytool") {
				t.Fatalf("untraced user hook: list exit %d does not mark it\n%s", code, out)
			}
			if _, out := run("list", "--json"); !strings.Contains(out, `"untraced": "mytool"`) {
				t.Fatalf("untraced user hook: list --json does not mark it\n%s", out)
			}

			// Never traced, a dry run does not run it for real either: what
			// the project's .mytoolrc says is not known.
			p.write(t, ".mytoolrc", "touch pwned\n")
			dryRun("never traced")
			p.write(t, ".mytoolrc", "STYLE=strict\n")

			rc := filepath.Join(p.project, ".mytoolrc")
			if tc.oneStep {
				code, out = run("trust", "--trace", "--all")
				if code != ExitOK || !strings.Contains(out, rc) {
					t.Fatalf("trust --trace --all: exit %d, want %d naming %s\n%s", code, ExitOK, rc, out)
				}
			} else {
				// The trace runs what the project's file says, in the sandbox only.
				p.write(t, ".mytoolrc", "touch pwned\n")
				code, out = run("trust", "--trace-user")
				if code != ExitOK || !strings.Contains(out, rc) {
					t.Fatalf("trust --trace-user: exit %d naming %s?\n%s", code, rc, out)
				}
				if _, err := os.Stat(pwned); err == nil {
					t.Fatal("trust --trace-user ran the hook outside the sandbox")
				}
				p.write(t, ".mytoolrc", "STYLE=strict\n")
				// It reaches the project now: reviewed like any user hook that runs project code.
				code, out = run("audit")
				if code != ExitNeedsReview || !strings.Contains(out, ".mytoolrc") {
					t.Fatalf("traced user hook that read .mytoolrc: audit exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
				}
				if strings.Contains(out, "not traced in this folder") {
					t.Errorf("a traced hook still reads as not traced:\n%s", out)
				}
				p.write(t, ".mytoolrc", "touch pwned\n")
				dryRun("traced, not approved")
				p.write(t, ".mytoolrc", "STYLE=strict\n")
				if code, out := run("trust", "--all"); code != ExitOK {
					t.Fatalf("trust --all: exit %d\n%s", code, out)
				}
			}
			if _, err := os.Stat(pwned); err == nil {
				t.Fatal("the trace ran the hook outside the sandbox")
			}
			if code, out := run("audit"); code != ExitOK || strings.Contains(out, "not traced in this folder") {
				t.Fatalf("approved: audit exit %d\n%s", code, out)
			}
			if _, out := run("list"); !strings.Contains(out, "runs project code (reviewed for this project): "+rc) {
				t.Fatalf("approved: list does not mark the hook as reaching the project\n%s", out)
			}
			if _, out := run("list", "--json"); !strings.Contains(out, `"reaches_project"`) || !strings.Contains(out, rc) {
				t.Fatalf("approved: list --json does not mark the hook as reaching the project\n%s", out)
			}

			// The attack: a pull changes the file only the trace saw.
			p.write(t, ".mytoolrc", "touch pwned\n")
			code, out = run("audit")
			if code != ExitNeedsReview || !strings.Contains(out, ".mytoolrc") {
				t.Fatalf("changed .mytoolrc: audit exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
			}
			dryRun("changed after approval")
			if code, out := run("exec", "--", "true"); code != ExitNeedsReview || !strings.Contains(out, "mytool check") {
				t.Errorf("changed .mytoolrc: exec exit %d, want %d naming the hook\n%s", code, ExitNeedsReview, out)
			}
			if code, out := run("guard", "check"); !strings.Contains(out, "mytool check") {
				t.Errorf("changed .mytoolrc: guard check exit %d does not report the hook\n%s", code, out)
			}
		})
	}
}

// TestUserHooksThatNeedNoTrace: the common user hooks say nothing about
// traces: a program that reads only what it is handed (jq, notify-send),
// a version probe, a shell script of the home Hookwarden follows to its
// end, and a formatter of the project's own dependencies (which reaches
// the project statically and is reviewed as such).
func TestUserHooksThatNeedNoTrace(t *testing.T) {
	t.Parallel()
	p := newTraceProject(t, "")
	p.write(t, filepath.Join(p.home, ".claude", "hooks", "notify.sh"), "#!/bin/sh\njq -r .hook_event_name | head -c 100 >/dev/null\nnotify-send done || true\n")
	p.write(t, filepath.Join(p.home, ".claude", "settings.json"), `{"hooks": {"Stop": [{"hooks": [
		{"type": "command", "command": "jq -r .session_id >/dev/null"},
		{"type": "command", "command": "node --version"},
		{"type": "command", "command": "sh ~/.claude/hooks/notify.sh"},
		{"type": "command", "command": "notify-send 'Claude is done'"}]}]}}`)
	code, out := p.runUserTrace("audit", "--agent", "claude")
	if code != ExitOK || strings.Contains(out, "not traced") {
		t.Fatalf("common user hooks: audit exit %d, want %d without a not-traced note\n%s", code, ExitOK, out)
	}
	if code, out := p.runUserTrace("audit", "--agent", "claude", "--strict"); code != ExitOK {
		t.Fatalf("common user hooks: audit --strict exit %d\n%s", code, out)
	}
}

// TestListMarksUserHooksReachingTheProject: list (text and JSON) marks a
// user hook that runs the project's code (make -s format runs its
// Makefile) and leaves a plain one unmarked.
func TestListMarksUserHooksReachingTheProject(t *testing.T) {
	t.Parallel()
	p := newTraceProject(t, "")
	p.write(t, filepath.Join(p.home, ".claude", "settings.json"), `{"hooks": {"Stop": [{"hooks": [
		{"type": "command", "command": "make -s format"},
		{"type": "command", "command": "notify-send done"}]}]}}`)
	p.write(t, "Makefile", "format:\n\t@true\n")
	code, out := p.runUserTrace("list", "--agent", "claude")
	mark := "runs project code (reviewed for this project): " + filepath.Join(p.project, "Makefile")
	if code != ExitOK || strings.Count(out, "runs project code (reviewed") != 1 || !strings.Contains(out, mark) {
		t.Fatalf("list exit %d: want the make hook marked (%q) and only it\n%s", code, mark, out)
	}
	// the note under the first row does not break the table's columns:
	// both rows' origin column starts at the same place
	var at []int
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "  ") && strings.Contains(line, "user .claude/settings.json") {
			at = append(at, strings.Index(line, "user .claude/settings.json"))
		}
	}
	if len(at) != 2 || at[0] != at[1] {
		t.Errorf("list: the rows around a note are not aligned (origin column at %v)\n%s", at, out)
	}
	_, out = p.runUserTrace("list", "--agent", "claude", "--json")
	if strings.Count(out, `"reaches_project"`) != 1 || !strings.Contains(out, filepath.Join(p.project, "Makefile")) {
		t.Fatalf("list --json: want one reaches_project member naming the Makefile\n%s", out)
	}
}

// TestClaudeApprovalIsAllOrNothing: Claude Code's approval writes the user
// hooks that reach the project (the commands section) and the project's
// handlers (its own section) in one update of Hookwarden's store. A
// failure in the second part (its section cannot be decoded) leaves the
// store as it was: no user-hook approval is written alone.
func TestClaudeApprovalIsAllOrNothing(t *testing.T) {
	t.Parallel()
	p := newTraceProject(t, "")
	p.write(t, filepath.Join(p.home, ".claude", "settings.json"), `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "make -s format"}]}]}}`)
	p.write(t, "Makefile", "format:\n\t@true\n")
	p.write(t, ".claude/settings.json", `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo project"}]}]}}`)
	store := filepath.Join(p.store, "approvals.json")
	before := `{"version": 1, "projects": {}, "claude": ["not", "a", "section"]}` + "\n"
	p.write(t, store, before)
	code, out := p.runUserTrace("trust", "--agent", "claude", "--all", "--accept-unwatched")
	if code == ExitOK {
		t.Fatalf("trust --all with Claude Code's section unreadable: exit %d, want a failure\n%s", code, out)
	}
	after, err := os.ReadFile(store)
	if err != nil {
		t.Fatal(err)
	}
	if string(after) != before {
		t.Fatalf("a failed approval wrote part of itself:\n%s\nwant the store unchanged:\n%s", after, before)
	}
	// Mended, the same approval writes both parts.
	p.write(t, store, `{"version": 1, "projects": {}}`+"\n")
	if code, out := p.runUserTrace("trust", "--agent", "claude", "--all", "--accept-unwatched"); code != ExitOK || !strings.Contains(out, "approved 1 handler(s)") || !strings.Contains(out, "approved 1 command(s)") {
		t.Fatalf("trust --all: exit %d, want both parts approved\n%s", code, out)
	}
	if code, out := p.runUserTrace("audit", "--agent", "claude"); code != ExitOK {
		t.Fatalf("after trust --all: audit exit %d\n%s", code, out)
	}
}

// TestCodexUserHookTracedAtApproval: Codex CLI reviews the user's own
// hooks itself (it asks trust for them), so `trust --trace --all` traces
// `mytool check` with the rest and fingerprints the .mytoolrc it read,
// for this project; a pull that changes .mytoolrc makes audit exit 3
// naming it, and a dry run without --yes does not run the changed file.
func TestCodexUserHookTracedAtApproval(t *testing.T) {
	t.Parallel()
	init := sandboxtest.Require(t)
	p := newTraceProject(t, init)
	p.write(t, filepath.Join(p.home, "bin", "mytool"), mytool)
	p.write(t, filepath.Join(p.home, ".codex", "hooks.json"), `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "mytool check"}]}]}}`)
	p.write(t, filepath.Join(p.home, ".codex", "config.toml"), "[projects.\""+p.project+"\"]\ntrust_level = \"trusted\"\n")
	p.write(t, ".mytoolrc", "STYLE=strict\n")
	rc := filepath.Join(p.project, ".mytoolrc")
	if code, out := p.runUserTrace("trust", "--agent", "codex", "--trace", "--all"); code != ExitOK || !strings.Contains(out, rc) {
		t.Fatalf("trust --trace --all: exit %d, want %d naming %s\n%s", code, ExitOK, rc, out)
	}
	if code, out := p.runUserTrace("audit", "--agent", "codex"); code != ExitOK {
		t.Fatalf("approved: audit exit %d\n%s", code, out)
	}
	p.write(t, ".mytoolrc", "touch pwned\n")
	if code, out := p.runUserTrace("audit", "--agent", "codex"); code != ExitNeedsReview || !strings.Contains(out, ".mytoolrc: changed") {
		t.Fatalf("changed .mytoolrc: audit exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
	}
	p.runUserTrace("run", "--agent", "codex", "--event", "SessionStart", "--trigger", "startup")
	if _, err := os.Stat(filepath.Join(p.project, "pwned")); err == nil {
		t.Fatal("the dry run ran the changed .mytoolrc outside the sandbox without confirmation")
	}
}

// TestGeminiRefusedApprovalWritesNothing: Gemini CLI's approval checks
// the workspace hooks before it writes the approvals of the user hooks
// that reach the project: `trust --all` refused for a workspace hook that
// cannot be watched in full leaves no approval of the user hook behind.
func TestGeminiRefusedApprovalWritesNothing(t *testing.T) {
	t.Parallel()
	p := newTraceProject(t, "")
	p.write(t, filepath.Join(p.home, ".gemini", "trustedFolders.json"), `{"`+p.project+`": "TRUST_FOLDER"}`)
	p.write(t, filepath.Join(p.home, ".gemini", "settings.json"), `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "fmt", "command": "bash \"$PWD/scripts/format.sh\""}]}]}}`)
	p.write(t, "scripts/format.sh", "true\n")
	p.write(t, ".gemini/settings.json", `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "w", "command": "python3 .gemini/w.py"}]}]}}`)
	p.write(t, ".gemini/w.py", "import subprocess\nsubprocess.run(['make'])\n")
	if code, out := p.runUserTrace("audit", "--agent", "gemini"); code != ExitNeedsReview || !strings.Contains(out, "format.sh") {
		t.Fatalf("audit exit %d, want %d naming the user hook's script\n%s", code, ExitNeedsReview, out)
	}
	code, out := p.runUserTrace("trust", "--agent", "gemini", "--all")
	if code == ExitOK {
		t.Fatalf("trust --all with a partly unwatched workspace hook: exit %d, want a refusal\n%s", code, out)
	}
	if b, err := os.ReadFile(filepath.Join(p.store, "approvals.json")); err == nil && strings.Contains(string(b), `"commands"`) {
		t.Fatalf("a refused approval wrote the user hook's approval:\n%s", b)
	}
	if code, out := p.runUserTrace("trust", "--agent", "gemini", "--all", "--accept-unwatched"); code != ExitOK || !strings.Contains(out, "approved 1 command(s)") {
		t.Fatalf("trust --all --accept-unwatched: exit %d, want both approved\n%s", code, out)
	}
}

// TestUserHookTraceThatCannotStartKeepsNothing: a traced run whose program
// the sandbox cannot start (not found there: exit 127) shows nothing of
// what it reads, so it is not kept as "reads nothing of the project": the
// hook stays not traced.
func TestUserHookTraceThatCannotStartKeepsNothing(t *testing.T) {
	t.Parallel()
	init := sandboxtest.Require(t)
	p := newTraceProject(t, init)
	p.write(t, filepath.Join(p.home, ".claude", "settings.json"), `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "no-such-tool-hw check"}]}]}}`)
	code, out := p.runUserTrace("trust", "--agent", "claude", "--trace-user")
	if code != ExitOK || !strings.Contains(out, "not traced: its program could not be started in the sandbox") {
		t.Fatalf("trust --trace-user of a program not found: exit %d\n%s", code, out)
	}
	if code, out := p.runUserTrace("audit", "--agent", "claude"); code != ExitOK || !strings.Contains(out, "not traced in this folder") {
		t.Fatalf("after a trace that could not start: audit exit %d, want the not-traced note\n%s", code, out)
	}
}

// TestCodexUserHookNotTracedInThisFolder: Codex CLI trusts a user hook by
// its hash, for every folder. `mytool check`, trusted in Codex, is never
// traced in a folder: audit notes it (exit 0, --strict 3), list marks it
// and the dry run holds it. `trust --trace-user` runs it in the sandbox;
// the .mytoolrc it read makes it need review here (audit exits 3 naming
// it) until it is approved here, with .mytoolrc fingerprinted: a pull
// that changes it makes audit exit 3, exec refuse and the guard report it.
// Another folder, never traced, is noted again.
func TestCodexUserHookNotTracedInThisFolder(t *testing.T) {
	t.Parallel()
	init := sandboxtest.Require(t)
	p := newTraceProject(t, init)
	other := filepath.Join(p.root, "other")
	p.write(t, filepath.Join(p.home, "bin", "mytool"), mytool)
	p.write(t, filepath.Join(p.home, ".codex", "hooks.json"), `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "mytool check"}]}]}}`)
	p.write(t, filepath.Join(p.home, ".codex", "config.toml"), "[projects.\""+p.project+"\"]\ntrust_level = \"trusted\"\n\n[projects.\""+other+"\"]\ntrust_level = \"trusted\"\n")
	p.write(t, ".mytoolrc", "STYLE=strict\n")
	p.write(t, filepath.Join(other, ".mytoolrc"), "STYLE=loose\n")
	run := func(args ...string) (int, string) {
		return p.runUserTrace(append([]string{args[0], "--agent", "codex"}, args[1:]...)...)
	}
	// Trusted in Codex (its hash), without a trace.
	if code, out := run("trust", "--all"); code != ExitOK {
		t.Fatalf("trust --all: exit %d\n%s", code, out)
	}
	code, out := run("audit")
	if code != ExitOK || !strings.Contains(out, "not traced in this folder") || !strings.Contains(out, "mytool") {
		t.Fatalf("trusted, never traced here: audit exit %d, want %d with the not-traced note\n%s", code, ExitOK, out)
	}
	if code, out := run("audit", "--strict"); code != ExitNeedsReview {
		t.Fatalf("never traced here: audit --strict exit %d, want %d\n%s", code, ExitNeedsReview, out)
	}
	if code, out := run("list"); code != ExitOK || !strings.Contains(out, "not traced in this folder: runs mytool") {
		t.Fatalf("never traced here: list exit %d does not mark it\n%s", code, out)
	}
	pwned := filepath.Join(p.project, "pwned")
	dryRun := func(when string) {
		t.Helper()
		code, out := run("run", "--event", "SessionStart", "--trigger", "startup")
		if _, err := os.Stat(pwned); err == nil {
			t.Fatalf("%s: the dry run ran the project's code outside the sandbox without confirmation (exit %d)\n%s", when, code, out)
		}
	}
	p.write(t, ".mytoolrc", "touch pwned\n")
	dryRun("never traced")
	p.write(t, ".mytoolrc", "STYLE=strict\n")

	rc := filepath.Join(p.project, ".mytoolrc")
	if code, out := run("trust", "--trace-user"); code != ExitOK || !strings.Contains(out, rc) {
		t.Fatalf("trust --trace-user: exit %d naming %s?\n%s", code, rc, out)
	}
	code, out = run("audit")
	if code != ExitNeedsReview || !strings.Contains(out, ".mytoolrc") || strings.Contains(out, "not traced in this folder") {
		t.Fatalf("traced, read .mytoolrc: audit exit %d, want %d naming it (and no not-traced note)\n%s", code, ExitNeedsReview, out)
	}
	p.write(t, ".mytoolrc", "touch pwned\n")
	dryRun("traced, not approved here")
	p.write(t, ".mytoolrc", "STYLE=strict\n")
	if code, out := run("trust", "--all"); code != ExitOK {
		t.Fatalf("trust --all: exit %d\n%s", code, out)
	}
	if code, out := run("audit", "--strict"); code != ExitOK || strings.Contains(out, "not traced in this folder") {
		t.Fatalf("approved here with its trace: audit --strict exit %d\n%s", code, out)
	}

	// The attack: a pull changes the file only the trace saw.
	p.write(t, ".mytoolrc", "touch pwned\n")
	if code, out := run("audit"); code != ExitNeedsReview || !strings.Contains(out, ".mytoolrc") {
		t.Fatalf("changed .mytoolrc: audit exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
	}
	dryRun("changed after approval")
	if code, out := run("exec", "--", "true"); code != ExitNeedsReview || !strings.Contains(out, "mytool check") {
		t.Errorf("changed .mytoolrc: exec exit %d, want %d naming the hook\n%s", code, ExitNeedsReview, out)
	}
	if _, out := run("guard", "check"); !strings.Contains(out, "mytool check") {
		t.Errorf("changed .mytoolrc: guard check does not report the hook\n%s", out)
	}

	// Another folder: the same trusted hook, never traced there.
	q := *p
	q.project = other
	if code, out := q.runUserTrace("audit", "--agent", "codex", "--strict"); code != ExitNeedsReview || !strings.Contains(out, "not traced in this folder") {
		t.Fatalf("another folder: audit --strict exit %d, want %d with the not-traced note\n%s", code, ExitNeedsReview, out)
	}
}

// TestGeminiApprovalWithACorruptStoreSectionWritesNothing: Gemini CLI's
// approval writes its workspace hooks' records and the approval of a user
// hook that reaches the project in one store update, before
// trusted_hooks.json: a corrupt commands section in the store fails that
// update, and trusted_hooks.json (which would make Gemini CLI run the
// workspace hook) and the store stay byte for byte as they were.
func TestGeminiApprovalWithACorruptStoreSectionWritesNothing(t *testing.T) {
	t.Parallel()
	p := newTraceProject(t, "")
	p.write(t, filepath.Join(p.home, ".gemini", "trustedFolders.json"), `{"`+p.project+`": "TRUST_FOLDER"}`)
	p.write(t, filepath.Join(p.home, ".gemini", "settings.json"), `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "fmt", "command": "bash \"$PWD/scripts/format.sh\""}]}]}}`)
	p.write(t, "scripts/format.sh", "true\n")
	p.write(t, ".gemini/settings.json", `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "w", "command": "echo hi"}]}]}}`)
	trusted := filepath.Join(p.home, ".gemini", "trusted_hooks.json")
	const trustedBefore = "{\n  \"/elsewhere\": [\"x:true\"]\n}\n"
	p.write(t, trusted, trustedBefore)
	storePath := filepath.Join(p.store, "approvals.json")
	const storeBefore = `{"version": 1, "projects": {}, "commands": "not an object"}` + "\n"
	p.write(t, storePath, storeBefore)
	code, out := p.runUserTrace("trust", "--agent", "gemini", "--all")
	if code == ExitOK {
		t.Fatalf("trust --all with a corrupt store section: exit %d\n%s", code, out)
	}
	if b, _ := os.ReadFile(trusted); string(b) != trustedBefore {
		t.Fatalf("trusted_hooks.json was written although the store update failed:\n%s\n%s", b, out)
	}
	if b, _ := os.ReadFile(storePath); string(b) != storeBefore {
		t.Fatalf("the store changed:\n%s", b)
	}
}
