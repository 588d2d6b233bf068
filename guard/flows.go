package guard

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/settingsio"
)

// zeroID is the object name git gives a ref that does not exist (SHA-1 or
// SHA-256 length).
func isZeroID(id string) bool { return strings.Trim(id, "0") == "" }

// inProgress are the files git keeps while a merge, cherry-pick or revert
// waits for its commit: a commit made while one is there concludes it, with
// content that came from elsewhere.
var inProgress = [...]string{"MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD"}

// RefMoveNeedsCheck reads what reference-transaction got on standard input
// in its "committed" state (lines "OLD NEW REF") and reports whether HEAD
// or the checked-out branch moved other than by a plain commit on top of
// it: a commit that concludes a merge, cherry-pick or revert (the pull that
// stopped on a conflict and is then committed), a reset, a fast-forward,
// an amended or first commit. A plain commit (NEW's first parent is OLD and
// nothing is in progress) brings nothing the user did not write; every
// other move is checked.
func RefMoveNeedsCheck(ctx context.Context, repo *Repo, input string) (bool, error) {
	branch, _ := git(ctx, repo.Top, "symbolic-ref", "-q", "HEAD")
	sc := bufio.NewScanner(strings.NewReader(input))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 3 || (f[2] != "HEAD" && (branch == "" || f[2] != branch)) || isZeroID(f[1]) || f[0] == f[1] {
			continue
		}
		for _, name := range inProgress {
			if _, err := os.Lstat(filepath.Join(repo.GitDir, name)); err == nil {
				return true, nil
			}
		}
		if isZeroID(f[0]) {
			return true, nil
		}
		parent, err := git(ctx, repo.Top, "rev-parse", "-q", "--verify", f[1]+"^1")
		if err != nil || parent != f[0] {
			return true, nil
		}
	}
	return false, sc.Err()
}

// shownFile remembers, in the work tree's git folder, the last block the
// guard printed and for which git process, so that the several hooks one
// git command runs (post-index-change, reference-transaction, post-merge)
// print it once.
const shownFile = "hookwarden-guard-shown"

// processID names a running process by its id and start time (so that a
// reused id is another process); "" when it cannot be told.
func processID(pid int) string {
	if pid <= 1 {
		return ""
	}
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return ""
	}
	// Fields after the command name (which may hold spaces and parentheses):
	// the start time is the 22nd field of the line, the 20th after ")".
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return ""
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 20 || f[0] == "Z" || f[0] == "X" {
		// A process that has ended but is not reaped yet is gone.
		return ""
	}
	return strconv.Itoa(pid) + ":" + f[19]
}

// AlreadyShown reports whether the git process gitPID already had this
// block printed by another of its hooks, and otherwise records that it has
// now. Without a way to tell the process (no gitPID, no /proc) it answers
// false: the block is printed again rather than lost.
func AlreadyShown(repo *Repo, gitPID int, block string) bool {
	if WasShown(repo, gitPID, block) {
		return true
	}
	MarkShown(repo, gitPID, block)
	return false
}

// WasShown reports whether text was recorded for the git process gitPID
// (MarkShown), without recording anything.
func WasShown(repo *Repo, gitPID int, text string) bool {
	line, lines := shownLines(repo, gitPID, text)
	return line != "" && slices.Contains(lines, line)
}

// MarkShown records text for the git process gitPID: a block it printed,
// or that a review for it went on in the background.
func MarkShown(repo *Repo, gitPID int, text string) {
	line, lines := shownLines(repo, gitPID, text)
	if line == "" || slices.Contains(lines, line) {
		return
	}
	_ = settingsio.WriteFileAtomic(filepath.Join(repo.GitDir, shownFile), []byte(strings.Join(append(lines, line), "\n")+"\n"), 0o644)
}

// shownLines is text's line for the git process gitPID ("" when the
// process cannot be told) and the lines recorded for that process.
func shownLines(repo *Repo, gitPID int, text string) (string, []string) {
	id := processID(gitPID)
	if id == "" || repo.GitDir == "" {
		return "", nil
	}
	sum := sha256.Sum256([]byte(text))
	line := id + " " + hex.EncodeToString(sum[:])
	var keep []string
	if prev, err := os.ReadFile(filepath.Join(repo.GitDir, shownFile)); err == nil && len(prev) < 64<<10 {
		for _, l := range strings.Split(strings.TrimSpace(string(prev)), "\n") {
			// Only the lines of this git process matter.
			if strings.HasPrefix(l, id+" ") {
				keep = append(keep, l)
			}
		}
	}
	return line, keep
}

