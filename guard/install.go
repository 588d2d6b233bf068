package guard

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/settingsio"
)

// marker is the line that tells the guard's own hook files from anyone
// else's. Uninstall removes only files that carry it.
const marker = "# hookwarden-guard v1"

// chainedSuffix names the file an existing hook is moved to.
const chainedSuffix = ".hookwarden-chained"

// createdDirMarker is left in a hooks folder the guard had to create, so
// that uninstall removes the folder again when it is empty.
const createdDirMarker = ".hookwarden-guard-created-dir"

// HookState is what one git hook of the repository is, for the guard.
type HookState struct {
	Name string `json:"name"`
	Path string `json:"path"`
	// Installed: the file is the guard's.
	Installed bool `json:"installed"`
	// Chained: an earlier hook was moved aside and runs first.
	Chained     bool   `json:"chained"`
	ChainedPath string `json:"chained_path,omitempty"`
	// Foreign: a hook that is not the guard's is there (before install, or
	// one that replaced the guard's since).
	Foreign bool `json:"foreign"`
}

// Result says what Install or Uninstall did, file by file, in words.
type Result struct {
	Repo    *Repo       `json:"repo"`
	Hooks   []HookState `json:"hooks"`
	Actions []string    `json:"actions"`
	// Warnings: things the user must know (files in the work tree that git
	// will now show as changed).
	Warnings []string `json:"warnings,omitempty"`
}

// Status reports the guard's hooks in repo.
func Status(repo *Repo) ([]HookState, error) {
	out := make([]HookState, 0, len(GitHooks))
	for _, name := range GitHooks {
		st, err := stateOf(repo, name)
		if err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, nil
}

func stateOf(repo *Repo, name string) (HookState, error) {
	st := HookState{Name: name, Path: filepath.Join(repo.HooksDir, name)}
	st.ChainedPath = st.Path + chainedSuffix
	if _, err := os.Lstat(st.ChainedPath); err == nil {
		st.Chained = true
	} else if !errors.Is(err, fs.ErrNotExist) {
		return st, err
	}
	if !st.Chained {
		st.ChainedPath = ""
	}
	ours, exists, err := isOurs(st.Path)
	if err != nil {
		return st, err
	}
	st.Installed = ours
	st.Foreign = exists && !ours
	return st, nil
}

// isOurs reports whether path exists and is one of the guard's hook files
// (a regular file, not a link, that carries the marker).
func isOurs(path string) (ours, exists bool, err error) {
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, false, nil
	case err != nil:
		return false, false, err
	case !fi.Mode().IsRegular() || fi.Size() > 64<<10:
		return false, true, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return false, true, err
	}
	return bytes.Contains(data, []byte("\n"+marker+"\n")), true, nil
}

// Install puts the guard's hooks into repo's hooks folder. An existing hook
// is renamed to NAME.hookwarden-chained and run first by the guard's hook;
// installing again only refreshes the guard's own files. bin is the
// hookwarden binary the hooks call (absolute; when it is gone they fall
// back to hookwarden on PATH, and without either they do nothing).
func Install(repo *Repo, bin string) (*Result, error) {
	res := &Result{Repo: repo}
	if _, err := os.Stat(repo.HooksDir); errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(repo.HooksDir, 0o755); err != nil {
			return nil, fmt.Errorf("creating hooks folder: %w", err)
		}
		if err := settingsio.WriteFileAtomic(filepath.Join(repo.HooksDir, createdDirMarker), []byte("created by hookwarden guard install; removed by hookwarden guard uninstall\n"), 0o644); err != nil {
			return nil, err
		}
		res.Actions = append(res.Actions, "created "+repo.HooksDir)
	}
	for _, name := range GitHooks {
		st, err := stateOf(repo, name)
		if err != nil {
			return nil, err
		}
		if st.Foreign {
			if st.Chained {
				return nil, fmt.Errorf("%s: both a hook and %s are there; move one of them away first", st.Path, filepath.Base(st.Path+chainedSuffix))
			}
			if err := os.Rename(st.Path, st.Path+chainedSuffix); err != nil {
				return nil, fmt.Errorf("moving the existing %s aside: %w", name, err)
			}
			st.Chained, st.ChainedPath = true, st.Path+chainedSuffix
			res.Actions = append(res.Actions, fmt.Sprintf("kept the existing %s as %s; the guard runs it first", name, filepath.Base(st.ChainedPath)))
		}
		verb := "installed"
		if st.Installed {
			verb = "refreshed"
		}
		if err := writeHook(st.Path, Script(name, bin)); err != nil {
			return nil, err
		}
		st.Installed, st.Foreign = true, false
		res.Actions = append(res.Actions, fmt.Sprintf("%s %s", verb, st.Path))
		res.Hooks = append(res.Hooks, st)
	}
	dirs, err := Recorded(repo)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(dirs, repo.HooksDir) {
		if err := writeRecord(repo, append(dirs, repo.HooksDir)); err != nil {
			return nil, fmt.Errorf("recording the guard's hooks folder: %w", err)
		}
	}
	if repo.InWorkTree {
		res.Warnings = append(res.Warnings, fmt.Sprintf("core.hooksPath points inside the work tree (%s): git status will show the guard's files there, and a renamed tracked hook as changed", repo.HooksDir))
	}
	return res, nil
}

