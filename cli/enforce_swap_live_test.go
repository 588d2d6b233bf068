//go:build linux

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestClaudeLiveEnforceHoldsAServerScriptSwappedForALink: the real Claude
// Code 2.1.332 (claude-live kit, offline stand-in) starts the project's
// approved .mcp.json server `sh .claude/srv.sh`. After exec's start check,
// the script is replaced by a symbolic link to a file outside the project
// (the agent's own process does it, as a tool call would). Under exec
// --enforce the server's read through the link is refused (the linked-in
// code never runs; exec names the server and the link) and Claude Code
// goes on; the approved script, unswapped, runs; without --enforce the
// linked-in code runs. Fails on main (6c18c38): enforcement checked only
// files whose real path is in the project.
func TestClaudeLiveEnforceHoldsAServerScriptSwappedForALink(t *testing.T) {
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
	for _, agent := range []string{"claude", "copilot", "qwen"} {
		if code, out := p.run("trust", "--agent", agent, "--all"); code != ExitOK {
			t.Fatalf("trust --agent %s --all: exit %d\n%s", agent, code, out)
		}
	}
	outside := filepath.Join(p.root, "outside-srv.sh")
	p.write(t, outside, `touch "`+marks+`/pulled-code-ran"`+"\nexec cat >/dev/null\n")
	link := filepath.Join(p.project, ".claude", "srv.sh")
	pull, plain := filepath.Join(p.root, "swap-agent.sh"), filepath.Join(p.root, "plain-agent.sh")
	p.write(t, pull, "#!/bin/sh\nset -e\nln -sf '"+outside+"' '"+link+"'\nshift\nexec \"$@\"\n")
	p.write(t, plain, "#!/bin/sh\nshift\nexec \"$@\"\n")

	claude := claudeLiveBinary(t, script)
	run := func(name, args, agent string) string {
		_ = os.Remove(link)
		p.write(t, ".claude/srv.sh", srv)
		for _, m := range []string{"approved-server-ran", "pulled-code-ran"} {
			_ = os.Remove(filepath.Join(marks, m))
		}
		_, text := runLiveEnforce(t, p, netns, claudeEnforceInner, name, args+" --on-change warn -- "+agent,
			"KIT="+claudeLiveKit(t), "CLAUDE="+claude)
		return text
	}

	if text := run("approved", "--enforce", plain); !exists(filepath.Join(marks, "approved-server-ran")) {
		t.Fatalf("the approved MCP server did not run under exec --enforce\n%s", text)
	}
	text := run("enforce", "--enforce", pull)
	if exists(filepath.Join(marks, "pulled-code-ran")) {
		t.Fatalf("the real Claude Code started the linked-in server script under exec --enforce\n%s", text)
	}
	if !strings.Contains(text, "MCP server probe") || !strings.Contains(text, "refused to") || !strings.Contains(text, "outside-srv.sh") {
		t.Fatalf("exec --enforce did not name the server and the link it refused\n%s", text)
	}
	run("control", "", pull)
	if !exists(filepath.Join(marks, "pulled-code-ran")) {
		t.Fatalf("without --enforce the real Claude Code did not run the linked-in script: the test does not show the gap")
	}
}

// TestClaudeLiveEnforceHoldsASkillsFrontmatterHook: the real Claude Code
// 2.1.332 runs a hook of a project skill's frontmatter (hooks:
// PreToolUse, while /sk is active) exactly as a settings hook, `/bin/sh -c
// "sh .claude/fm.sh"` in the project (observed through the kit: argv and
// parent), and Hookwarden models it as a hook, so exec --enforce holds it:
// the approved script runs; changed after exec's start check (the agent's
// own process), its read is refused and named; without --enforce the
// changed script runs. (Passes on main too: it pins the form the hold
// rests on, which enforce4's notes listed as only named.)
func TestClaudeLiveEnforceHoldsASkillsFrontmatterHook(t *testing.T) {
	t.Parallel()
	script := requireClaudeLive(t)
	init, netns := requireLiveEnforce(t)
	p := newTraceProject(t, init)
	marks := filepath.Join(p.root, "hook-marks")
	if err := os.MkdirAll(marks, 0o755); err != nil {
		t.Fatal(err)
	}
	fm := `touch "` + marks + `/approved-hook-ran"` + "\n"
	p.write(t, ".claude/skills/sk/SKILL.md", "---\nname: sk\ndescription: sk\nhooks:\n  PreToolUse:\n    - matcher: Read\n      hooks:\n        - type: command\n          command: sh .claude/fm.sh\n---\nRead notes.txt.\n")
	p.write(t, ".claude/fm.sh", fm)
	p.write(t, "notes.txt", "notes\n")
	for _, agent := range []string{"claude", "copilot", "qwen"} {
		if code, out := p.run("trust", "--agent", agent, "--all"); code != ExitOK {
			t.Fatalf("trust --agent %s --all: exit %d\n%s", agent, code, out)
		}
	}
	pull, plain, reset := heldCommandsProject(t, p, map[string]string{".claude/fm.sh": fm},
		map[string]string{".claude/fm.sh": `touch "` + marks + `/pulled-code-ran"` + "\n"})
	inner := strings.Replace(claudeEnforceInner, `-p "read notes.txt"`, `-p "/sk"`, 1)
	claude := claudeLiveBinary(t, script)
	run := func(name, args, agent string) string {
		reset()
		for _, m := range []string{"approved-hook-ran", "pulled-code-ran"} {
			_ = os.Remove(filepath.Join(marks, m))
		}
		_, text := runLiveEnforce(t, p, netns, inner, name, args+" --on-change warn -- "+agent,
			"KIT="+claudeLiveKit(t), "CLAUDE="+claude)
		return text
	}
	if text := run("approved", "--enforce", plain); !exists(filepath.Join(marks, "approved-hook-ran")) {
		t.Fatalf("the approved frontmatter hook did not run under exec --enforce\n%s", text)
	}
	text := run("enforce", "--enforce", pull)
	if exists(filepath.Join(marks, "pulled-code-ran")) {
		t.Fatalf("the real Claude Code ran the changed frontmatter hook script under exec --enforce\n%s", text)
	}
	if !strings.Contains(text, "refused to open") || !strings.Contains(text, "fm.sh") {
		t.Fatalf("exec --enforce did not name the hook's refused script\n%s", text)
	}
	run("control", "", pull)
	if !exists(filepath.Join(marks, "pulled-code-ran")) {
		t.Fatalf("without --enforce the real Claude Code did not run the changed frontmatter hook script: the test does not show the gap")
	}
}
