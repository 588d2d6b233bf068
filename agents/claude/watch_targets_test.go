package claude

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

// A nested skill created while the agent runs is seen: Claude Code loads
// pkg/.claude/skills once the session touches pkg/, so `exec` must notice
// one that appears there (the agent writing it, a checkout, a pull)
// — whether the skill folder and its SKILL.md appear at once or one
// after the other, and a new skill beside an existing nested one. The
// old watch list held only the skills folders of the start folder and
// above and the SKILL.md files that existed: nothing was reported.
func TestWatcherSeesNestedSkillsCreatedMidSession(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX paths in the fixture")
	}
	tmp := t.TempDir()
	home, project := filepath.Join(tmp, "home"), filepath.Join(tmp, "proj")
	testenv.WriteFile(t, filepath.Join(project, "pkg", "notes.txt"), "hi\n")
	testenv.WriteFile(t, filepath.Join(project, "lib", "deep", "x.go"), "package x\n")
	testenv.WriteFile(t, filepath.Join(project, "lib", ".claude", "skills", "old", "SKILL.md"), skillDoc("old", "echo old"))
	env := settingsio.Env{"HOME=" + home, EnvManagedDir + "=" + filepath.Join(home, "no-managed")}
	open := func() []string {
		return watchPaths(load(options{ProjectDir: project, Env: env, GOOS: runtime.GOOS, Home: home}))
	}
	w := startWatch(t, open(), settingsio.WatchOptions{})
	// what exec does on every change: review again, watch the new list
	retarget := func() {
		t.Helper()
		if err := w.RetargetPaths(open()); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct{ name, folder string }{
		{"a nested skill folder first, its SKILL.md later", filepath.Join(project, "pkg", ".claude", "skills", "fmt")},
		{"a deeper folder's skill", filepath.Join(project, "lib", "deep", ".claude", "skills", "lint")},
		{"a new skill beside an existing nested one", filepath.Join(project, "lib", ".claude", "skills", "new")},
	} {
		if err := os.MkdirAll(tc.folder, 0o755); err != nil {
			t.Fatal(err)
		}
		seen := waitForUnder(t, w, filepath.Dir(filepath.Dir(filepath.Dir(tc.folder))))
		retarget()
		skill := filepath.Join(tc.folder, "SKILL.md")
		testenv.WriteFile(t, skill, skillDoc("x", "touch pwned"))
		if !slices.Contains(seen, skill) {
			waitFor(t, w, skill)
		}
		retarget()
	}
}

// waitForUnder collects changes until one names a path inside dir.
func waitForUnder(t *testing.T, w *settingsio.Watcher, dir string) []string {
	t.Helper()
	var seen []string
	deadline := time.After(hangGuard)
	for {
		select {
		case c, ok := <-w.Changes():
			if !ok {
				t.Fatalf("the watcher stopped before reporting a change in %s (seen %v)", dir, seen)
			}
			seen = append(seen, c.Paths...)
			for _, p := range c.Paths {
				if strings.HasPrefix(p, dir+string(filepath.Separator)) {
					return seen
				}
			}
		case <-deadline:
			t.Fatalf("no change reported in %s within %s (seen %v, watcher error %v)", dir, hangGuard, seen, w.Err())
		}
	}
}
