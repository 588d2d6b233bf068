package geminicli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

// TestLiveGeminiRunsACustomCommandsShell: the real Gemini CLI 0.61.0,
// headless with --yolo in a trusted folder, runs the !{…} commands of the
// project's .gemini/commands/**/*.toml when the prompt is the /command,
// and the !{…} commands written in a file such a command injects with
// @{…} (its prompt holds {{args}}, so the shell step runs). Hookwarden
// lists both commands as prompt commands that run, the injected file's
// command among the second one's.
func TestLiveGeminiRunsACustomCommandsShell(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real Gemini CLI twice; skipped with -short")
	}
	bundle := RequireBundle(t)
	f := newFidelityFixture(t, bundle)
	marks := filepath.Join(f.root, "marks")
	if err := os.MkdirAll(marks, 0o755); err != nil {
		t.Fatal(err)
	}
	f.user(t, nil)
	writeFile(t, filepath.Join(f.project, ".gemini", "commands", "team", "go.toml"), "prompt = \"Run: !{bash .gemini/helper.sh}\"\n")
	writeFile(t, filepath.Join(f.project, ".gemini", "helper.sh"), "touch '"+filepath.Join(marks, "helper-ran")+"'\n")
	writeFile(t, filepath.Join(f.project, ".gemini", "commands", "sum.toml"), "prompt = \"Summarize @{docs/notes.md} for {{args}}\"\n")
	writeFile(t, filepath.Join(f.project, "docs", "notes.md"), "Notes. !{touch '"+filepath.Join(marks, "injected-ran")+"'}\n")
	for prompt, mark := range map[string]string{"/team:go": "helper-ran", "/sum me": "injected-ran"} {
		o := f.opts
		o.Prompt, o.Args = prompt, []string{"--yolo"}
		res, err := Run(context.Background(), o)
		if err != nil || res.ExitCode != 0 {
			t.Fatalf("gemini CLI %s: err %v, exit %d\nstdout: %s\nstderr: %s", prompt, err, res.ExitCode, res.Stdout, res.Stderr)
		}
		if _, err := os.Stat(filepath.Join(marks, mark)); err != nil {
			t.Errorf("the real Gemini CLI did not run the shell of %s (%s): %v\nstderr: %s", prompt, mark, err, res.Stderr)
		}
	}
	_, reg := openProject(t, f.project, f.home, f.opts.Environ())
	listed := map[string]*hooks.Hook{}
	for _, h := range reg.Commands {
		if h.Kind == hooks.KindPromptCommand {
			listed[h.Name] = h
		}
	}
	for name, want := range map[string]string{filepath.Join("team", "go"): "bash .gemini/helper.sh", "sum": "touch '" + filepath.Join(marks, "injected-ran") + "'"} {
		h := listed[name]
		if h == nil || h.Status != hooks.StatusRuns || h.Command != want {
			t.Errorf("Hookwarden lists %s as %+v, want a prompt command that runs %q (listed: %v)", name, h, want, listed)
		}
	}
}

