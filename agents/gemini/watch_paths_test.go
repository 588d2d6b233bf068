package gemini

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/settingsio"
)

// waitFor collects changes until one names want (the wait is bounded only
// to turn a hang into a failure; it measures nothing).
func waitFor(t *testing.T, w *settingsio.Watcher, want string) {
	t.Helper()
	var seen []string
	deadline := time.After(10 * time.Second)
	for {
		select {
		case c, ok := <-w.Changes():
			if !ok {
				t.Fatalf("the watcher stopped before reporting %s (seen %v)", want, seen)
			}
			seen = append(seen, c.Paths...)
			if slices.Contains(c.Paths, want) {
				return
			}
		case <-deadline:
			t.Fatalf("no change reported for %s (seen %v, watcher error %v)", want, seen, w.Err())
		}
	}
}

func TestWatcherWatchesTheSnapshotsFiles(t *testing.T) {
	root := t.TempDir()
	home, project := filepath.Join(root, "home"), filepath.Join(root, "project")
	ext := filepath.Join(home, ".gemini", "extensions", "tools")
	testenv.WriteFile(t, filepath.Join(ext, "gemini-extension.json"), `{"name": "tools", "version": "1.0.0"}`)
	if err := os.MkdirAll(project, 0o755); err != nil {
		t.Fatal(err)
	}
	env := settingsio.Env{"HOME=" + home, "GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(root, "etc", "settings.json")}
	snap := load(loadOptions{ProjectDir: project, Env: env, Home: home})
	script := filepath.Join(project, "scripts", "guard.sh")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w, err := settingsio.WatchPaths(ctx, watchPaths(snap), settingsio.WatchOptions{Extra: []string{script}})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{
		snap.Paths.Workspace, snap.Paths.User, snap.Paths.System, snap.Paths.SystemDefaults,
		snap.Paths.TrustedHooks, snap.Paths.TrustedFolders,
		filepath.Join(ext, "hooks", "hooks.json"), filepath.Join(ext, ".env"),
		filepath.Join(snap.Paths.Extensions, "extension-enablement.json"), script,
	} {
		testenv.WriteFile(t, p, "{}")
		waitFor(t, w, p)
	}
	newExt := filepath.Join(snap.Paths.Extensions, "fresh")
	if err := os.Mkdir(newExt, 0o755); err != nil {
		t.Fatal(err)
	}
	waitFor(t, w, newExt)
	// After a reload the new extension's files are watched too.
	later := filepath.Join(root, "later.sh")
	if err := w.RetargetPaths(append(watchPaths(snap), later)); err != nil {
		t.Fatal(err)
	}
	testenv.WriteFile(t, later, "echo")
	waitFor(t, w, later)
	cancel()
	<-w.Done()
	if _, ok := <-w.Changes(); ok {
		t.Error("Changes is still open after the watcher stopped")
	}
	if err := w.RetargetPaths(watchPaths(snap)); err != settingsio.ErrWatcherStopped {
		t.Errorf("Retarget after stop = %v", err)
	}
}
