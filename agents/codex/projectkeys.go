package codex

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Keys of a config.toml that change what every command the model runs
// may do, or how it runs, without naming a program. Codex 0.171.0 keeps
// them from a trusted project's .codex/config.toml (no "Ignored
// unsupported project-local config keys" warning for any of them;
// codex-live, TestLiveCodexProjectKeys):
//
//   - sandbox_mode: a project's "danger-full-access" took the sandbox
//     away (exec's banner said "sandbox: danger-full-access" and a
//     command wrote outside the workspace, which without it failed
//     "Read-only file system");
//   - sandbox_workspace_write: a project's writable_roots became writable
//     for every command ("sandbox: workspace-write [workdir, /tmp,
//     $TMPDIR, <root>]");
//   - allow_login_shell: a project's false made Codex run the model's
//     commands with bash -c instead of bash -lc;
//   - approval_policy, approvals_reviewer, auto_review, permissions,
//     default_permissions: kept (default_permissions without a
//     [permissions] table stopped Codex); codex exec keeps its approval
//     "never" whatever the project says (observed), the interactive
//     Codex takes them as when and by whom a command is approved;
//   - [features], experimental_use_unified_exec_tool (the old spelling
//     of features.unified_exec): which tools exist and how commands run;
//   - js_repl_node_module_dirs: the folders the js_repl kernel's Node
//     loads modules from; like js_repl_node_path, no js_repl tool was
//     offered, so it is listed as skipped.
//
// Each is a reviewed entry, its fields (a table's keys, a feature's name)
// in the definition, so that a pull that adds or changes one needs review
// and the diff names it.
type settingKey struct {
	key, when string
	// merged: a later layer's table is merged into this one's.
	merged bool
	// skipped is why Codex does not act on it (empty: it does).
	skipped string
}

var settingKeys = []settingKey{
	{key: "sandbox_mode", when: "for every command the model runs: the sandbox it runs in (observed with 0.171.0: danger-full-access from a project let a command write outside the workspace)"},
	{key: "sandbox_workspace_write", merged: true, when: "for every command the model runs in the workspace-write sandbox: what it may write and whether it reaches the network (observed: a project's writable_roots became writable)"},
	{key: "approval_policy", when: "when Codex asks before a command runs (observed: codex exec keeps never whatever the project says; the interactive Codex reads it, not observed)"},
	{key: "approvals_reviewer", when: "who answers Codex's approval requests: the user or an automatic reviewer"},
	{key: "auto_review", merged: true, when: "how the automatic reviewer answers approval requests"},
	{key: "default_permissions", when: "the permission profile (file system and network access) every command gets"},
	{key: "permissions", merged: true, when: "the permission profiles (file system and network access) commands can get"},
	{key: "allow_login_shell", when: "for every command the model runs: a login shell (bash -lc, reading the user's profile) or not (observed: false made Codex run bash -c)"},
	{key: "features", merged: true, when: "the features Codex turns on: which tools the model has and how its commands run"},
	{key: "experimental_use_unified_exec_tool", when: "which tool runs the model's commands (the old spelling of features.unified_exec)"},
	{key: "js_repl_node_module_dirs", when: "when the model uses the js_repl tool: the folders its Node loads modules from",
		skipped: "Codex 0.171.0 offered no js_repl tool even with the js_repl feature on (observed), so this did not apply; still reviewed"},
}

// settingEntries are the entries of those keys in f.
func (s *project) settingEntries(f *file, root *settingsio.TOMLTable) []*hooks.Hook {
	var out []*hooks.Hook
	for _, k := range settingKeys {
		v := root.Value(k.key)
		if v == nil {
			continue
		}
		h := s.commandEntry(f, hooks.KindHelper, k.key, v, k.key)
		h.When, h.Type, h.Description = k.when, "setting", settingSummary(v)
		if k.skipped != "" {
			h.Status, h.Reason = statusSkipped, k.skipped
		}
		out = append(out, h)
	}
	return out
}

// settingLater is what a lower layer's entry of key says when a later
// config.toml sets it too.
func settingLater(key string) (string, bool) {
	for _, k := range settingKeys {
		if k.key == key {
			if k.merged {
				return "a later config.toml sets " + key + " too; Codex merges the two, later fields winning", true
			}
			return "a later config.toml sets " + key + "; Codex uses that one", true
		}
	}
	if catalogued(key) != nil {
		return "a later config.toml sets " + key + "; Codex uses that one", true
	}
	return "", false
}

// settingSummary is a setting's value for people: a scalar as it is, a
// table's fields in file order.
func settingSummary(v *settingsio.TOMLValue) string {
	if v.Kind != settingsio.TOMLTableValue {
		return tomlScalar(v)
	}
	parts := make([]string, 0, len(v.Table.Entries))
	for _, e := range v.Table.Entries {
		parts = append(parts, e.Key.Name+"="+tomlScalar(e.Value))
	}
	return strings.Join(parts, "; ")
}

