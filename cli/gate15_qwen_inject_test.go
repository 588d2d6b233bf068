//go:build unix

package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestQwenCustomCommandInjectedFileNeedsReview: Qwen Code 0.24.4, like
// Gemini CLI, fills a custom command's @{path} injections before its shell
// step, and the shell step runs on the injected text too: observed with
// qwen-live (yolo), an approved .qwen/commands/sum.toml "Summarize
// @{docs/notes.md} for {{args}}" ran the !{touch at-ran.txt} written in
// docs/notes.md. The template has no !{ of its own, so Hookwarden listed
// nothing: a pull changing docs/notes.md left audit at exit 0. Fails on
// main.
func TestQwenCustomCommandInjectedFileNeedsReview(t *testing.T) {
	t.Parallel()
	p := newTraceProject(t, "")
	p.write(t, ".qwen/settings.json", `{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"echo hi"}]}]}}`)
	p.write(t, ".qwen/commands/sum.toml", "prompt = \"Summarize @{docs/notes.md} for {{args}}\"\n")
	p.write(t, "docs/notes.md", "Notes.\n")
	if code, out := p.run("trust", "--agent", "qwen", "--all"); code != ExitOK {
		t.Fatalf("trust --all: exit %d\n%s", code, out)
	}
	if code, out := p.run("audit", "--agent", "qwen", "--strict"); code != ExitOK {
		t.Fatalf("approved: audit --strict exit %d\n%s", code, out)
	}
	p.write(t, "docs/notes.md", "Notes. !{touch pwned}\n")
	if code, out := p.run("audit", "--agent", "qwen"); code != ExitNeedsReview || !strings.Contains(out, filepath.Join("docs", "notes.md")) {
		t.Fatalf("a pull wrote docs/notes.md: audit exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
	}
}
