//go:build unix

package risk

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A named pipe where a script should be is refused, not waited on: a
// project cannot hang list, audit or the app with mkfifo.
func TestNamedPipeScriptIsRefusedNotReadForever(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "hook.sh"), 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	r := Analyze(Hook{Command: "bash ./hook.sh", ProjectDir: dir}, Options{Agents: testAgents})
	f, _ := r.First()
	if r.Level != LevelReview || f.Category != Unreadable || !strings.Contains(f.Summary, "not a regular file") {
		t.Errorf("got %s %+v", r.Level, r.Findings)
	}
	r = Analyze(Hook{Command: "bash /dev/zero", ProjectDir: dir}, Options{Agents: testAgents})
	if f, _ := r.First(); f.Category != Unreadable {
		t.Errorf("/dev/zero: %s %+v", r.Level, r.Findings)
	}
}
