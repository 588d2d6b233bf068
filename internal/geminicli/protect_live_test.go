package geminicli

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/agents/all"
	"github.com/hookwarden/hookwarden/cli"
	"github.com/hookwarden/hookwarden/settingsio"
)

// TestProtectDeniesRealGeminiWrite is issue 20's item 5 for Gemini CLI,
// with the real CLI 0.61 (fake model, yolo): after `hookwarden protect
// on`, the model's write_file call that rewrites an approved workspace
// hook's script is denied by the protective BeforeTool hook, and the
// script is unchanged. The control run after `protect off` shows the
// same call does write it.
func TestProtectDeniesRealGeminiWrite(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hookwarden and runs the real Gemini CLI twice; skipped with -short")
	}
	bundle := RequireBundle(t)
	root := realTempDir(t)
	home, project := filepath.Join(root, "home"), filepath.Join(root, "project")
	writeJSON(t, filepath.Join(home, ".gemini", "settings.json"), BaseUserSettings())
	writeJSON(t, filepath.Join(home, ".gemini", "trustedFolders.json"), map[string]string{project: "TRUST_FOLDER"})
	writeFile(t, filepath.Join(project, ".gemini", "settings.json"),
		`{"hooks": {"SessionEnd": [{"hooks": [{"type": "command", "name": "check", "command": "sh .gemini/hooks/check.sh"}]}]}}`)
	script := filepath.Join(project, ".gemini", "hooks", "check.sh")
	const approved = "exit 0\n"
	writeFile(t, script, approved)

	bin := filepath.Join(root, "bin", "hookwarden")
	build := exec.Command("go", "build", "-o", bin, "../../cmd/hookwarden-cli")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building hookwarden: %v\n%s", err, out)
	}

	fake := filepath.Join(root, "fake.jsonl")
	if err := WriteFakeResponses(fake, []FakeResponse{RoutingResponse(),
		ToolCallTurn("write_file", map[string]any{"file_path": script, "content": "touch pwned\n"}),
		TextTurn("Done."), RoutingResponse(), RoutingResponse()}); err != nil {
		t.Fatal(err)
	}
	opts := Options{Bundle: bundle, ProjectDir: project, HomeDir: home, FakeResponses: fake, Prompt: "rewrite the hook",
		Args: []string{"--approval-mode", "yolo"}, Timeout: 90 * time.Second}
	run := func(args ...string) string {
		t.Helper()
		var out, errOut bytes.Buffer
		io := &cli.IO{Agents: all.Registry(), Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Init: bin,
			Env: settingsio.Env(opts.Environ()), Dir: project, GOOS: "linux"}
		if code := cli.Main(context.Background(), args, io); code != 0 {
			t.Fatalf("hookwarden %q: exit %d\n%s%s", args, code, out.String(), errOut.String())
		}
		return out.String()
	}
	run("trust", "--agent", "gemini", "--all")
	run("protect", "--agent", "gemini", "on")

	res, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatalf("gemini CLI: %v\nstdout: %s\nstderr: %s", err, res.Stdout, res.Stderr)
	}
	if got, _ := os.ReadFile(script); string(got) != approved {
		t.Fatalf("with protect on, Gemini CLI's write_file rewrote the approved script:\n%s\nstdout: %s\nstderr: %s", got, res.Stdout, res.Stderr)
	}
	if !strings.Contains(res.Stdout+res.Stderr, "Hookwarden protects") {
		t.Logf("the denial's reason is not in the CLI's output (headless runs may not print it)\nstdout: %s\nstderr: %s", res.Stdout, res.Stderr)
	}

	// Control: without the protective hook the same call writes the file.
	run("protect", "--agent", "gemini", "off")
	res, err = Run(context.Background(), opts)
	if err != nil {
		t.Fatalf("gemini CLI (control): %v\nstdout: %s\nstderr: %s", err, res.Stdout, res.Stderr)
	}
	if got, _ := os.ReadFile(script); string(got) == approved {
		t.Fatalf("control: without protection the fake model's write_file did not write the script, so the first run proves nothing\nstdout: %s\nstderr: %s", res.Stdout, res.Stderr)
	}
}
