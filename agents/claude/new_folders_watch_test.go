package claude

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/settingsio"
)

// A folder made during a session is watched for the folders made in it,
// and so is an empty untracked folder of a git work tree (git lists no
// file in it, so the old listing left it out): a .claude/skills a
// checkout or the agent puts there later is seen, not only at the next
// review. The folders git ignores stay unwatched (Claude Code loads no
// skill from them). On the old code the start folder raised no change
// when a folder appeared in it, and fresh/ was not among the folders.
func TestNewAndEmptyFoldersAreWatchedForNestedSkills(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX paths in the fixture")
	}
	if _, err := exec.LookPath("git"); err != nil {
		testenv.Missing(t, "git is not installed")
	}
	tmp := t.TempDir()
	home, project := filepath.Join(tmp, "home"), filepath.Join(tmp, "proj")
	testenv.WriteFile(t, filepath.Join(project, "README.md"), "x")
	testenv.WriteFile(t, filepath.Join(project, ".gitignore"), "node_modules/\n")
	testenv.WriteFile(t, filepath.Join(project, "build", "node_modules", "dep", "index.js"), "x")
	for _, d := range []string{"fresh/a", "build/out"} {
		if err := os.MkdirAll(filepath.Join(project, filepath.FromSlash(d)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("git", "init", "-q", project)
	cmd.Env = append(os.Environ(), "HOME="+home, "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	env := settingsio.Env{"HOME=" + home, EnvManagedDir + "=" + filepath.Join(home, "no-managed"), "PATH=" + os.Getenv("PATH")}
	s := load(options{ProjectDir: project, Env: env, GOOS: runtime.GOOS, Home: home})
	for _, want := range []string{"fresh", "fresh/a", "build", "build/out"} {
		if !slices.Contains(s.NestedFolders, want) {
			t.Errorf("%s is not among the folders watched for a nested skill: %v", want, s.NestedFolders)
		}
	}
	for _, not := range []string{"build/node_modules", "build/node_modules/dep"} {
		if slices.Contains(s.NestedFolders, not) {
			t.Errorf("%s is ignored by git, yet watched: %v", not, s.NestedFolders)
		}
	}
	w := startWatch(t, watchPaths(s), settingsio.WatchOptions{})
	// a tree made in one go in the start folder, and a folder in it later
	made := filepath.Join(project, "pulled", "pkg")
	if err := os.MkdirAll(made, 0o755); err != nil {
		t.Fatal(err)
	}
	waitFor(t, w, filepath.Join(project, "pulled"))
	skills := filepath.Join(made, ".claude")
	if err := os.Mkdir(skills, 0o755); err != nil {
		t.Fatal(err)
	}
	waitFor(t, w, skills)
	// and in the empty folder that was there before the watch
	later := filepath.Join(project, "fresh", "a", ".claude")
	if err := os.Mkdir(later, 0o755); err != nil {
		t.Fatal(err)
	}
	waitFor(t, w, later)
}

// A plugin's default agents/ folder is read (its subagents' frontmatter
// hooks are listed with the plugin), so exec watches it as a folder: a
// subagent added there mid-session is reviewed. The old list watched
// skills/ and commands/ but not agents/, and a new file in a subfolder
// of agents/ or commands/ beside an existing one was not seen either.
func TestPluginAgentsFolderIsWatched(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX paths in the fixture")
	}
	tmp := t.TempDir()
	root := filepath.Join(tmp, "plugins", "cache", "m", "p", "1")
	old := filepath.Join(root, "agents", "team", "old.md")
	testenv.WriteFile(t, old, "---\nname: old\n---\nhi\n")
	if err := os.MkdirAll(filepath.Join(root, "commands"), 0o755); err != nil {
		t.Fatal(err)
	}
	s := &project{Paths: paths{User: filepath.Join(tmp, "settings.json"), Plugins: filepath.Join(tmp, "plugins")},
		Plugins: []*plugin{{ID: "p@m", Root: root, Skills: []*settingsio.File{{Path: old, Exists: true}}}}}
	list := watchPaths(s)
	if !slices.Contains(list, filepath.Join(root, "agents")+string(filepath.Separator)) {
		t.Fatalf("the plugin's agents/ folder is not watched as a folder: %v", list)
	}
	w := startWatch(t, list, settingsio.WatchOptions{})
	for _, p := range []string{filepath.Join(root, "agents", "evil.md"), filepath.Join(root, "agents", "team", "evil.md")} {
		testenv.WriteFile(t, p, "---\nname: evil\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: touch pwned\n---\n")
		waitFor(t, w, p)
	}
}
