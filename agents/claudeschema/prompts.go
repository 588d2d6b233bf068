package claudeschema

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	toml "github.com/pelletier/go-toml/v2"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// maxTemplateFiles caps the files PromptTemplates reads under one folder:
// past it the folder is one invalid entry (it needs review), never clean.
const maxTemplateFiles = 20000

// PromptTemplates lists the shell commands of the prompt templates (custom
// commands) under root: every .toml file's "prompt" and every .md file's
// text (only the suffixes of c.Templates when set), in every subfolder, links followed, as the agent's loader globs
// them (**/*.toml, **/*.md, dot files and links included). Each command
// written as trigger{…} (braces balanced), which the agent runs with a
// shell when the template is used, is one entry of kind
// hooks.KindPromptCommand per file, the whole file its value, so any
// change to the file needs review; a file the agent would not read as
// written (TOML that does not parse, an unclosed trigger) or that cannot
// be read is an invalid entry. off, when set, says why the agent loads
// none here (the entries are still reviewed). It returns the files that
// have entries (for the snapshot).
func (c Commands) PromptTemplates(layer settingsio.Layer, root, trigger, when, off string) ([]*hooks.Hook, []*settingsio.File) {
	suffixes := c.Templates
	if len(suffixes) == 0 {
		suffixes = []string{".toml", ".md"}
	}
	var paths []string
	var tooMany, walkErr error
	seen := map[string]bool{}
	var walk func(dir string)
	walk = func(dir string) {
		real, err := filepath.EvalSymlinks(dir)
		if err != nil || seen[real] {
			if err != nil && !os.IsNotExist(err) {
				walkErr = err
			}
			return
		}
		seen[real] = true
		ents, err := os.ReadDir(dir)
		if err != nil {
			if !os.IsNotExist(err) {
				walkErr = err
			}
			return
		}
		for _, e := range ents {
			p := filepath.Join(dir, e.Name())
			st, err := os.Stat(p) // a link is followed, as the agent's glob does
			switch {
			case err != nil:
				if _, lerr := os.Lstat(p); lerr == nil && !os.IsNotExist(err) {
					walkErr = err
				}
			case st.IsDir():
				walk(p)
			case slices.ContainsFunc(suffixes, func(s string) bool { return strings.HasSuffix(p, s) }):
				if len(paths) >= maxTemplateFiles {
					tooMany = fmt.Errorf("more than %d template files", maxTemplateFiles)
					return
				}
				paths = append(paths, p)
			}
		}
	}
	walk(root)
	sort.Strings(paths)
	var out []*hooks.Hook
	var files []*settingsio.File
	add := func(f *settingsio.File, h *hooks.Hook) {
		h.When = when
		setRunning(h, when, off)
		out, files = append(out, h), append(files, f)
	}
	for _, err := range []error{walkErr, tooMany} {
		if err != nil {
			f := &settingsio.File{Layer: layer, Path: root, Exists: true, Err: &settingsio.ParseError{Path: root, Msg: err.Error()}}
			add(f, c.Unreadable(f, hooks.KindPromptCommand, "prompt commands"))
		}
	}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		f := &settingsio.File{Layer: layer, Path: path, Exists: true, Raw: data}
		if err != nil {
			f.Err = &settingsio.ParseError{Path: path, Msg: "reading: " + err.Error()}
			add(f, c.Unreadable(f, hooks.KindPromptCommand, "prompt commands"))
			continue
		}
		text := string(data)
		if strings.HasSuffix(path, ".toml") {
			var doc map[string]any
			if err := toml.Unmarshal(data, &doc); err != nil {
				f.Err = &settingsio.ParseError{Path: path, Line: 1, Column: 1, Msg: "TOML: " + err.Error()}
				add(f, c.Unreadable(f, hooks.KindPromptCommand, "prompt commands"))
				continue
			}
			p, _ := doc["prompt"].(string)
			text = p
		}
		cmds, bad := injections(text, trigger)
		injected := c.injected(text, trigger)
		var unwatched []trust.UnresolvedCode
		for _, in := range injected {
			more, b := injections(in.text, trigger)
			cmds = append(cmds, more...)
			if bad == "" && b != "" {
				bad = in.path + ": " + b
			}
			if in.unfound {
				unwatched = append(unwatched, trust.UnresolvedCode{Text: in.path, File: path, Line: 1, Kind: trust.ReasonComputed,
					Why: "the agent looks a relative path it injects up in each of its workspace folders in turn, and it is in none that Hookwarden knows of (" + strings.Join(c.injectDirs(), ", ") +
						"): a folder the agent is given only when it starts (--include-directories, an editor's workspace folders) or during the session may hold it, and whatever that file says runs; put the file in the project or write its path absolute"})
			}
		}
		if len(cmds) == 0 && bad == "" && len(injected) == 0 {
			continue
		}
		n := stringNode(string(data))
		if len(injected) > 0 {
			n = &settingsio.Node{Kind: settingsio.Object, Pos: n.Pos, Members: []settingsio.Member{{Key: "file", Value: n}}}
			for _, in := range injected {
				n.Members = append(n.Members, settingsio.Member{Key: in.path, Value: stringNode(in.text)})
			}
		}
		rel, _ := filepath.Rel(root, path)
		h := c.entry(f, hooks.KindPromptCommand, strings.TrimSuffix(rel, filepath.Ext(rel)), n, "")
		h.Type, h.Command = "command", strings.Join(cmds, "\n")
		if c.Started {
			h.Ext = spawned{texts: cmds, args: c.Args}
		}
		if bad != "" {
			invalid(h, n, bad)
		}
		if len(unwatched) > 0 {
			h.Ext = &promptExt{spawn: spawnOf(h), unwatched: unwatched}
		}
		add(f, h)
	}
	return out, files
}