// loosens says how a project's setting widens what the model's commands
// may do without asking ("" when it does not, or Hookwarden cannot
// tell): the risk analysis cannot read a setting, so this is its finding.
func loosens(h *hooks.Hook) string {
	v, _ := h.Ext.(*settingsio.TOMLValue)
	if v == nil || h.Type != "setting" {
		return ""
	}
	str := func() string {
		if v.Kind == settingsio.TOMLString {
			return v.Str
		}
		return ""
	}
	if isRules(h) {
		if allowRule.MatchString(v.Str) {
			return "lets the commands its allow rules match run without asking and outside Codex's sandbox (" + h.Name + ")"
		}
		return ""
	}
	if catalogued(h.Name) == nil {
		return "is a key Codex 0.171.0 does not know (" + h.Name + "): Hookwarden cannot tell what another Codex does with it"
	}
	switch h.Name {
	case "sandbox_mode":
		if str() == "danger-full-access" {
			return "turns Codex's sandbox off for every command the model runs (sandbox_mode = \"danger-full-access\")"
		}
	case "approval_policy":
		if p := str(); p == "never" || p == "on-failure" {
			return fmt.Sprintf("lets the model's commands run without asking first (approval_policy = %q)", p)
		}
	case "approvals_reviewer":
		if str() != "" && str() != "user" {
			return fmt.Sprintf("has approval requests answered by an automatic reviewer instead of the user (approvals_reviewer = %q)", str())
		}
	case "sandbox_workspace_write":
		if v.Kind == settingsio.TOMLTableValue {
			var what []string
			if w := v.Table.Value("writable_roots"); w != nil && (w.Kind != settingsio.TOMLArray || len(w.Items) > 0) {
				what = append(what, "writable_roots")
			}
			if b, ok, _ := v.Table.Bool("network_access"); ok && b {
				what = append(what, "network_access")
			}
			if len(what) > 0 {
				return "widens the sandbox of every command the model runs (sandbox_workspace_write: " + strings.Join(what, ", ") + ")"
			}
		}
	case "default_permissions", "permissions":
		return "sets the file system and network access of the model's commands (" + h.Name + "), which Hookwarden does not read"
	}
	return ""
}

// ignoredProjectKeys are the keys Codex 0.171.0 drops from a project
// config.toml, in the order its warning names them (observed: "Ignored
// unsupported project-local config keys in <file>: openai_base_url,
// chatgpt_base_url, model_provider, model_providers, notify, profile,
// profiles, experimental_realtime_ws_base_url, otel. If you want these
// settings to apply, manually set them in your user-level config.toml.";
// apps_mcp_product_sku is in the same list of its source; with all twelve
// keys set, 0.171.0's warning names them in this order, with
// responses_api_metadata after apps_mcp_product_sku and
// experimental_realtime_webrtc_call_base_url before
// experimental_realtime_ws_base_url). It drops them from an untrusted
// project too, without the warning.
var ignoredProjectKeys = []string{"openai_base_url", "chatgpt_base_url", "apps_mcp_product_sku", "responses_api_metadata", "model_provider",
	"model_providers", "notify", "profile", "profiles", "experimental_realtime_webrtc_call_base_url", "experimental_realtime_ws_base_url", "otel"}

// unknownKeys are keys Codex 0.171.0 does not know in any config.toml:
// it warns "Codex is ignoring 1 unrecognized configuration setting" and
// "`zsh_path` is ignored" (observed).
var unknownKeys = []string{"zsh_path"}

// ignoredKeys shows what Codex ignores in f: a warning on each such key
// (file:line) and, for a project file Codex loads, its own warning.
func (s *project) ignoredKeys(f *file, root *settingsio.TOMLTable) {
	note := func(key, msg string) {
		v := root.Value(key)
		s.diags = append(s.diags, hooks.Diagnostic{File: f.Path, Line: v.Pos.Line, Column: v.Pos.Column,
			Severity: hooks.SeverityWarning, Message: msg})
	}
	if f.Layer == layerProject {
		var found []string
		for _, k := range ignoredProjectKeys {
			if root.Value(k) != nil {
				found = append(found, k)
				note(k, "Codex 0.171.0 ignores "+k+" in a project config.toml (observed: \"Ignored unsupported project-local config keys\"); only the user's config.toml sets it")
			}
		}
		if len(found) > 0 && f.Loaded {
			s.CodexWarnings = append(s.CodexWarnings, "Ignored unsupported project-local config keys in "+f.Path+": "+
				strings.Join(found, ", ")+". If you want these settings to apply, manually set them in your user-level config.toml.")
		}
	}
	for _, k := range unknownKeys {
		// a project's unknown keys are the catalogue's (catalogueEntries)
		if f.Layer != layerProject && root.Value(k) != nil {
			note(k, "Codex 0.171.0 does not know "+k+" and ignores it (observed: \"`"+k+"` is ignored\"); it changes nothing")
		}
	}
}

var _ agents.RiskSubjecter = (*project)(nil)

// RiskSubject is the analyser's input for a Codex entry: the neutral
// part, with a setting that loosens the sandbox or the approvals, or a
// key Codex 0.171.0 does not know (loosens), raised to at least review by
// a finding that says so: such a setting never reads as "no risk found",
// in any face (agents.RiskSubjecter).
func (p *project) RiskSubject(x *hooks.Hook, projectDir string) risk.Hook {
	in := risk.FromHook(x, projectDir)
	if why := loosens(x); why != "" {
		in.Floors = []risk.Finding{{Category: risk.SelfTampering, Severity: risk.LevelReview,
			Source: risk.Source{File: x.Origin.File, Line: x.Origin.Line, Col: x.Origin.Column, Text: x.Name + " = " + x.Description}, Summary: why}}
	}
	return in
}
