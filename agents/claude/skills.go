package claude

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"unicode/utf8"

	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Hooks in the YAML frontmatter of a project's skills
// (.claude/skills/<name>/SKILL.md) and subagents (.claude/agents/*.md):
// the "hooks" key holds the same event → matcher groups → handlers as a
// settings file. Claude Code registers a skill's hooks when the skill is
// invoked (for the rest of the session) and a subagent's while it runs;
// both arrive with the repository, so Hookwarden reviews them like
// project hooks.

// layerSkill is a project skill's SKILL.md or subagent's .md frontmatter.
const layerSkill settingsio.Layer = "skill"

// loadSkillFiles reads the frontmatter of every project skill, command
// and subagent file Claude Code finds for a session started in project,
// in folder then name order. A file whose frontmatter cannot be parsed
// has Err (and counts as unreadable); one without frontmatter has no
// Root.
func loadSkillFiles(project, repoRoot, home, goos string, env settingsio.Env, real bool) ([]*settingsio.File, []string) {
	if !real {
		return nil, nil
	}
	var out []*settingsio.File
	for _, d := range skillFolders(project, repoRoot, home, goos) {
		c := filepath.Join(d, ".claude")
		out = append(out, loadSkillDirs(filepath.Join(c, "skills"), filepath.Join(c, "agents"), filepath.Join(c, "commands"))...)
	}
	dirs, folders, err := nestedSkillSearch(project, repoRoot, env)
	for _, d := range dirs {
		out = append(out, loadSkillDirs(filepath.Join(project, filepath.FromSlash(d), ".claude", "skills"), "", "")...)
	}
	if err != nil {
		// Fail closed: a folder below the start folder may hold skills
		// Claude Code loads and Hookwarden has not read.
		out = append(out, &settingsio.File{Layer: layerSkill, Path: project, Exists: true,
			Err: &settingsio.ParseError{Path: project, Msg: "looking for the .claude/skills folders below the start folder, which Claude Code loads once the session reads or edits a file under them: " + err.Error()}})
	}
	return out, folders
}

// maxNestedWalk bounds the folders read below a start folder outside git
// when looking for nested skill folders.
var maxNestedWalk = 20000

// nestedSkillSearch finds the folders below the start folder (relative,
// slash separated, sorted) that hold a .claude/skills Claude Code may load
// in a session started there. Claude Code 2.1.332 (the "nested skills
// search"): when the session reads or edits a file, each folder from the
// file's own up to (not including) the start folder is looked at, and the
// skills of its .claude/skills are loaded unless git ignores that folder
// (the folder: a .gitignore that ignores only pkg/.claude/ still lets
// pkg's skills load); the model may then invoke one, which registers the
// hooks of its frontmatter (claude-live: a skill of pkg/.claude/skills ran
// its Stop hook once @pkg/notes.txt was read, with pkg/.claude/ ignored
// too; it was "Unknown skill" without that read, and with pkg/ ignored).
// In a git work tree the folders are those of the files git tracks or
// would add and those of the ignored entries below a folder git does not
// ignore, and every folder inside a submodule or an inner repository
// (git lists each as one entry) is walked; outside git (or when git cannot be asked) the folder tree is
// walked, up to maxNestedWalk entries: past that, or on any error, the
// error says that Hookwarden could not look everywhere.
//
// folders are, from the same listing, every folder below the start
// folder (relative, slash separated, sorted; none inside a .claude or
// ignored by git) where such a .claude/skills may appear during a
// session: `exec` watches them.
func nestedSkillSearch(project, repoRoot string, env settingsio.Env) (nested, folders []string, err error) {
	seen, all := map[string]bool{}, map[string]bool{}
	add := func(rel string) {
		// Every ".claude" component below the start folder names a
		// candidate: the folder it stands in.
		parts := strings.Split(strings.TrimSuffix(rel, "/"), "/")
		for i := 1; i < len(parts); i++ {
			if parts[i] == ".claude" {
				seen[strings.Join(parts[:i], "/")] = true
			}
		}
	}
	// folder records the folders on the way to rel (rel itself too when it
	// ends with "/"), up to a .claude: places where one may appear.
	folder := func(rel string) {
		parts := strings.Split(rel, "/")
		for i := 1; i < len(parts) && parts[i-1] != ".claude" && parts[i-1] != ""; i++ {
			all[strings.Join(parts[:i], "/")] = true
		}
	}
	both := func(rel string) { add(rel); folder(rel) }
	defer func() { folders = sortedNested(all) }()
	var gitErr error
	if repoRoot != "" {
		ctx := context.Background()
		kept, inner, err := workTreeEntries(ctx, project, env)
		var ignored []string
		var untracked []string
		if err == nil {
			// Untracked folders, each at its topmost untracked folder: an
			// empty one (git lists no file in it) is where a skill may
			// appear too.
			untracked, err = settingsio.GitLsFiles(ctx, project, env, "--others", "--exclude-standard", "--directory")
		}
		if err == nil {
			// Ignored entries, each at its topmost ignored folder: one
			// inside a .claude (pkg/.claude/) is in a folder git does not
			// ignore, whose skills Claude Code loads.
			ignored, err = settingsio.GitLsFiles(ctx, project, env, "--others", "--ignored", "--exclude-standard", "--directory")
		}
		if err == nil {
			for _, f := range kept {
				both(f)
			}
			// Claude Code loads nothing from an ignored folder: none is
			// watched.
			for _, f := range ignored {
				add(f)
			}
			n := 0
			// An untracked folder in which git lists no file holds only
			// folders or ignored entries: its folders are walked, the
			// ignored ones left out.
			skip := map[string]bool{}
			for _, f := range ignored {
				skip[strings.TrimSuffix(f, "/")] = true
			}
			for _, d := range untracked {
				d = strings.TrimSuffix(d, "/")
				if d == "" || all[d] || skip[d] {
					continue
				}
				if _, err := os.Lstat(filepath.Join(project, filepath.FromSlash(d), ".git")); err == nil {
					continue // an inner repository: walked below
				}
				if err := walkFolders(project, d, skip, folder, &n); err != nil {
					return sortedNested(seen), nil, err
				}
			}
			// git lists a submodule or a repository inside the work tree
			// as one entry and nothing of what it holds: those folders
			// are walked.
			for _, d := range inner {
				folder(d + "/")
				if err := walkForClaudeFolders(project, filepath.Join(project, filepath.FromSlash(d)), both, &n); err != nil {
					return sortedNested(seen), nil, err
				}
			}
			return sortedNested(seen), nil, nil
		}
		gitErr = err
	}
	n := 0
	if walkErr := walkForClaudeFolders(project, project, both, &n); walkErr != nil {
		if gitErr != nil {
			walkErr = fmt.Errorf("%v; and git could not be asked: %v", walkErr, gitErr)
		}
		return sortedNested(seen), nil, walkErr
	}
	return sortedNested(seen), nil, nil
}

