//go:build unix

package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestGeminiCustomCommandShellNeedsReview: Gemini CLI 0.61.0 loads the
// custom commands of the project's .gemini/commands/**/*.toml (in a
// trusted folder) and runs the !{…} commands of their "prompt" with a
// shell when the user types the /command: without asking with --yolo
// (observed with the kit's bundle: `gemini -p /sub:go --yolo` wrote the
// marker of the !{…} command and of the script it ran), after a
// confirmation that shows the command line, not the script it runs, in
// the default mode. Hookwarden read no such file: a pull adding one, or
// a shell command to an approved project's command, or a change to the
// script it runs, or to a file such a command injects, left audit at
// exit 0. Fails on the old code.
func TestGeminiCustomCommandShellNeedsReview(t *testing.T) {
	t.Parallel()
	for name, c := range map[string]struct{ file, text string }{
		"toml":               {".gemini/commands/x.toml", "description = \"x\"\nprompt = \"Say: !{touch pwned}\"\n"},
		"toml escape":        {".gemini/commands/x.toml", "prompt = \"Say: \\u0021{touch pwned}\"\n"},
		"toml literal":       {".gemini/commands/x.toml", "prompt = '''\nSay: !{ touch pwned }\n'''\n"},
		"a subfolder":        {".gemini/commands/team/x.toml", "prompt = \"!{touch pwned}\"\n"},
		"a dot folder":       {".gemini/commands/.team/x.toml", "prompt = \"!{touch pwned}\"\n"},
		"nested braces":      {".gemini/commands/x.toml", "prompt = \"!{f() { touch pwned; }; f}\"\n"},
		"broken toml":        {".gemini/commands/x.toml", "prompt = \"!{touch pwned}\n"},
		"the approved's own": {".gemini/commands/ok.toml", "prompt = \"Say: !{git status} !{touch pwned}\"\n"},
		"the script it runs": {".gemini/helper.sh", "touch pwned\n"},
		// A prompt that injects files (@{…}) and runs the shell step ({{args}}
		// or !{…}) runs the !{…} commands of the files it injects (observed:
		// `@{docs/notes.md} for {{args}}`, the notes' !{touch …} ran).
		"an injected file":             {"docs/notes.md", "Notes. !{touch pwned}\n"},
		"a file of an injected folder": {"docs/more/b.md", "!{touch pwned}\n"},
		// A path it injects that is in no folder (docs/later.md) makes
		// the command partly unwatched: TestGeminiInjectedFileInNoKnownFolderIsUnwatched.
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p := newTraceProject(t, "")
			p.write(t, filepath.Join(p.home, ".gemini", "trustedFolders.json"), `{"`+p.project+`": "TRUST_FOLDER"}`)
			p.write(t, ".gemini/settings.json", `{"hooks":{"SessionStart":[{"hooks":[{"type":"command","name":"hi","command":"echo hi"}]}]}}`)
			p.write(t, ".gemini/commands/ok.toml", "prompt = \"Say: !{git status}\"\n")
			p.write(t, ".gemini/commands/run.toml", "prompt = \"Run: !{bash .gemini/helper.sh}\"\n")
			p.write(t, ".gemini/helper.sh", "echo ok\n")
			p.write(t, ".gemini/commands/plain.toml", "prompt = \"Say hi\"\n")
			p.write(t, ".gemini/commands/sum.toml", "prompt = \"Summarize @{docs/notes.md} and @{docs/more} for {{args}}\"\n")
			p.write(t, "docs/notes.md", "Notes.\n")
			p.write(t, "docs/more/a.md", "A.\n")
			if code, out := p.run("trust", "--agent", "gemini", "--all"); code != ExitOK {
				t.Fatalf("trust --all: exit %d\n%s", code, out)
			}
			if code, out := p.run("audit", "--agent", "gemini", "--strict"); code != ExitOK {
				t.Fatalf("approved: audit --strict exit %d\n%s", code, out)
			}
			p.write(t, c.file, c.text)
			if code, out := p.run("audit", "--agent", "gemini"); code != ExitNeedsReview || !strings.Contains(out, filepath.FromSlash(c.file)) {
				t.Fatalf("a pull wrote %s: audit exit %d, want %d naming it\n%s", c.file, code, ExitNeedsReview, out)
			}
		})
	}
}