// writeHook writes an executable hook file atomically.
func writeHook(path string, script string) error {
	if err := settingsio.WriteFileAtomic(path, []byte(script), 0o755); err != nil {
		return err
	}
	// WriteFileAtomic keeps the mode of a file it replaces; the guard's file
	// must be executable whatever it was.
	return os.Chmod(path, 0o755)
}

// Uninstall removes the guard's hooks and renames the hooks it chained back
// to their names, so the folder holds exactly what it held before Install:
// in the folder git runs hooks from now and in every folder the guard was
// installed into before core.hooksPath moved. A hook that replaced the
// guard's since is left alone (with its chained original, which is then
// reported, not restored over it).
func Uninstall(repo *Repo) (*Result, error) {
	dirs, err := Recorded(repo)
	if err != nil {
		return nil, err
	}
	res := &Result{Repo: repo}
	for _, d := range dirs {
		if d == repo.HooksDir {
			continue
		}
		old := *repo
		old.HooksDir = d
		r, err := uninstallDir(&old)
		if err != nil {
			return nil, err
		}
		for _, a := range r.Actions {
			if !strings.HasPrefix(a, "the guard was not installed") {
				res.Actions = append(res.Actions, a)
			}
		}
		res.Warnings = append(res.Warnings, r.Warnings...)
	}
	r, err := uninstallDir(repo)
	if err != nil {
		return nil, err
	}
	if len(res.Actions) == 0 || !strings.HasPrefix(strings.Join(r.Actions, ""), "the guard was not installed") {
		res.Actions = append(res.Actions, r.Actions...)
	}
	res.Hooks, res.Warnings = r.Hooks, append(res.Warnings, r.Warnings...)
	if err := writeRecord(repo, nil); err != nil {
		return nil, fmt.Errorf("removing the guard's record: %w", err)
	}
	if repo.GitDir != "" {
		for _, f := range []string{shownFile, lastReviewFile} {
			if err := os.Remove(filepath.Join(repo.GitDir, f)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return nil, err
			}
		}
	}
	return res, nil
}

// uninstallDir removes the guard from one hooks folder, repo.HooksDir.
func uninstallDir(repo *Repo) (*Result, error) {
	res := &Result{Repo: repo}
	for _, name := range GitHooks {
		st, err := stateOf(repo, name)
		if err != nil {
			return nil, err
		}
		switch {
		case st.Installed:
			if err := os.Remove(st.Path); err != nil {
				return nil, fmt.Errorf("removing %s: %w", st.Path, err)
			}
			res.Actions = append(res.Actions, "removed "+st.Path)
			if st.Chained {
				if err := os.Rename(st.ChainedPath, st.Path); err != nil {
					return nil, fmt.Errorf("restoring %s: %w", st.Path, err)
				}
				res.Actions = append(res.Actions, fmt.Sprintf("restored the original %s", name))
			}
			st = HookState{Name: name, Path: st.Path, Foreign: st.Chained}
		case st.Chained:
			res.Warnings = append(res.Warnings, fmt.Sprintf("%s is no longer the guard's; the hook it chained is still at %s", st.Path, st.ChainedPath))
		}
		res.Hooks = append(res.Hooks, st)
	}
	created := filepath.Join(repo.HooksDir, createdDirMarker)
	if _, err := os.Stat(created); err == nil {
		if err := os.Remove(created); err != nil {
			return nil, err
		}
		if entries, err := os.ReadDir(repo.HooksDir); err == nil && len(entries) == 0 {
			if err := os.Remove(repo.HooksDir); err == nil {
				res.Actions = append(res.Actions, "removed the folder "+repo.HooksDir+" that install created")
			}
		}
	}
	if len(res.Actions) == 0 {
		res.Actions = append(res.Actions, "the guard was not installed in "+repo.HooksDir)
	}
	return res, nil
}

