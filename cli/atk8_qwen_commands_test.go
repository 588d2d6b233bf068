//go:build unix

package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestQwenCustomCommandShellNeedsReview: Qwen Code 0.24.4 runs the
// !{…} commands of a project's custom command (.qwen/commands/**/*.toml
// "prompt", **/*.md text) when the user types its /command, without asking
// in yolo mode (qwen-live, atk8: a `touch` marker;
// TestQwenLiveRunsACustomCommandsShell). Hookwarden read no such file: a
// pull adding one, or a shell command to an approved project's template,
// left audit at exit 0. Now each template with a command is a reviewed
// prompt command, its whole file the value. Fails on the old code.
func TestQwenCustomCommandShellNeedsReview(t *testing.T) {
	t.Parallel()
	for name, c := range map[string]struct{ file, text string }{
		"toml":               {".qwen/commands/x.toml", "description = \"x\"\nprompt = \"Say: !{touch pwned}\"\n"},
		"toml escape":        {".qwen/commands/x.toml", "prompt = \"Say: \\u0021{touch pwned}\"\n"},
		"toml literal":       {".qwen/commands/x.toml", "prompt = '''\nSay: !{ touch pwned }\n'''\n"},
		"markdown":           {".qwen/commands/x.md", "---\ndescription: x\n---\nSay: !{touch pwned}\n"},
		"a subfolder":        {".qwen/commands/team/x.toml", "prompt = \"!{touch pwned}\"\n"},
		"nested braces":      {".qwen/commands/x.toml", "prompt = \"!{f() { touch pwned; }; f}\"\n"},
		"broken toml":        {".qwen/commands/x.toml", "prompt = \"!{touch pwned}\n"},
		"an unclosed !{":     {".qwen/commands/x.md", "Say: !{touch pwned\n"},
		"the approved's own": {".qwen/commands/ok.toml", "prompt = \"Say: !{git status} !{touch pwned}\"\n"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p := newTraceProject(t, "")
			p.write(t, ".qwen/settings.json", `{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"echo hi"}]}]}}`)
			p.write(t, ".qwen/commands/ok.toml", "prompt = \"Say: !{git status}\"\n")
			p.write(t, ".qwen/commands/plain.toml", "prompt = \"Say hi\"\n")
			if code, out := p.run("trust", "--agent", "qwen", "--all"); code != ExitOK {
				t.Fatalf("trust --all: exit %d\n%s", code, out)
			}
			if code, out := p.run("audit", "--agent", "qwen", "--strict"); code != ExitOK {
				t.Fatalf("approved: audit --strict exit %d\n%s", code, out)
			}
			p.write(t, c.file, c.text)
			if code, out := p.run("audit", "--agent", "qwen"); code != ExitNeedsReview || !strings.Contains(out, filepath.FromSlash(c.file)) {
				t.Fatalf("a pull wrote %s: audit exit %d, want %d naming it\n%s", c.file, code, ExitNeedsReview, out)
			}
		})
	}
}
