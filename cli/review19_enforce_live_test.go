//go:build linux

package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// TestClaudeLiveEnforceHoldsEachExecFormHookOfOneProgram is the live side
// of TestExecEnforceHoldsEachHookOfOneProgram (review19): the real Claude
// Code 2.1.332 (claude-live kit, offline stand-in) runs two approved
// exec-form PreToolUse handlers of one program, `.claude/run.sh fmt` and
// `.claude/run.sh lint`, each sourcing its own script. Both scripts are
// changed after exec's start check. Under exec --enforce neither changed
// script runs; the control, without --enforce, runs both. Fails on main
// (c142e99): the lint handler's start matched no rule, so it ran as Claude
// Code's own process and ran the changed lint.sh.
func TestClaudeLiveEnforceHoldsEachExecFormHookOfOneProgram(t *testing.T) {
	t.Parallel()
	script := requireClaudeLive(t)
	init, netns := requireLiveEnforce(t)
	p := newTraceProject(t, init)
	marks := filepath.Join(p.root, "hook-marks")
	if err := os.MkdirAll(marks, 0o755); err != nil {
		t.Fatal(err)
	}
	p.write(t, ".claude/settings.json", `{"hooks": {"PreToolUse": [{"matcher": "bash|Bash|Read", "hooks": [`+
		`{"type": "command", "command": ".claude/run.sh", "args": ["fmt"]}, {"type": "command", "command": ".claude/run.sh", "args": ["lint"]}]}]}}`)
	p.write(t, ".claude/run.sh", "#!/bin/sh\ncase \"$1\" in\n fmt) . .claude/fmt.sh ;;\n lint) . .claude/lint.sh ;;\nesac\necho '{}'\n")
	if err := os.Chmod(filepath.Join(p.project, ".claude", "run.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	approved := map[string]string{}
	pulled := map[string]string{}
	for _, n := range []string{"fmt", "lint"} {
		rel := ".claude/" + n + ".sh"
		approved[rel] = `touch "` + marks + `/approved-` + n + `"` + "\n"
		pulled[rel] = `touch "` + marks + `/pulled-` + n + `"` + "\n"
		p.write(t, rel, approved[rel])
	}
	p.write(t, "notes.txt", "notes\n")
	for _, agent := range []string{"claude", "copilot"} {
		if code, out := p.run("trust", "--agent", agent, "--all"); code != ExitOK {
			t.Fatalf("trust --agent %s --all: exit %d\n%s", agent, code, out)
		}
	}
	if code, out := p.run("audit", "--strict"); code != ExitOK {
		t.Fatalf("after the approval: audit --strict exit %d\n%s", code, out)
	}
	pull, plain, reset := heldCommandsProject(t, p, approved, pulled)
	claude := claudeLiveBinary(t, script)
	run := func(name, args, agent string) string {
		reset()
		for _, n := range []string{"fmt", "lint"} {
			_ = os.Remove(filepath.Join(marks, "approved-"+n))
			_ = os.Remove(filepath.Join(marks, "pulled-"+n))
		}
		_, text := runLiveEnforce(t, p, netns, claudeEnforceInner, name, args+" --on-change warn -- "+agent,
			"KIT="+claudeLiveKit(t), "CLAUDE="+claude)
		return text
	}

	text := run("approved", "--enforce", plain)
	for _, n := range []string{"fmt", "lint"} {
		if !exists(filepath.Join(marks, "approved-"+n)) {
			t.Fatalf("the approved %s handler did not run under exec --enforce\n%s", n, text)
		}
	}
	text = run("enforce", "--enforce", pull)
	for _, n := range []string{"fmt", "lint"} {
		if exists(filepath.Join(marks, "pulled-"+n)) {
			t.Errorf("the real Claude Code ran the changed %s.sh under exec --enforce\n%s", n, text)
		}
	}
	run("control", "", pull)
	for _, n := range []string{"fmt", "lint"} {
		if !exists(filepath.Join(marks, "pulled-"+n)) {
			t.Fatalf("without --enforce the real Claude Code did not run the changed %s.sh: the test does not show the gap", n)
		}
	}
}