// Script returns the guard's git hook NAME: it runs the chained original
// first (same arguments, same standard input, its exit status kept), then
// asks hookwarden for a review check that never fails the git command.
// post-index-change asks only when git updated the work tree ($1 = 1) and
// reference-transaction only once a transaction that moved HEAD or a branch
// is committed, so neither starts hookwarden for the many index writes and
// ref updates that change nothing under the user. Each passes the git
// process ($PPID) so that one git command prints its block once.
func Script(name, bin string) string {
	var b strings.Builder
	b.WriteString("#!/bin/sh\n")
	b.WriteString("# Hookwarden's guard: reviews agent hooks after git changed the work tree.\n")
	b.WriteString("# Installed by `hookwarden guard install`; `hookwarden guard uninstall` restores what was here.\n")
	b.WriteString(marker + "\n")
	fmt.Fprintf(&b, "hw_chained=\"$(dirname \"$0\")/%s%s\"\n", name, chainedSuffix)
	b.WriteString("hw_rc=0\n")
	check := "guard check --git-hook " + name + " --git-pid \"$PPID\""
	switch name {
	case "reference-transaction":
		// The chained hook and the check both read the updated refs.
		b.WriteString("hw_in=$(cat)\n")
		b.WriteString("if [ -x \"$hw_chained\" ]; then\n  printf '%s\\n' \"$hw_in\" | \"$hw_chained\" \"$@\"\n  hw_rc=$?\nfi\n")
		b.WriteString("[ \"$1\" = committed ] || exit $hw_rc\n")
		b.WriteString("case \"$hw_in\" in *\" HEAD\"*|*\" refs/heads/\"*) ;; *) exit $hw_rc ;; esac\n")
	default:
		b.WriteString("if [ -x \"$hw_chained\" ]; then\n  \"$hw_chained\" \"$@\"\n  hw_rc=$?\nfi\n")
		if name == "post-index-change" {
			b.WriteString("[ \"$1\" = 1 ] || exit $hw_rc\n")
			// checkout, switch and restore run post-checkout right after:
			// that one checks (one start of hookwarden, not two).
			b.WriteString("if [ -r \"/proc/$PPID/cmdline\" ]; then\n")
			b.WriteString("  hw_sub=$(tr '\\000' '\\n' < \"/proc/$PPID/cmdline\" 2>/dev/null | awk 'NR == 1 { next } skip { skip = 0; next } $0 == \"-c\" || $0 == \"-C\" { skip = 1; next } /^-/ { next } { print; exit }')\n")
			b.WriteString("  case \"$hw_sub\" in checkout|switch|restore) exit $hw_rc ;; esac\n")
			b.WriteString("fi\n")
		}
	}
	fmt.Fprintf(&b, "hw_bin=%s\n", shellQuote(bin))
	b.WriteString("[ -x \"$hw_bin\" ] || hw_bin=$(command -v hookwarden 2>/dev/null) || hw_bin=\n")
	// Never silent: without hookwarden nothing is checked, and that is said.
	b.WriteString("if [ -z \"$hw_bin\" ]; then\n")
	fmt.Fprintf(&b, "  echo %s >&2\n  exit $hw_rc\nfi\n", shellQuote("hookwarden guard: hookwarden is not found (it was "+bin+"), so the agent hooks were not checked; install it again, or remove the guard with `hookwarden guard uninstall`"))
	if name == "reference-transaction" {
		fmt.Fprintf(&b, "printf '%%s\\n' \"$hw_in\" | \"$hw_bin\" %s 1>&2 || :\n", check)
	} else {
		fmt.Fprintf(&b, "\"$hw_bin\" %s </dev/null 1>&2 || :\n", check)
	}
	b.WriteString("exit $hw_rc\n")
	return b.String()
}

// shellQuote quotes s as one POSIX shell word.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