// promptExt, as a prompt command's Ext: unwatched are the paths it
// injects that are in none of the workspace folders Hookwarden knows of;
// reaches, for a template of the user's own (ReachingTemplates), the
// relative paths it injects from the project.
type promptExt struct {
	spawn     *spawned // how the agent starts it (Commands.Started), nil when not told
	unwatched []trust.UnresolvedCode
	reaches   []string
}

// Spawn is the spawn of its shell steps (spawned.Spawn), nil when not told.
func (e *promptExt) Spawn() func([]string) bool {
	if e.spawn == nil {
		return nil
	}
	return e.spawn.Spawn()
}

// spawnOf is how the agent starts the entry h as its Ext says, nil when
// it does not say.
func spawnOf(h *hooks.Hook) *spawned {
	switch e := h.Ext.(type) {
	case spawned:
		return &e
	case *promptExt:
		return e.spawn
	}
	return nil
}

// InjectUnwatched is what Hookwarden cannot watch of the prompt command h
// (of PromptTemplates): each relative path it injects that is in none of
// the agent's workspace folders Hookwarden knows of (Commands.Workspace,
// InjectDirs), since a folder the agent is given at run time may hold it.
func InjectUnwatched(h *hooks.Hook) []trust.UnresolvedCode {
	if e, ok := h.Ext.(*promptExt); ok {
		return e.unwatched
	}
	return nil
}

// Reaches are the relative paths the prompt command h, a template of the
// user's own (ReachingTemplates), injects from the project: nil for any
// other entry.
func Reaches(h *hooks.Hook) []string {
	if e, ok := h.Ext.(*promptExt); ok {
		return e.reaches
	}
	return nil
}