// Superprojects are the work trees that hold repo as a submodule, nearest
// first: a change git makes inside a submodule changes the scripts their
// hooks run.
func Superprojects(ctx context.Context, repo *Repo) []string {
	var out []string
	dir := repo.Super
	for range 16 {
		if dir == "" {
			break
		}
		out = append(out, dir)
		super, err := git(ctx, dir, "rev-parse", "--show-superproject-working-tree")
		if err != nil {
			break
		}
		dir = super
	}
	return out
}

// Submodules are the checked-out submodules below repo, recursively, as
// repositories (a submodule that is not initialised has no work tree yet
// and is in Uninitialised).
func Submodules(ctx context.Context, repo *Repo) (subs []*Repo, uninitialised []string, err error) {
	out, err := git(ctx, repo.Top, "ls-files", "-z", "--stage")
	if err != nil {
		return nil, nil, fmt.Errorf("listing the submodules of %s: %w", repo.Top, err)
	}
	for _, rec := range strings.Split(out, "\x00") {
		meta, path, ok := strings.Cut(rec, "\t")
		if !ok || !strings.HasPrefix(meta, "160000 ") {
			continue
		}
		dir := filepath.Join(repo.Top, filepath.FromSlash(path))
		if _, err := os.Lstat(filepath.Join(dir, ".git")); errors.Is(err, fs.ErrNotExist) {
			uninitialised = append(uninitialised, dir)
			continue
		}
		sub, err := FindRepo(ctx, dir)
		if err != nil || sub.Top != dir {
			uninitialised = append(uninitialised, dir)
			continue
		}
		subs = append(subs, sub)
		deeper, un, err := Submodules(ctx, sub)
		if err != nil {
			return nil, nil, err
		}
		subs, uninitialised = append(subs, deeper...), append(uninitialised, un...)
	}
	return subs, uninitialised, nil
}

// lastReviewFile, in the work tree's git folder, holds what the last review
// that went on in the background found, for `guard status`.
const lastReviewFile = "hookwarden-guard-last-review"

// SaveLastReview records what a background review found (the blocks it
// would have printed, or a line saying nothing needs review).
func SaveLastReview(repo *Repo, text string) error {
	if repo.GitDir == "" {
		return nil
	}
	return settingsio.WriteFileAtomic(filepath.Join(repo.GitDir, lastReviewFile), []byte(text), 0o644)
}

// LastReview is what the last background review found, "" when none ran.
func LastReview(repo *Repo) string {
	if repo.GitDir == "" {
		return ""
	}
	data, err := os.ReadFile(filepath.Join(repo.GitDir, lastReviewFile))
	if err != nil || len(data) > 1<<20 {
		return ""
	}
	return string(data)
}

// WaitForExit waits until the process gitPID is gone (or ctx ends): a
// review that went on in the background looks at the work tree once the
// git command that changed it is done, not at a step of it.
func WaitForExit(ctx context.Context, gitPID int) {
	id := processID(gitPID)
	if id == "" {
		return
	}
	t := time.NewTicker(50 * time.Millisecond)
	defer t.Stop()
	for processID(gitPID) == id {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// OutermostGit is the outermost git process that runs pid, itself a git
// process (git pull runs git merge or git rebase, git worktree add runs
// git reset, git submodule update runs git checkout in each submodule):
// the guard prints a block once per command the user typed, and a review
// that went on in the background waits for that command to end. It is pid
// when the parents cannot be read.
func OutermostGit(pid int) int {
	for range 32 {
		ppid := parentOf(pid)
		if ppid <= 1 {
			return pid
		}
		comm, err := os.ReadFile(fmt.Sprintf("/proc/%d/comm", ppid))
		if err != nil || !strings.HasPrefix(strings.TrimSpace(string(comm)), "git") {
			return pid
		}
		pid = ppid
	}
	return pid
}

// parentOf is the parent process id of pid, 0 when it cannot be read.
func parentOf(pid int) int {
	if pid <= 1 {
		return 0
	}
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 2 {
		return 0
	}
	ppid, _ := strconv.Atoi(f[1])
	return ppid
}

// IndexStamp names the state of the work tree's index file (its inode,
// size and change time; git writes a new file each time), "" when it
// cannot be read. Within one git command, a second hook that finds the
// index as the first one reviewed it finds the same tracked files: git
// writes the index whenever it changes the work tree.
func IndexStamp(repo *Repo) string {
	if repo.GitDir == "" {
		return ""
	}
	fi, err := os.Stat(filepath.Join(repo.GitDir, "index"))
	if err != nil {
		return ""
	}
	return fileStamp(fi)
}
