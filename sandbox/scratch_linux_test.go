package sandbox

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSandboxScratchIsBounded: what a hook writes lands in the
// supervisor's tmpfs, at most the memory limit, not in an unbounded layer
// on the disk of $TMPDIR (where a hook could fill the disk until its
// timeout); the write is cut, the real file untouched, the report names
// it, and nothing is left in the scratch folder.
func TestSandboxScratchIsBounded(t *testing.T) {
	sandboxOrSkip(t)
	t.Setenv("HOOKWARDEN_SANDBOX_TRACE", "1")
	root := t.TempDir()
	home, scratch := filepath.Join(root, "home"), filepath.Join(root, "scratch")
	for _, d := range []string{home, scratch} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	const want = 96 << 20
	script := `head -c 100663296 /dev/zero > ~/big; echo "status $?"; echo "size $(stat -c %s ~/big)"`
	r := runScript(t, Config{Isolate: true, Home: home, Project: home, TempDir: scratch, Limits: Limits{Memory: 32 << 20}}, home, script, "", testEnv(home))
	if r.report == nil {
		t.Fatalf("no report: %v %q %q", r.err, r.stdout, r.stderr)
	}
	for _, n := range r.report.Notes {
		if strings.Contains(n, "scratch on disk") {
			t.Skipf("this kernel keeps the layers on disk: %s", n)
		}
	}
	t.Logf("hook said: %s%s", r.stdout, r.stderr)
	if strings.Contains(r.stdout, "status 0") || strings.Contains(r.stdout, "size 100663296") {
		t.Errorf("a hook wrote %d bytes to the scratch layer past a 32 MiB limit: %q", want, r.stdout)
	}
	if _, err := os.Stat(filepath.Join(home, "big")); !os.IsNotExist(err) {
		t.Errorf("the write reached the real home: %v", err)
	}
	found := false
	for _, f := range r.report.Files {
		found = found || filepath.Base(f.Path) == "big" && f.Change == Created
	}
	if !found {
		t.Errorf("the report does not name the file written: %+v", r.report.Files)
	}
	if ents, _ := os.ReadDir(scratch); len(ents) != 0 {
		t.Errorf("scratch left behind: %v", ents)
	}
}

// TestHookCannotReachTheScratchTmpfs: the supervisor keeps the scratch
// tmpfs's fsmount descriptor open while the hook runs (memOverlays), a
// mount no path leads to; the hook must not reach it through the
// supervisor's descriptors (/proc/1/fd of its PID namespace), which would
// let it write the upper layers (or the overlay's work folder) behind the
// overlay's back. The folder lists (its owner's mode), but following or
// reading a link needs ptrace access, which a process without
// capabilities has not to one with them. It reads only: no write is
// tried.
func TestHookCannotReachTheScratchTmpfs(t *testing.T) {
	sandboxOrSkip(t)
	home := t.TempDir()
	script := `[ "$(cat /proc/1/comm 2>/dev/null)" != "" ] && echo "init $(cat /proc/1/comm)"
ls /proc/1/fd/ >/dev/null 2>&1 && echo "fd folder listed"
for n in $(seq 0 64); do
	[ -e "/proc/1/fd/$n/0/upper" ] && echo "reached $n"
	l=$(readlink "/proc/1/fd/$n" 2>/dev/null) && echo "readlink $n $l"
done
readlink /proc/self/fd/1 >/dev/null && echo "own links readable"
echo done`
	r := runScript(t, Config{Isolate: true, Home: home, Project: home}, home, script, "", testEnv(home))
	if r.report == nil {
		t.Fatalf("no report: %v %q %q", r.err, r.stdout, r.stderr)
	}
	t.Logf("hook said: %s", r.stdout)
	if !strings.Contains(r.stdout, "own links readable") || !strings.Contains(r.stdout, "done") {
		t.Fatalf("the hook did not run to its end: %q %q", r.stdout, r.stderr)
	}
	for _, bad := range []string{"reached ", "readlink "} {
		if strings.Contains(r.stdout, bad) {
			t.Errorf("a sandboxed hook read the supervisor's descriptors (%s): %q", bad, r.stdout)
		}
	}
}
