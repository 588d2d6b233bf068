package claudeschema

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Markdown files of this family whose YAML frontmatter makes the agent
// run commands: a skill's or subagent's "hooks" (the settings' hooks
// schema: event → matcher groups → hooks), a subagent's "mcpServers" and
// any key naming a command ({"command": …}). Each command is an entry of
// the shared model, reviewed like a settings file's; a frontmatter
// Hookwarden cannot read as YAML is an invalid entry whose value is the
// file's text (it needs review whenever the file changes).

// ReadFrontmatter reads the Markdown file at path as a settings file of
// layer whose Root is its YAML frontmatter (a mapping); nil when the file
// opens no frontmatter. The frontmatter opens with a "---" line (after a
// byte order mark and blank lines) and ends at the next "---" line. What
// cannot be read is Err.
func ReadFrontmatter(layer settingsio.Layer, path string) *settingsio.File {
	f := &settingsio.File{Path: path, Layer: layer, Exists: true}
	data, err := settingsio.ReadRegularFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil
		}
		f.Err = &settingsio.ParseError{Path: path, Line: 1, Column: 1, Msg: err.Error()}
		return f
	}
	f.Raw = data
	text := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\ufeff")), " \t\r\n")
	if !bytes.HasPrefix(text, []byte("---")) {
		return nil
	}
	offset := bytes.Count(data[:len(data)-len(text)], []byte("\n"))
	lines := strings.SplitAfter(strings.ReplaceAll(string(text), "\r\n", "\n"), "\n")
	end := -1
	for i := 1; i < len(lines); i++ {
		if strings.TrimRight(lines[i], " \t\r\n") == "---" {
			end = i
			break
		}
	}
	fail := func(msg string) *settingsio.File {
		f.Err = &settingsio.ParseError{Path: path, Line: offset + 1, Column: 1, Msg: msg}
		return f
	}
	if end < 0 {
		return fail("the frontmatter is never closed with ---")
	}
	root, err := ParseYAML([]byte(strings.Join(lines[1:end], "")), offset+1, "the frontmatter holds more than one YAML document")
	if err != nil {
		return fail(err.Error())
	}
	if root == nil {
		return nil
	}
	if !root.Is(settingsio.Object) {
		return fail(fmt.Sprintf("the frontmatter must be a mapping, not %s", root.Kind))
	}
	f.Root = root
	return f
}

// Limits of a frontmatter Hookwarden reads: how deep it nests, and how
// many values it holds once aliases are expanded (a few aliases of
// aliases make billions).
const (
	maxYAMLDepth = 64
	maxYAMLNodes = 100000
)

// ParseYAML reads text, the YAML of a Markdown frontmatter whose first
// line is line offset+1 of its file, as one YAML document of JSON-kinded
// nodes with the file's positions; nil for an empty document. more is the
// error for a second document. What Hookwarden does not read is an error:
// invalid YAML, a merge key (<<), nesting deeper than maxYAMLDepth, more
// than maxYAMLNodes values. A scalar is read as YAML's core schema reads
// it, but for a tagged number that is no number and an infinite one or
// NaN (JSON has none), which are strings.
func ParseYAML(text []byte, offset int, more string) (*settingsio.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(text))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil && err != io.EOF {
		return nil, errors.New("the frontmatter is not valid YAML: " + err.Error())
	}
	var next yaml.Node
	if err := dec.Decode(&next); err != io.EOF {
		return nil, errors.New(more)
	}
	if len(doc.Content) == 0 {
		return nil, nil
	}
	budget := maxYAMLNodes
	return fromYAML(doc.Content[0], offset, 0, &budget)
}

