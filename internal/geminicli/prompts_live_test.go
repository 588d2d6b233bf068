package geminicli

import (
	"context"
	"os"
	"path/filepath"
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
