//go:build linux

package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/sandbox"
)

// TestExecEnforceHoldsAnApprovedPathSwappedForALink (issue 20, attack):
// after exec's check, the approved script of a held command (or a folder
// on its path) is replaced by a symbolic link to a file outside the
// project, with other content: the agent's own tool call, or a process
// outside the hook, can do it. Enforcement checked only files whose real
// path lies in the project, so the link's target ran unchecked. Each case
// starts the command as the real agent does (Claude Code: a stdio server
// as its command and args, a hook as `/bin/sh -c TEXT`). The swapped-in
// code must not run, and exec must name the refusal. All fail on main
// (6c18c38): the pulled code ran under --enforce.
func TestExecEnforceHoldsAnApprovedPathSwappedForALink(t *testing.T) {
	t.Parallel()
	if why := sandbox.EnforceSupported(); why != "" {
		t.Skip(why)
	}
	for _, c := range []struct {
		name  string
		files map[string]string
		// swap replaces the approved path by a link to $OUT (a folder
		// outside the project holding the pulled file(s)); start is how
		// the agent starts the command
		swap, start string
	}{
		{name: "server script",
			files: map[string]string{".mcp.json": `{"mcpServers": {"probe": {"command": "sh", "args": [".claude/srv.sh"]}}}`, ".claude/srv.sh": "exit 0\n"},
			swap:  `ln -sfn "$OUT/srv.sh" .claude/srv.sh`, start: `sh .claude/srv.sh`},
		{name: "server folder",
			files: map[string]string{".mcp.json": `{"mcpServers": {"probe": {"command": "./tools/srv.sh"}}}`, "tools/srv.sh": "#!/bin/sh\nexit 0\n"},
			swap:  `rm -rf tools && ln -s "$OUT" tools`, start: `./tools/srv.sh`},
		{name: "hook script",
			files: map[string]string{".claude/settings.json": `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "sh .claude/stop.sh"}]}]}}`, ".claude/stop.sh": "exit 0\n"},
			swap:  `ln -sfn "$OUT/srv.sh" .claude/stop.sh`, start: `/bin/sh -c "sh .claude/stop.sh"`},
		{name: "hook that changes into the folder",
			files: map[string]string{".claude/settings.json": `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "cd tools && sh srv.sh"}]}]}}`, "tools/srv.sh": "exit 0\n"},
			swap:  `rm -rf tools && ln -s "$OUT" tools`, start: `/bin/sh -c "cd tools && sh srv.sh"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := attackEnv(t)
			for rel, text := range c.files {
				e.writeProject(rel, text)
			}
			for _, agent := range []string{"claude", "copilot", "qwen"} {
				if code, out, errOut := e.runWithPath("trust", "--agent", agent, "--all"); code != ExitOK {
					t.Fatalf("trust --agent %s: exit %d\n%s%s", agent, code, out, errOut)
				}
			}
			tmp := t.TempDir()
			marks, out := filepath.Join(tmp, "marks"), filepath.Join(tmp, "out")
			for _, d := range []string{marks, out} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(filepath.Join(out, "srv.sh"), []byte("#!/bin/sh\ntouch \"$MARK_DIR/pulled-code-ran\"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			agent := c.swap + "\n" + c.start + "\necho agent: done\n"
			cmd := exec.Command(os.Args[0], "exec", "--enforce", "--on-change", "warn", "--", "sh", "-c", agent)
			cmd.Dir = e.project
			cmd.Env = []string{"HOME=" + e.home, "HOOKWARDEN_CONFIG_DIR=" + e.config, "PATH=" + os.Getenv("PATH"),
				"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(e.home, "none", "settings.json"), cliSelfEnv + "=1",
				"MARK_DIR=" + marks, "OUT=" + out}
			b, _ := cmd.CombinedOutput()
			text := string(b)
			t.Logf("exec --enforce:\n%s", text)
			if exists(filepath.Join(marks, "pulled-code-ran")) {
				t.Fatalf("the file linked in for the approved one ran under exec --enforce\n%s", text)
			}
			if !strings.Contains(text, "refused to") {
				t.Fatalf("exec --enforce did not name the refusal\n%s", text)
			}
		})
	}
}

// TestExecEnforceHoldsAServerStartedInASwappedFolder: a Codex CLI server
// of the project runs in a folder of it (cwd = "tools"; Codex changes
// into it before it starts the server, as its own process). After exec's
// check the folder is swapped for a link out of the project: the server's
// relative paths then name files outside, which enforcement did not
// check. The stand-in agent changes into the folder and starts the
// server with the argv Codex uses. Fails before this commit: the linked-in
// code ran.
func TestExecEnforceHoldsAServerStartedInASwappedFolder(t *testing.T) {
	t.Parallel()
	if why := sandbox.EnforceSupported(); why != "" {
		t.Skip(why)
	}
	e := attackEnv(t)
	e.writeProject(".codex/config.toml", "[mcp_servers.probe]\ncommand = \"sh\"\nargs = [\"srv.sh\"]\ncwd = \"tools\"\n")
	e.writeProject("tools/srv.sh", "exit 0\n")
	if err := os.MkdirAll(filepath.Join(e.home, ".codex"), 0o755); err != nil {
		t.Fatal(err)
	}
	e.write(filepath.Join(e.home, ".codex", "config.toml"), "[projects.\""+e.project+"\"]\ntrust_level = \"trusted\"\n")
	if code, out, errOut := e.runWithPath("trust", "--agent", "codex", "--all"); code != ExitOK {
		t.Fatalf("trust --agent codex: exit %d\n%s%s", code, out, errOut)
	}
	tmp := t.TempDir()
	marks, out := filepath.Join(tmp, "marks"), filepath.Join(tmp, "out")
	for _, d := range []string{marks, out} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(out, "srv.sh"), []byte("touch \"$MARK_DIR/pulled-code-ran\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	agent := `rm -rf tools && ln -s "$OUT" tools && cd tools && sh srv.sh` + "\necho agent: done\n"
	cmd := exec.Command(os.Args[0], "exec", "--enforce", "--on-change", "warn", "--", "sh", "-c", agent)
	cmd.Dir = e.project
	cmd.Env = []string{"HOME=" + e.home, "HOOKWARDEN_CONFIG_DIR=" + e.config, "PATH=" + os.Getenv("PATH"),
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(e.home, "none", "settings.json"), cliSelfEnv + "=1",
		"MARK_DIR=" + marks, "OUT=" + out}
	b, _ := cmd.CombinedOutput()
	text := string(b)
	t.Logf("exec --enforce:\n%s", text)
	if !strings.Contains(text, "and of 1 command(s)") {
		t.Fatalf("exec --enforce did not hold the server (the test shows nothing)\n%s", text)
	}
	if exists(filepath.Join(marks, "pulled-code-ran")) {
		t.Fatalf("the server started in the swapped folder ran the linked-in code under exec --enforce\n%s", text)
	}
	if !strings.Contains(text, "refused to") {
		t.Fatalf("exec --enforce did not name the refusal\n%s", text)
	}
}