// ReachingTemplates is PromptTemplates of root, a folder of templates of
// the user's own (or of an extension) that the agent loads in every
// project, keeping the templates that inject a relative path and run the
// shell step: the agent looks the path up in the project's workspace
// folders (Workspace, InjectDirs) and runs the trigger{…} commands written
// in the file it finds, so the project decides what they run. Reaches
// names the paths of each.
func (c Commands) ReachingTemplates(layer settingsio.Layer, root, trigger, when string) ([]*hooks.Hook, []*settingsio.File) {
	hs, fs := c.PromptTemplates(layer, root, trigger, when, "")
	var out []*hooks.Hook
	var files []*settingsio.File
	for i, h := range hs {
		var reaches []string
		if h.Node.Is(settingsio.Object) {
			for _, m := range h.Node.Members {
				if p, ok := strings.CutPrefix(m.Key, c.Inject); ok && c.Inject != "" && strings.HasSuffix(p, "}") && !filepath.IsAbs(strings.TrimSuffix(p, "}")) {
					reaches = append(reaches, m.Key)
				}
			}
		}
		if len(reaches) == 0 {
			continue
		}
		h.Ext = &promptExt{spawn: spawnOf(h), unwatched: InjectUnwatched(h), reaches: reaches}
		out, files = append(out, h), append(files, fs[i])
	}
	return out, files
}

// ProjectAndUserTemplates is PromptTemplates of the project's root and
// ReachingTemplates of the user's userRoot, the project's first.
func (c Commands) ProjectAndUserTemplates(project settingsio.Layer, root string, user settingsio.Layer, userRoot, trigger, when, off string) ([]*hooks.Hook, []*settingsio.File) {
	hs, fs := c.PromptTemplates(project, root, trigger, when, off)
	if userRoot == "" || userRoot == root {
		return hs, fs
	}
	uh, uf := c.ReachingTemplates(user, userRoot, trigger, when)
	return append(hs, uh...), append(fs, uf...)
}

// injections are the commands written as trigger{…} in text, braces
// balanced, as the agent extracts them; bad says why the agent refuses the
// text (an unclosed trigger).
func injections(text, trigger string) (cmds []string, bad string) {
	for i := 0; i < len(text); {
		start := strings.Index(text[i:], trigger)
		if start < 0 {
			break
		}
		start += i
		depth, j := 1, start+len(trigger)
		for ; j < len(text) && depth > 0; j++ {
			switch text[j] {
			case '{':
				depth++
			case '}':
				depth--
			}
		}
		if depth > 0 {
			return cmds, fmt.Sprintf("an unclosed %s…} at byte %d: the agent refuses the template", trigger, start)
		}
		if c := strings.TrimSpace(text[start+len(trigger) : j-1]); c != "" {
			cmds = append(cmds, c)
		}
		i = j
	}
	return cmds, ""
}

func stringNode(s string) *settingsio.Node {
	return &settingsio.Node{Kind: settingsio.String, Str: s, Raw: trust.JSONText(s), Pos: settingsio.Pos{Line: 1, Column: 1}}
}

// maxInjectedFiles caps the files one injected folder contributes: past
// it the folder's value says so (and the entry needs review).
const maxInjectedFiles = 2000

type injectedFile struct {
	path, text string
	unfound    bool // a relative path in none of the known workspace folders
}

// injected are the files c.Inject{…} names in text, read from
// c.Workspace, when the agent's shell step runs on text (it holds trigger
// or c.Args): each path (as written) with its text, a folder's files
// each with a header, or what stopped Hookwarden from reading it (a
// missing file, later added, changes the value too).
func (c Commands) injected(text, trigger string) []injectedFile {
	if c.Inject == "" || !strings.Contains(text, c.Inject) || !strings.Contains(text, trigger) && (c.Args == "" || !strings.Contains(text, c.Args)) {
		return nil
	}
	paths, bad := injections(text, c.Inject)
	var out []injectedFile
	if bad != "" {
		out = append(out, injectedFile{path: c.Inject + "…", text: bad})
	}
	for _, p := range paths {
		name := c.Inject + p + "}"
		if filepath.IsAbs(p) {
			out = append(out, injectedFile{path: name, text: readInjected(p, p)})
			continue
		}
		switch full, first := c.lookUp(p); {
		case full == "":
			out = append(out, injectedFile{path: name, text: "(in none of the workspace folders Hookwarden knows of: " + strings.Join(c.injectDirs(), ", ") + ")", unfound: true})
		case first:
			out = append(out, injectedFile{path: name, text: readInjected(full, p)})
		default:
			out = append(out, injectedFile{path: name, text: "(from " + full + ")\n" + readInjected(full, p)})
		}
	}
	return out
}

