package settingsio

import (
	"os"
	"path/filepath"
	"strings"
)

// watchTargets are the paths a Watcher reports: files whose content
// matters, and folders whose direct entries matter (an extension folder: a
// new extension, a changed manifest or .env).
type watchTargets struct {
	files map[string]bool
	dirs  map[string]bool
	// subs are folders where a new folder matters, not a new file
	// (WatchList.Subfolders): one that appears in them is reported and
	// becomes one of them at once, until the next retarget.
	subs map[string]bool
	// aliases maps the file a symbolic link target points to back to the
	// target, so that an edit of the real file is reported.
	aliases map[string]string
}

// WatchList collects watch paths: files as they are, folders with a
// trailing separator; empty paths are skipped.
type WatchList []string

func (w *WatchList) File(p string) {
	if p != "" {
		*w = append(*w, filepath.Clean(p))
	}
}

// Layers adds the path of every layer file (nil entries skipped).
func (w *WatchList) Layers(files []*File) {
	for _, f := range files {
		if f != nil {
			w.File(f.Path)
		}
	}
}

func (w *WatchList) Dir(p string) {
	if p != "" {
		*w = append(*w, filepath.Clean(p)+string(filepath.Separator))
	}
}

// subfoldersMark ends a watch path that marks a folder whose new
// subfolders matter (WatchList.Subfolders): "<folder>/**/".
const subfoldersMark = string(filepath.Separator) + "**" + string(filepath.Separator)

// Subfolders adds folder p as one where a new folder matters and a new
// file does not: a folder created in it is reported, and watched the same
// way at once together with every folder it already holds (a checkout
// or `mkdir -p` makes a tree in one go), so that what appears in the new
// folder before the caller has looked at it is reported too.
func (w *WatchList) Subfolders(p string) {
	if p != "" {
		*w = append(*w, filepath.Clean(p)+subfoldersMark)
	}
}

// newWatchTargets sorts paths into files and folders (a trailing
// separator marks a folder) and resolves symbolic links of files.
func newWatchTargets(paths []string) *watchTargets {
	t := &watchTargets{files: map[string]bool{}, dirs: map[string]bool{}, subs: map[string]bool{}, aliases: map[string]string{}}
	for _, p := range paths {
		if p == "" {
			continue
		}
		if d, ok := strings.CutSuffix(p, subfoldersMark); ok {
			t.subs[filepath.Clean(d)] = true
			continue
		}
		if strings.HasSuffix(p, string(filepath.Separator)) {
			t.dirs[filepath.Clean(p)] = true
			continue
		}
		t.files[filepath.Clean(p)] = true
	}
	t.resolveLinks()
	return t
}

// resolveLinks (re)computes the aliases of files that are symbolic links.
func (t *watchTargets) resolveLinks() {
	clear(t.aliases)
	for p := range t.files {
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			continue
		}
		if real, err := filepath.EvalSymlinks(p); err == nil && real != p {
			t.aliases[real] = p
		}
	}
}

// foldersToWatch returns the folders to give the OS watcher: for each file
// (and link target) the nearest existing folder on the way to its parent;
// for each folder target the folder itself when it exists and the nearest
// existing folder on the way to its parent.
func (t *watchTargets) foldersToWatch() map[string]bool {
	out := map[string]bool{}
	add := func(p string) {
		if d := nearestExisting(filepath.Dir(p)); d != "" {
			out[d] = true
		}
	}
	for p := range t.files {
		add(p)
	}
	for real := range t.aliases {
		add(real)
	}
	for d := range t.dirs {
		if isWatchableDir(d) {
			out[d] = true
		}
		add(d)
	}
	for d := range t.subs {
		if isWatchableDir(d) {
			out[d] = true
		}
		add(d)
	}
	return out
}

// nearestExisting returns p or its closest existing ancestor folder.
func nearestExisting(p string) string {
	for {
		if isWatchableDir(p) {
			return p
		}
		parent := filepath.Dir(p)
		if parent == p {
			return ""
		}
		p = parent
	}
}

func isWatchableDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// affected returns the targets an event on path concerns. created says
// the event may have made something appear (create, rename into), removed
// that it may have made something disappear.
func (t *watchTargets) affected(path string, created, removed bool) []string {
	var out []string
	if t.files[path] {
		out = append(out, path)
	}
	if orig, ok := t.aliases[path]; ok {
		out = append(out, orig)
	}
	if t.dirs[path] || t.dirs[filepath.Dir(path)] {
		out = append(out, path)
	}
	if (created && t.subs[filepath.Dir(path)] && isWatchableDir(path)) || ((created || removed) && t.subs[path]) {
		out = append(out, path) // a folder came or went where one matters
	}
	if created || removed {
		// A folder on the way to targets appeared or went away.
		prefix := path + string(filepath.Separator)
		for _, p := range t.all() {
			if strings.HasPrefix(p, prefix) && (removed || lexists(p)) {
				out = append(out, p)
			}
		}
	}
	return out
}

// under returns the existing targets inside folder dir (direct or deeper).
func (t *watchTargets) under(dir string) []string {
	var out []string
	prefix := dir + string(filepath.Separator)
	for _, p := range t.all() {
		if strings.HasPrefix(p, prefix) && lexists(p) {
			out = append(out, p)
		}
	}
	return out
}

func (t *watchTargets) all() []string {
	out := make([]string, 0, len(t.files)+len(t.dirs))
	for p := range t.files {
		out = append(out, p)
	}
	for p := range t.dirs {
		out = append(out, p)
	}
	return out
}

func lexists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}