// fromYAML is a YAML node as a JSON-kinded node, its lines moved by
// offset.
func fromYAML(n *yaml.Node, offset, depth int, budget *int) (*settingsio.Node, error) {
	if depth > maxYAMLDepth {
		return nil, fmt.Errorf("the frontmatter nests deeper than %d levels", maxYAMLDepth)
	}
	if *budget--; *budget < 0 {
		return nil, fmt.Errorf("the frontmatter expands to more than %d values", maxYAMLNodes)
	}
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		return fromYAML(n.Alias, offset, depth+1, budget)
	}
	out := &settingsio.Node{Pos: settingsio.Pos{Line: n.Line + offset, Column: n.Column}}
	switch n.Kind {
	case yaml.MappingNode:
		out.Kind = settingsio.Object
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind == yaml.AliasNode && k.Alias != nil {
				k = k.Alias // `*h :` is the key its anchor names, as YAML readers take it
			}
			if k.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("line %d: a key that is not a plain value is not read", k.Line+offset)
			}
			if k.Tag == "!!merge" {
				return nil, fmt.Errorf("line %d: YAML merge keys (<<) are not read", k.Line+offset)
			}
			v, err := fromYAML(n.Content[i+1], offset, depth+1, budget)
			if err != nil {
				return nil, err
			}
			out.Members = append(out.Members, settingsio.Member{Key: k.Value, KeyPos: settingsio.Pos{Line: k.Line + offset, Column: k.Column}, Value: v})
		}
	case yaml.SequenceNode:
		out.Kind = settingsio.Array
		for _, it := range n.Content {
			v, err := fromYAML(it, offset, depth+1, budget)
			if err != nil {
				return nil, err
			}
			out.Items = append(out.Items, v)
		}
	case yaml.ScalarNode:
		var f float64
		switch {
		case n.Tag == "!!null":
			out.Kind = settingsio.Null
		case n.Tag == "!!bool":
			out.Kind = settingsio.Bool
			if err := n.Decode(&out.Bool); err != nil {
				return nil, err
			}
		case (n.Tag == "!!int" || n.Tag == "!!float") && n.Decode(&f) == nil && !math.IsInf(f, 0) && !math.IsNaN(f):
			out.Kind, out.Number, out.Raw = settingsio.Number, f, strconv.FormatFloat(f, 'g', -1, 64)
		default:
			out.Kind, out.Str, out.Raw = settingsio.String, n.Value, n.Value
		}
	default:
		return nil, fmt.Errorf("line %d: unsupported YAML node", n.Line+offset)
	}
	return out, nil
}

// Markdown lists the commands of the frontmatters of the files globs match
// under root (each glob a filepath.Match pattern of a path relative to
// root), and returns the files that have any (for the snapshot): the
// commands of each hook of "hooks" (KindHelper, named by event and
// matcher), the servers of "mcpServers" and the keys of keys. when is
// when the agent runs them.
func (c Commands) Markdown(layer settingsio.Layer, root string, globs []string, keys []CommandKey, when string) ([]*hooks.Hook, []*settingsio.File) {
	var paths []string
	for _, g := range globs {
		m, _ := filepath.Glob(filepath.Join(globEscape(root), g))
		paths = append(paths, m...)
	}
	sort.Strings(paths)
	var out []*hooks.Hook
	var files []*settingsio.File
	for _, path := range paths {
		f := ReadFrontmatter(layer, path)
		if f == nil {
			continue
		}
		var hs []*hooks.Hook
		if f.Err != nil {
			hs = []*hooks.Hook{c.Unreadable(f, hooks.KindHelper, "commands")}
		} else {
			hs = append(append(c.frontmatterHooks(f), c.Servers(f, when, false)...), c.keys(f, keys, false)...)
		}
		for _, h := range hs {
			h.When = when
			if h.Status == "" {
				h.Status, h.Reason = hooks.StatusRuns, "runs "+when
			}
		}
		if len(hs) > 0 {
			out, files = append(out, hs...), append(files, f)
		}
	}
	return out, files
}

// UserMarkdown is Markdown of folders of the user's own: each folder of
// places (absolute) with its globs, in the folders' order, leaving out the
// files inside project (a session started in the home folder reads them as
// the project's). The agent runs their commands in the project folder, so
// they are reviewed for it when they reach its code.
func (c Commands) UserMarkdown(layer settingsio.Layer, project string, places map[string][]string, keys []CommandKey, when string) ([]*hooks.Hook, []*settingsio.File) {
	var out []*hooks.Hook
	var files []*settingsio.File
	for _, root := range slices.Sorted(maps.Keys(places)) {
		if !filepath.IsAbs(root) {
			continue // no such folder (HOME unset)
		}
		hs, fs := c.Markdown(layer, root, places[root], keys, when)
		for _, f := range fs {
			if rel, err := filepath.Rel(project, f.Path); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				continue
			}
			files = append(files, f)
			for _, h := range hs {
				if h.Origin.File == f.Path {
					out = append(out, h)
				}
			}
		}
	}
	return out, files
}

