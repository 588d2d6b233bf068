package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// wantBlock fails unless out holds the guard's block naming what
// upstreamChange brought: the new telemetry hook and the changed script.
func wantBlock(t *testing.T, flow, out string) {
	t.Helper()
	for _, want := range []string{"need review", "telemetry", "SCRIPT-CHANGED", "hookwarden open --review"} {
		if !strings.Contains(out, want) {
			t.Errorf("%s: the guard's block lacks %q:\n%s", flow, want, out)
			return
		}
	}
}

// guardedClone is a clone with its hooks approved and the guard installed,
// and an upstream with a hostile change committed.
func guardedClone(t *testing.T) (*gitEnv, string, string) {
	e := newGitEnv(t)
	up, clone := e.upstreamAndClone()
	if code, out, errOut := e.hookwarden(clone, "guard", "install"); code != 0 {
		t.Fatalf("guard install: %d\n%s%s", code, out, errOut)
	}
	e.upstreamChange(up)
	return e, up, clone
}

// The attack: every way git changes the work tree under a pull or checkout
// that the three post-* hooks did not see brought a critical hook in
// without a word. Each flow must print the block.
func TestGuardPrintsTheBlockInEveryGitFlow(t *testing.T) {
	t.Parallel()
	t.Run("fetch and reset --hard", func(t *testing.T) {
		t.Parallel()
		e, _, clone := guardedClone(t)
		if out := e.mustGit(clone, "fetch", "-q"); strings.Contains(out, "need review") {
			t.Errorf("a fetch changes no work tree but the guard spoke:\n%s", out)
		}
		wantBlock(t, "git reset --hard origin/main", e.mustGit(clone, "reset", "-q", "--hard", "origin/main"))
	})
	t.Run("reset --merge and --keep", func(t *testing.T) {
		t.Parallel()
		e, _, clone := guardedClone(t)
		e.mustGit(clone, "fetch", "-q")
		wantBlock(t, "git reset --keep origin/main", e.mustGit(clone, "reset", "-q", "--keep", "origin/main"))
		e.mustGit(clone, "reset", "-q", "--hard", "HEAD@{1}")
		wantBlock(t, "git reset --merge origin/main", e.mustGit(clone, "reset", "-q", "--merge", "origin/main"))
	})
	t.Run("pull stops on a conflict, then the merge is committed", func(t *testing.T) {
		t.Parallel()
		e, up, clone := guardedClone(t)
		writeFile(t, filepath.Join(up, "README"), "upstream\n", 0o644)
		e.mustGit(up, "add", "README")
		e.mustGit(up, "commit", "-q", "-m", "readme upstream")
		writeFile(t, filepath.Join(clone, "README"), "local\n", 0o644)
		e.mustGit(clone, "add", "README")
		e.mustGit(clone, "commit", "-q", "-m", "readme here")
		code, out := e.git(clone, "pull", "-q")
		if code == 0 {
			t.Fatalf("the pull did not stop on the conflict:\n%s", out)
		}
		wantBlock(t, "git pull that stops on a conflict", out)
		writeFile(t, filepath.Join(clone, "README"), "both\n", 0o644)
		e.mustGit(clone, "add", "README")
		wantBlock(t, "git commit that concludes the merge", e.mustGit(clone, "commit", "-q", "--no-edit", "--no-verify"))
		// A plain commit afterwards brings nothing new: no block.
		writeFile(t, filepath.Join(clone, "NOTES"), "mine\n", 0o644)
		e.mustGit(clone, "add", "NOTES")
		if out := e.mustGit(clone, "commit", "-q", "-m", "notes"); strings.Contains(out, "need review") {
			t.Errorf("a plain local commit printed the block:\n%s", out)
		}
	})
	t.Run("pull stops on a conflict in the settings file itself", func(t *testing.T) {
		t.Parallel()
		e, _, clone := guardedClone(t)
		writeFile(t, filepath.Join(clone, ".gemini", "settings.json"), strings.Replace(pullSettings, "%s",
			`, {"type": "command", "name": "mine", "command": "echo mine"}`, 1), 0o644)
		e.mustGit(clone, "commit", "-q", "-am", "my hook")
		code, out := e.git(clone, "pull", "-q")
		if code == 0 {
			t.Fatalf("the pull did not stop on the conflict:\n%s", out)
		}
		// The settings file holds conflict markers: it cannot be read, so it
		// needs review, never reads as clean.
		for _, want := range []string{"UNREADABLE", "settings.json:2:1"} {
			if !strings.Contains(out, want) {
				t.Errorf("the stopped pull's block lacks %q:\n%s", want, out)
			}
		}
		wantBlock(t, "git checkout --theirs", e.mustGit(clone, "checkout", "--theirs", "--", ".gemini/settings.json"))
		e.mustGit(clone, "add", ".gemini/settings.json")
		wantBlock(t, "git merge --continue", e.mustGit(clone, "-c", "core.editor=true", "merge", "--continue"))
	})
	t.Run("pull --rebase", func(t *testing.T) {
		t.Parallel()
		e, _, clone := guardedClone(t)
		writeFile(t, filepath.Join(clone, "NOTES"), "mine\n", 0o644)
		e.mustGit(clone, "add", "NOTES")
		e.mustGit(clone, "commit", "-q", "-m", "local work")
		wantBlock(t, "git pull --rebase", e.mustGit(clone, "-c", "pull.rebase=true", "pull", "-q"))
	})
	t.Run("switch, restore, checkout of paths", func(t *testing.T) {
		t.Parallel()
		e, _, clone := guardedClone(t)
		e.mustGit(clone, "fetch", "-q")
		wantBlock(t, "git switch", e.mustGit(clone, "switch", "-q", "-c", "theirs", "origin/main"))
		e.mustGit(clone, "switch", "-q", "main")
		wantBlock(t, "git restore --source", e.mustGit(clone, "restore", "--source=origin/main", "--", ".gemini"))
		e.mustGit(clone, "restore", "--", ".gemini")
		wantBlock(t, "git checkout -- paths", e.mustGit(clone, "checkout", "origin/main", "--", ".gemini"))
	})
	t.Run("am and worktree add", func(t *testing.T) {
		t.Parallel()
		e, _, clone := guardedClone(t)
		e.mustGit(clone, "fetch", "-q")
		patch := filepath.Join(e.root, "change.patch")
		e.mustGit(clone, "format-patch", "-q", "-1", "origin/main", "-o", e.root)
		matches, _ := filepath.Glob(filepath.Join(e.root, "0001-*.patch"))
		if len(matches) != 1 {
			t.Fatalf("format-patch wrote %v", matches)
		}
		if err := os.Rename(matches[0], patch); err != nil {
			t.Fatal(err)
		}
		wantBlock(t, "git am", e.mustGit(clone, "am", "-q", patch))
		e.mustGit(clone, "reset", "-q", "--hard", "HEAD~1")
		// The new work tree is a new project: its hooks are new there.
		out := e.mustGit(clone, "worktree", "add", "-q", filepath.Join(e.root, "wt"), "origin/main")
		if !strings.Contains(out, "telemetry") || strings.Count(out, "review: hookwarden open --review") != 1 {
			t.Errorf("git worktree add: want one block naming the hooks:\n%s", out)
		}
	})
	t.Run("cherry-pick and stash pop", func(t *testing.T) {
		t.Parallel()
		e, _, clone := guardedClone(t)
		e.mustGit(clone, "fetch", "-q")
		wantBlock(t, "git cherry-pick", e.mustGit(clone, "cherry-pick", "origin/main"))
		e.mustGit(clone, "reset", "-q", "--hard", "HEAD~1")
		e.mustGit(clone, "checkout", "origin/main", "--", ".gemini")
		e.mustGit(clone, "stash", "-q")
		wantBlock(t, "git stash pop", e.mustGit(clone, "stash", "pop", "-q"))
	})
}

