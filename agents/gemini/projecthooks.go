package gemini

import (
	"fmt"
	"maps"

	"github.com/hookwarden/hookwarden/trust"

	"github.com/hookwarden/hookwarden/settingsio"
)

// reviewedHooks lists the workspace hooks Gemini CLI fingerprints, in the
// order Gemini walks them, from the workspace layer of a snapshot. The
// returned abort is non-nil when Gemini's check would throw on an entry
// (a null hook): Gemini then warns about nothing and records nothing.
//
// After them come the hooks the project decides that Gemini's check never
// sees (Unchecked set, see uncheckedProjectHooks): Hookwarden reviews and
// gates them like the others.
func reviewedHooks(snap *Project) ([]trust.ProjectHook, *checkAbort) {
	return projectHooks(snap, build(snap))
}

// reviewed is reviewedHooks of an opened project with the registry Open
// built (trust --all, revoke and Watch then merge the files once per
// command, not a second time: at 100,000 hooks a second registry is
// ~70 MB more held beside the first).
func (p *Project) reviewed() ([]trust.ProjectHook, *checkAbort) {
	if p.reg == nil {
		return reviewedHooks(p)
	}
	return projectHooks(p, p.reg)
}

// projectHooks is ProjectHooks with the registry of snap already built
// (hooks.Build(snap)), so that one audit builds it once.
func projectHooks(snap *Project, reg *Registry) ([]trust.ProjectHook, *checkAbort) {
	var out []trust.ProjectHook
	var abort *checkAbort
	if ws := workspaceFile(snap); ws != nil && ws.Root != nil {
		out, abort = walkProjectHooks(ws.Path, ws.Root.Get("hooks"), workspaceFields(ws.Root))
	}
	return append(out, uncheckedProjectHooks(snap, reg)...), abort
}

// eachHook is projectHooks handing each hook to yield as it is read
// (yield must not keep it), the unchecked hooks (uncheckedProjectHooks,
// computed once by the caller) last; keysOnly as for eachProjectHook.
func eachHook(snap *Project, unchecked []trust.ProjectHook, keysOnly bool, yield func(*trust.ProjectHook)) *checkAbort {
	var abort *checkAbort
	if ws := workspaceFile(snap); ws != nil && ws.Root != nil {
		shared := trust.Definition{}
		if !keysOnly {
			shared = workspaceFields(ws.Root)
		}
		abort = eachProjectHook(ws.Path, ws.Root.Get("hooks"), shared, keysOnly, yield)
	}
	for i := range unchecked {
		yield(&unchecked[i])
	}
	return abort
}

