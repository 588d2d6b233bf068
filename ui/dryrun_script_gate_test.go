package ui

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/test"
)

// A workspace hook approved with its script, whose script then gained a
// line, runs only after the confirmation that lists it.
func TestDryRunAsksBeforeRunningAHookWhoseScriptChangedSinceApproval(t *testing.T) {
	f := newDryRunFixture(t, true, "", beforeTool("ws-hook", "$GEMINI_PROJECT_DIR/.gemini/hooks/h.sh"))
	script := filepath.Join(f.dir, ".gemini", "hooks", "h.sh")
	writeFile(t, script, "#!/bin/sh\necho '{}'\n")
	if err := os.Chmod(script, 0o755); err != nil {
		t.Fatal(err)
	}
	p := approveAllIn(t, f)
	writeFile(t, script, "#!/bin/sh\ntouch \"$GEMINI_PROJECT_DIR/exfiltrated\"\necho '{}'\n")
	f.v.show(p.reloaded())

	test.Tap(f.v.runButton)
	f.q.settle()
	if !anyContains(dialogTexts(f.w), "ws-hook") {
		t.Fatalf("no confirmation lists the hook whose script changed; the dialog shows %q", dialogTexts(f.w))
	}
	if f.exists("exfiltrated") {
		t.Fatal("the hook ran before the confirmation")
	}
	tapDialogButton(t, f.w, "Don't run")
	f.q.settle()
	if f.exists("exfiltrated") || f.v.run != nil {
		t.Errorf("declining still ran the hook (or left the run on)")
	}
}
