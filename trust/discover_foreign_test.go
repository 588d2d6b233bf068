package trust

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestForeignRunnerHandedACommand: a program Hookwarden does not know
// that is handed a command after -- (the form of a real Codex project:
// devbox run -- sh -c 'node "$(git rev-parse --show-toplevel)/…"') has
// that command followed, and the hook is incomplete for what the program
// does first; a path after -- (git diff -- x) is not a command.
func TestForeignRunnerHandedACommand(t *testing.T) {
	project := soundProject(t, map[string]string{
		".git/config":                     "[core]\n",
		".codex/hooks/require-devbox.mjs": "console.log('ok')\n",
		"scripts/x.sh":                    "echo x\n",
	})
	rt := Runtime{Dialect: DialectBash, ProjectVars: []string{}, TextVars: []string{}}
	for _, c := range []struct{ command, script string }{
		{`devbox run -- sh -c 'node "$(git rev-parse --show-toplevel)/.codex/hooks/require-devbox.mjs"'`, ".codex/hooks/require-devbox.mjs"},
		{`op run --env-file .env -- bash scripts/x.sh`, "scripts/x.sh"},
		{`doppler run -- timeout 5 bash scripts/x.sh`, "scripts/x.sh"},
	} {
		d := discoverIn(t, project, c.command, rt)
		if !hasScript(d, filepath.Join(project, c.script)) {
			t.Errorf("%s: %s is not followed: %+v", c.command, c.script, d.Scripts)
		}
		if d.Complete() {
			t.Errorf("%s reads complete: what the runner does first is not read", c.command)
		}
		if _, ok := reasonWith(d, "runs the command after --"); !ok {
			t.Errorf("%s: no reason names the runner: %+v", c.command, d.Unresolved)
		}
	}
	d := discoverIn(t, project, `git diff --quiet -- scripts/x.sh`, rt)
	if !d.Complete() {
		t.Errorf("git diff -- PATH is incomplete: %+v", d.Unresolved)
	}
}

// TestSedThatOnlyEditsAStreamIsNotForeign: sed with inline scripts made only
// of substitutions and stream commands opens no file of its folder by
// itself (it reads what it is handed, as grep does); a script that can
// read, write or run something (r, w, e, the w and e flags, a script file,
// a computed script) or that Hookwarden cannot split is a program whose
// opens only a run shows.
func TestSedThatOnlyEditsAStreamIsNotForeign(t *testing.T) {
	project := soundProject(t, map[string]string{".git/config": "[core]\n"})
	rt := Runtime{Dialect: DialectBash, ProjectVars: []string{}, TextVars: []string{}}
	for _, c := range []struct {
		command string
		foreign bool
	}{
		{`sed -n 's/.*"message"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p' | head -n 1`, false},
		{`sed -e 's/a/b/g' -e '/^#/d' notes.txt`, false},
		{`sed -E 's|x|y|; 1,3p; $q'`, false},
		{`sed 'y/abc/xyz/'`, false},
		{`sed 's/a/b/w out.txt'`, true},
		{`sed 's/.*/date/e'`, true},
		{`sed 'r .env'`, true},
		{`sed '1e id'`, true},
		{`sed -f script.sed`, true},
		{`sed "$expr"`, true},
		{`sed 's/a;b/c/'`, true}, // not split soundly: read as a program of its own
		{`sed -i 's/a/b/' x.txt`, true},
	} {
		d := discoverIn(t, project, c.command, rt)
		got := slices.Contains(d.Foreign, "sed")
		if got != c.foreign {
			t.Errorf("%s: foreign sed = %v, want %v (%v)", c.command, got, c.foreign, d.Foreign)
		}
	}
}