// workTreeEntries are, in one git listing, the files below project that
// git tracks or would add (relative, slash separated) and the folders it
// lists as one entry: submodules (gitlinks, mode 160000) and repositories
// that are not ignored and not tracked (an untracked folder holding a
// .git), whose files git does not list.
func workTreeEntries(ctx context.Context, project string, env settingsio.Env) (files, inner []string, err error) {
	entries, err := settingsio.GitLsFiles(ctx, project, env, "--stage", "--cached", "--others", "--exclude-standard")
	if err != nil {
		return nil, nil, err
	}
	for _, e := range entries {
		if meta, path, staged := strings.Cut(e, "\t"); staged {
			if strings.HasPrefix(meta, "160000 ") {
				inner = append(inner, path)
			} else {
				files = append(files, path)
			}
			continue
		}
		if strings.HasSuffix(e, "/") {
			if _, err := os.Lstat(filepath.Join(project, filepath.FromSlash(e), ".git")); err == nil {
				inner = append(inner, strings.TrimSuffix(e, "/"))
			}
			continue
		}
		files = append(files, e)
	}
	return files, inner, nil
}

// walkForClaudeFolders walks root (project or a folder below it) and adds
// every folder found (a .claude folder names a candidate), relative to
// project and ending in "/"; n counts the entries
// read across walks, up to maxNestedWalk.
func walkForClaudeFolders(project, root string, add func(rel string), n *int) error {
	return filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			if p == root {
				if os.IsNotExist(err) {
					return filepath.SkipAll // no folder, no skills
				}
				return err
			}
			return fmt.Errorf("reading %s: %w", p, err)
		}
		if p == root {
			return nil
		}
		if *n++; *n > maxNestedWalk {
			return fmt.Errorf("more than %d entries below the start folder", maxNestedWalk)
		}
		if d.Name() == ".git" && d.IsDir() {
			return filepath.SkipDir
		}
		if d.IsDir() {
			// add is called with every folder (ending in "/"): the
			// .claude folders name candidates, the others are where one
			// may appear.
			rel, _ := filepath.Rel(project, p)
			add(filepath.ToSlash(rel) + "/")
		}
		return nil
	})
}

