package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents/all"
	"github.com/hookwarden/hookwarden/history"
)

// The recorded events of the project on screen are listed for its agent
// and folder only, and "why didn't it fire?" names the hook that ran and
// the one whose matcher did not match, leaving Hookwarden's observer out.
func TestRecordedEventsAndWhyFired(t *testing.T) {
	root, _ := filepath.EvalSymlinks(t.TempDir())
	project, home, hist := filepath.Join(root, "p"), filepath.Join(root, "h"), filepath.Join(root, "hist")
	os.MkdirAll(filepath.Join(project, ".claude"), 0o755)
	os.WriteFile(filepath.Join(project, ".claude", "settings.json"), []byte(`{"hooks": {"PreToolUse": [
  {"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]},
  {"matcher": "Write", "hooks": [{"type": "command", "command": "./lint.sh"}]},
  {"hooks": [{"type": "command", "command": "'/x/hookwarden' observe --agent claude --event PreToolUse"}]}]}}`), 0o644)
	env := []string{"HOME=" + home, "HOOKWARDEN_HISTORY_DIR=" + hist, "HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "store")}
	store := history.Store{Dir: hist}
	for _, c := range []struct{ agent, cwd string }{{"claude", project}, {"claude", root}, {"codex", project}} {
		r := history.Record{ID: c.agent + c.cwd, Agent: c.agent, Event: "PreToolUse", Source: history.SourceObserver}
		r.SetPayload([]byte(`{"cwd":"`+c.cwd+`","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`), 0)
		if err := store.Append(r); err != nil {
			t.Fatal(err)
		}
	}
	p, err := openProjectAs(Options{ProjectDir: project, Env: env, GOOS: "linux", Home: home, Agents: all.Registry(), Agent: "claude", Init: "/x/hookwarden"}, project, false, false)
	if err != nil || p.proj == nil {
		t.Fatalf("open: %v", err)
	}
	src, err := loadRecorded(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(src.events) != 1 || src.events[0].Tool != "Bash" || !strings.Contains(recordedLabel(src.events[0]), "PreToolUse Bash") {
		t.Fatalf("recorded events: %+v", src.events)
	}
	why := whyFired(p.proj, src.recorder, src.observer, src.events[0])
	if !strings.Contains(why, "✓ [command] ./guard.sh") || !strings.Contains(why, `✗ ./lint.sh: its matcher "Write" does not match "Bash"`) || strings.Contains(why, "observe") {
		t.Fatalf("why:\n%s", why)
	}
}
