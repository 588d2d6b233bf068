package settingsio

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// gitTrackedTimeout bounds the git call: a local index lookup, normally a
// few milliseconds; the cap only guards against a hung filesystem.
const gitTrackedTimeout = 10 * time.Second

// ErrGitUnavailable: git is not installed (or not on PATH), so whether a
// file is tracked cannot be told.
var ErrGitUnavailable = errors.New("git is not available, so Hookwarden cannot tell whether the file is tracked")

// GitTracked reports whether path is tracked by git in the repository
// holding it: `git ls-files --error-unmatch` in the file's folder, with
// the given environment (PATH, HOME for git's own settings), no network,
// no terminal prompt, no optional index lock. A file outside any
// repository is not tracked (false, nil). When git is missing the answer
// is (false, ErrGitUnavailable); other failures are errors too, so that a
// caller can say it could not tell.
func GitTracked(ctx context.Context, path string, env Env) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, gitTrackedTimeout)
	defer cancel()
	gitPath, err := lookPath("git", env)
	if err != nil {
		return false, ErrGitUnavailable
	}
	dir, base := filepath.Split(filepath.Clean(path))
	if !dirExists(dir) {
		return false, nil // nothing there to be tracked
	}
	cmd := exec.CommandContext(ctx, gitPath, append(NoProgramsFromGitConfig(), "ls-files", "--error-unmatch", "--", base)...)
	cmd.Dir = dir
	cmd.Env = append(env.Without("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"),
		"GIT_OPTIONAL_LOCKS=0", "GIT_TERMINAL_PROMPT=0", "LC_ALL=C")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return true, nil
	case ctx.Err() != nil:
		return false, fmt.Errorf("asking git whether %s is tracked: %w", path, ctx.Err())
	case errors.As(err, &exit) && exit.ExitCode() == 1:
		return false, nil // "did not match any file(s) known to git"
	case errors.As(err, &exit) && strings.Contains(stderr.String(), "not a git repository"):
		return false, nil
	}
	return false, fmt.Errorf("asking git whether %s is tracked: %v: %s", path, err, strings.TrimSpace(stderr.String()))
}

// NoProgramsFromGitConfig are the options that come before the
// subcommand of every git command Hookwarden runs in a project: a
// repository's configuration can name a program git starts on its own
// (core.fsmonitor runs on ls-files, status, diff …), and a pulled file
// that the repository's config includes (include.path = ../.gitconfig)
// would make Hookwarden itself run the pull's code while it reviews it.
// Options on the command line win over every configuration file; an
// older git that reads "false" as a program name runs /bin/false.
func NoProgramsFromGitConfig() []string {
	return []string{"-c", "core.fsmonitor=false"}
}

// lookPath finds a program on the PATH of env (not the process's).
func lookPath(name string, env Env) (string, error) {
	for _, dir := range filepath.SplitList(env.Get("PATH")) {
		if dir == "" {
			continue
		}
		for _, p := range []string{filepath.Join(dir, name), filepath.Join(dir, name+".exe")} {
			if fileIsExecutable(p) && (runtime.GOOS == "windows" || !strings.HasSuffix(p, ".exe")) {
				return p, nil
			}
		}
	}
	return "", exec.ErrNotFound
}

func dirExists(dir string) bool {
	fi, err := os.Stat(dir)
	return err == nil && fi.IsDir()
}

func fileIsExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir() && (runtime.GOOS == "windows" || fi.Mode()&0o111 != 0)
}

// GitLsFiles runs `git ls-files -z ARGS...` in dir and returns the paths
// it lists, slash separated and relative to dir. The environment is
// handled as in GitTracked; (nil, ErrGitUnavailable) when git is missing,
// an error when git fails (dir outside a repository included), so that a
// caller can say it could not tell.
func GitLsFiles(ctx context.Context, dir string, env Env, args ...string) ([]string, error) {
	ctx, cancel := context.WithTimeout(ctx, gitTrackedTimeout)
	defer cancel()
	gitPath, err := lookPath("git", env)
	if err != nil {
		return nil, ErrGitUnavailable
	}
	cmd := exec.CommandContext(ctx, gitPath, append(NoProgramsFromGitConfig(), append([]string{"ls-files", "-z"}, args...)...)...)
	cmd.Dir = dir
	cmd.Env = append(env.Without("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"),
		"GIT_OPTIONAL_LOCKS=0", "GIT_TERMINAL_PROMPT=0", "LC_ALL=C")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			err = ctx.Err()
		}
		return nil, fmt.Errorf("git ls-files in %s: %v: %s", dir, err, strings.TrimSpace(stderr.String()))
	}
	var out []string
	for _, f := range strings.Split(stdout.String(), "\x00") {
		if f != "" {
			out = append(out, f)
		}
	}
	return out, nil
}