// Frontmatter are the hooks of the frontmatter "hooks" of files (those
// Markdown returned) as s reads a settings file's, ext making each one's
// Hook.Ext: the entry of each hook Markdown lists (the same ID), with its
// event, matcher, timeout and async, so that the agent can run it as the
// hook of its event (a dry run by ID, a trace: TracedAs).
func (s Schema) Frontmatter(files []*settingsio.File, ext func(*Entry) any) []*Entry {
	var out []*Entry
	for _, f := range files {
		es, _ := s.Parse(f)
		for _, e := range es {
			e.Hook.Ext = ext(e)
		}
		out = append(out, es...)
	}
	return out
}

// TracedAs is the event req runs under: the own event of the frontmatter
// hook of es it names alone when it asks for that hook under the kind it
// is reviewed as (agents.TraceHook runs an entry under its Event, a
// frontmatter hook's "helper"), else req's event.
func TracedAs(req agents.RunRequest, es []*Entry) hooks.Event {
	for _, e := range es {
		if len(req.HookIDs) == 1 && req.HookIDs[0] == e.Hook.ID && req.Event == hooks.Event(hooks.KindHelper) {
			return hooks.Event(e.Event)
		}
	}
	return req.Event
}

// HooksOf are the hooks of es.
func HooksOf(es []*Entry) []*hooks.Hook {
	out := make([]*hooks.Hook, 0, len(es))
	for _, e := range es {
		out = append(out, e.Hook)
	}
	return out
}

// frontmatterHooks are the hooks of f's "hooks", each an entry; a value
// Hookwarden cannot read is an invalid entry.
func (c Commands) frontmatterHooks(f *settingsio.File) []*hooks.Hook {
	hs := f.Root.Get("hooks")
	if hs == nil {
		return nil
	}
	bad := func(n *settingsio.Node, path, msg string) *hooks.Hook {
		h := c.entry(f, hooks.KindHelper, "hooks", n, path)
		invalid(h, n, msg+": Hookwarden cannot tell what it runs")
		return h
	}
	if !hs.Is(settingsio.Object) {
		return []*hooks.Hook{bad(hs, "hooks", "\"hooks\" is not an object")}
	}
	var out []*hooks.Hook
	for _, ev := range hs.Members {
		path := "hooks." + pathKey(ev.Key)
		if !ev.Value.Is(settingsio.Array) {
			out = append(out, bad(ev.Value, path, path+" is not a list"))
			continue
		}
		for i, g := range ev.Value.Items {
			gp := fmt.Sprintf("%s[%d]", path, i)
			list := g.Get("hooks")
			if !g.Is(settingsio.Object) || !list.Is(settingsio.Array) {
				out = append(out, bad(g, gp, gp+" has no list of hooks"))
				continue
			}
			name := ev.Key + " hook"
			if m := g.Get("matcher"); m != nil {
				name += " (matcher " + canonicalText(m) + ")"
			}
			for j, hk := range list.Items {
				h := c.entry(f, hooks.KindHelper, name, hk, fmt.Sprintf("%s.hooks[%d]", gp, j))
				if t := hk.Get("type"); t.Is(settingsio.String) {
					h.Type = t.Str
				}
				if cmd := hk.Get("command"); h.Type == "command" && cmd.Is(settingsio.String) {
					h.Command, h.RawCommand = cmd.Str, cmd.Raw
				} else if h.Type == "command" || !hk.Is(settingsio.Object) {
					invalid(h, hk, "a hook without a command string")
				}
				out = append(out, h)
			}
		}
	}
	return out
}

// canonicalText is n as JSON text (a string as itself).
func canonicalText(n *settingsio.Node) string {
	if n.Is(settingsio.String) {
		return n.Str
	}
	b, _ := n.MarshalJSON()
	return string(b)
}

func globEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `*`, `\*`, `?`, `\?`, `[`, `\[`).Replace(s)
}
