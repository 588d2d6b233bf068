package copilot

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
)

// paths are the places Copilot CLI reads hooks, settings and folder trust
// from for one session folder.
type paths struct {
	// Home is $HOME; CopilotHome is $COPILOT_HOME or ~/.copilot
	// (HomeFromEnv: COPILOT_HOME was set).
	Home        string
	CopilotHome string
	HomeFromEnv bool
	// UserHooksDir is <copilot home>/hooks, UserSettings its settings.json,
	// Config its config.json (folder trust; its hooks are not read).
	UserHooksDir string
	UserSettings string
	Config       string
	// Cwd is the session folder (links resolved); GitRoot the root of the
	// git work tree holding it ("" none); RepoRoot the folder whose
	// .github/hooks and settings Copilot reads: the git root, else Cwd.
	Cwd      string
	GitRoot  string
	RepoRoot string
}

// options say where to look.
type options struct {
	// Cwd is the session folder (absolute).
	Cwd string
	// Getenv reads the environment (HOME, COPILOT_HOME, …).
	Getenv func(string) string
	// PolicyDir replaces /etc/github-copilot/policy.d (tests).
	PolicyDir string
	// MaxHookEntries replaces maxHookFolderEntries when above 0 (tests).
	MaxHookEntries int
}

// defaultPolicyDir is where Copilot CLI looks for policy hooks (observed
// in its debug log: "Policy directory /etc/github-copilot/policy.d not
// readable — no file policies loaded").
const defaultPolicyDir = "/etc/github-copilot/policy.d"

// resolvePaths finds the paths for opts (observed: COPILOT_HOME moves
// hooks/, settings.json and config.json; the repository files come from
// the git root when the folder is in a git work tree, else from the cwd).
func resolvePaths(opts options) (paths, error) {
	getenv := opts.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	if !filepath.IsAbs(opts.Cwd) {
		return paths{}, fmt.Errorf("copilot: the session folder %q is not absolute", opts.Cwd)
	}
	cwd, err := filepath.EvalSymlinks(opts.Cwd)
	if err != nil {
		return paths{}, fmt.Errorf("copilot: session folder: %w", err)
	}
	p := paths{Cwd: cwd, Home: getenv("HOME")}
	if v := getenv("COPILOT_HOME"); v != "" {
		p.CopilotHome, p.HomeFromEnv = filepath.Clean(v), true
	} else {
		if p.Home == "" {
			return paths{}, errors.New("copilot: neither COPILOT_HOME nor HOME is set")
		}
		p.CopilotHome = filepath.Join(p.Home, ".copilot")
	}
	p.UserHooksDir = filepath.Join(p.CopilotHome, "hooks")
	p.UserSettings = filepath.Join(p.CopilotHome, "settings.json")
	p.Config = filepath.Join(p.CopilotHome, "config.json")
	p.GitRoot = gitRoot(cwd)
	p.RepoRoot = cwd
	if p.GitRoot != "" {
		p.RepoRoot = p.GitRoot
	}
	return p, nil
}

// gitRoot is the nearest folder at or above dir holding .git (a folder
// or a worktree's file), "" when none.
func gitRoot(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// Repository files, in the order Copilot runs their hooks after the
// .github/hooks files (observed, kit example basic).
var repoSettings = []string{
	filepath.Join(".claude", "settings.json"),
	filepath.Join(".claude", "settings.local.json"),
	filepath.Join(".github", "copilot", "settings.json"),
	filepath.Join(".github", "copilot", "settings.local.json"),
}

// hookFiles lists the *.json files of a hooks folder in the order Copilot
// runs them: reverse name order (observed: z.json … b.json, a.json,
// 2.json, 10.json — a reverse byte-wise sort), then those of its
// subfolders in reverse name order, at any depth, through links, hidden
// ones left out (observed: z.json, c.json, m/y.json, lnk/l.json, a/x.json,
// a/b/deep.json; not .hid/h.json). ~/.copilot/hooks is read the same way
// (observed too, twelve folders deep: TestUserHookFolderIsReadAtAnyDepth).
// Other files are ignored (observed); they are returned in ignored.
func hookFiles(dir string, limit int) (files, ignored []string, err error) {
	if limit <= 0 {
		limit = maxHookFolderEntries
	}
	return (&hookWalk{seen: map[string]bool{}, left: limit, limit: limit}).in(dir)
}

// maxHookFolderEntries bounds the entries read below a hooks folder: a
// link to / or to a large tree (Copilot follows links) would otherwise
// keep every listing busy for minutes. Past it the folder reads as one
// that cannot be listed, never as one that holds no more hooks.
const maxHookFolderEntries = 20000

// hookWalk is one listing of a hooks folder: each folder once (seen: real
// paths, so that a link loop ends), at most left entries in all.
type hookWalk struct {
	seen        map[string]bool
	left, limit int
}

func (w *hookWalk) in(dir string) (files, ignored []string, err error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
			return nil, nil, nil // no folder: no hooks (a file by that name is not read)
		}
		return nil, nil, err
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		if w.seen[real] {
			return nil, nil, nil
		}
		w.seen[real] = true
	}
	if w.left -= len(ents); w.left < 0 {
		return nil, nil, fmt.Errorf("more than %d entries below it (at %s): Hookwarden stopped before reading every file Copilot CLI may read there", w.limit, dir)
	}
	var subs []string
	for _, e := range ents {
		p := filepath.Join(dir, e.Name())
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			if !strings.HasPrefix(e.Name(), ".") { // a hidden folder is not read (observed)
				subs = append(subs, p)
			}
		} else if strings.HasSuffix(e.Name(), ".json") {
			files = append(files, p)
		} else if !e.IsDir() {
			ignored = append(ignored, p)
		}
	}
	slices.Sort(files)
	slices.Reverse(files)
	slices.Sort(subs)
	slices.Reverse(subs)
	for _, sub := range subs {
		f, ig, err := w.in(sub)
		if err != nil {
			return nil, nil, err
		}
		files, ignored = append(files, f...), append(ignored, ig...)
	}
	return files, ignored, nil
}

// within reports whether dir is folder or below it.
func within(dir, folder string) bool {
	if folder == "" {
		return false
	}
	folder = filepath.Clean(folder)
	if dir == folder {
		return true
	}
	rel, err := filepath.Rel(folder, dir)
	return err == nil && rel != "." && !strings.HasPrefix(rel, "..") && !filepath.IsAbs(rel)
}