// TestLiveGeminiStartsASubagentsServer: the real Gemini CLI 0.61.0 starts
// the MCP server of an acknowledged project subagent's frontmatter
// (.gemini/agents/probe.md, mcp_servers) when the model invokes the agent,
// headless without --yolo; the acknowledgement is the file's sha256, not
// the script the server runs. Hookwarden lists the server as an MCP server
// that runs, with the script among what it reviews.
func TestLiveGeminiStartsASubagentsServer(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real Gemini CLI; skipped with -short")
	}
	bundle := RequireBundle(t)
	f := newFidelityFixture(t, bundle)
	marks := filepath.Join(f.root, "marks")
	if err := os.MkdirAll(marks, 0o755); err != nil {
		t.Fatal(err)
	}
	f.user(t, nil)
	agent := "---\nname: probe\ndescription: a probe\nmcp_servers:\n  probe:\n    command: bash\n    args: [\".gemini/srv.sh\"]\n---\nYou are a probe.\n"
	writeFile(t, filepath.Join(f.project, ".gemini", "agents", "probe.md"), agent)
	writeFile(t, filepath.Join(f.project, ".gemini", "srv.sh"), "touch '"+filepath.Join(marks, "server-ran")+"'\n")
	sum := sha256.Sum256([]byte(agent))
	writeJSON(t, filepath.Join(f.home, ".gemini", "acknowledgments", "agents.json"), map[string]any{f.project: map[string]string{"probe": hex.EncodeToString(sum[:])}})
	fake := filepath.Join(f.root, "fake-agent.jsonl")
	if err := WriteFakeResponses(fake, []FakeResponse{RoutingResponse(), ToolCallTurn("invoke_agent", map[string]any{"agent_name": "probe", "prompt": "do it"}),
		TextTurn("ok"), TextTurn("ok"), RoutingResponse(), TextTurn("ok"), TextTurn("ok")}); err != nil {
		t.Fatal(err)
	}
	o := f.opts
	o.FakeResponses, o.Prompt = fake, "hi"
	res, err := Run(context.Background(), o)
	if err != nil {
		t.Fatalf("gemini CLI: err %v\nstderr: %s", err, res.Stderr)
	}
	if _, err := os.Stat(filepath.Join(marks, "server-ran")); err != nil {
		t.Fatalf("the real Gemini CLI did not start the subagent's server: %v\nexit %d\nstderr: %s", err, res.ExitCode, res.Stderr)
	}
	_, reg := openProject(t, f.project, f.home, f.opts.Environ())
	for _, h := range reg.Commands {
		if h.Kind == hooks.KindMCPServer && h.Name == "probe" {
			if h.Status != hooks.StatusRuns || !strings.Contains(h.Command, ".gemini/srv.sh") {
				t.Errorf("Hookwarden lists the subagent's server as %s running %q", h.Status, h.Command)
			}
			return
		}
	}
	t.Errorf("Hookwarden does not list the subagent's server: %v", reg.Commands)
}

// TestLiveGeminiStartsAnMCPServerInItsCwd: the real Gemini CLI 0.61.0
// spawns a workspace stdio MCP server in its "cwd" ("tools": tools/srv.sh
// runs, not the top's srv.sh); Hookwarden's review follows the server's
// script there.
func TestLiveGeminiStartsAnMCPServerInItsCwd(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real Gemini CLI; skipped with -short")
	}
	bundle := RequireBundle(t)
	f := newFidelityFixture(t, bundle)
	marks := filepath.Join(f.root, "marks")
	if err := os.MkdirAll(marks, 0o755); err != nil {
		t.Fatal(err)
	}
	f.user(t, nil)
	writeJSON(t, filepath.Join(f.project, ".gemini", "settings.json"), map[string]any{
		"mcpServers": map[string]any{"s": map[string]any{"command": "sh", "args": []any{"srv.sh"}, "cwd": "tools"}}})
	writeFile(t, filepath.Join(f.project, "srv.sh"), "touch '"+filepath.Join(marks, "top-ran")+"'\n")
	writeFile(t, filepath.Join(f.project, "tools", "srv.sh"), "touch '"+filepath.Join(marks, "tools-ran")+"'\n")
	if res, err := Run(context.Background(), f.opts); err != nil || res.ExitCode != 0 {
		t.Fatalf("gemini CLI: err %v, exit %d\nstderr: %s", err, res.ExitCode, res.Stderr)
	}
	if _, err := os.Stat(filepath.Join(marks, "tools-ran")); err != nil {
		t.Fatalf("the real Gemini CLI did not run tools/srv.sh: %v", err)
	}
	if _, err := os.Stat(filepath.Join(marks, "top-ran")); err == nil {
		t.Fatalf("the real Gemini CLI ran the top's srv.sh")
	}
	p, _ := openProject(t, f.project, f.home, f.opts.Environ())
	r, err := p.Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range r.Hooks {
		if h.Kind == hooks.KindMCPServer {
			for _, s := range h.Scripts {
				if s.Path == filepath.Join(f.project, "tools", "srv.sh") {
					return
				}
			}
		}
	}
	t.Errorf("the review does not follow the server's script in tools/: %+v", r.Hooks)
}

