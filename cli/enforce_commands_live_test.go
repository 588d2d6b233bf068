//go:build linux

package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/testenv"
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

// TestCopilotLiveEnforceHoldsAnApprovedMCPServer: the real Copilot CLI
// 1.0.102 (copilot-live kit, offline, the folder trusted in its config)
// starts the project's approved .github/mcp.json server
// `sh .github/srv.sh` at start. The kit copies the project, so exec runs
// through the kit's COPILOT_LIVE_WRAP: a script that approves the copy
// (trust --agent copilot --all), plays the pull (as the agent's own
// process, after the approval), then starts Copilot CLI under exec.
// Under exec --enforce the changed script is refused (its marker is never
// made, exec names server and file); the control, exec without
// --enforce, runs it. Fails on main (0bf4696).
func TestCopilotLiveEnforceHoldsAnApprovedMCPServer(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("live Copilot CLI run (-short)")
	}
	script := filepath.Join(testenv.KitDir(t), "copilot-live", "run-copilot.sh")
	if _, err := os.Stat(script); err != nil {
		testenv.Missing(t, "copilot-live kit not found: %v (set %s)", err, testenv.KitEnvVar)
	}
	init, _ := requireLiveEnforce(t)
	p := newTraceProject(t, init)
	p.write(t, ".github/mcp.json", `{"mcpServers": {"probe": {"type": "stdio", "command": "sh", "args": [".github/srv.sh"]}}}`)
	p.write(t, ".github/srv.sh", "touch approved-server-ran\nexec cat >/dev/null\n")
	p.write(t, filepath.Join(p.home, ".copilot", "config.json"), `{"trustedFolders": ["/home/user/project"]}`)
	pulled := filepath.Join(p.root, "pulled-srv.sh")
	p.write(t, pulled, "touch pulled-code-ran\nexec cat >/dev/null\n")
	cache, err := testenv.CacheDir()
	if err != nil {
		t.Fatal(err)
	}
	run := func(name, args string, pull bool) (files []string, stderr string) {
		wrap := filepath.Join(p.root, "wrap-"+name+".sh")
		agent := filepath.Join(p.root, "agent-"+name+".sh")
		copyLine := ""
		if pull {
			copyLine = "cp '" + pulled + "' .github/srv.sh\n"
		}
		p.write(t, agent, "#!/bin/sh\nset -e\n"+copyLine+"shift\nexec \"$@\"\n")
		store := filepath.Join(p.root, "store-"+name)
		p.write(t, wrap, "#!/bin/sh\nexport HOOKWARDEN_CONFIG_DIR='"+store+"' "+cliSelfEnv+"=1 GEMINI_CLI_SYSTEM_SETTINGS_PATH=\"$HOME/none/settings.json\"\n"+
			"'"+os.Args[0]+"' trust --agent copilot --all >&2 || exit 9\n"+
			"exec '"+os.Args[0]+"' exec "+args+" --on-change warn -- '"+agent+"' -- \"$@\"\n")
		cmd := exec.Command(script, p.project, p.home)
		cmd.Env = append(os.Environ(), "COPILOT_LIVE_TOOL=none", "COPILOT_LIVE_OBSERVE=0", "COPILOT_LIVE_HOOKS_LIST=0", "COPILOT_LIVE_GIT=1",
			"COPILOT_LIVE_TRUST=fixture", "COPILOT_LIVE_WRAP=sh "+wrap, "COPILOT_LIVE_CACHE="+filepath.Join(cache, "copilot-live"))
		var errOut bytes.Buffer
		cmd.Stderr = &errOut
		var out []byte
		if err := testenv.WithFileLock(filepath.Join(cache, "copilot-live.lock"), func() error {
			var rerr error
			out, rerr = cmd.Output()
			return rerr
		}); err != nil {
			t.Fatalf("%s: run-copilot.sh: %v\n%s", name, err, errOut.String())
		}
		var rep struct {
			Files  []string `json:"files_created"`
			Stderr string   `json:"stderr"`
		}
		if err := json.Unmarshal(out, &rep); err != nil {
			t.Fatalf("%s: report: %v\n%s", name, err, out)
		}
		t.Logf("%s: exec %s: files %q\n%s", name, args, rep.Files, rep.Stderr)
		return rep.Files, rep.Stderr
	}

	if files, text := run("approved", "--enforce", false); !slices.Contains(files, "approved-server-ran") {
		t.Fatalf("the approved server did not run under exec --enforce (files %q)\n%s", files, text)
	}
	files, text := run("enforce", "--enforce", true)
	if slices.Contains(files, "pulled-code-ran") {
		t.Fatalf("the real Copilot CLI started the changed server script under exec --enforce\n%s", text)
	}
	if !strings.Contains(text, "Copilot CLI: MCP server probe") || !strings.Contains(text, "refused to open") || !strings.Contains(text, "srv.sh") {
		t.Fatalf("exec --enforce did not name the server and its refused script\n%s", text)
	}
	if files, _ := run("control", "", true); !slices.Contains(files, "pulled-code-ran") {
		t.Fatalf("without --enforce the real Copilot CLI did not run the changed server script (files %q): the test does not show the gap", files)
	}
}
