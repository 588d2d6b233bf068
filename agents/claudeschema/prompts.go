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
		for _, in := range injected {
			more, b := injections(in.text, trigger)
			cmds = append(cmds, more...)
			if bad == "" && b != "" {
				bad = in.path + ": " + b
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
		add(f, h)
	}
	return out, files
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

type injectedFile struct{ path, text string }

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
		out = append(out, injectedFile{c.Inject + "…", bad})
	}
	for _, p := range paths {
		full := p
		if !filepath.IsAbs(p) {
			full = filepath.Join(c.Workspace, p)
		}
		out = append(out, injectedFile{c.Inject + p + "}", readInjected(full, p)})
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
