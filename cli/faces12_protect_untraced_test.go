package cli

import (
	"strings"
	"testing"
)

// Hookwarden's own protective hook is no user hook whose reach into the
// project only a trace shows: on main, turning protection on made every
// folder's audit say "not traced in this folder: … protect-check … (runs
// project code)" and audit --strict exit 3 in a project with nothing in
// it. What it checks of the project is its job, not code it runs.
func TestProtectiveHookIsNoUntracedUserHook(t *testing.T) {
	e := newProtectEnv(t)
	e.trustGeminiFolder()
	if code, out := e.run("", "protect", "--agent", "gemini", "on"); code != ExitOK {
		t.Fatalf("protect on: exit %d\n%s", code, out)
	}
	code, out := e.run("", "audit", "--agent", "gemini", "--strict")
	if code != ExitOK || strings.Contains(out, "not traced") {
		t.Errorf("audit --strict with protection on in an empty project: exit %d, want 0 and no untraced hook\n%s", code, out)
	}
}