// injectDirs are the folders the agent looks a relative injected path
// up in, in order: Workspace, then InjectDirs.
func (c Commands) injectDirs() []string { return append([]string{c.Workspace}, c.InjectDirs...) }

// lookUp is where the agent finds the relative injected path p: in the
// first of its workspace folders (real paths, as it keeps them) where p
// exists and its real path is inside one of them (a link out of them is
// passed over, and the next folder looked in); first says it is the
// project's own. "" when it is in none.
func (c Commands) lookUp(p string) (full string, first bool) {
	var reals []string
	for _, d := range c.injectDirs() {
		if r, err := filepath.EvalSymlinks(d); err == nil && !slices.Contains(reals, r) {
			reals = append(reals, r)
		}
	}
	inside := func(r string) bool {
		return slices.ContainsFunc(reals, func(w string) bool { return r == w || strings.HasPrefix(r, w+string(filepath.Separator)) })
	}
	ws, _ := filepath.EvalSymlinks(c.Workspace)
	for _, d := range reals {
		cand := filepath.Join(d, p)
		if r, err := filepath.EvalSymlinks(cand); err == nil && (c.InjectLinks || inside(r)) {
			return cand, d == ws
		}
	}
	return "", false
}

// IncludeDirectories are the workspace folders an agent adds after the
// session folder from the context.includeDirectories of its settings
// files (CONCAT, in the order given, which is the agent's merge order; a
// file the agent ignores is left out), each as its resolvePath makes it:
// expand (the agent's load-time $VAR expansion of settings strings, nil
// for none) first, then ~ and %userprofile% are home, then relative to
// base (the folder the agent resolves them from), cleaned.
func IncludeDirectories(files []*settingsio.File, home, base string, expand func(string) string) []string {
	var out []string
	for _, f := range files {
		if f == nil || f.Root == nil || f.Ignored != "" {
			continue
		}
		dirs := f.Root.Get("context").Get("includeDirectories")
		if !dirs.Is(settingsio.Array) {
			continue
		}
		for _, d := range dirs.Items {
			if !d.Is(settingsio.String) || d.Str == "" {
				continue
			}
			p := d.Str
			if expand != nil {
				p = expand(p)
			}
			switch {
			case strings.HasPrefix(strings.ToLower(p), "%userprofile%"):
				p = home + p[len("%userprofile%"):]
			case p == "~" || strings.HasPrefix(p, "~/"):
				p = home + p[1:]
			}
			if !filepath.IsAbs(p) {
				p = filepath.Join(base, p)
			}
			out = append(out, filepath.Clean(p))
		}
	}
	return out
}

// readInjected is the text of the file at p, or of every file under the
// folder p (links to folders not followed, as the agent's glob), each
// after a header naming it (under name, the path as written), or what
// stopped the reading.
func readInjected(p, name string) string {
	st, err := os.Stat(p)
	if err != nil || !st.IsDir() {
		return readInjectedFile(p)
	}
	var b strings.Builder
	n := 0
	err = filepath.WalkDir(p, func(f string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		if n++; n > maxInjectedFiles {
			return fmt.Errorf("more than %d files", maxInjectedFiles)
		}
		rel, _ := filepath.Rel(p, f)
		fmt.Fprintf(&b, "--- %s ---\n%s\n", filepath.Join(name, rel), readInjectedFile(f))
		return nil
	})
	if err != nil {
		fmt.Fprintf(&b, "(the folder cannot be read to the end: %v)", err)
	}
	return b.String()
}

func readInjectedFile(p string) string {
	data, err := settingsio.ReadRegularFile(p)
	if err != nil {
		return "(cannot be read: " + err.Error() + ")"
	}
	return string(data)
}