// TestLiveGeminiRunsAnIncludedFoldersInjectedShell: the real Gemini CLI
// 0.61.0 looks a custom command's relative @{notes.md} up in its other
// workspace folders when the project has none: a folder of the project's
// own context.includeDirectories ("sub"), and one of the user's settings;
// a notes.md in the project that links out of the workspace is skipped
// (readPathFromWorkspace's isPathWithinWorkspace). The !{…} written in the
// file it finds runs. Hookwarden lists that command among the prompt
// command's, and the file it read is the one Gemini injected.
func TestLiveGeminiRunsAnIncludedFoldersInjectedShell(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real Gemini CLI twice; skipped with -short")
	}
	bundle := RequireBundle(t)
	for name, user := range map[string]bool{"the project's include folder, past a link out": false, "the user's include folder": true} {
		t.Run(name, func(t *testing.T) {
			f := newFidelityFixture(t, bundle)
			marks := filepath.Join(f.root, "marks")
			if err := os.MkdirAll(marks, 0o755); err != nil {
				t.Fatal(err)
			}
			mark := filepath.Join(marks, "included-ran")
			dir := filepath.Join(f.project, "sub")
			if user {
				dir = filepath.Join(f.root, "shared")
				f.user(t, map[string]any{"context": map[string]any{"includeDirectories": []string{dir}}})
			} else {
				f.user(t, nil)
				writeJSON(t, filepath.Join(f.project, ".gemini", "settings.json"), map[string]any{"context": map[string]any{"includeDirectories": []string{"sub"}}})
				writeFile(t, filepath.Join(f.root, "outside", "notes.md"), "Outside. !{touch '"+filepath.Join(marks, "outside-ran")+"'}\n")
				if err := os.Symlink(filepath.Join(f.root, "outside", "notes.md"), filepath.Join(f.project, "notes.md")); err != nil {
					t.Fatal(err)
				}
			}
			writeFile(t, filepath.Join(dir, "notes.md"), "Notes. !{touch '"+mark+"'}\n")
			writeFile(t, filepath.Join(f.project, ".gemini", "commands", "sum.toml"), "prompt = \"Summarize @{notes.md} for {{args}}\"\n")
			o := f.opts
			o.Prompt, o.Args = "/sum me", []string{"--yolo"}
			res, err := Run(context.Background(), o)
			if err != nil || res.ExitCode != 0 {
				t.Fatalf("gemini CLI: err %v, exit %d\nstdout: %s\nstderr: %s", err, res.ExitCode, res.Stdout, res.Stderr)
			}
			if _, err := os.Stat(mark); err != nil {
				t.Fatalf("the real Gemini CLI did not run the shell of the included folder's notes.md: %v\nstderr: %s", err, res.Stderr)
			}
			if _, err := os.Stat(filepath.Join(marks, "outside-ran")); err == nil {
				t.Fatalf("the real Gemini CLI injected the project's notes.md that links out of the workspace")
			}
			_, reg := openProject(t, f.project, f.home, f.opts.Environ())
			for _, h := range reg.Commands {
				if h.Kind == hooks.KindPromptCommand && h.Name == "sum" {
					if h.Status != hooks.StatusRuns || h.Command != "touch '"+mark+"'" {
						t.Errorf("Hookwarden lists sum as %s running %q, want the included notes.md's command", h.Status, h.Command)
					}
					return
				}
			}
			t.Errorf("Hookwarden does not list the prompt command sum: %v", reg.Commands)
		})
	}
}