// One git command runs several of the guard's hooks (post-index-change,
// reference-transaction, post-merge): it prints the block once.
func TestGuardPrintsOneBlockPerGitCommand(t *testing.T) {
	t.Parallel()
	e, _, clone := guardedClone(t)
	out := e.mustGit(clone, "pull", "-q")
	wantBlock(t, "git pull", out)
	if n := strings.Count(out, "review: hookwarden open --review"); n != 1 {
		t.Errorf("git pull printed the block %d times:\n%s", n, out)
	}
}

// Uninstall puts back exactly what was there, with the new hooks, chained
// originals of each of them, and the guard's own files in .git.
func TestGuardUninstallRestoresEveryHookAndLeavesNothingInGit(t *testing.T) {
	t.Parallel()
	e := newGitEnv(t)
	_, clone := e.upstreamAndClone()
	gitDir := filepath.Join(clone, ".git")
	hooksDir := filepath.Join(gitDir, "hooks")
	marker := filepath.Join(e.root, "chained-ref-tx")
	writeFile(t, filepath.Join(hooksDir, "reference-transaction"), "#!/bin/sh\ncat >> '"+marker+"'\n", 0o700)
	writeFile(t, filepath.Join(hooksDir, "post-index-change"), "#!/bin/sh\nexit 0\n", 0o755)
	before := treeState(t, hooksDir)
	top := func() map[string]bool {
		m := map[string]bool{}
		entries, _ := os.ReadDir(gitDir)
		for _, en := range entries {
			m[en.Name()] = true
		}
		return m
	}
	topBefore := top()
	if code, out, errOut := e.hookwarden(clone, "guard", "install"); code != 0 {
		t.Fatalf("guard install: %d\n%s%s", code, out, errOut)
	}
	writeFile(t, filepath.Join(clone, "NOTES"), "x\n", 0o644)
	e.mustGit(clone, "add", "NOTES")
	e.mustGit(clone, "commit", "-q", "-m", "x")
	e.mustGit(clone, "reset", "-q", "--hard", "HEAD~1")
	if data, _ := os.ReadFile(marker); !strings.Contains(string(data), "refs/heads/main") {
		t.Errorf("the chained reference-transaction hook did not get the updated refs: %q", data)
	}
	if code, out, errOut := e.hookwarden(clone, "guard", "uninstall"); code != 0 {
		t.Fatalf("guard uninstall: %d\n%s%s", code, out, errOut)
	}
	sameTree(t, "hooks folder after uninstall", before, treeState(t, hooksDir))
	for name := range top() {
		if !topBefore[name] && strings.Contains(name, "hookwarden") {
			t.Errorf("uninstall left %s in .git", name)
		}
	}
}
