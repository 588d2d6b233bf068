package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestV2Parent: with cgroup v2 a run's cgroup goes where children get the
// controllers: this process's own cgroup when it hands them out (the
// root), else its parent when that is writable (a delegated subtree);
// never a parent that hands out none.
func TestV2Parent(t *testing.T) {
	root := t.TempDir()
	write := func(p, s string) {
		t.Helper()
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// a leaf with processes under a delegated slice
	slice := filepath.Join(root, "app.slice")
	leaf := filepath.Join(slice, "term.scope")
	write(filepath.Join(slice, "cgroup.subtree_control"), "cpu memory pids\n")
	write(filepath.Join(slice, "cgroup.procs"), "")
	write(filepath.Join(leaf, "cgroup.subtree_control"), "\n")
	write(filepath.Join(leaf, "cgroup.procs"), "1\n")
	h, ok := v2Parent(leaf)
	if !ok || h.parent != slice || !h.has("memory") || !h.has("pids") || !h.has("cpu") {
		t.Errorf("delegated slice: %+v %v", h, ok)
	}
	// the root hands controllers to children itself
	write(filepath.Join(root, "cgroup.subtree_control"), "memory pids\n")
	write(filepath.Join(root, "cgroup.procs"), "1\n")
	if h, ok := v2Parent(root); !ok || h.parent != root || h.has("cpu") {
		t.Errorf("root: %+v %v", h, ok)
	}
	// no controllers anywhere (cgroup v2 beside v1, as on this machine)
	bare := filepath.Join(t.TempDir(), "unified")
	write(filepath.Join(bare, "cgroup.subtree_control"), "\n")
	write(filepath.Join(bare, "cgroup.procs"), "1\n")
	if h, ok := v2Parent(bare); ok {
		t.Errorf("a hierarchy without controllers was chosen: %+v", h)
	}
}

// TestCounter reads cgroup event files of both versions.
func TestCounter(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "pids.events"), []byte("max 265\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "memory.events"), []byte("low 0\nhigh 0\nmax 12\noom 1\noom_kill 1\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "memory.failcnt"), []byte("7\n"), 0o644)
	if n := counter(filepath.Join(dir, "pids.events"), "max"); n != 265 {
		t.Errorf("pids.events max = %d", n)
	}
	if k, m := memoryEvents(dir, true); k != 1 || m != 12 {
		t.Errorf("v2 memory events %d %d", k, m)
	}
	if n := counter(filepath.Join(dir, "memory.failcnt"), ""); n != 7 {
		t.Errorf("failcnt %d", n)
	}
}

// TestRlimitsApplyToAnotherProcess: where no cgroup bounds the hook, the
// supervisor sets the fallback rlimits on the hook's first process while
// its first exec waits (prlimit), so every process the hook starts
// inherits them.
func TestRlimitsApplyToAnotherProcess(t *testing.T) {
	cmd := exec.Command("sleep", "30")
	if err := cmd.Start(); err != nil {
		t.Skip("no sleep:", err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	rl := &rlimits{Data: 1 << 30, Nproc: 1024, CPU: rlimitCPUSeconds, Nice: 10}
	if err := rl.applyTo(cmd.Process.Pid); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(cmd.Process.Pid) + "/limits")
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"Max data size": "1073741824", "Max processes": "1024", "Max cpu time": strconv.Itoa(rlimitCPUSeconds)} {
		var line string
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, name) {
				line = l
			}
		}
		if f := strings.Fields(strings.TrimPrefix(line, name)); len(f) < 2 || f[0] != want || f[1] != want {
			t.Errorf("%s: %q, want %s", name, line, want)
		}
	}
	prio, err := unix.Getpriority(unix.PRIO_PROCESS, cmd.Process.Pid)
	if err != nil {
		t.Fatal(err)
	}
	if nice := 20 - prio; nice != 10 { // the raw syscall returns 20 - nice
		t.Errorf("nice %d, want 10", nice)
	}
}
