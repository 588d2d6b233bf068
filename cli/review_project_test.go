package cli

import (
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

// TestReviewProjectCountsAndNamesTheFilesToWatch is what the tray asks of
// each recent project: the guard's items, and both agents' settings files.
func TestReviewProjectCountsAndNamesTheFilesToWatch(t *testing.T) {
	t.Parallel()
	e := newTrustEnv(t)
	ws := filepath.Join(e.project, ".gemini", "settings.json")
	e.write(ws, `{"hooks":{"BeforeTool":[{"matcher":"write_file","hooks":[{"type":"command","command":"echo new"}]}]}}`)
	io := &IO{Agents: testAgents(), Stdin: strings.NewReader(""), Dir: e.project, GOOS: runtime.GOOS,
		Env: isolated(t, settingsio.Env{"HOME=" + e.home, "HOOKWARDEN_CONFIG_DIR=" + e.config,
			"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(e.home, "none", "settings.json")})}
	r, err := io.ReviewProject(e.project)
	if err != nil {
		t.Fatal(err)
	}
	items, err := io.reviewItems(e.project)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Items) != 1 || len(items) != len(r.Items) || r.Items[0].Status != "new" {
		t.Fatalf("ReviewProject items %+v, the guard's %+v; want the one new hook in both", r.Items, items)
	}
	claudeLocal := filepath.Join(e.project, ".claude", "settings.local.json")
	for _, want := range []string{ws, claudeLocal} {
		if !slices.Contains(r.Watch, want) {
			t.Errorf("ReviewProject watches %q, not %s", r.Watch, want)
		}
	}
}
