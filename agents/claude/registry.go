package claude

import (
	"fmt"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Statuses beyond hooks.Status's runs, disabled, invalid, duplicate and
// hooks-off.
const (
	// statusBlockedByPolicy: allowManagedHooksOnly in managed settings
	// keeps the hook from running.
	statusBlockedByPolicy hooks.Status = "blocked-by-policy"
	// StatusNeverRuns: the hook is well-formed but can never run (an "if"
	// on an event that does not evaluate it, a type the event does not
	// run).
	StatusNeverRuns hooks.Status = "never-runs"
)

// registry is every Claude Code hook handler found for a project, each with
// its origin, status and diagnostics.
type registry struct {
	Snapshot *project
	// userServers is ~/.claude.json as collectUserMCPServers read it (its
	// bytes kept: a user-scope server that runs the project's code is
	// approved for the project), nil when it has no servers.
	userServers *settingsio.File
	// DisableAllHooks is the disableAllHooks value left after precedence
	// (it switches off every hook but managed ones); DisableAllHooksBy is
	// the file that set it ("" when none did).
	DisableAllHooks   bool
	DisableAllHooksBy string
	// ManagedDisableAll is true when a managed file sets disableAllHooks,
	// which also switches off managed hooks.
	ManagedDisableAll bool
	// ManagedHooksOnly is allowManagedHooksOnly from managed settings;
	// ManagedHooksOnlyBy the managed file that set it.
	ManagedHooksOnly   bool
	ManagedHooksOnlyBy string
	// Hooks holds every handler found, valid or not: settings layers in
	// merge order (user, project, local, managed), then plugins.
	Hooks []*hooks.Hook
	// Diagnostics holds every diagnostic, file-level and of handlers,
	// ordered by file and place.
	Diagnostics []hooks.Diagnostic

	regex *regexCache
}

// build merges a Claude Code snapshot into a registry. It never fails: what
// Claude Code would skip or refuse shows up as statuses and diagnostics.
func build(snap *project) *registry {
	r := &registry{Snapshot: snap, regex: newRegexCache()}
	r.readSwitches()
	for _, f := range snap.Settings {
		if f.Err != nil {
			r.Diagnostics = append(r.Diagnostics, hooks.Diagnostic{
				File: f.Err.Path, Line: f.Err.Line, Column: f.Err.Column, Severity: hooks.SeverityError,
				Message: fmt.Sprintf("%s; Claude Code skips this settings file entirely", f.Err.Msg),
			})
			continue
		}
		if f.Root == nil || f.Ignored != "" {
			continue
		}
		r.collectHooks(f, f.Root.Get("hooks"), "hooks", nil)
	}
	for _, p := range snap.Plugins {
		r.collectPlugin(p)
	}
	r.collectSkills()
	r.checkCommands()
	r.assignStatuses()
	r.collectCommands()
	r.gatherDiagnostics()
	return r
}

// readSwitches reads disableAllHooks and allowManagedHooksOnly.
func (r *registry) readSwitches() {
	if n, f := r.Snapshot.Setting("disableAllHooks"); n != nil {
		if !n.Is(settingsio.Bool) {
			r.fileDiag(f, n, hooks.SeverityWarning, "disableAllHooks must be true or false, not %s", n.Kind)
		}
		r.DisableAllHooks, r.DisableAllHooksBy = n.Is(settingsio.Bool) && n.Bool, f.Path
	}
	for _, f := range r.Snapshot.Settings {
		if f.Root == nil || f.Ignored != "" {
			continue
		}
		if f.Layer == layerManaged {
			if n := f.Root.Get("disableAllHooks"); n.Is(settingsio.Bool) {
				r.ManagedDisableAll = n.Bool
			}
			if n := f.Root.Get("allowManagedHooksOnly"); n.Is(settingsio.Bool) {
				r.ManagedHooksOnly, r.ManagedHooksOnlyBy = n.Bool, f.Path
			}
			continue
		}
		if n := f.Root.Get("allowManagedHooksOnly"); n != nil {
			r.fileDiag(f, n, hooks.SeverityWarning, "allowManagedHooksOnly is honoured only in managed settings; Claude Code ignores it in %s settings", f.Layer)
		}
	}
}

// collectPlugin lists the hooks of one plugin.
func (r *registry) collectPlugin(p *plugin) {
	if p.Root == "" {
		if p.Enabled && p.EnabledBy != nil {
			r.Diagnostics = append(r.Diagnostics, hooks.Diagnostic{File: p.EnabledBy.Path, Severity: hooks.SeverityWarning,
				Message: fmt.Sprintf("plugin %s is enabled but %s; its hooks cannot be listed", p.ID, p.Missing)})
		}
		return
	}
	if p.Manifest != nil && p.Manifest.Err != nil {
		e := p.Manifest.Err
		r.Diagnostics = append(r.Diagnostics, hooks.Diagnostic{File: e.Path, Line: e.Line, Column: e.Column,
			Severity: hooks.SeverityError, Message: fmt.Sprintf("%s; Claude Code cannot load plugin %s", e.Msg, p.ID)})
	}
	for _, src := range p.Hooks {
		f := src.File
		if f.Err != nil {
			if !src.Inline {
				r.Diagnostics = append(r.Diagnostics, hooks.Diagnostic{File: f.Err.Path, Line: f.Err.Line, Column: f.Err.Column,
					Severity: hooks.SeverityError, Message: fmt.Sprintf("%s; Claude Code skips the hooks of plugin %s in this file", f.Err.Msg, p.ID)})
			}
			continue
		}
		if src.Hooks == nil && f.Root != nil {
			r.fileDiag(f, f.Root, hooks.SeverityError, "plugin hooks file has no \"hooks\" object; Claude Code loads no hooks from it")
			continue
		}
		r.collectHooks(f, src.Hooks, src.Path, p)
	}
}

// fileDiag adds a diagnostic placed at node n of file f.
func (r *registry) fileDiag(f *settingsio.File, n *settingsio.Node, sev hooks.Severity, format string, a ...any) {
	r.Diagnostics = append(r.Diagnostics, diagAt(f, n, sev, fmt.Sprintf(format, a...)))
}

func diagAt(f *settingsio.File, n *settingsio.Node, sev hooks.Severity, msg string) hooks.Diagnostic {
	d := hooks.Diagnostic{File: f.Path, Severity: sev, Message: msg}
	if n != nil {
		d.Line, d.Column = n.Pos.Line, n.Pos.Column
	}
	return d
}

// gatherDiagnostics adds the handlers' diagnostics to the registry's list
// and orders it by layer, file and place.
func (r *registry) gatherDiagnostics() {
	r.Diagnostics = hooks.GatherDiagnostics(r.Diagnostics, r.Hooks, r.Snapshot.Settings)
}

// Hook returns the handler with the given ID, or nil.
func (r *registry) Hook(id string) *hooks.Hook {
	for _, h := range r.Hooks {
		if h.ID == id {
			return h
		}
	}
	return nil
}

// HooksIn returns the handlers of one layer.
func (r *registry) HooksIn(layer settingsio.Layer) []*hooks.Hook {
	return hooks.InLayer(r.Hooks, layer)
}

// Label names a handler for people: its command, URL, MCP tool or prompt.
func Label(h *hooks.Hook) string {
	if !h.IsHook() {
		return commandLabel(h)
	}
	c := HandlerOf(h)
	switch {
	case h.Command != "":
		if c != nil && len(c.Args) > 0 {
			return h.Command + " " + joinArgs(c.Args)
		}
		return h.Command
	case c == nil:
	case c.URL != "":
		return c.URL
	case c.Server != "" || c.Tool != "":
		return "mcp " + c.Server + "/" + c.Tool
	case c.Prompt != "":
		return h.Type + ": " + truncate(c.Prompt, 60)
	}
	return "unknown-hook"
}

func joinArgs(args []string) string {
	s := ""
	for i, a := range args {
		if i > 0 {
			s += " "
		}
		s += a
	}
	return s
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// Registry is every handler of the project (the ones Hookwarden disabled
// included), for the migration to Gemini CLI (agents/migrate).
func (p *project) Registry() *registry { return p.reg }
