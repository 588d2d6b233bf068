package guard

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// GitHooks are the git hooks the guard installs: the three that run after
// the work tree changed under the user (pull, checkout/switch, rebase/amend).
var GitHooks = [...]string{"post-merge", "post-checkout", "post-rewrite"}

// Repo is a git repository as the guard needs it.
type Repo struct {
	// Top is the top folder of the work tree.
	Top string
	// HooksDir is the folder git runs hooks from: core.hooksPath when set
	// (relative to Top), else the repository's hooks folder.
	HooksDir string
	// InWorkTree: HooksDir lies inside the work tree, so the guard's files
	// show up in git status (core.hooksPath pointing at a tracked folder, as
	// hook managers set it).
	InWorkTree bool
}

// gitTimeout bounds each git call; git answers these from local files.
const gitTimeout = 20 * time.Second

// FindRepo asks git for the repository that holds dir and the folder it
// runs hooks from (honouring core.hooksPath).
func FindRepo(ctx context.Context, dir string) (*Repo, error) {
	top, err := git(ctx, dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, fmt.Errorf("%s is not in a git work tree: %w", dir, err)
	}
	hooks, err := git(ctx, top, "rev-parse", "--path-format=absolute", "--git-path", "hooks")
	if err != nil {
		return nil, fmt.Errorf("git hooks folder: %w", err)
	}
	if !filepath.IsAbs(hooks) {
		hooks = filepath.Join(top, hooks)
	}
	r := &Repo{Top: filepath.Clean(top), HooksDir: filepath.Clean(hooks)}
	if rel, err := filepath.Rel(r.Top, r.HooksDir); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		// .git itself is not part of the work tree.
		r.InWorkTree = rel != ".git" && !strings.HasPrefix(rel, ".git"+string(filepath.Separator))
	}
	return r, nil
}

// git runs one git command in dir and returns its trimmed standard output.
func git(ctx context.Context, dir string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, gitTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(errb.String())
		if msg == "" {
			return "", err
		}
		return "", errors.New(msg)
	}
	return strings.TrimSpace(out.String()), nil
}
