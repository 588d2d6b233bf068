package settingsio

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// gitEnv is an environment for git that reads no real configuration.
func gitEnv(t *testing.T) Env {
	t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	home := t.TempDir()
	return Env{"PATH=" + filepath.Dir(git), "HOME=" + home, "XDG_CONFIG_HOME=" + home,
		"GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.invalid",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.invalid"}
}

func gitIn(t *testing.T, env Env, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = dir, env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func TestGitTracked(t *testing.T) {
	env := gitEnv(t)
	repo := t.TempDir()
	tracked := filepath.Join(repo, ".gemini", "settings.json")
	untracked := filepath.Join(repo, "local.json")
	os.MkdirAll(filepath.Dir(tracked), 0o755)
	os.WriteFile(tracked, []byte("{}"), 0o644)
	gitIn(t, env, repo, "init", "-q")
	gitIn(t, env, repo, "add", ".gemini/settings.json")
	gitIn(t, env, repo, "commit", "-qm", "x")
	os.WriteFile(untracked, []byte("{}"), 0o644)
	outside := filepath.Join(t.TempDir(), "settings.json")
	os.WriteFile(outside, []byte("{}"), 0o644)

	for _, tc := range []struct {
		path string
		want bool
	}{{tracked, true}, {untracked, false}, {filepath.Join(repo, "missing.json"), false}, {outside, false}, {filepath.Join(repo, "no", "dir.json"), false}} {
		got, err := GitTracked(context.Background(), tc.path, env)
		if err != nil || got != tc.want {
			t.Errorf("GitTracked(%s) = %v, %v; want %v", tc.path, got, err, tc.want)
		}
	}
	if _, err := GitTracked(context.Background(), tracked, Env{"PATH=" + t.TempDir()}); !errors.Is(err, ErrGitUnavailable) {
		t.Errorf("without git: %v", err)
	}
}
