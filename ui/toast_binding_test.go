package ui

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/hookwarden/hookwarden/hooks"
)

// After Trust folder and then Disable on the Review tab, the Review tab
// still showed the older "Trusted the folder … Undo" strip, and the
// disable's own result was only on the Hooks tab: the Undo in sight
// un-trusted the folder. Each write now says its result, with its own
// Undo, in the tab it was made in, and a newer write takes the older
// strip away.
func TestUndoStripBelongsToTheLastWrite(t *testing.T) {
	opts := isolatedOptions(t)
	opts.Env = slices.DeleteFunc(opts.Env, func(kv string) bool { return kv == "GEMINI_CLI_TRUST_WORKSPACE=true" })
	dir := filepath.Join(t.TempDir(), "shop")
	writeFile(t, filepath.Join(dir, ".gemini", "settings.json"), reviewWorkspace)
	writeFile(t, filepath.Join(dir, ".gemini", "guard.sh"), "#!/bin/sh\necho checking\nexit 0\n")
	m, _ := newTestWindow(t)
	m.opts = opts
	m.open(dir)
	if m.current == nil || m.current.Review == nil || m.current.Review.Folder.Trusted {
		t.Fatalf("the fixture should open untrusted: %+v", m.current)
	}
	m.showReviewTab()

	test.Tap(m.review.folder.button("trust"))
	confirmSummary(t, m.review)
	rt, ht := m.review.toast, m.hooks.toast
	if !rt.visible() || rt.onUndo == nil || ht.visible() {
		t.Fatalf("after Trust folder: review strip %v %q (undo %v), hooks strip %v", rt.visible(), rt.label.Text, rt.onUndo != nil, ht.visible())
	}
	trustText := rt.label.Text
	if !m.current.Review.Folder.Trusted {
		t.Fatal("Trust folder did not trust the folder")
	}

	sel, ok := m.review.selected()
	if !ok || sel.hook == nil || m.review.disableButton.Disabled() {
		t.Fatalf("nothing to disable on the Review tab (selected %v, Disable disabled %v)", ok, m.review.disableButton.Disabled())
	}
	id := sel.hook.HookID
	test.Tap(m.review.disableButton)
	if h, _ := m.hookSwitchOf(id); h == nil || h.Status != hooks.StatusDisabled {
		t.Fatalf("Disable on the Review tab did not disable the hook: %+v", h)
	}
	if !rt.visible() || rt.label.Text == trustText || rt.onUndo == nil || !strings.Contains(rt.label.Text, "Wrote") {
		t.Errorf("after Disable the Review tab's strip says %q (visible %v, undo %v), want the disable's own result", rt.label.Text, rt.visible(), rt.onUndo != nil)
	}
	if ht.visible() {
		t.Errorf("the Hooks tab shows a strip for the Review tab's write: %q", ht.label.Text)
	}

	test.Tap(rt.undo)
	if h, _ := m.hookSwitchOf(id); h == nil || h.Status == hooks.StatusDisabled {
		t.Errorf("Undo did not switch the hook back on: %+v", h)
	}
	if !m.current.Review.Folder.Trusted {
		t.Error("the Undo of Disable un-trusted the folder")
	}
	if !strings.HasPrefix(rt.label.Text, "Undone") || rt.onUndo != nil {
		t.Errorf("after Undo the strip says %q (undo %v)", rt.label.Text, rt.onUndo != nil)
	}
}