// TestLiveGeminiUserCommandRunsAProjectFilesShell: a custom command of
// the user's own (~/.gemini/commands/*.toml) that injects a relative
// @{README.md} and takes {{args}} runs, in the real Gemini CLI 0.61.0,
// the !{…} written in the project's README.md: the project decides what
// the user's own command runs. Hookwarden reviews it for the project as a
// command of the user's that reaches the project's code.
func TestLiveGeminiUserCommandRunsAProjectFilesShell(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real Gemini CLI; skipped with -short")
	}
	bundle := RequireBundle(t)
	f := newFidelityFixture(t, bundle)
	marks := filepath.Join(f.root, "marks")
	if err := os.MkdirAll(marks, 0o755); err != nil {
		t.Fatal(err)
	}
	mark := filepath.Join(marks, "readme-ran")
	f.user(t, nil)
	writeFile(t, filepath.Join(f.home, ".gemini", "commands", "explain.toml"), "prompt = \"Explain @{README.md} with a focus on {{args}}\"\n")
	writeFile(t, filepath.Join(f.project, "README.md"), "# Readme\n!{touch '"+mark+"'}\n")
	o := f.opts
	o.Prompt, o.Args = "/explain setup", []string{"--yolo"}
	res, err := Run(context.Background(), o)
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("gemini CLI: err %v, exit %d\nstdout: %s\nstderr: %s", err, res.ExitCode, res.Stdout, res.Stderr)
	}
	if _, err := os.Stat(mark); err != nil {
		t.Fatalf("the real Gemini CLI did not run the shell of the project's README.md through the user's command: %v\nstderr: %s", err, res.Stderr)
	}
	_, reg := openProject(t, f.project, f.home, f.opts.Environ())
	for _, h := range reg.Commands {
		if h.Kind == hooks.KindPromptCommand && h.Name == "explain" {
			if h.Status != hooks.StatusRuns || h.Command != "touch '"+mark+"'" {
				t.Errorf("Hookwarden lists the user's explain as %s running %q, want the README's command", h.Status, h.Command)
			}
			return
		}
	}
	t.Errorf("Hookwarden does not list the user's command that runs the project's README: %v", reg.Commands)
}

// TestLiveGeminiStartsAUserServerInTheProject: an MCP server of the
// user's own settings whose command names a relative script (sh srv.sh)
// is started by the real Gemini CLI 0.61.0 in the project folder: the
// project's srv.sh runs. Hookwarden reviews such a server for the
// project as a command of the user's that reaches the project's code.
func TestLiveGeminiStartsAUserServerInTheProject(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real Gemini CLI; skipped with -short")
	}
	bundle := RequireBundle(t)
	f := newFidelityFixture(t, bundle)
	marks := filepath.Join(f.root, "marks")
	if err := os.MkdirAll(marks, 0o755); err != nil {
		t.Fatal(err)
	}
	f.user(t, map[string]any{"mcpServers": map[string]any{"s": map[string]any{"command": "sh", "args": []any{"srv.sh"}}}})
	writeFile(t, filepath.Join(f.project, "srv.sh"), "touch '"+filepath.Join(marks, "project-server-ran")+"'\n")
	if res, err := Run(context.Background(), f.opts); err != nil || res.ExitCode != 0 {
		t.Fatalf("gemini CLI: err %v, exit %d\nstderr: %s", err, res.ExitCode, res.Stderr)
	}
	if _, err := os.Stat(filepath.Join(marks, "project-server-ran")); err != nil {
		t.Fatalf("the real Gemini CLI did not run the project's srv.sh for the user's server: %v", err)
	}
	p, _ := openProject(t, f.project, f.home, f.opts.Environ())
	r, err := p.Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range r.Hooks {
		for _, s := range h.Scripts {
			if s.Path == filepath.Join(f.project, "srv.sh") {
				return
			}
		}
	}
	t.Errorf("Hookwarden's review does not follow the user's server into the project's srv.sh: %+v", r.Hooks)
}

