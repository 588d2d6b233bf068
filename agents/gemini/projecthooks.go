package trust

import (
	"fmt"
	"maps"
	"sort"
	"strconv"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// ProjectHook is one entry Gemini CLI's trust check looks at: an element of
// a "hooks" array inside a definition of the workspace settings' "hooks"
// object (TrustedHooksManager.getUntrustedHooks in 0.61). Entries of type
// "runtime" are not listed; Gemini skips them.
type ProjectHook struct {
	// Event is the key of the "hooks" object the entry sits under, as
	// written (Gemini walks every key, unknown event names included).
	Event string `json:"event"`
	// Matcher is the definition's matcher when it is a string.
	Matcher string `json:"matcher,omitempty"`
	// Definition and Index place the entry: hooks[Event][Definition].hooks[Index].
	Definition int `json:"definition"`
	Index      int `json:"index"`
	// Path is the JSON path, e.g. hooks.BeforeTool[0].hooks[1], and HookID
	// the hooks.Hook ID of the same entry ("workspace:<file>#<path>").
	Path   string `json:"path"`
	HookID string `json:"hook_id"`
	// Name and Command as Gemini forms the key from them: String(name) when
	// name is truthy, else ""; String(command) for type "command", else "".
	Name    string `json:"name"`
	Command string `json:"command"`
	// RawCommand is the command as written, before load-time expansion.
	RawCommand string `json:"raw_command,omitempty"`
	// Type is String(type), "undefined" when missing.
	Type string `json:"type"`
	// IsCommand is true for type "command": only those run a command and
	// have scripts.
	IsCommand bool `json:"is_command"`
	// Key is Gemini's trust key, `${name}:${command}` (getHookKey).
	Key string `json:"key"`
	// Label is how Gemini's warning names the hook: name || command ||
	// "unknown-hook".
	Label string `json:"label"`
	// Line and Column of the entry in the settings file.
	Line   int `json:"line"`
	Column int `json:"column"`
	// Fields is everything about the entry that changes what runs (event,
	// matcher, sequential, type, name, command, timeout, env, …), as
	// Hookwarden records it at approval and compares it in the audit.
	Fields Definition `json:"fields"`
	// Env is the hook's env object as Gemini spreads it over the hook's
	// environment: variable name to the JSON text of its value.
	Env map[string]string `json:"env,omitempty"`
	// Unchecked says why Gemini CLI's own trust check never sees this
	// hook although it runs and the project decides it (an event written
	// as one object, an extension hook the project's .env changes or that
	// the project's .env brought in). "" for the entries Gemini checks.
	// File is then the file the hook is in.
	Unchecked string `json:"unchecked,omitempty"`
	File      string `json:"file,omitempty"`
	// Hydrated are the ${NAME} values of an extension hook's command and
	// the .env file that supplied each (see hooks.Hook.Hydrated).
	Hydrated []hooks.Hydration `json:"hydrated,omitempty"`

	labelID string
	// pluginCommand is the command of a type "plugin" entry: Gemini runs
	// it as a command hook although its key leaves the command out.
	pluginCommand string
}

// runsCommand is the command line the entry runs, if it runs one: the
// command of a "command" entry, and that of a "plugin" entry too.
func (h ProjectHook) runsCommand() (string, bool) {
	switch {
	case h.IsCommand:
		return h.Command, true
	case h.pluginCommand != "":
		return h.pluginCommand, true
	}
	return "", false
}

// ProjectHooks lists the workspace hooks Gemini CLI fingerprints, in the
// order Gemini walks them, from the workspace layer of a snapshot. The
// returned abort is non-nil when Gemini's check would throw on an entry
// (a null hook): Gemini then warns about nothing and records nothing.
//
// After them come the hooks the project decides that Gemini's check never
// sees (Unchecked set, see uncheckedProjectHooks): Hookwarden reviews and
// gates them like the others.
func ProjectHooks(snap *settingsio.Snapshot) ([]ProjectHook, *CheckAbort) {
	return projectHooks(snap, gemini.Build(snap))
}

// projectHooks is ProjectHooks with the registry of snap already built
// (hooks.Build(snap)), so that one audit builds it once.
func projectHooks(snap *settingsio.Snapshot, reg *gemini.Registry) ([]ProjectHook, *CheckAbort) {
	var out []ProjectHook
	var abort *CheckAbort
	if ws := workspaceFile(snap); ws != nil && ws.Root != nil {
		out, abort = walkProjectHooks(ws.Path, ws.Root.Get("hooks"), workspaceFields(ws.Root))
	}
	return append(out, uncheckedProjectHooks(snap, reg)...), abort
}

// CheckAbort is an entry that makes Gemini CLI's trust check throw
// ("Cannot read properties of null"), which Gemini swallows: no warning, no
// trusted_hooks.json update for the whole project.
type CheckAbort struct {
	Path   string `json:"path"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Reason string `json:"reason"`
}

func workspaceFile(snap *settingsio.Snapshot) *settingsio.File {
	if snap == nil {
		return nil
	}
	for _, f := range snap.Layers {
		if f != nil && f.Layer == settingsio.LayerWorkspace {
			return f
		}
	}
	return nil
}

// walkProjectHooks is getUntrustedHooks' walk over a `hooks` value.
// Every entry's Fields get shared, the workspace settings that change what
// every hook runs.
func walkProjectHooks(file string, hooks *settingsio.Node, shared Definition) ([]ProjectHook, *CheckAbort) {
	// `projectHooks || {}` then Object.keys(hooks): only objects and arrays
	// (and strings, whose characters are never arrays) have keys that matter.
	var out []ProjectHook
	for _, ev := range jsOwnEntries(hooks) {
		defs := ev.value
		if !defs.Is(settingsio.Array) {
			continue
		}
		for i, def := range defs.Items {
			if !def.Truthy() {
				continue
			}
			list := def.Get("hooks")
			if !list.Is(settingsio.Array) {
				continue
			}
			matcher := ""
			if m := def.Get("matcher"); m.Is(settingsio.String) {
				matcher = m.Str
			}
			for j, cfg := range list.Items {
				path := fmt.Sprintf("hooks.%s[%d].hooks[%d]", ev.key, i, j)
				if cfg == nil || cfg.Kind == settingsio.Null {
					return out, &CheckAbort{Path: path, Line: posLine(cfg), Column: posCol(cfg),
						Reason: fmt.Sprintf("%s is null: Gemini CLI's trust check fails on it and then warns about no hook of this project and records none", path)}
				}
				typ := cfg.Get("type")
				if typ.Is(settingsio.String) && typ.Str == "runtime" {
					continue
				}
				h := ProjectHook{Event: ev.key, Matcher: matcher, Definition: i, Index: j,
					Path: path, HookID: string(settingsio.LayerWorkspace) + ":" + file + "#" + path,
					Type: typ.JSString(), Line: cfg.Pos.Line, Column: cfg.Pos.Column}
				h.IsCommand = typ.Is(settingsio.String) && typ.Str == "command"
				name := cfg.Get("name")
				if name.Truthy() {
					h.Name = name.JSString()
				}
				cmd := cfg.Get("command")
				if typ.Is(settingsio.String) && typ.Str == "plugin" && cmd.Is(settingsio.String) {
					h.pluginCommand = cmd.Str
				}
				if h.IsCommand {
					h.Command = cmd.JSString()
					if cmd.Is(settingsio.String) {
						h.RawCommand = cmd.Raw
					}
				}
				h.Key = h.Name + ":" + h.Command
				h.Fields = definitionOf(ev.key, def, cfg)
				maps.Copy(h.Fields, shared)
				h.Env = h.Fields.Env()
				switch {
				case name.Truthy():
					h.Label, h.labelID = name.JSString(), jsIdentity(name)
				case cmd.Truthy():
					h.Label, h.labelID = cmd.JSString(), jsIdentity(cmd)
				default:
					h.Label, h.labelID = "unknown-hook", "sunknown-hook"
				}
				out = append(out, h)
			}
		}
	}
	return out, nil
}

// GeminiWarnings is the list Gemini CLI prints under its project-hooks
// warning for the given hooks and trusted keys: the label of every hook
// whose key is not trusted, de-duplicated as a JavaScript Set does.
func GeminiWarnings(hooks []ProjectHook, trusted []string) []string {
	set := make(map[string]bool, len(trusted))
	for _, k := range trusted {
		set[k] = true
	}
	seen := map[string]bool{}
	var out []string
	for _, h := range hooks {
		if h.Unchecked != "" || set[h.Key] || seen[h.labelID] {
			continue
		}
		seen[h.labelID] = true
		out = append(out, h.Label)
	}
	return out
}

type jsEntry struct {
	key   string
	value *settingsio.Node
}

// jsOwnEntries returns Object.entries(v) for a parsed JSON value: array
// indices for arrays; for objects the integer-like keys first in ascending
// order, then the others in first-seen order, with the last duplicate's
// value (JSON.parse semantics).
func jsOwnEntries(v *settingsio.Node) []jsEntry {
	switch {
	case v.Is(settingsio.Array):
		out := make([]jsEntry, len(v.Items))
		for i, it := range v.Items {
			out[i] = jsEntry{strconv.Itoa(i), it}
		}
		return out
	case !v.Is(settingsio.Object):
		return nil
	}
	var ints, strs []jsEntry
	seen := map[string]bool{}
	for _, m := range v.Members {
		if seen[m.Key] {
			continue
		}
		seen[m.Key] = true
		e := jsEntry{m.Key, v.Get(m.Key)}
		if isArrayIndex(m.Key) {
			ints = append(ints, e)
		} else {
			strs = append(strs, e)
		}
	}
	sort.SliceStable(ints, func(a, b int) bool {
		x, _ := strconv.ParseUint(ints[a].key, 10, 32)
		y, _ := strconv.ParseUint(ints[b].key, 10, 32)
		return x < y
	})
	return append(ints, strs...)
}

// isArrayIndex reports whether s is a canonical array index (0 … 2^32-2).
func isArrayIndex(s string) bool {
	n, err := strconv.ParseUint(s, 10, 32)
	return err == nil && n < 1<<32-1 && strconv.FormatUint(n, 10) == s
}

func posLine(n *settingsio.Node) int {
	if n == nil {
		return 0
	}
	return n.Pos.Line
}

func posCol(n *settingsio.Node) int {
	if n == nil {
		return 0
	}
	return n.Pos.Column
}
