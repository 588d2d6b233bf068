package settingsio

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The git commands Hookwarden runs in a project start no program the
// repository's configuration names: a pulled .gitconfig that the
// repository includes sets core.fsmonitor, which every ls-files would
// run — Hookwarden running the pull's code while it reviews the pull
// (TestGitConfigIncludedFromTheWorkTreeIsWatched caught it once the
// Claude Code review listed nested skills with git ls-files).
func TestGitCommandsRunNoFsmonitorOfTheProject(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	marker := filepath.Join(dir, "ran")
	env := Env{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "GIT_CONFIG_NOSYSTEM=1"}
	cmd := exec.Command("git", "init", "-q", dir)
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	if err := os.WriteFile(filepath.Join(dir, ".gitconfig"), []byte("[core]\n\tfsmonitor = \"touch '"+marker+"'; false\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd = exec.Command("git", "-C", dir, "config", "include.path", "../.gitconfig")
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git config: %v\n%s", err, out)
	}
	if _, err := GitLsFiles(context.Background(), dir, env, "--cached", "--others", "--exclude-standard"); err != nil {
		t.Fatal(err)
	}
	if _, err := GitTracked(context.Background(), filepath.Join(dir, ".gitconfig"), env); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("a git command of Hookwarden ran the project's core.fsmonitor")
	}
}
