package settingsio

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/internal/testenv"
)

// hangGuard bounds every wait for a notification; it only turns a hang
// into a failure and measures nothing.
const hangGuard = 10 * time.Second

func startWatch(t *testing.T, paths []string, opts WatchOptions) *Watcher {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	w, err := WatchPaths(ctx, paths, opts)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cancel()
		<-w.Done()
	})
	return w
}

// waitFor collects changes until one names want; it returns every path
// seen on the way.
func waitFor(t *testing.T, w *Watcher, want string) []string {
	t.Helper()
	var seen []string
	deadline := time.After(hangGuard)
	for {
		select {
		case c, ok := <-w.Changes():
			if !ok {
				t.Fatalf("the watcher stopped before reporting %s (seen %v)", want, seen)
			}
			seen = append(seen, c.Paths...)
			if slices.Contains(c.Paths, want) {
				return seen
			}
		case <-deadline:
			t.Fatalf("no change reported for %s within %s (seen %v, watcher error %v)", want, hangGuard, seen, w.Err())
		}
	}
}

func mustWrite(t testing.TB, path, text string) {
	t.Helper()
	testenv.WriteFile(t, path, text)
}

func TestWatcherSeesEveryWayAFileChanges(t *testing.T) {
	tests := []struct {
		name   string
		before func(t *testing.T, target string) // sets the scene before watching
		change func(t *testing.T, target string)
	}{
		{"write to an existing file",
			func(t *testing.T, p string) { mustWrite(t, p, "{}") },
			func(t *testing.T, p string) { mustWrite(t, p, `{"a":1}`) }},
		{"a file that does not exist yet",
			func(t *testing.T, p string) { os.MkdirAll(filepath.Dir(p), 0o755) },
			func(t *testing.T, p string) { mustWrite(t, p, "{}") }},
		{"a file in folders that do not exist yet",
			func(t *testing.T, p string) {},
			func(t *testing.T, p string) { mustWrite(t, p, "{}") }},
		{"an editor that saves by rename",
			func(t *testing.T, p string) { mustWrite(t, p, "{}") },
			func(t *testing.T, p string) {
				tmp := p + ".swp"
				mustWrite(t, tmp, `{"b":2}`)
				if err := os.Rename(tmp, p); err != nil {
					t.Fatal(err)
				}
			}},
		{"delete and recreate",
			func(t *testing.T, p string) { mustWrite(t, p, "{}") },
			func(t *testing.T, p string) {
				if err := os.Remove(p); err != nil {
					t.Fatal(err)
				}
				mustWrite(t, p, "{}")
			}},
		{"the folder removed",
			func(t *testing.T, p string) { mustWrite(t, p, "{}") },
			func(t *testing.T, p string) {
				if err := os.RemoveAll(filepath.Dir(p)); err != nil {
					t.Fatal(err)
				}
			}},
		{"chmod",
			func(t *testing.T, p string) { mustWrite(t, p, "{}") },
			func(t *testing.T, p string) {
				if err := os.Chmod(p, 0o600); err != nil {
					t.Fatal(err)
				}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			target := filepath.Join(t.TempDir(), "project", ".gemini", "settings.json")
			tc.before(t, target)
			w := startWatch(t, []string{target}, WatchOptions{})
			tc.change(t, target)
			waitFor(t, w, target)
		})
	}
}

