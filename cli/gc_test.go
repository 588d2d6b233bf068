package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// gcPercent is the collector's GOGC setting now.
func gcPercent() int {
	p := debug.SetGCPercent(-1)
	debug.SetGCPercent(p)
	return p
}

// A guard check of a thousand approved hooks runs no garbage collection
// (it ran several, ~10 % of its CPU, with nothing worth freeing before
// it exits), and leaves the collector as it found it.
func TestGuardCheckRunsNoCollectionBelowItsHeap(t *testing.T) {
	root := t.TempDir()
	home, project := filepath.Join(root, "home"), filepath.Join(root, "project")
	var defs []string
	for i := range 1000 {
		defs = append(defs, fmt.Sprintf(`{"matcher":"tool_%d","hooks":[{"type":"command","name":"hook-%d","command":"bash .gemini/hooks/s%03d.sh %d"}]}`, i%10, i, i%100, i))
	}
	files := map[string]string{filepath.Join(project, ".gemini", "settings.json"): `{"hooks":{"BeforeTool":[` + strings.Join(defs, ",") + `]}}`}
	for i := range 100 {
		files[filepath.Join(project, ".gemini", "hooks", fmt.Sprintf("s%03d.sh", i))] = strings.Repeat(fmt.Sprintf("echo script %d >/dev/null\n", i), 60)
	}
	for p, text := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.MkdirAll(filepath.Join(home, ".gemini"), 0o755)
	env := isolated(t, []string{"HOME=" + home, "GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(root, "none.json")})
	run := func(args ...string) {
		t.Helper()
		var out bytes.Buffer
		io := &IO{Agents: testAgents(), Stdout: &out, Stderr: &out, Env: env, Dir: project, GOOS: "linux"}
		if code := Main(context.Background(), args, io); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, out.String())
		}
	}
	run("trust", "--all")
	run("guard", "check") // the fingerprint cache filled, as by the guard's first check
	want := gcPercent()
	runtime.GC() // no cycle left running
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	run("guard", "check")
	runtime.ReadMemStats(&after)
	if n := after.NumGC - before.NumGC; n != 0 {
		t.Errorf("the check ran %d garbage collections (heap %d MB, total allocated %d MB)", n, after.HeapAlloc>>20, (after.TotalAlloc-before.TotalAlloc)>>20)
	}
	if got := gcPercent(); got != want {
		t.Errorf("after the check GOGC is %d, want %d", got, want)
	}
}

// A deferral ends at the first collection: a larger review collects as
// usual from there (its peak grows by at most the limit).
func TestDeferGCEndsAtTheFirstCollection(t *testing.T) {
	want := gcPercent()
	if want < 0 {
		t.Skip("the collector is off")
	}
	limit := debug.SetMemoryLimit(-1) // reads it, changes nothing
	restore := deferGC(8 << 20)
	defer restore()
	if gcPercent() >= 0 {
		t.Fatal("the collector is not deferred")
	}
	// One collection, then wait for its cleanup: polling reads the memory
	// limit only (reading GOGC would switch the collector off and on, and
	// allocating to reach the limit starved the cleanup on a loaded
	// machine: it failed so in CI, never alone).
	runtime.GC()
	deadline := time.Now().Add(2 * time.Minute)
	for debug.SetMemoryLimit(-1) != limit {
		if time.Now().After(deadline) {
			t.Fatal("the deferral did not end at the first collection")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if got := gcPercent(); got != want {
		t.Errorf("GOGC %d after the first collection, want %d", got, want)
	}
	// called again at the command's end: nothing changes
	restore()
	if got := gcPercent(); got != want {
		t.Errorf("GOGC %d after restore, want %d", got, want)
	}
}

// A lower memory limit the user set (GOMEMLIMIT) is kept while the
// collector is deferred, and the limit is put back after.
func TestDeferGCKeepsALowerMemoryLimit(t *testing.T) {
	if gcPercent() < 0 {
		t.Skip("the collector is off")
	}
	before := debug.SetMemoryLimit(64 << 20)
	defer debug.SetMemoryLimit(before)
	restore := deferGC(128 << 20)
	if got := debug.SetMemoryLimit(-1); got != 64<<20 {
		t.Errorf("deferred, the memory limit is %d, want the user's %d", got, 64<<20)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != 64<<20 {
		t.Errorf("after restore the memory limit is %d, want %d", got, 64<<20)
	}
}
