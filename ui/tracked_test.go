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
)

// When git tracks the workspace settings file, the Hooks tab says so, and
// switching a hook off there asks first, offering the user scope; Enter
// picks it, and the tracked file keeps every byte. Switching it back on
// restores the user file byte for byte.
func TestSwitchOffNeverDirtiesATrackedFileBySurprise(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	m, w := newTestWindow(t)
	m.opts = isolatedOptions(t)
	m.opts.Env = append(m.opts.Env, "PATH="+filepath.Dir(git), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	dir := t.TempDir()
	ws := filepath.Join(dir, ".gemini", "settings.json")
	text := "{\n  // shared with the team\n  \"hooks\": {\"SessionStart\": [{\"hooks\": [{\"type\": \"command\", \"name\": \"greet\", \"command\": \"echo hi\"}]}]}\n}\n"
	writeFile(t, ws, text)
	for _, args := range [][]string{{"init", "-q"}, {"add", ".gemini/settings.json"}} {
		cmd := exec.Command(git, args...)
		cmd.Dir, cmd.Env = dir, []string{"HOME=" + m.opts.Home, "GIT_CONFIG_NOSYSTEM=1", "PATH=" + os.Getenv("PATH")}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	m.opts.DemoWhenEmpty = false
	m.open(dir)
	if !m.hooks.tracked.Visible() || !strings.Contains(m.hooks.tracked.String(), "tracked by git") {
		t.Errorf("the Hooks tab does not say the workspace file is tracked: %q", m.hooks.tracked.String())
	}
	test.Tap(rowNamed(t, m, "greet", settingsio.LayerWorkspace).toggle)
	shown := dialogTexts(w)
	for _, want := range []string{"tracked by git", "in every project", "Disable in user settings", "Edit the tracked file", "Cancel"} {
		if !anyContains(shown, want) {
			t.Errorf("the question does not show %q; it shows %q", want, shown)
		}
	}
	pressKey(w, fyne.KeyReturn)
	if got := readText(t, ws); got != text {
		t.Errorf("the tracked file changed:\n%s", got)
	}
	user := filepath.Join(m.opts.Home, ".gemini", "settings.json")
	if got := readText(t, user); !strings.Contains(got, `"greet"`) {
		t.Fatalf("the user settings do not disable greet:\n%s", got)
	}
	if r := rowNamed(t, m, "greet", settingsio.LayerWorkspace); r.toggle.Checked {
		t.Error("greet still shows as enabled")
	}
	test.Tap(rowNamed(t, m, "greet", settingsio.LayerWorkspace).toggle)
	if _, err := os.Stat(user); err == nil {
		if got := readText(t, user); strings.Contains(got, "hooksConfig") {
			t.Errorf("enable left a hooksConfig block behind in the user settings:\n%s", got)
		}
	}
	if got := readText(t, ws); got != text {
		t.Errorf("the tracked file changed on enable:\n%s", got)
	}

	// Escape cancels: nothing is written and the switch is back on.
	test.Tap(rowNamed(t, m, "greet", settingsio.LayerWorkspace).toggle)
	pressKey(w, fyne.KeyEscape)
	if got := readText(t, ws); got != text {
		t.Errorf("Escape wrote the tracked file:\n%s", got)
	}
	if r := rowNamed(t, m, "greet", settingsio.LayerWorkspace); !r.toggle.Checked {
		t.Error("after Escape the switch shows the hook off")
	}
}