// walkFolders records rel (a folder below project, slash separated) and
// every folder below it as places where a nested skills folder may
// appear, leaving out .git and the folders in skip (ignored by git); n
// counts the entries read, up to maxNestedWalk.
func walkFolders(project, rel string, skip map[string]bool, folder func(rel string), n *int) error {
	return filepath.WalkDir(filepath.Join(project, filepath.FromSlash(rel)), func(p string, d os.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) {
				return nil // gone since git listed it
			}
			return fmt.Errorf("reading %s: %w", p, err)
		}
		if !d.IsDir() {
			return nil
		}
		if *n++; *n > maxNestedWalk {
			return fmt.Errorf("more than %d entries below the start folder", maxNestedWalk)
		}
		r, _ := filepath.Rel(project, p)
		r = filepath.ToSlash(r)
		if d.Name() == ".git" || skip[r] {
			return filepath.SkipDir
		}
		folder(r + "/")
		return nil
	})
}

func sortedNested(seen map[string]bool) []string {
	var out []string
	for d := range seen {
		if d != "" {
			out = append(out, d)
		}
	}
	sort.Strings(out)
	return out
}

// skillFolders are the folders whose .claude/skills, .claude/commands
// and .claude/agents Claude Code reads: the start folder and each folder
// above it up to the git work tree's root (claude-live 2.1.332: a skill
// and a command of the root ran in a session started in a subfolder, one
// above the root did not); outside git every folder above it, the home
// folder left out (its .claude is the user's own).
func skillFolders(project, repoRoot, home, goos string) []string {
	dirs := []string{project}
	if repoRoot != "" && sameFolder(goos, project, repoRoot) {
		return dirs
	}
	for d := filepath.Dir(project); ; d = filepath.Dir(d) {
		if !sameFolder(goos, d, home) {
			dirs = append(dirs, d)
		}
		if (repoRoot != "" && sameFolder(goos, d, repoRoot)) || filepath.Dir(d) == d {
			return dirs
		}
	}
}

// maxCommandDepth bounds the folders read below a commands folder (a
// link may lead back up).
const maxCommandDepth = 16

// loadSkillDirs reads skills/<name>/SKILL.md, agents/**/*.md and
// commands/**/*.md (Claude Code names a command in a subfolder
// "sub:name" and runs its frontmatter's hooks when it is invoked).
func loadSkillDirs(skills, agentsDir, commandsDir string) []*settingsio.File {
	var paths []string
	if entries, err := os.ReadDir(skills); err == nil {
		for _, e := range entries {
			p := filepath.Join(skills, e.Name(), "SKILL.md")
			if _, err := os.Stat(p); err == nil {
				paths = append(paths, p)
			}
		}
	}
	paths = markdownBelow(paths, agentsDir, 0)
	paths = markdownBelow(paths, commandsDir, 0)
	sort.Strings(paths)
	var out []*settingsio.File
	for _, p := range paths {
		out = append(out, loadSkillFile(p))
	}
	return out
}

// markdownBelow appends the *.md files in dir and its subfolders (links
// followed, at most maxCommandDepth deep).
func markdownBelow(paths []string, dir string, depth int) []string {
	entries, err := os.ReadDir(dir)
	if err != nil || depth > maxCommandDepth {
		return paths
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		fi, err := os.Stat(p)
		switch {
		case err != nil:
			if strings.HasSuffix(e.Name(), ".md") {
				paths = append(paths, p) // unreadable: loadSkillFile says so
			}
		case fi.IsDir():
			paths = markdownBelow(paths, p, depth+1)
		case strings.HasSuffix(e.Name(), ".md"):
			paths = append(paths, p)
		}
	}
	return paths
}

// loadSkillFile reads one skill or subagent file's frontmatter.
func loadSkillFile(path string) *settingsio.File {
	f := &settingsio.File{Layer: layerSkill, Path: path}
	data, err := settingsio.ReadRegularFile(path)
	if err != nil {
		f.Exists = !os.IsNotExist(err)
		f.Err = &settingsio.ParseError{Path: path, Msg: fmt.Sprintf("reading: %v", err)}
		return f
	}
	f.Exists, f.Raw = true, data
	f.Root, f.Err = parseFrontmatter(path, data)
	return f
}

