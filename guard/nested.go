package guard

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// NestedFolders are the folders below repo's top (relative, slash
// separated, sorted) that hold a tracked file an agent reads when started
// there: markers are the agents' project files relative to the folder an
// agent starts in (".agent/settings.json", a folder as ".agent/skills/").
// An agent started in such a folder reads its files, which the review of
// the top does not (a monorepo's package: the user starts the agent in
// it). The files of checked-out submodules count too (a pull that
// updates one, with submodule.recurse or git submodule update, brings
// its agent files). At most max folders; more reports that there were
// others. An error from git is returned as is.
func NestedFolders(ctx context.Context, repo *Repo, markers []string, max int) (dirs []string, more bool, err error) {
	// --recurse-submodules: a submodule is one gitlink to the top's
	// index, none of its files
	args := []string{"ls-files", "-z", "--recurse-submodules", "--"}
	for _, m := range markers {
		if strings.HasSuffix(m, "/") {
			args = append(args, ":(glob)*/**/"+m+"**")
		} else {
			args = append(args, ":(glob)*/**/"+m)
		}
	}
	out, err := git(ctx, repo.Top, args...)
	if err != nil {
		return nil, false, err
	}
	seen := map[string]bool{}
	for _, f := range strings.Split(out, "\x00") {
		for _, m := range markers {
			if d, ok := nestedFolder(f, m); ok && !seen[d] {
				seen[d] = true
			}
		}
	}
	for d := range seen {
		// A folder git tracks but the work tree no longer holds (deleted
		// here, a sparse checkout) is no folder an agent can start in;
		// any other error of its Lstat is the review's to report.
		if _, err := os.Lstat(filepath.Join(repo.Top, filepath.FromSlash(d))); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	if len(dirs) > max {
		return dirs[:max], true, nil
	}
	return dirs, false, nil
}

// nestedFolder is the folder of file (slash separated, relative to the
// top) that marker m places it in: "pkg" for "pkg/.agent/settings.json"
// and m ".agent/settings.json" or ".agent/"; false at the top or when m
// does not place it.
func nestedFolder(file, m string) (string, bool) {
	for i := 0; ; {
		j := strings.Index(file[i:], "/"+m)
		if j < 0 {
			return "", false
		}
		j += i
		rest := file[j+1:]
		if rest == m || (strings.HasSuffix(m, "/") && strings.HasPrefix(rest, m)) {
			return path.Clean(file[:j]), true
		}
		i = j + 1
	}
}
