package claude

import (
	"context"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/settingsio"
)

func TestWatcherFollowsEveryClaudeFile(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX paths in the fixture")
	}
	home, repo, project := claudeFixture(t)
	s := load(options{ProjectDir: project, Env: settingsio.Env{"HOME=" + home, EnvManagedDir + "=" + filepath.Join(home, "no-managed")}, GOOS: runtime.GOOS})
	if len(s.Plugins) == 0 || s.Plugins[0].Root == "" {
		t.Fatalf("the fixture's plugin was not found: %+v", s.Plugins)
	}
	w := startWatch(t, watchPaths(s), settingsio.WatchOptions{})
	root := s.Plugins[0].Root
	for _, p := range []string{
		s.Paths.User,
		filepath.Join(project, ".claude", "settings.json"),
		filepath.Join(repo, ".claude", "settings.local.json"),
		s.Paths.GlobalConfig,
		filepath.Join(s.Paths.Plugins, "installed_plugins.json"),
		filepath.Join(root, "hooks", "hooks.json"),
		filepath.Join(root, "extra.json"),
		filepath.Join(root, ".claude-plugin", "plugin.json"),
	} {
		testenv.WriteFile(t, p, "{}")
		waitFor(t, w, p)
	}
}

func TestClaudeWatchPathsMarkFolders(t *testing.T) {
	s := &project{Paths: paths{User: "/h/.claude/settings.json", ManagedDropIns: "/etc/claude-code/managed-settings.d",
		Plugins: "/h/.claude/plugins", GlobalConfig: "/h/.claude.json"},
		Plugins: []*plugin{{ID: "missing@m"}, {ID: "p@m", Root: "/h/.claude/plugins/cache/m/p/1"}}}
	got := map[string]bool{}
	for _, p := range watchPaths(s) {
		got[filepath.ToSlash(p)] = true
	}
	sep := string(filepath.Separator)
	for _, want := range []string{
		"/h/.claude/settings.json", "/h/.claude.json", "/etc/claude-code/managed-settings.d" + sep,
		"/h/.claude/plugins" + sep, "/h/.claude/plugins/installed_plugins.json",
		"/h/.claude/plugins/cache/m/p/1" + sep, "/h/.claude/plugins/cache/m/p/1/hooks" + sep,
		"/h/.claude/plugins/cache/m/p/1/hooks/hooks.json", "/h/.claude/plugins/cache/m/p/1/.claude-plugin/plugin.json",
	} {
		if !got[filepath.ToSlash(want)] {
			t.Errorf("%s is not watched (watched: %v)", want, got)
		}
	}
}

// hangGuard only stops a broken test from hanging.
const hangGuard = 10 * time.Second

// startWatch and waitFor are settingsio's watcher test helpers
// (settingsio/watch_test.go).
func startWatch(t *testing.T, paths []string, opts settingsio.WatchOptions) *settingsio.Watcher {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	w, err := settingsio.WatchPaths(ctx, paths, opts)
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
func waitFor(t *testing.T, w *settingsio.Watcher, want string) []string {
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
