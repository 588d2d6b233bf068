package ui

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// A switch says in the toast which files it wrote; Undo puts every one of
// them back byte for byte, for each agent: Gemini CLI's settings file, and
// Claude Code's settings file with Hookwarden's store.
func TestSwitchUndoRestoresEveryFileItWrote(t *testing.T) {
	t.Run("gemini", func(t *testing.T) {
		m, p := openDemoWindow(t)
		ws := filepath.Join(p.Dir, ".gemini", "settings.json")
		before := readText(t, ws)
		test.Tap(rowNamed(t, m, "security-check", settingsio.LayerWorkspace).toggle)
		if readText(t, ws) == before || !m.hooks.toast.visible() || !strings.Contains(m.hooks.toast.label.Text, "Wrote ./.gemini/settings.json") {
			t.Fatalf("after the switch: toast %v %q", m.hooks.toast.visible(), m.hooks.toast.label.Text)
		}
		test.Tap(m.hooks.toast.undo)
		if got := readText(t, ws); got != before {
			t.Errorf("Undo left the workspace file changed:\n%s", got)
		}
		if r := rowNamed(t, m, "security-check", settingsio.LayerWorkspace); !r.toggle.Checked {
			t.Error("after Undo the switch is off")
		}
		if !strings.Contains(m.hooks.toast.label.Text, "Undone") || m.hooks.toast.undo.Visible() {
			t.Errorf("toast after Undo: %q (undo shown %v)", m.hooks.toast.label.Text, m.hooks.toast.undo.Visible())
		}
	})
	t.Run("claude", func(t *testing.T) {
		f := newClaudeFixture(t)
		m, _ := f.open(t)
		storeDir, err := trust.StoreDirFromEnv(f.opts.Env, f.opts.GOOS)
		if err != nil {
			t.Fatal(err)
		}
		store := trust.Store{Dir: storeDir}.Path()
		test.Tap(claudeRow(t, m, stopLabel).toggle)
		if readText(t, f.settings) == claudeSettingsFixture || !m.hooks.toast.visible() {
			t.Fatalf("the switch did not write, or says nothing: %q", m.hooks.toast.label.Text)
		}
		test.Tap(m.hooks.toast.undo)
		if got := readText(t, f.settings); got != claudeSettingsFixture {
			t.Errorf("Undo left the settings file changed:\n%s", got)
		}
		if got, err := os.ReadFile(store); err == nil && strings.Contains(string(got), stopLabel) {
			t.Errorf("Undo left the handler in the store:\n%s", got)
		}
		if r := claudeRow(t, m, stopLabel); r.status.Text != "RUNS" || !r.toggle.Checked {
			t.Errorf("after Undo: %s, switch on %v", r.status.Text, r.toggle.Checked)
		}
	})
}

// Moving a Claude Code handler out of a settings file git tracks asks
// first, as a Gemini CLI workspace disable does: Escape writes nothing,
// "Edit the tracked file" moves it.
func TestClaudeSwitchAsksBeforeATrackedFile(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	f := newClaudeFixture(t)
	f.opts.Env = append(f.opts.Env, "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	for _, args := range [][]string{{"init", "-q"}, {"add", ".claude/settings.json"}} {
		cmd := exec.Command(git, args...)
		cmd.Dir, cmd.Env = f.dir, []string{"HOME=" + f.opts.Home, "GIT_CONFIG_NOSYSTEM=1", "PATH=" + os.Getenv("PATH")}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	m, w := f.open(t)
	test.Tap(claudeRow(t, m, stopLabel).toggle)
	shown := dialogTexts(w)
	for _, want := range []string{"tracked by git", "Edit the tracked file", "Cancel"} {
		if !anyContains(shown, want) {
			t.Errorf("the question does not show %q; it shows %q", want, shown)
		}
	}
	pressKey(w, fyne.KeyEscape)
	if got := readText(t, f.settings); got != claudeSettingsFixture {
		t.Fatalf("Escape moved the handler:\n%s", got)
	}
	if r := claudeRow(t, m, stopLabel); !r.toggle.Checked {
		t.Error("after Escape the switch shows the handler off")
	}
	test.Tap(claudeRow(t, m, stopLabel).toggle)
	tapDialogButton(t, w, "Edit the tracked file")
	if got := readText(t, f.settings); strings.Contains(got, stopLabel) {
		t.Errorf("Edit the tracked file did not move the handler:\n%s", got)
	}
}
