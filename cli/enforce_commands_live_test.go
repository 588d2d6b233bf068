//go:build linux

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// heldCommandsProject writes the agents exec starts in the live tests of
// held commands, and returns them and a function that puts the approved
// texts back. pull plays a pull that lands after exec's start check: it
// copies each pulled text over its approved script (as the agent's own
// process, which is not checked), then becomes the real agent (its
// arguments after "--"); plain only becomes it. exec runs with
// --on-change warn, so that the watch lets the agent go on: the hold must
// not rest on exec winning the race with the agent's start of the
// command. (The kits' inner scripts start exec with env -i, so the
// copies are written into the script.)
func heldCommandsProject(t *testing.T, p *traceProject, approved, pulled map[string]string) (pull, plain string, reset func()) {
	t.Helper()
	script := "#!/bin/sh\nset -e\n"
	for rel, text := range pulled {
		from := filepath.Join(p.root, "pulled-"+filepath.Base(rel))
		p.write(t, from, text)
		script += "cp '" + from + "' '" + filepath.Join(p.project, rel) + "'\n"
	}
	pull, plain = filepath.Join(p.root, "pull-agent.sh"), filepath.Join(p.root, "plain-agent.sh")
	p.write(t, pull, script+"shift\nexec \"$@\"\n")
	p.write(t, plain, "#!/bin/sh\nshift\nexec \"$@\"\n")
	return pull, plain, func() {
		for rel, text := range approved {
			p.write(t, rel, text)
		}
	}
}

// TestClaudeLiveEnforceHoldsAnApprovedMCPServer: the real Claude Code
// 2.1.332 (claude-live kit, offline stand-in) starts the project's
// approved .mcp.json server `sh .claude/srv.sh` at start. Its script is
// changed after exec's start check. Under exec --enforce the server's
// read of the changed script is refused (the pulled code never runs, and
// exec names the server and the file) and Claude Code goes on; the
// control, the same run under exec without --enforce, runs the pulled
// code. Fails on main (0bf4696): the server ran as Claude Code's own
// process, unchecked.
func TestClaudeLiveEnforceHoldsAnApprovedMCPServer(t *testing.T) {
	t.Parallel()
	script := requireClaudeLive(t)
	init, netns := requireLiveEnforce(t)
	p := newTraceProject(t, init)
	marks := filepath.Join(p.root, "server-marks")
	if err := os.MkdirAll(marks, 0o755); err != nil {
		t.Fatal(err)
	}
	srv := `touch "` + marks + `/approved-server-ran"` + "\nexec cat >/dev/null\n"
	p.write(t, ".mcp.json", `{"mcpServers": {"probe": {"command": "sh", "args": [".claude/srv.sh"]}}}`)
	p.write(t, ".claude/srv.sh", srv)
	p.write(t, "notes.txt", "notes\n")
	// Copilot CLI and Qwen Code read .mcp.json too, and exec reviews for
	// every agent
	for _, agent := range []string{"claude", "copilot", "qwen"} {
		if code, out := p.run("trust", "--agent", agent, "--all"); code != ExitOK {
			t.Fatalf("trust --agent %s --all: exit %d\n%s", agent, code, out)
		}
	}
	if code, out := p.run("audit", "--strict"); code != ExitOK {
		t.Fatalf("after the approval: audit --strict exit %d\n%s", code, out)
	}
	pull, plain, reset := heldCommandsProject(t, p, map[string]string{".claude/srv.sh": srv},
		map[string]string{".claude/srv.sh": `touch "` + marks + `/pulled-code-ran"` + "\nexec cat >/dev/null\n"})

	claude := claudeLiveBinary(t, script)
	run := func(name, args, agent string) string {
		reset()
		for _, m := range []string{"approved-server-ran", "pulled-code-ran"} {
			_ = os.Remove(filepath.Join(marks, m))
		}
		_, text := runLiveEnforce(t, p, netns, claudeEnforceInner, name, args+" --on-change warn -- "+agent,
			"KIT="+claudeLiveKit(t), "CLAUDE="+claude)
		return text
	}

	// held, the approved server still runs
	if text := run("approved", "--enforce", plain); !exists(filepath.Join(marks, "approved-server-ran")) {
		t.Fatalf("the approved MCP server did not run under exec --enforce\n%s", text)
	}

	text := run("enforce", "--enforce", pull)
	if exists(filepath.Join(marks, "pulled-code-ran")) {
		t.Fatalf("the real Claude Code started the changed MCP server script under exec --enforce\n%s", text)
	}
	if !strings.Contains(text, "MCP server probe") || !strings.Contains(text, "refused to open") || !strings.Contains(text, "srv.sh") {
		t.Fatalf("exec --enforce did not name the server and its refused script\n%s", text)
	}

	run("control", "", pull)
	if !exists(filepath.Join(marks, "pulled-code-ran")) {
		t.Fatalf("without --enforce the real Claude Code did not run the changed server script: the test does not show the gap")
	}
}

