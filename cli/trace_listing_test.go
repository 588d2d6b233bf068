//go:build linux

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/sandboxtest"
)

// TestTraceWatchesListedFolders is a file added by a pull to a folder the
// hook finds its code in by listing it: a shell loop over a computed
// folder's *.sh, a Python plugin loader over os.listdir, and Python's own
// import of `json`, whose module finder lists the script's folder (a
// json.py added beside the script shadows the standard library without
// any path being looked for that the trace could record as missing). The
// traced run listed the folder; its listing is part of the approval, so
// the added file is named: audit exits 3, the dry run without --yes does
// not run it for real, exec refuses it, the guard reports it.
func TestTraceWatchesListedFolders(t *testing.T) {
	t.Parallel()
	init := sandboxtest.Require(t)
	for _, tc := range []struct {
		name, agent, settingsFile, settings string
		files                               map[string]string
		added, addedText                    string
	}{
		{name: "gemini/shell-loop", agent: "gemini", settingsFile: ".gemini/settings.json",
			settings: `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "h", "command": "bash .gemini/hooks/main.sh"}]}]}}`,
			files: map[string]string{
				".gemini/hooks/main.sh": "d=$(printf '%s' .gemini/hooks.d)\nfor f in \"$d\"/*.sh; do . \"$f\"; done\necho '{}'\n",
				".gemini/hooks.d/a.sh":  "A=1\n",
			},
			added: ".gemini/hooks.d/b.sh", addedText: "touch pwned\n"},
		{name: "claude/python-plugins", agent: "claude", settingsFile: ".claude/settings.json",
			settings: `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "python3 .claude/hooks/main.py"}]}]}}`,
			files: map[string]string{
				".claude/hooks/main.py": "import importlib, os, sys\nd = os.path.join(os.getcwd(), 'plug' + 'ins')\nsys.path.insert(0, d)\nfor n in sorted(os.listdir(d)):\n    if n.endswith('.py'):\n        importlib.import_module(n[:-3])\nprint('{}')\n",
				"plugins/a.py":          "A = 1\n",
			},
			added: "plugins/zz.py", addedText: "open('pwned', 'w').close()\n"},
		{name: "claude/python-shadow", agent: "claude", settingsFile: ".claude/settings.json",
			settings: `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "python3 .claude/hooks/log.py"}]}]}}`,
			files: map[string]string{
				".claude/hooks/log.py": "import json, sys\nprint(json.dumps({}))\n",
			},
			added: ".claude/hooks/json.py", addedText: "open('pwned', 'w').close()\ndumps = lambda x: '{}'\n"},
		{name: "gemini/static-glob-empty", agent: "gemini", settingsFile: ".gemini/settings.json",
			settings: `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "h", "command": "bash .gemini/hooks/main.sh"}]}]}}`,
			files: map[string]string{
				".gemini/hooks/main.sh":  "for f in .gemini/hooks.d/*.sh; do [ -f \"$f\" ] && . \"$f\"; done\necho '{}'\n",
				".gemini/hooks.d/README": "drop *.sh files here\n",
			},
			added: ".gemini/hooks.d/b.sh", addedText: "touch pwned\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := newTraceProject(t, init)
			p.write(t, filepath.Join(p.home, ".gemini", "trustedFolders.json"), `{"`+p.project+`": "TRUST_FOLDER"}`)
			p.write(t, tc.settingsFile, tc.settings)
			for rel, text := range tc.files {
				p.write(t, rel, text)
			}
			run := func(args ...string) (int, string) {
				return p.run(append([]string{args[0], "--agent", tc.agent}, args[1:]...)...)
			}
			if code, out := run("trust", "--trace", "--accept-unwatched", "--all"); code != ExitOK {
				t.Fatalf("trust --trace: exit %d\n%s", code, out)
			}
			if code, out := run("audit"); code != ExitOK {
				t.Fatalf("after trust --trace: audit exit %d\n%s", code, out)
			}

			// The attack: a pull adds a file to the folder the hook lists.
			p.write(t, tc.added, tc.addedText)
			code, out := run("audit")
			if code != ExitNeedsReview || !strings.Contains(out, filepath.Base(tc.added)) {
				t.Fatalf("%s added after a traced approval: audit exit %d, want %d naming it\n%s", tc.added, code, ExitNeedsReview, out)
			}
			if !strings.Contains(out, "a new file in a folder the hook lists: "+filepath.Base(tc.added)) {
				t.Errorf("the audit does not say %s is a new file in a folder the hook lists:\n%s", tc.added, out)
			}
			code, out = run("run", "--event", "SessionStart", "--trigger", "startup")
			if _, err := os.Stat(filepath.Join(p.project, "pwned")); err == nil {
				t.Fatalf("the dry run ran the added %s outside the sandbox without confirmation (exit %d)\n%s", tc.added, code, out)
			}
			if code, out := run("exec", "--", "true"); code != ExitNeedsReview {
				t.Errorf("%s added: exec exit %d, want %d\n%s", tc.added, code, ExitNeedsReview, out)
			}
			if code, out := run("guard", "check"); code == ExitOK {
				t.Errorf("%s added: guard check exit %d does not report the hook\n%s", tc.added, code, out)
			}
		})
	}
}
