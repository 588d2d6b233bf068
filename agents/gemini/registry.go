package gemini

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/settingsio"
)

// Registry is every hook found for a project, merged the way Gemini CLI
// merges them, each with its status and diagnostics.
type Registry struct {
	Snapshot *Project
	// HooksEnabled is the merged hooksConfig.enabled; HooksEnabledBy names
	// the file that decided it ("" for the default).
	HooksEnabled   bool
	HooksEnabledBy string
	// Disabled is the merged hooksConfig.disabled (UNION, first-seen order).
	Disabled []DisabledEntry
	// Hooks holds every hook config found, valid or not, in Gemini CLI's
	// registry order: settings layers in merge order (system-defaults,
	// user, workspace, system), then extensions.
	Hooks []*hooks.Hook
	// Diagnostics holds every diagnostic: file-level ones and those of hooks.
	Diagnostics []hooks.Diagnostic
	// Commands are the commands Gemini CLI runs that are not hooks (MCP
	// servers, tools.discoveryCommand and callCommand; see commands.go),
	// kept apart from Hooks, which hold only what Gemini's hook system
	// registers.
	Commands []*hooks.Hook
	// promptFiles are the custom command and subagent files Commands has
	// entries of, as read (collectPromptCommands, collectAgentServers),
	// for KeptFiles.
	promptFiles []*settingsio.File

	matchers *matcherCache
}

// DisabledEntry is one hooksConfig.disabled value and the files that list it.
type DisabledEntry struct {
	Value  string             `json:"value"`
	Layers []settingsio.Layer `json:"layers"`
	Files  []string           `json:"files"`
	// Lines are the lines of the entries, one per file.
	Lines []int `json:"lines"`
}

// build merges a snapshot into a registry. It never fails: what Gemini would
// drop or refuse shows up as statuses and diagnostics.
//
// The merge follows Gemini CLI 0.61: hooks.<Event> arrays CONCAT in the
// order system-defaults, user, workspace (only in a trusted folder), system;
// hooksConfig.enabled is a scalar (the last file that sets it wins);
// hooksConfig.disabled is a UNION matched against name || command. Settings
// hooks are registered only in a trusted folder; extension hooks always.
func build(snap *Project) *Registry {
	r := &Registry{Snapshot: snap, HooksEnabled: true, matchers: newMatcherCache()}
	trusted := snap.FolderTrust.Trusted()
	layers := r.readLayers()
	r.mergeHooksConfig(layers)
	for _, l := range layers {
		r.collectHooks(l.file, l.file.Root.Get("hooks"), sourceProject, "")
	}
	for _, ext := range snap.Extensions {
		r.collectExtension(ext)
	}
	r.checkEnvFile()
	r.checkCommands()
	r.assignStatuses(trusted)
	r.checkDisabledList()
	r.collectCommands(trusted)
	r.collectPromptCommands(trusted)
	r.collectAgentServers(trusted)
	r.gatherDiagnostics()
	return r
}

// mergedLayer is a settings file that takes part in the merge.
type mergedLayer struct {
	file *settingsio.File
}

// readLayers reports file-level problems and returns the files that take
// part in the merge, in merge order. A workspace file in an untrusted
// folder is left out of the merge but its hooks are still listed (blocked).
func (r *Registry) readLayers() []mergedLayer {
	var out []mergedLayer
	for _, f := range r.Snapshot.Settings {
		if f == nil {
			continue
		}
		if f.Err != nil {
			r.Diagnostics = append(r.Diagnostics, hooks.Diagnostic{
				File: f.Err.Path, Line: f.Err.Line, Column: f.Err.Column, Severity: hooks.SeverityFatal,
				Message: fmt.Sprintf("%s; Gemini CLI refuses to start until it is fixed", f.Err.Msg),
			})
			continue
		}
		if f.Root == nil || f.Ignored != "" {
			continue
		}
		r.checkLegacyKeys(f)
		out = append(out, mergedLayer{file: f})
	}
	return out
}