func TestWatcherRearmsAsFoldersComeAndGo(t *testing.T) {
	root := t.TempDir()
	target := filepath.Join(root, "a", "b", "c", "settings.json")
	w := startWatch(t, []string{target}, WatchOptions{})
	// The folders appear one by one (each step may be seen through a
	// different watch), then the file; then all of it goes and comes back.
	for _, d := range []string{"a", "a/b", "a/b/c"} {
		if err := os.Mkdir(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	mustWrite(t, target, "{}")
	waitFor(t, w, target)
	if err := os.RemoveAll(filepath.Join(root, "a")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, w, target)
	mustWrite(t, target, "{}")
	waitFor(t, w, target)
	mustWrite(t, target, `{"again": true}`)
	waitFor(t, w, target)
}

func TestWatcherIgnoresOtherFiles(t *testing.T) {
	dir := t.TempDir()
	target, other := filepath.Join(dir, "settings.json"), filepath.Join(dir, "notes.txt")
	w := startWatch(t, []string{target}, WatchOptions{})
	mustWrite(t, other, "x")
	mustWrite(t, target, "{}")
	if seen := waitFor(t, w, target); slices.Contains(seen, other) {
		t.Errorf("an unwatched file was reported: %v", seen)
	}
}

func TestWatcherDebouncesABurst(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	// A long quiet time, so that the burst below is one however slow the
	// machine is.
	w := startWatch(t, []string{a, b}, WatchOptions{Debounce: 2 * time.Second, MaxDelay: 8 * time.Second})
	for i := 0; i < 20; i++ {
		mustWrite(t, a, strings.Repeat("x", i))
		mustWrite(t, b, strings.Repeat("y", i))
	}
	select {
	case c := <-w.Changes():
		if !slices.Equal(c.Paths, []string{a, b}) {
			t.Errorf("one notification for the burst should name both files once, got %v", c.Paths)
		}
	case <-time.After(hangGuard):
		t.Fatal("no notification")
	}
}

func TestWatcherFollowsALinkedFile(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "dotfiles", "settings.json")
	mustWrite(t, real, "{}")
	link := filepath.Join(dir, "home", ".gemini", "settings.json")
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	w := startWatch(t, []string{link}, WatchOptions{})
	mustWrite(t, real, `{"edited": true}`)
	waitFor(t, w, link)
}

func TestWatcherLeavesNoGoroutines(t *testing.T) {
	before := runtime.NumGoroutine()
	for i := 0; i < 5; i++ {
		dir := t.TempDir()
		ctx, cancel := context.WithCancel(context.Background())
		w, err := WatchPaths(ctx, []string{filepath.Join(dir, "x.json"), dir + "/"}, WatchOptions{})
		if err != nil {
			t.Fatal(err)
		}
		mustWrite(t, filepath.Join(dir, "x.json"), "{}")
		waitFor(t, w, filepath.Join(dir, "x.json"))
		cancel()
		<-w.Done()
	}
	// Goroutines of other tests and the runtime come and go; wait (bounded)
	// until the count is back, then compare.
	deadline := time.Now().Add(hangGuard)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines before, %d after stopping the watchers:\n%s", before, n, buf[:runtime.Stack(buf, true)])
	}
}

// A folder whose new subfolders matter (WatchList.Subfolders): a folder
// created in it, at any depth below a folder created there since, is
// reported, a new file is not. Before, a folder that appeared below a
// watched one raised no change at all, so the caller never looked into
// it (a nested skill a checkout put into a new folder went unseen).
func TestWatcherReportsNewSubfolders(t *testing.T) {
	root := t.TempDir()
	var l WatchList
	l.Subfolders(root)
	w := startWatch(t, l, WatchOptions{})
	mustWrite(t, filepath.Join(root, "notes.txt"), "hi\n")
	a := filepath.Join(root, "a")
	if err := os.Mkdir(a, 0o755); err != nil {
		t.Fatal(err)
	}
	if seen := waitFor(t, w, a); slices.Contains(seen, filepath.Join(root, "notes.txt")) {
		t.Fatalf("a new file was reported where only new folders matter: %v", seen)
	}
	// a tree made in one go: every folder of it is watched at once
	deep := filepath.Join(a, "b", "c", "d")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	waitFor(t, w, deep)
	later := filepath.Join(deep, "e")
	if err := os.Mkdir(later, 0o755); err != nil {
		t.Fatal(err)
	}
	waitFor(t, w, later)
}
