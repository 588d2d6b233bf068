package guard

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/settingsio"
)

// recordFile, in the repository's common git folder, lists the hooks
// folders the guard was installed into, one a line. It is how the guard
// notices that git no longer runs it (core.hooksPath moved, as hook
// managers such as husky set it) and how uninstall finds its files again
// wherever core.hooksPath points now.
const recordFile = "hookwarden-guard-installed"

func recordPath(repo *Repo) string {
	dir := repo.CommonDir
	if dir == "" {
		dir = filepath.Dir(repo.HooksDir)
	}
	return filepath.Join(dir, recordFile)
}

// Recorded are the hooks folders the guard was installed into in repo; nil
// when it never was (or was uninstalled).
func Recorded(repo *Repo) ([]string, error) {
	data, err := os.ReadFile(recordPath(repo))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("reading the guard's record: %w", err)
	}
	var dirs []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" && filepath.IsAbs(l) && !slices.Contains(dirs, l) {
			dirs = append(dirs, filepath.Clean(l))
		}
	}
	return dirs, nil
}

func writeRecord(repo *Repo, dirs []string) error {
	if len(dirs) == 0 {
		err := os.Remove(recordPath(repo))
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	return settingsio.WriteFileAtomic(recordPath(repo), []byte(strings.Join(dirs, "\n")+"\n"), 0o644)
}

// Health says, in one sentence for the user, why git does not run the
// guard in repo although it was installed there: core.hooksPath points to
// another folder now, or another tool replaced one of its hooks. It is ""
// when the guard runs, and when it was never installed.
func Health(repo *Repo) (string, error) {
	dirs, err := Recorded(repo)
	if err != nil {
		return "", err
	}
	if len(dirs) == 0 {
		// No record: never installed, or installed by a Hookwarden that
		// kept none (and fewer hooks); its files say which.
		for _, name := range GitHooks {
			if st, err := stateOf(repo, name); err == nil && st.Installed {
				dirs = []string{repo.HooksDir}
				break
			}
		}
		if len(dirs) == 0 {
			return "", nil
		}
	}
	if !slices.Contains(dirs, repo.HooksDir) {
		return fmt.Sprintf("git no longer runs the guard: git now runs the hooks in %s (core.hooksPath), and the guard is installed in %s; a pull or checkout is not checked until you run `hookwarden guard install` again (it keeps the hooks there and runs them first) or `hookwarden guard uninstall`",
			repo.HooksDir, strings.Join(dirs, ", ")), nil
	}
	var missing, notExec []string
	for _, name := range GitHooks {
		st, err := stateOf(repo, name)
		if err != nil {
			return "", err
		}
		switch {
		case !st.Installed:
			missing = append(missing, name)
		default:
			// git skips a hook file that is not executable.
			if fi, err := os.Stat(st.Path); err != nil || fi.Mode().Perm()&0o100 == 0 {
				notExec = append(notExec, name)
			}
		}
	}
	if len(missing) > 0 {
		return fmt.Sprintf("git no longer runs the guard's %s in %s (removed or replaced by another hook); run `hookwarden guard install` again", strings.Join(missing, ", "), repo.HooksDir), nil
	}
	if len(notExec) > 0 {
		return fmt.Sprintf("git skips the guard's %s in %s: not executable any more; run `hookwarden guard install` again", strings.Join(notExec, ", "), repo.HooksDir), nil
	}
	return "", nil
}