// fileDiag adds a diagnostic placed at node n of file f.
func (r *Registry) fileDiag(f *settingsio.File, n *settingsio.Node, sev hooks.Severity, format string, a ...any) {
	d := hooks.Diagnostic{File: f.Path, Severity: sev, Message: fmt.Sprintf(format, a...)}
	if n != nil {
		d.Line, d.Column = n.Pos.Line, n.Pos.Column
	}
	r.Diagnostics = append(r.Diagnostics, d)
}

// layerCounts reports whether the file's settings take part in the merge
// (a workspace file counts only in a trusted folder).
func (r *Registry) layerCounts(f *settingsio.File) bool {
	return f.Layer != settingsio.LayerWorkspace || r.Snapshot.FolderTrust.Trusted()
}

// mergeHooksConfig computes hooksConfig.enabled (scalar, last wins, with
// Gemini's "?? true" default) and hooksConfig.disabled (union) over the
// files that count.
func (r *Registry) mergeHooksConfig(layers []mergedLayer) {
	if n, from := r.Snapshot.Setting("hooksConfig", "enabled"); n != nil && !n.Is(settingsio.Null) {
		r.HooksEnabled = coerceBool(n)
		if from != nil {
			r.HooksEnabledBy = from.Path
		}
	}
	seen := map[string]int{}
	for _, l := range layers {
		f := l.file
		hc := f.Root.Get("hooksConfig")
		if hc == nil {
			continue
		}
		counts := r.layerCounts(f)
		if !hc.Is(settingsio.Object) {
			r.fileDiag(f, hc, hooks.SeverityWarning, "hooksConfig must be an object, not %s; Gemini ignores it", hc.Kind)
			continue
		}
		if en := hc.Get("enabled"); en != nil && !en.Is(settingsio.Bool) {
			r.fileDiag(f, en, hooks.SeverityWarning, "hooksConfig.enabled must be true or false, not %s; Gemini reads it as %v", en.Kind, coerceBool(en))
		}
		dis := hc.Get("disabled")
		if dis == nil {
			continue
		}
		items := dis.Items
		if !dis.Is(settingsio.Array) {
			// Gemini's schema check only warns ("Invalid configuration in
			// <file>"); the UNION merge then wraps the value: [value].
			items = []*settingsio.Node{dis}
			if dis.Is(settingsio.String) {
				r.fileDiag(f, dis, hooks.SeverityWarning, "hooksConfig.disabled is written as a string, not a list; Gemini CLI warns that the file is invalid, then wraps it into a list, so the hook %q IS disabled (write [%s])", dis.Str, mustJSON(dis))
			} else {
				r.fileDiag(f, dis, hooks.SeverityWarning, "hooksConfig.disabled must be a list of hook names or commands, not %s; Gemini CLI warns that the file is invalid and wraps the value into a list, where it matches no hook, so nothing is disabled by it", dis.Kind)
			}
		}
		if !counts {
			continue
		}
		for _, it := range items {
			if !it.Is(settingsio.String) {
				if dis.Is(settingsio.Array) {
					r.fileDiag(f, it, hooks.SeverityWarning, "hooksConfig.disabled entries must be strings, not %s; this one matches no hook", it.Kind)
				}
				continue
			}
			i, ok := seen[it.Str]
			if !ok {
				i = len(r.Disabled)
				seen[it.Str] = i
				r.Disabled = append(r.Disabled, DisabledEntry{Value: it.Str})
			}
			e := &r.Disabled[i]
			e.Layers = append(e.Layers, f.Layer)
			e.Files = append(e.Files, f.Path)
			e.Lines = append(e.Lines, it.Pos.Line)
		}
	}
}

