package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

// A helper the approved hook's script sources changes: the Dry run tab asks
// before running it, and declining runs nothing.
func TestDryRunAsksBeforeRunningAHookWhoseSourcedHelperChanged(t *testing.T) {
	f := newDryRunFixture(t, true, "", beforeTool("ws-hook", "bash .gemini/hooks/main.sh"))
	writeFile(t, filepath.Join(f.dir, ".gemini", "hooks", "main.sh"), "#!/bin/bash\n. \"$(dirname \"$0\")/lib.sh\"\necho '{}'\n")
	lib := filepath.Join(f.dir, ".gemini", "hooks", "lib.sh")
	writeFile(t, lib, "true\n")
	p := f.v.project.reloaded()
	approveAllIn(t, p)
	writeFile(t, lib, "touch \"$GEMINI_PROJECT_DIR/exfiltrated\"\n")
	f.v.show(p.reloaded())
	f.expectConfirmationThenDecline("a script it runs changed since it was approved", "exfiltrated")
}

// An approved hook that runs code Hookwarden cannot see is never run
// without the confirmation, which names that code.
func TestDryRunAsksBeforeRunningAnApprovedHookWithUnseenCode(t *testing.T) {
	f := newDryRunFixture(t, true, "", beforeTool("ws-hook", `bash "$HOOK_SCRIPT"; touch "$GEMINI_PROJECT_DIR/ran"`))
	p := f.v.project.reloaded()
	approveAllIn(t, p)
	f.v.show(p.reloaded())

	test.Tap(f.v.runButton)
	f.q.settle()
	texts := strings.Join(dialogTexts(f.w), "\n")
	if !strings.Contains(texts, "runs code Hookwarden cannot see") || !strings.Contains(texts, "$HOOK_SCRIPT") {
		t.Fatalf("no confirmation names the unseen code; the dialog shows %q", texts)
	}
	tapDialogButton(t, f.w, "Don't run")
	f.q.settle()
	if f.exists("ran") {
		t.Fatal("the hook ran without the confirmation")
	}
}