// checkAbort is an entry that makes Gemini CLI's trust check throw
// ("Cannot read properties of null"), which Gemini swallows: no warning, no
// trusted_hooks.json update for the whole project.
type checkAbort struct {
	Path   string `json:"path"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Reason string `json:"reason"`
}

func workspaceFile(snap *Project) *settingsio.File {
	if snap == nil {
		return nil
	}
	for _, f := range snap.Settings {
		if f != nil && f.Layer == settingsio.LayerWorkspace {
			return f
		}
	}
	return nil
}

// walkProjectHooks is getUntrustedHooks' walk over a `hooks` value.
// Every entry's Fields get shared, the workspace settings that change what
// every hook runs.
func walkProjectHooks(file string, hooks *settingsio.Node, shared trust.Definition) ([]trust.ProjectHook, *checkAbort) {
	var out []trust.ProjectHook
	abort := eachProjectHook(file, hooks, shared, false, func(h *trust.ProjectHook) { out = append(out, *h) })
	return out, abort
}

// eachProjectHook is walkProjectHooks handing each entry to yield as it
// is read instead of keeping them (yield must not keep h: it is reused),
// so that an audit of 100,000 hooks holds one at a time. keysOnly leaves
// Fields and Env out (what a pass that only collects keys and labels
// needs). The entries before an entry Gemini's check throws on are
// yielded, then the abort is returned.
func eachProjectHook(file string, hooks *settingsio.Node, shared trust.Definition, keysOnly bool, yield func(*trust.ProjectHook)) *checkAbort {
	// `projectHooks || {}` then Object.keys(hooks): only objects and arrays
	// (and strings, whose characters are never arrays) have keys that matter.
	prefix := string(settingsio.LayerWorkspace) + ":" + file + "#"
	var h trust.ProjectHook
	for _, ev := range trust.JSOwnEntries(hooks) {
		defs := ev.Value
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
				path := fmt.Sprintf("hooks.%s[%d].hooks[%d]", ev.Key, i, j)
				if cfg == nil || cfg.Kind == settingsio.Null {
					return &checkAbort{Path: path, Line: posLine(cfg), Column: posCol(cfg),
						Reason: fmt.Sprintf("%s is null: Gemini CLI's trust check fails on it and then warns about no hook of this project and records none", path)}
				}
				typ := cfg.Get("type")
				if typ.Is(settingsio.String) && typ.Str == "runtime" {
					continue
				}
				id := prefix + path
				h = trust.ProjectHook{Event: ev.Key, Matcher: matcher, Definition: i, Index: j,
					Path: id[len(prefix):], HookID: id,
					Type: typ.JSString(), Line: cfg.Pos.Line, Column: cfg.Pos.Column}
				commandType := typ.Is(settingsio.String) && typ.Str == "command"
				name := cfg.Get("name")
				if name.Truthy() {
					h.Name = name.JSString()
				}
				cmd := cfg.Get("command")
				if typ.Is(settingsio.String) && typ.Str == "plugin" && cmd.Is(settingsio.String) {
					h.PluginCommand = cmd.Str
				}
				if commandType {
					h.Command = cmd.JSString()
					if cmd.Is(settingsio.String) {
						h.RawCommand = cmd.Raw
					}
				}
				// A command entry without a command is discarded by Gemini
				// CLI: it runs nothing (its key, "name:undefined", is still
				// what the trust check weighs), so it has no scripts and
				// reads no program "undefined".
				h.IsCommand = commandType && cmd.Truthy()
				h.Key = h.Name + ":" + h.Command
				if !keysOnly {
					h.Fields = definitionOf(ev.Key, def, cfg)
					maps.Copy(h.Fields, shared)
					h.Env = h.Fields.Env()
				}
				switch {
				case name.Truthy():
					h.Label, h.LabelID = name.JSString(), trust.JSIdentity(name)
				case cmd.Truthy():
					h.Label, h.LabelID = cmd.JSString(), trust.JSIdentity(cmd)
				default:
					h.Label, h.LabelID = "unknown-hook", "sunknown-hook"
				}
				yield(&h)
			}
		}
	}
	return nil
}

// geminiWarnings is the list Gemini CLI prints under its project-hooks
// warning for the given hooks and trusted keys: the label of every hook
// whose key is not trusted, de-duplicated as a JavaScript Set does.
func geminiWarnings(hooks []trust.ProjectHook, trusted []string) []string {
	w := newWarnings(trusted)
	for i := range hooks {
		w.add(&hooks[i])
	}
	return w.labels
}

// warnings builds geminiWarnings one hook at a time.
type warnings struct {
	trusted, seen map[string]bool
	labels        []string
}

func newWarnings(trusted []string) *warnings {
	w := &warnings{trusted: make(map[string]bool, len(trusted)), seen: map[string]bool{}}
	for _, k := range trusted {
		w.trusted[k] = true
	}
	return w
}

func (w *warnings) add(h *trust.ProjectHook) {
	if h.Unchecked != "" || w.trusted[h.Key] || w.seen[h.LabelID] {
		return
	}
	w.seen[h.LabelID] = true
	w.labels = append(w.labels, h.Label)
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
