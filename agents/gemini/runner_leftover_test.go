//go:build linux

package gemini

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/sandbox"
	"github.com/hookwarden/hookwarden/settingsio"
)

// liveWithMarker counts the processes (zombies not counted: they are dead)
// whose environment holds marker.
func liveWithMarker(t *testing.T, marker string) []string {
	t.Helper()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	var live []string
	for _, e := range ents {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err != nil || !bytes.Contains(env, []byte(marker)) {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		s := string(stat)
		if i := strings.LastIndexByte(s, ')'); i > 0 && len(s) > i+2 && (s[i+2] == 'Z' || s[i+2] == 'X') {
			continue
		}
		cmd, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		live = append(live, e.Name()+" "+strings.ReplaceAll(string(cmd), "\x00", " "))
	}
	return live
}

// TestRunnerLeavesNoProcess is issue 9 hole 8 as an attacker writes it: a
// hook whose children ignore SIGTERM, one that escapes with setsid (and
// double-forks), and a bounded fork bomb. When Run returns, none of them
// may be alive, even though the runner's own process is about to exit
// (no timer may be left to do the killing).
func TestRunnerLeavesNoProcess(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ready := filepath.Join(dir, "ready")
	hooksScripts := map[string]string{
		"ignores-sigterm": `trap '' TERM; (trap '' TERM; exec sleep 300) & (trap '' TERM; sleep 300; true) & sleep 0.05; touch ` + ready,
		"setsid-daemon":   `setsid sh -c 'sleep 300 & sleep 300' </dev/null >/dev/null 2>&1 & (setsid sleep 300 &) ; sleep 0.05; touch ` + ready,
		"fork-bomb":       `f() { if [ "$1" -gt 0 ]; then f $(($1-1)) & f $(($1-1)) & fi; exec sleep 300; }; f 6 & sleep 0.2; touch ` + ready,
		"holds-pipes":     `trap '' TERM; sleep 300 & touch ` + ready,
	}
	for name, script := range hooksScripts {
		for _, mode := range []string{"direct", "supervised"} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				if mode == "direct" && strings.Contains(name, "setsid") {
					t.Skip("a directly started hook's setsid child leaves its process group: only the supervisor catches it")
				}
				os.Remove(ready)
				marker := fmt.Sprintf("HW_LEFTOVER_%s_%d=1", strings.ReplaceAll(name, "-", "_"), time.Now().UnixNano())
				r := &runner{Env: leftoverEnv(t, marker), Grace: 200 * time.Millisecond}
				if mode == "supervised" {
					r.Isolation.Supervisor = sandbox.Config{Init: self}
				}
				h := &hooks.Hook{Name: name, Command: script, HasTimeout: true, TimeoutMS: 60000}
				out := r.Run(context.Background(), request{Plan: &agents.Plan{Event: beforeTool, Hooks: []*hooks.Hook{h}}, Input: hooks.NewObject(0), FolderTrusted: true})
				if _, err := os.Stat(ready); err != nil {
					t.Fatalf("the hook did not get to start its children: %+v", out.Results[0])
				}
				if live := liveWithMarker(t, marker); len(live) > 0 {
					t.Errorf("%d processes of the hook outlived the run:\n%s", len(live), strings.Join(live, "\n"))
				}
			})
		}
	}
}

func leftoverEnv(t *testing.T, marker string) settingsio.Env {
	t.Helper()
	return settingsio.Env{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "LANG=C", marker}
}