// TestLiveGeminiStartsAnExtensionsServerInTheProject: an MCP server of an
// active extension whose command names a relative script (sh srv.sh, no
// ${extensionPath}) is started by the real Gemini CLI in the project
// folder: the project's srv.sh runs, not the extension's. Hookwarden
// reviews it for the project as a command that reaches its code.
func TestLiveGeminiStartsAnExtensionsServerInTheProject(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real Gemini CLI; skipped with -short")
	}
	bundle := RequireBundle(t)
	f := newFidelityFixture(t, bundle)
	marks := filepath.Join(f.root, "marks")
	if err := os.MkdirAll(marks, 0o755); err != nil {
		t.Fatal(err)
	}
	f.user(t, nil)
	dir := filepath.Join(f.home, ".gemini", "extensions", "ext")
	writeJSON(t, filepath.Join(dir, "gemini-extension.json"), map[string]any{"name": "ext", "version": "1.0.0",
		"mcpServers": map[string]any{"s": map[string]any{"command": "sh", "args": []any{"srv.sh"}}}})
	writeFile(t, filepath.Join(dir, "srv.sh"), "touch '"+filepath.Join(marks, "extension-server-ran")+"'\n")
	writeFile(t, filepath.Join(f.project, "srv.sh"), "touch '"+filepath.Join(marks, "project-server-ran")+"'\n")
	if res, err := Run(context.Background(), f.opts); err != nil || res.ExitCode != 0 {
		t.Fatalf("gemini CLI: err %v, exit %d\nstderr: %s", err, res.ExitCode, res.Stderr)
	}
	if _, err := os.Stat(filepath.Join(marks, "project-server-ran")); err != nil {
		t.Fatalf("the real Gemini CLI did not run the project's srv.sh for the extension's server: %v", err)
	}
	p, _ := openProject(t, f.project, f.home, f.opts.Environ())
	r, err := p.Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range r.Hooks {
		for _, s := range h.Scripts {
			if s.Path == filepath.Join(f.project, "srv.sh") && h.NeedsReview() {
				return
			}
		}
	}
	t.Errorf("Hookwarden's review does not follow the extension's server into the project's srv.sh: %+v", r.Hooks)
}

// TestLiveGeminiStartsAUserSubagentsServerInTheProject: the real Gemini
// CLI 0.61.0 starts the MCP server of a subagent of the user's own
// (~/.gemini/agents/probe.md, mcp_servers) when the model invokes it, in
// the project folder: a relative `bash srv.sh` runs the project's srv.sh.
// Hookwarden reviews it for the project.
func TestLiveGeminiStartsAUserSubagentsServerInTheProject(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real Gemini CLI; skipped with -short")
	}
	bundle := RequireBundle(t)
	f := newFidelityFixture(t, bundle)
	marks := filepath.Join(f.root, "marks")
	if err := os.MkdirAll(marks, 0o755); err != nil {
		t.Fatal(err)
	}
	f.user(t, nil)
	agent := "---\nname: probe\ndescription: a probe\nmcp_servers:\n  probe:\n    command: bash\n    args: [\"srv.sh\"]\n---\nYou are a probe.\n"
	writeFile(t, filepath.Join(f.home, ".gemini", "agents", "probe.md"), agent)
	writeFile(t, filepath.Join(f.project, "srv.sh"), "touch '"+filepath.Join(marks, "server-ran")+"'\n")
	fake := filepath.Join(f.root, "fake-agent.jsonl")
	if err := WriteFakeResponses(fake, []FakeResponse{RoutingResponse(), ToolCallTurn("invoke_agent", map[string]any{"agent_name": "probe", "prompt": "do it"}),
		TextTurn("ok"), TextTurn("ok"), RoutingResponse(), TextTurn("ok"), TextTurn("ok")}); err != nil {
		t.Fatal(err)
	}
	o := f.opts
	o.FakeResponses, o.Prompt = fake, "hi"
	res, err := Run(context.Background(), o)
	if err != nil {
		t.Fatalf("gemini CLI: err %v\nstderr: %s", err, res.Stderr)
	}
	if _, err := os.Stat(filepath.Join(marks, "server-ran")); err != nil {
		t.Fatalf("the real Gemini CLI did not run the project's srv.sh for the user's subagent's server: %v\nexit %d\nstderr: %s", err, res.ExitCode, res.Stderr)
	}
	p, _ := openProject(t, f.project, f.home, f.opts.Environ())
	r, err := p.Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range r.Hooks {
		for _, s := range h.Scripts {
			if s.Path == filepath.Join(f.project, "srv.sh") && h.NeedsReview() {
				return
			}
		}
	}
	t.Errorf("Hookwarden's review does not follow the user's subagent's server into the project's srv.sh: %+v", r.Hooks)
}
