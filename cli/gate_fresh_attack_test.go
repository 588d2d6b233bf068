//go:build unix

package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// freshCaughtAttacks are attacks of a fresh attacker's round on issue 20
// that the gate already catches: each is kept as a regression test. A
// file the agent's interpreter picks before the approved one (a stdlib
// module beside the script, an extensionless file node tries first, a
// package folder python prefers to a module), a program a PATH the
// command sets finds in the project, a .env git reads a program from, and
// a tool whose configuration a pull adds.
func freshCaughtAttacks() []soundAttack {
	h := ".gemini/hooks/"
	return []soundAttack{
		{name: "stdlib module added beside the script", command: `python3 .gemini/hooks/main.py`,
			files:  map[string]string{h + "main.py": "import json\nprint(json.dumps(1))\n"},
			change: h + "json.py", payload: pythonPayload, watched: true},
		{name: "extensionless file node resolves first", command: `node .gemini/hooks/main.js`,
			files:  map[string]string{h + "main.js": "require('./helper')\n", h + "helper.js": "\n"},
			change: h + "helper", payload: nodePayload, watched: true},
		{name: "package folder python prefers to the module", command: `python3 .gemini/hooks/main.py`,
			files:  map[string]string{h + "main.py": "import helper\n", h + "helper.py": "pass\n"},
			change: h + "helper/__init__.py", payload: pythonPayload, watched: true},
		{name: "program added to a PATH folder the command sets", command: `PATH=.gemini/bin:$PATH jq -n 1`,
			files:  map[string]string{".gemini/bin/.keep": ""},
			change: ".gemini/bin/jq", payload: shellPayload, watched: true},
		{name: "later .gemini/.env with GIT_EXTERNAL_DIFF", command: `git diff --stat`,
			files:  map[string]string{"README": "a\n", ".gemini/d.sh": shellPayload},
			change: ".gemini/.env", payload: "GIT_EXTERNAL_DIFF=.gemini/d.sh\n", watched: true},
		{name: "later eslint.config.js", command: `eslint --fix .gemini`,
			files:  map[string]string{".gemini/.keep": ""},
			change: "eslint.config.js", payload: nodePayload + "module.exports = []\n", watched: true},
	}
}

// TestFreshAttacksCaught runs freshCaughtAttacks as TestSoundGateAttacks
// runs its forms: approved, changed as a pull would change them, audit
// exits 3 naming the file, and run without --yes does not run the change.
func TestFreshAttacksCaught(t *testing.T) {
	t.Parallel()
	for _, a := range freshCaughtAttacks() {
		t.Run(a.name, func(t *testing.T) {
			e := attackEnv(t)
			hook, _ := json.Marshal(a.command)
			e.write(filepath.Join(e.project, ".gemini", "settings.json"),
				`{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "h", "command": `+string(hook)+`}]}]}}`)
			for rel, content := range a.files {
				e.writeProject(rel, content)
			}
			if code, out, errOut := e.runWithPath("trust", "--all"); code != ExitOK {
				t.Fatalf("trust --all: exit %d\n%s%s", code, out, errOut)
			}
			if status := auditStatus(t, e); status != "trusted" {
				t.Fatalf("approved: %s, want trusted", status)
			}
			e.writeProject(a.change, a.payload)
			code, out, _ := e.runWithPath("audit")
			if code != ExitNeedsReview || !strings.Contains(out, a.change) && !strings.Contains(out, filepath.Join(e.project, a.change)) {
				t.Fatalf("changed %s: audit exit %d, want %d naming it\n%s", a.change, code, ExitNeedsReview, out)
			}
			code, out, errOut := e.runWithPath("run", "--event", "SessionStart", "--trigger", "startup", "--no-sandbox")
			if code == ExitOK || !strings.Contains(out, "Not run: h") {
				t.Errorf("run without --yes: exit %d\n%s%s", code, out, errOut)
			}
			if _, err := os.Stat(filepath.Join(e.project, "pwned")); err == nil {
				t.Fatal("the changed code ran without confirmation")
			}
		})
	}
}
