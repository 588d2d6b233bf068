package agents

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Scanner is an Agent that recognises its hook files by their path alone
// and reads what they hold, for `hookwarden scan` of folders that are not
// opened as projects (optional). The registry's order decides between two
// agents that both claim a file: the first has it. A registered agent
// that is not a Scanner makes a scan incomplete, and scan says so.
type Scanner interface {
	// HookFile says whether the file at path is one of the agent's hook
	// files, and which.
	HookFile(path string) (ScanFile, bool)
	// ScanHooks reads the hooks of a file HookFile recognised, each with
	// its place in the file and the analyser's input. An error says why
	// the file cannot be read (in full, or in the agent's eyes); the hooks
	// read before it are returned too, so a half-broken file is analysed
	// as far as it goes and still counts as not clean.
	ScanHooks(f ScanFile) ([]ScanHook, error)
}

// ScanFile is a hook file as a Scanner recognises it.
type ScanFile struct {
	// Path is the file.
	Path string
	// Kind is what the file is ("settings", "extension", "plugin", …).
	Kind string
	// Root is the project, extension or plugin folder the file belongs to
	// (the folder its hooks run in).
	Root string
	// RootVars are the placeholders the agent fills in with Root in a
	// hook's command and arguments ("${extensionPath}").
	RootVars []string
}

// ScanHook is one hook of a scanned file.
type ScanHook struct {
	// Line and Column are where the hook's command (or the handler, when
	// it has none) stands in the file.
	Line, Column int
	Event        string
	Matcher      string
	Type         string
	// Command and URL are as written in the file.
	Command string
	URL     string
	// Subject is the risk analyser's input: the command as the agent runs
	// it (placeholders filled), in the folder it runs in.
	Subject risk.Hook
}

// ScanRule is a place an agent keeps hook files at: a file named one of
// Names in a folder named Folder, whose parent is the Root (the project,
// extension or plugin folder) — when Marker is set, only if Root holds a
// file of that name.
type ScanRule struct {
	Folder   string
	Names    []string
	Marker   string
	Kind     string
	RootVars []string
}

// MatchScanRules is the file at p as the first of rules that fits it.
func MatchScanRules(p string, rules ...ScanRule) (ScanFile, bool) {
	name, dir := filepath.Base(p), filepath.Dir(p)
	root := filepath.Dir(dir)
	for _, r := range rules {
		if filepath.Base(dir) != r.Folder || !slices.Contains(r.Names, name) {
			continue
		}
		if r.Marker != "" {
			if _, err := os.Stat(filepath.Join(root, r.Marker)); err != nil {
				continue
			}
		}
		return ScanFile{Path: p, Kind: r.Kind, Root: root, RootVars: r.RootVars}, true
	}
	return ScanFile{}, false
}

// ScanNestedJSONHooks reads the hooks of a JSON (with comments) file in
// the nested form several agents share: "hooks" → event → definitions (an
// array, or one object, which some agents wrap) → "hooks" → handlers with
// "type", "command", "args", "url" and "env". A handler with nothing to
// run is left out. agent is the Scanner's name, for the analyser.
func ScanNestedJSONHooks(agent string, f ScanFile) ([]ScanHook, error) {
	data, err := settingsio.ReadRegularFile(f.Path)
	if err != nil {
		return nil, err
	}
	root, perr := settingsio.ParseJSONC(f.Path, data)
	if perr != nil {
		return nil, perr
	}
	var out []ScanHook
	events := root.Get("hooks")
	if events == nil || events.Kind != settingsio.Object {
		return nil, nil
	}
	fill := f.RootFiller()
	for _, ev := range events.Members {
		defs := ev.Value
		list := []*settingsio.Node{defs}
		if defs.Kind == settingsio.Array {
			list = defs.Items
		}
		for _, def := range list {
			if def == nil || def.Kind != settingsio.Object {
				continue
			}
			matcher := ""
			if m := def.Get("matcher"); m != nil && m.Kind == settingsio.String {
				matcher = m.Raw
			}
			handlers := def.Get("hooks")
			if handlers == nil || handlers.Kind != settingsio.Array {
				continue
			}
			for _, h := range handlers.Items {
				if h == nil || h.Kind != settingsio.Object {
					continue
				}
				d := ScanHook{Line: h.Pos.Line, Column: h.Pos.Column, Event: ev.Key, Matcher: matcher, Type: "command"}
				if t := h.Get("type"); t != nil && t.Kind == settingsio.String {
					d.Type = t.Raw
				}
				in := risk.Hook{Agent: agent, Event: ev.Key, Matcher: matcher, ProjectDir: f.Root}
				if c := h.Get("command"); c != nil && c.Kind == settingsio.String {
					d.Command = c.Raw
					d.Line, d.Column = c.Pos.Line, c.Pos.Column
					in.Command = fill.Replace(c.Raw)
				}
				if a := h.Get("args"); a != nil && a.Kind == settingsio.Array {
					for _, it := range a.Items {
						if it != nil && it.Kind == settingsio.String {
							in.Args = append(in.Args, fill.Replace(it.Raw))
						}
					}
				}
				if u := h.Get("url"); u != nil && u.Kind == settingsio.String {
					d.URL, in.URL = u.Raw, u.Raw
				}
				if e := h.Get("env"); e != nil && e.Kind == settingsio.Object {
					in.Env = map[string]string{}
					for _, m := range e.Members {
						if m.Value != nil && m.Value.Kind == settingsio.String {
							in.Env[m.Key] = m.Value.Raw
						}
					}
				}
				if in.Command == "" && len(in.Args) == 0 && in.URL == "" {
					continue
				}
				d.Subject = in
				out = append(out, d)
			}
		}
	}
	return out, nil
}

// RootFiller replaces f's RootVars with its Root.
func (f ScanFile) RootFiller() *strings.Replacer {
	var pairs []string
	for _, v := range f.RootVars {
		pairs = append(pairs, v, f.Root)
	}
	return strings.NewReplacer(pairs...)
}

// SnakeCase turns "SubagentStop" or "sessionId" into "subagent_stop" or
// "session_id".
func SnakeCase(s string) string {
	var b strings.Builder
	for i, c := range s {
		if c >= 'A' && c <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			c += 'a' - 'A'
		}
		b.WriteRune(c)
	}
	return b.String()
}

// ScanSettingsHooks reads the hooks of an agent's hook file in the nested
// JSON shape (ScanNestedJSONHooks) and, for a settings file ("settings"
// kind), the other commands it runs (commands); a file of the kind
// commandsKind holds only such commands.
func ScanSettingsHooks(agent string, f ScanFile, commandsKind string, commands func(ScanFile) ([]ScanHook, error)) ([]ScanHook, error) {
	if f.Kind == commandsKind {
		return commands(f)
	}
	hs, err := ScanNestedJSONHooks(agent, f)
	if err == nil && f.Kind == "settings" {
		var more []ScanHook
		more, err = commands(f)
		hs = append(hs, more...)
	}
	return hs, err
}
