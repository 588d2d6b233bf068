package guard

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/settingsio"
)

// GitHooks are the git hooks the guard installs. post-merge,
// post-checkout (switch, checkout, restore) and post-rewrite (rebase,
// amend) run after the commands they name; post-index-change runs whenever
// git updated the work tree while writing the index (reset --hard or
// --merge, a merge or pull that stopped on a conflict, cherry-pick, stash
// apply, every step of a rebase); reference-transaction runs when a ref
// moves (a commit that concludes a merge, cherry-pick or revert, a reset);
// post-applypatch after git am. See CheckFor for which of their runs lead
// to a review.
var GitHooks = [...]string{"post-merge", "post-checkout", "post-rewrite", "post-index-change", "reference-transaction", "post-applypatch"}

// Repo is a git repository as the guard needs it.
type Repo struct {
	// Top is the top folder of the work tree.
	Top string
	// HooksDir is the folder git runs hooks from: core.hooksPath when set
	// (relative to Top), else the repository's hooks folder.
	HooksDir string
	// GitDir is the work tree's git folder (.git, or .git/worktrees/NAME
	// and .git/modules/NAME for linked work trees and submodules) and
	// CommonDir the folder it shares with the other work trees.
	GitDir    string
	CommonDir string
	// Super is the work tree that holds this one as a submodule, if any.
	Super string
	// InWorkTree: HooksDir lies inside the work tree, so the guard's files
	// show up in git status (core.hooksPath pointing at a tracked folder, as
	// hook managers set it).
	InWorkTree bool
}

// gitTimeout bounds each git call; git answers these from local files.
const gitTimeout = 20 * time.Second

// FindRepo asks git for the repository that holds dir and the folder it
// runs hooks from (honouring core.hooksPath), in one git call when dir is
// the top of the work tree (as it is in a git hook).
func FindRepo(ctx context.Context, dir string) (*Repo, error) {
	args := []string{"rev-parse", "--path-format=absolute", "--show-toplevel", "--git-path", "hooks", "--absolute-git-dir", "--git-common-dir", "--show-superproject-working-tree"}
	out, err := git(ctx, dir, args...)
	if err != nil {
		if strings.Contains(err.Error(), "path-format") {
			return nil, fmt.Errorf("the guard needs git 2.31 or later: %w", err)
		}
		return nil, fmt.Errorf("%s is not in a git work tree: %w", dir, err)
	}
	lines := strings.Split(out, "\n")
	if len(lines) > 0 && filepath.Clean(lines[0]) != filepath.Clean(dir) {
		// A relative core.hooksPath is relative to the top of the work
		// tree, where git runs hooks: ask again from there.
		if out, err = git(ctx, lines[0], args...); err != nil {
			return nil, fmt.Errorf("git hooks folder: %w", err)
		}
		lines = strings.Split(out, "\n")
	}
	if len(lines) != 4 && len(lines) != 5 {
		return nil, fmt.Errorf("git rev-parse answered %q: want the top, hooks, git and common folders", out)
	}
	top := filepath.Clean(lines[0])
	for i, p := range lines {
		if !filepath.IsAbs(p) {
			p = filepath.Join(top, p)
		}
		lines[i] = filepath.Clean(p)
	}
	r := &Repo{Top: top, HooksDir: lines[1], GitDir: lines[2], CommonDir: lines[3]}
	if len(lines) == 5 {
		r.Super = lines[4]
	}
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
	cmd := exec.CommandContext(ctx, "git", append(append(settingsio.NoProgramsFromGitConfig(), "-C", dir), args...)...)
	// A git hook runs with the variables of its repository (GIT_DIR,
	// GIT_INDEX_FILE, ...); a submodule's hook asking about its
	// superproject must not be sent back to the submodule by them.
	cmd.Env = withoutRepoVars(os.Environ())
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

// repoVars are the variables that tie git to one repository (`git
// rev-parse --local-env-vars`).
var repoVars = [...]string{"GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_CONFIG", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT",
	"GIT_OBJECT_DIRECTORY", "GIT_DIR", "GIT_WORK_TREE", "GIT_IMPLICIT_WORK_TREE", "GIT_GRAFT_FILE", "GIT_INDEX_FILE",
	"GIT_NO_REPLACE_OBJECTS", "GIT_REPLACE_REF_BASE", "GIT_PREFIX", "GIT_INTERNAL_SUPER_PREFIX", "GIT_SHALLOW_FILE",
	"GIT_COMMON_DIR"}

// withoutRepoVars is env without the variables that tie git to one
// repository (GIT_CONFIG_KEY_n and GIT_CONFIG_VALUE_n go with
// GIT_CONFIG_COUNT).
func withoutRepoVars(env []string) []string {
	out := make([]string, 0, len(env))
next:
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "GIT_CONFIG_KEY_") || strings.HasPrefix(k, "GIT_CONFIG_VALUE_") {
			continue
		}
		for _, v := range repoVars {
			if k == v {
				continue next
			}
		}
		out = append(out, kv)
	}
	return out
}

// WithoutRepoVars is env without the variables that tie git (and the
// agents' own git calls) to the repository whose hook is running.
func WithoutRepoVars(env []string) []string { return withoutRepoVars(env) }
