//go:build unix

package cli

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// TestWrapperAndStreamToolAttacks are the rest of a fresh attacker's
// HOLE 7 (issue 20): a sed program whose e command runs the lines of a
// project file, xargs handing sh -c the code it reads from a project file,
// and su running a project script through -c (before a user name, after
// it, after "-") or through the arguments it hands a login shell. Each
// read complete and trusted, and the pull's change ran.
func TestWrapperAndStreamToolAttacks(t *testing.T) {
	t.Parallel()
	h := ".gemini/hooks/"
	for _, a := range []soundAttack{
		{name: "sed e runs the lines of a data file", command: `sed 'e' .gemini/hooks/cmds.txt`,
			files:  map[string]string{h + "cmds.txt": "true\n"},
			change: h + "cmds.txt", payload: "touch pwned\n", incomplete: true},
		{name: "sed s///e", command: `sed -n 's/^/x/ep' .gemini/hooks/cmds.txt`,
			files:  map[string]string{h + "cmds.txt": "true\n"},
			change: h + "cmds.txt", payload: "touch pwned\n", incomplete: true},
		{name: "xargs -a hands sh -c its code", command: `xargs -a .gemini/hooks/cmds.txt -r sh -c`,
			files:  map[string]string{h + "cmds.txt": "true\n"},
			change: h + "cmds.txt", payload: "'touch pwned'\n", incomplete: true},
		{name: "su USER -c", command: `timeout 5 su root -c "bash .gemini/hooks/y.sh"`,
			files:  map[string]string{h + "y.sh": "true\n"},
			change: h + "y.sh", payload: shellPayload},
		{name: "su - USER -c", command: `su - root -c "bash .gemini/hooks/y.sh"`,
			files:  map[string]string{h + "y.sh": "true\n"},
			change: h + "y.sh", payload: shellPayload},
		{name: "su -c CODE USER", command: `su -c "bash .gemini/hooks/y.sh" root`,
			files:  map[string]string{h + "y.sh": "true\n"},
			change: h + "y.sh", payload: shellPayload},
		{name: "su USER SCRIPT (the login shell's argument)", command: `su root .gemini/hooks/y.sh`,
			files:  map[string]string{h + "y.sh": "true\n"},
			change: h + "y.sh", payload: shellPayload, incomplete: true},
	} {
		t.Run(a.name, func(t *testing.T) { runSoundAttack(t, a) })
	}
}

// TestStreamEditStaysComplete: a sed program that only edits the stream
// (s///, p, d …) opens and runs nothing, so the hook stays plainly
// trusted: the rule above is not "sed is never complete".
func TestStreamEditStaysComplete(t *testing.T) {
	t.Parallel()
	e := attackEnv(t)
	hook, _ := json.Marshal(`sed -n 's/a/b/gp;/x/d' .gemini/hooks/data.txt`)
	e.write(filepath.Join(e.project, ".gemini", "settings.json"),
		`{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "h", "command": `+string(hook)+`}]}]}}`)
	e.writeProject(".gemini/hooks/data.txt", "a\n")
	if code, out, errOut := e.runWithPath("trust", "--all"); code != ExitOK {
		t.Fatalf("trust --all: exit %d\n%s%s", code, out, errOut)
	}
	if status := auditStatus(t, e); status != "trusted" {
		t.Fatalf("a stream edit reads %q after approval, want trusted", status)
	}
}