// TestQwenLiveEnforceHoldsAnApprovedServerAndCustomCommand: the real Qwen
// Code 0.24.4 (qwen-live kit, offline stand-in, folder trust off as by
// default) starts the approved server `sh .qwen/srv.sh` of
// .qwen/settings.json at start, and runs the approved custom command
// /x's `!{sh .qwen/cmd.sh}` when the prompt is /x. Both scripts are
// changed after exec's start check. Under exec --enforce neither pulled
// script runs and exec names both; the control, under exec without
// --enforce, runs both. Fails on main (0bf4696).
func TestQwenLiveEnforceHoldsAnApprovedServerAndCustomCommand(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("live Qwen Code run (-short)")
	}
	kit, qwen, init, netns := requireQwenLiveEnforce(t)
	p := newTraceProject(t, init)
	if err := os.MkdirAll(p.home, 0o755); err != nil { // Qwen refuses to start without its home
		t.Fatal(err)
	}
	marks := filepath.Join(p.root, "command-marks")
	if err := os.MkdirAll(marks, 0o755); err != nil {
		t.Fatal(err)
	}
	approved := map[string]string{
		".qwen/srv.sh": `touch "` + marks + `/approved-server-ran"` + "\n", // then it ends: Qwen Code goes on at once
		".qwen/cmd.sh": `touch "` + marks + `/approved-command-ran"` + "\n",
	}
	p.write(t, ".qwen/settings.json", `{"$version": 4, "mcpServers": {"probe": {"command": "sh", "args": [".qwen/srv.sh"]}}}`)
	p.write(t, ".qwen/commands/x.toml", "description = \"x\"\nprompt = \"Say: !{sh .qwen/cmd.sh}\"\n")
	for rel, text := range approved {
		p.write(t, rel, text)
	}
	system := filepath.Join(p.root, "system")
	p.write(t, filepath.Join(system, "system-defaults.json"), `{"$version": 4, "memory": {"enableManagedAutoMemory": false, "enableManagedAutoDream": false}, `+
		`"general": {"enableAutoUpdate": false}, "privacy": {"usageStatisticsEnabled": false}}`)
	if code, out := p.run("trust", "--agent", "qwen", "--all"); code != ExitOK {
		t.Fatalf("trust --agent qwen --all: exit %d\n%s", code, out)
	}
	if code, out := p.run("audit", "--strict"); code != ExitOK {
		t.Fatalf("after the approval: audit --strict exit %d\n%s", code, out)
	}
	pull, plain, reset := heldCommandsProject(t, p, approved, map[string]string{
		".qwen/srv.sh": `touch "` + marks + `/pulled-server-ran"` + "\n",
		".qwen/cmd.sh": `touch "` + marks + `/pulled-command-ran"` + "\n",
	})
	inner := strings.Replace(qwenEnforceInner, `"write hi to out.txt"`, `"/x"`, 1)
	run := func(name, args, agent string) string {
		reset()
		for _, m := range []string{"approved-server-ran", "approved-command-ran", "pulled-server-ran", "pulled-command-ran"} {
			_ = os.Remove(filepath.Join(marks, m))
		}
		_, text := runLiveEnforce(t, p, netns, inner, name, args+" --on-change warn -- "+agent,
			"KIT="+kit, "SYSTEM="+system, "QWEN="+qwen)
		return text
	}

	// held, the approved server and command still run
	text := run("approved", "--enforce", plain)
	for _, m := range []string{"approved-server-ran", "approved-command-ran"} {
		if !exists(filepath.Join(marks, m)) {
			t.Fatalf("the approved server or command did not run under exec --enforce (%s)\n%s", m, text)
		}
	}

	text = run("enforce", "--enforce", pull)
	for _, m := range []string{"pulled-server-ran", "pulled-command-ran"} {
		if exists(filepath.Join(marks, m)) {
			t.Errorf("the real Qwen Code ran a changed script under exec --enforce (%s)", m)
		}
	}
	for _, want := range []string{"MCP server probe", "prompt command x", ".qwen/srv.sh", ".qwen/cmd.sh"} {
		if !strings.Contains(text, want) {
			t.Errorf("exec --enforce did not name %q among the refusals", want)
		}
	}
	if t.Failed() {
		t.Fatalf("exec --enforce:\n%s", text)
	}

	run("control", "", pull)
	for _, m := range []string{"pulled-server-ran", "pulled-command-ran"} {
		if !exists(filepath.Join(marks, m)) {
			t.Errorf("without --enforce the real Qwen Code did not run the changed script (%s): the test does not show the gap", m)
		}
	}
}
