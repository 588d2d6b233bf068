package trust

import (
	"path/filepath"
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