// parseFrontmatter reads the YAML frontmatter of a Markdown file into a
// node with the positions of the file; nil when the file has none. The
// frontmatter is found as Claude Code finds it (2.1.332:
// /^---\s*\n([\s\S]*?)---\s*\n?/ after a byte order mark): the opening
// "---" may be followed by any JavaScript whitespace (spaces, tabs, blank
// lines) before its line ends, and the block ends at the first "---"
// after it, wherever it stands (inside a line too: the YAML is cut
// there). A block that holds more than one YAML document is an error
// (Claude Code's reading of it may not be Hookwarden's), never "no hooks".
func parseFrontmatter(path string, data []byte) (*settingsio.Node, *settingsio.ParseError) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	start, ok := frontmatterStart(data)
	if !ok {
		return nil, nil
	}
	offset := bytes.Count(data[:start], []byte("\n"))
	end := bytes.Index(data[start:], []byte("---"))
	if end < 0 {
		return nil, &settingsio.ParseError{Path: path, Line: 1, Column: 1, Msg: "the frontmatter opened on line 1 is never closed with ---"}
	}
	end += start
	root, err := claudeschema.ParseYAML(data[start:end], offset,
		"the frontmatter holds more than one YAML document (a ... or --- line inside it); Hookwarden cannot tell which hooks Claude Code reads from it")
	if err != nil {
		return nil, &settingsio.ParseError{Path: path, Line: offset + 1, Column: 1, Msg: err.Error()}
	}
	if root == nil {
		return nil, nil
	}
	if root.Kind != settingsio.Object {
		return nil, &settingsio.ParseError{Path: path, Line: root.Pos.Line, Column: root.Pos.Column,
			Msg: fmt.Sprintf("the frontmatter must be a mapping, not %s", root.Kind)}
	}
	return root, nil
}

// frontmatterStart is where a frontmatter's YAML begins: after "---" at
// the start of data, a run of JavaScript whitespace and its last line
// feed (the regular expression's greedy \s*\n); false when data does not
// open a frontmatter.
func frontmatterStart(data []byte) (int, bool) {
	if !bytes.HasPrefix(data, []byte("---")) {
		return 0, false
	}
	start := -1
	for i := 3; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if !jsSpace(r) {
			break
		}
		i += size
		if r == '\n' {
			start = i
		}
	}
	return start, start >= 0
}

// jsSpace reports whether JavaScript's \s matches r.
func jsSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// collectSkills lists the hooks of every project skill and subagent
// frontmatter.
func (r *registry) collectSkills() {
	collect := func(fs []*settingsio.File, plugin *plugin) {
		for _, f := range fs {
			if f.Err != nil {
				r.Diagnostics = append(r.Diagnostics, hooks.Diagnostic{File: f.Err.Path, Line: f.Err.Line, Column: f.Err.Column,
					Severity: hooks.SeverityError, Message: f.Err.Msg + "; Hookwarden cannot tell which hooks it holds"})
				continue
			}
			if f.Root != nil {
				r.collectHooks(f, f.Root.Get("hooks"), "hooks", plugin)
			}
		}
	}
	collect(r.Snapshot.Skills, nil)
	// The user's own skills and subagents: their hooks run in the project
	// folder once invoked (claude-live: ~/.claude/skills/fmt's Stop hook
	// `sh scripts/fmt.sh` and ~/.claude/agents/rev.md's ran the project's
	// scripts), reviewed for it like the user's settings hooks when they
	// reach its code (reachingHooks).
	collect(r.Snapshot.UserSkills, nil)
	for _, p := range r.Snapshot.Plugins {
		if p.Root != "" {
			collect(p.Skills, p)
		}
	}
}

// inFrontmatter says h is written in the frontmatter of a skill, command
// or subagent file: the project's (layerSkill) or the user's own (layer
// user, a Markdown file; the user's settings are JSON).
func inFrontmatter(h *hooks.Hook) bool {
	return h.Origin.Layer == layerSkill || h.Origin.Layer == settingsio.LayerUser && strings.EqualFold(filepath.Ext(h.Origin.File), ".md")
}

// skillNote says when the hooks of a skill or subagent file run; project
// is the start folder, below which a skill's folder is a nested one.
func skillNote(h *hooks.Hook, project string) string {
	if !inFrontmatter(h) {
		return ""
	}
	name := filepath.Base(filepath.Dir(h.Origin.File))
	if filepath.Base(h.Origin.File) != "SKILL.md" {
		return "only while the subagent " + strings.TrimSuffix(filepath.Base(h.Origin.File), ".md") + " runs"
	}
	// <folder>/.claude/skills/<name>/SKILL.md
	folder := filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(h.Origin.File))))
	if rel, err := filepath.Rel(project, folder); err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "only once the session reads or edits a file under " + filepath.ToSlash(rel) + "/ (Claude Code then loads the skills of " +
			filepath.ToSlash(filepath.Join(rel, ".claude", "skills")) + ") and the skill " + name + " is invoked (then for the rest of the session)"
	}
	return "only once the skill " + name + " is invoked (then for the rest of the session)"
}