// checkLegacyKeys warns about settings keys older Gemini CLI versions read
// and 0.61 ignores.
func (r *Registry) checkLegacyKeys(f *settingsio.File) {
	if h := f.Root.Get("hooks"); h.Is(settingsio.Object) {
		if n := h.Get("enabled"); n != nil {
			r.fileDiag(f, n, hooks.SeverityWarning, "hooks.enabled is a legacy key that Gemini CLI 0.61 ignores; use hooksConfig.enabled")
		}
		if n := h.Get("disabled"); n != nil {
			r.fileDiag(f, n, hooks.SeverityWarning, "hooks.disabled is a legacy key that Gemini CLI 0.61 ignores, so these hooks are NOT disabled; move the list to hooksConfig.disabled")
		}
		if n := h.Get("notifications"); n != nil {
			r.fileDiag(f, n, hooks.SeverityWarning, "hooks.notifications is a legacy key that Gemini CLI 0.61 ignores; use hooksConfig.notifications")
		}
	}
	if t := f.Root.Get("tools"); t.Is(settingsio.Object) {
		if n := t.Get("enableHooks"); n != nil {
			r.fileDiag(f, n, hooks.SeverityWarning, "tools.enableHooks was removed in Gemini CLI 0.28 and is ignored; hooks are on unless hooksConfig.enabled is false")
		}
	}
}

// collectExtension lists the hooks of one extension.
func (r *Registry) collectExtension(ext *extensionDir) {
	if ext.Hooks == nil {
		return
	}
	f := ext.Hooks
	if f.Err != nil {
		r.Diagnostics = append(r.Diagnostics, hooks.Diagnostic{
			File: f.Err.Path, Line: f.Err.Line, Column: f.Err.Column, Severity: hooks.SeverityError,
			Message: fmt.Sprintf("%s; Gemini CLI skips the hooks of extension %q", f.Err.Msg, ext.Name),
		})
		return
	}
	if f.Root == nil {
		return
	}
	hooksNode := f.Root.Get("hooks")
	if !hooksNode.Is(settingsio.Object) {
		r.fileDiag(f, hooksNode, hooks.SeverityError, "Invalid hooks configuration in %s: \"hooks\" property must be an object", f.Path)
		return
	}
	first := len(r.Hooks)
	r.collectHooks(f, hooksNode, sourceExtensions, ext.Name)
	r.hydrateProvenance(r.Hooks[first:], ext)
	r.checkUnquotedPaths(r.Hooks[first:], map[string]string{
		"${extensionPath}": ext.Path,
		"${workspacePath}": r.Snapshot.ProjectDir,
	})
	if !ext.Active {
		for _, h := range r.Hooks {
			if h.Origin.Extension == ext.Name && h.Origin.File == f.Path && h.Status == "" {
				h.Status = hooks.StatusDisabled
				h.Reason = "extension " + ext.Name + " is not active for this project: " + ext.InactiveReason
			}
		}
	}
}

// shellSpecial are characters bash interprets when they appear unquoted in
// a command word.
const shellSpecial = " \t\n()<>&;|'\"`$\\*?[]#~{}!"

// checkUnquotedPaths warns about extension hooks whose command embeds a
// path variable whose value the shell would split or interpret: Gemini
// hydrates ${extensionPath} and ${workspacePath} into the text without
// quoting (unlike the runner's $GEMINI_PROJECT_DIR).
func (r *Registry) checkUnquotedPaths(hs []*hooks.Hook, vars map[string]string) {
	for _, h := range hs {
		for v, val := range vars {
			if val == "" || !strings.Contains(h.RawCommand, v) || !strings.ContainsAny(val, shellSpecial) {
				continue
			}
			h.Diagnostics = append(h.Diagnostics, hooks.Diagnostic{
				File: h.Origin.File, Line: h.Origin.Line, Column: h.Origin.Column, Severity: hooks.SeverityWarning,
				Message: fmt.Sprintf("%s is inserted unquoted and its value %q has characters the shell interprets; the command breaks (quote it: \"%s\")", v, val, v),
			})
		}
	}
}
