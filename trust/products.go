package trust

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/settingsio"
)

// Files a hook makes itself. A traced run that creates a file of the
// project and then reads, runs or looks for it (a cache it fills on the
// first run, a script it generates and sources) shows a file that was not
// in the project at approval. Two things can put it there later:
//
//   - the hook itself, on a real run: then what it reads is what the
//     approved hook wrote, its own product, and flagging it would flag
//     every such hook after its first run;
//   - anything else — a pull that brings the file ready-made, so that the
//     hook skips making it and runs what the pull says.
//
// A pull writes only what git tracks. So a file made by the hook that is
// there now is its own product while it is untracked in a git work tree
// (not flagged; its text is shown, and its path stays watched); a tracked
// one, one in a folder that is no git work tree (nothing tells a pull
// from the hook there), or one git cannot be asked about is flagged as a
// file that appeared (fail closed). The file stays watched either way: a
// later pull that adds it to the repository flags it.

// gitTimeout bounds the git call of an own-product check.
const gitTimeout = 10 * time.Second

// reviewProduct settles the review of a file the hook made itself:
// flagged only when something other than the hook can
// have put it there.
func (a *scriptAuditor) reviewProduct(sr *ScriptReview) {
	if !sr.Flagged || sr.Status == ScriptMissing {
		return // missing as approved: watched like any missing path
	}
	if why := untrackedInWorkTree(sr.Path); why != "" {
		sr.Note = "the hook makes it itself (its traced run created it, then read it), but " + why + ": what is there may not be the hook's own"
		return
	}
	sr.Flagged = false
	sr.Note = "the hook makes it itself (its traced run created it, then read it) and git does not track it, so no pull put it there; watched: once git tracks it, it is the repository's and reads as changed"
	sr.Diff = nil
}

// untrackedInWorkTree says why path cannot count as a product of the hook
// ("" when it is untracked in a git work tree): git tracks it, the
// folder is no git work tree, or git cannot be asked.
func untrackedInWorkTree(path string) string {
	git, err := exec.LookPath("git")
	if err != nil {
		return "git is not available to tell whether a pull brought it"
	}
	dir := filepath.Dir(filepath.Clean(path))
	for !isDir(dir) {
		parent := filepath.Dir(dir)
		if parent == dir {
			return "its folder cannot be read"
		}
		dir = parent
	}
	ctx, cancel := context.WithTimeout(context.Background(), gitTimeout)
	defer cancel()
	run := func(args ...string) (string, int, error) {
		cmd := exec.CommandContext(ctx, git, append(settingsio.NoProgramsFromGitConfig(), args...)...)
		cmd.Dir = dir
		cmd.Env = append(withoutGitVars(os.Environ()), "GIT_OPTIONAL_LOCKS=0", "GIT_TERMINAL_PROMPT=0", "LC_ALL=C")
		var out, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return strings.TrimSpace(stderr.String()), exit.ExitCode(), nil
		}
		return strings.TrimSpace(out.String()), 0, err
	}
	inside, code, err := run("rev-parse", "--is-inside-work-tree")
	if err != nil || code != 0 || inside != "true" {
		return "the project is no git work tree, so nothing tells a pull from the hook"
	}
	rel, err := filepath.Rel(dir, path)
	if err != nil {
		return "git cannot be asked about it"
	}
	msg, code, err := run("ls-files", "--error-unmatch", "--", rel)
	switch {
	case err != nil:
		return "git cannot be asked about it (" + err.Error() + ")"
	case code == 0:
		return "git tracks it, so a pull can bring it"
	case code == 1 && strings.Contains(msg, "did not match"):
		return ""
	}
	return "git cannot tell whether it tracks it (" + msg + ")"
}

// withoutGitVars is env without the variables that point git elsewhere.
func withoutGitVars(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		switch name, _, _ := strings.Cut(kv, "="); name {
		case "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR", "GIT_CEILING_DIRECTORIES":
			continue
		}
		out = append(out, kv)
	}
	return out
}
