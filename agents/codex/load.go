package codex

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// sessionFlags are what `codex -c key=value` adds in memory for one run
// (the session-flags layer, highest precedence; observed through the
// kit, which trusts its project and hooks this way).
type sessionFlags struct {
	// Projects is -c projects={"<path>"={trust_level="…"}}.
	Projects map[string]string
	// HookStates is -c hooks.state={"<key>"={trusted_hash="…"}}: trust
	// from session flags counts like the user config's (source:
	// config_rules.rs).
	HookStates map[string]HookState
}

// HookState is one [hooks.state."<key>"] entry.
type HookState struct {
	TrustedHash string
	Enabled     *bool
}

// layerSpec is one config layer Codex walks.
type layerSpec struct {
	layer     settingsio.Layer
	source    source
	managed   bool
	json      *file
	toml      *file
	tomlVals  configValues
	notLoaded string // why Codex does not load its hooks ("" = it does)
	// notLoadedStatus is the hooks' status when notLoaded is set.
	notLoadedStatus hooks.Status
}

// load reads every file Codex 0.171.0 would read hooks and hook trust from
// for a session in opts.Cwd, and decides for every handler what Codex does
// with it. It returns an error only for unusable options; problems with
// files are File states and diagnostics.
func load(opts options, flags sessionFlags) (*project, error) {
	p, err := resolvePaths(opts)
	if err != nil {
		return nil, err
	}
	s := &project{Paths: p}

	req := &file{Path: p.Requirements, Kind: kindRequirements, Layer: layerManaged, Source: sourceSystem,
		Provenance: provRequirements}
	reqVals := readConfigTOML(req)
	s.Files = append(s.Files, req)
	s.AllowManagedHooksOnly = reqVals.allowManagedHooksOnly

	system := layerSpec{layer: layerSystem, source: sourceSystem, managed: true,
		json: &file{Path: p.SystemHooksJSON, Kind: kindHooksJSON, Provenance: provSystemJSON},
		toml: &file{Path: p.SystemConfigTOML, Kind: kindConfigTOML, Provenance: provSystemTOML}}
	system.tomlVals = readConfigTOML(system.toml)
	user := layerSpec{layer: layerUser, source: sourceUser,
		json: &file{Path: p.UserHooksJSON, Kind: kindHooksJSON, Provenance: provUserJSON},
		toml: &file{Path: p.UserConfigTOML, Kind: kindConfigTOML, Provenance: provUserTOML}}
	user.tomlVals = readConfigTOML(user.toml)

	// Project trust and root markers come from the layers merged so far
	// (system, user, session flags), later ones winning.
	projects := map[string]string{}
	for _, m := range []map[string]string{system.tomlVals.projects, user.tomlVals.projects, flags.Projects} {
		for k, v := range m {
			projects[k] = v
		}
	}
	markers := []string{".git"}
	for _, v := range []configValues{system.tomlVals, user.tomlVals} {
		if v.hasMarkers {
			markers = v.markers
		}
	}
	p.ProjectRoot = findProjectRoot(p.Cwd, markers)
	s.Paths = p

	s.RootTrust = projectTrust(projects, p.ProjectRoot, p.ProjectRoot, p.UserConfigTOML)
	layers := []layerSpec{system, user}
	for _, dir := range projectDirs(p.ProjectRoot, p.Cwd, p.CodexHome) {
		pd := projectTrust(projects, dir, p.ProjectRoot, p.UserConfigTOML)
		s.Projects = append(s.Projects, pd)
		l := layerSpec{layer: layerProject, source: sourceProject,
			json: &file{Path: filepath.Join(pd.DotCodex, "hooks.json"), Kind: kindHooksJSON, Provenance: provProjectJSON},
			toml: &file{Path: filepath.Join(pd.DotCodex, "config.toml"), Kind: kindConfigTOML, Provenance: provProjectTOML}}
		l.tomlVals = readConfigTOML(l.toml)
		if !pd.Trusted {
			l.notLoaded, l.notLoadedStatus = pd.Reason, statusProjectUntrusted
		}
		layers = append(layers, l)
	}

	// Hook trust: the user config.toml and session flags only.
	states := map[string]hookState{}
	for k, v := range user.tomlVals.states {
		states[k] = v
	}
	// Session flags merge into the user's entries field by field (source:
	// the config layers are merged recursively, merge_toml_values; not
	// observed).
	for k, v := range flags.HookStates {
		st := states[k]
		if v.TrustedHash != "" {
			st.trustedHash, st.hasTrustedHash = v.TrustedHash, true
		}
		if v.Enabled != nil {
			st.enabled = v.Enabled
		}
		states[k] = st
	}

	s.States = map[string]HookState{}
	for k, st := range states {
		s.States[k] = HookState{TrustedHash: st.trustedHash, Enabled: st.enabled}
	}

	// Managed hooks of requirements.toml come first (observed with a
	// private /etc/codex: listed first, source "system", trust "managed",
	// enabled even with enabled = false; source:
	// append_managed_requirement_handlers).
	s.fileDiagnostics(req, true)
	s.diags = append(s.diags, reqVals.diags...)
	s.refused(req, reqVals, true)
	if reqVals.hooks != nil {
		req.Layer, req.Loaded = layerManaged, true
		defs := *reqVals.hooks
		// Keys name managed_dir when it is absolute, else the file
		// (observed both; source: managed_hooks_source_path).
		if dir, ok, _ := reqVals.doc.Root.Table("hooks").String("managed_dir"); ok && filepath.IsAbs(dir) {
			defs.path = dir
		}
		s.addHandlers(layerSpec{layer: layerManaged, source: sourceSystem, managed: true, toml: req}, &defs, states)
	}
	for _, l := range layers {
		if s.AllowManagedHooksOnly && !l.managed && l.notLoaded == "" {
			// Observed: user and project hooks are then not even listed;
			// the system layer still is.
			l.notLoaded = "requirements.toml sets allow_managed_hooks_only = true: Codex loads only managed hooks"
			l.notLoadedStatus = statusManagedOnly
		}
		s.addLayer(l, states)
	}
	s.sameCommandTwice()
	s.collectCommands()
	return s, nil
}

// addLayer loads one layer's hooks.json and config.toml [hooks].
func (s *project) addLayer(l layerSpec, states map[string]hookState) {
	for _, f := range []*file{l.json, l.toml} {
		f.Layer, f.Source = l.layer, l.source
		f.Loaded, f.NotLoaded = l.notLoaded == "", l.notLoaded
	}
	var jsonDefs *defFile
	if data := readFile(l.json); data != nil {
		if root := parseHooksJSON(l.json, data); root != nil {
			jsonDefs = decodeHooksJSON(l.json.Path, root)
			if len(jsonDefs.errs) > 0 {
				e := jsonDefs.errs[0]
				l.json.State = fileInvalid
				l.json.Err = &settingsio.ParseError{Path: l.json.Path, Line: e.pos.Line, Column: e.pos.Column, Msg: e.msg}
			}
		}
	}
	s.Files = append(s.Files, l.json, l.toml)
	s.fileDiagnostics(l.json, l.notLoaded == "")
	s.fileDiagnostics(l.toml, l.notLoaded == "")
	s.diags = append(s.diags, l.tomlVals.diags...)
	s.refused(l.toml, l.tomlVals, l.notLoaded == "")
	// Codex's own warning for a hooks.json it cannot use (observed: "failed
	// to parse hooks config <path>: <serde message> at line L column C";
	// Hookwarden's message and column are its own, Codex's point after
	// the offending token).
	if e := l.json.Err; l.notLoaded == "" && e != nil {
		verb := "parse"
		if l.json.State == fileUnreadable {
			verb = "read"
		}
		msg := e.Msg
		if e.Line > 0 {
			msg = fmt.Sprintf("%s at line %d column %d", msg, e.Line, e.Column)
		}
		s.CodexWarnings = append(s.CodexWarnings, fmt.Sprintf("failed to %s hooks config %s: %s", verb, l.json.Path, msg))
	}
	tomlDefs := l.tomlVals.hooks
	if tomlDefs != nil && len(tomlDefs.errs) > 0 {
		e := tomlDefs.errs[0]
		if l.toml.State == fileOK {
			l.toml.State = fileInvalid
			l.toml.Err = &settingsio.ParseError{Path: l.toml.Path, Line: e.pos.Line, Column: e.pos.Column, Msg: e.msg}
			s.diags = append(s.diags, hooks.Diagnostic{File: l.toml.Path, Line: e.pos.Line, Column: e.pos.Column,
				Severity: hooks.SeverityError, Message: e.msg + " (Codex loads none of this file's [hooks])"})
		}
		// Observed: a trusted project config.toml whose [hooks] has a value
		// of the wrong type (timeout = "soon") makes Codex's typed config
		// fail as a whole ("<file>:1:3: invalid type: string \"soon\",
		// expected u64"): hooks/list answers with an error and lists no
		// hook at all. (Source also has a softer "failed to parse TOML
		// hooks in <file>" warning for values the typed config accepts.)
		if l.notLoaded == "" {
			s.fatal(l.toml.Path, e.pos, fmt.Sprintf("Codex refuses this configuration: %s (no hook of any layer runs)", e))
		}
	}
	if l.notLoaded == "" && jsonDefs != nil && tomlDefs != nil && len(jsonDefs.errs) == 0 && len(tomlDefs.errs) == 0 &&
		jsonDefs.hasHooks() && tomlDefs.hasHooks() {
		// Observed (kit example basic).
		s.CodexWarnings = append(s.CodexWarnings, fmt.Sprintf(
			"loading hooks from both %s and %s; prefer a single representation for this layer", l.json.Path, l.toml.Path))
	}
	if jsonDefs != nil {
		s.addHandlers(layerSpec{layer: l.layer, source: l.source, managed: l.managed, json: l.json,
			notLoaded: l.notLoaded, notLoadedStatus: l.notLoadedStatus}, jsonDefs, states)
	}
	if tomlDefs != nil {
		s.addHandlers(layerSpec{layer: l.layer, source: l.source, managed: l.managed, toml: l.toml,
			notLoaded: l.notLoaded, notLoadedStatus: l.notLoadedStatus}, tomlDefs, states)
	}
}

// addHandlers turns one file's definitions into handlers, in Codex's
// order, deciding each one's fate (source: append_matcher_groups;
// observed: every warning text below).
func (s *project) addHandlers(l layerSpec, defs *defFile, states map[string]hookState) {
	file := l.json
	if file == nil {
		file = l.toml
	}
	loaded := l.notLoaded == ""
	warn := func(format string, args ...any) {
		if loaded && len(defs.errs) == 0 {
			s.CodexWarnings = append(s.CodexWarnings, fmt.Sprintf(format, args...))
		}
	}
	var decodeErr string
	if len(defs.errs) > 0 {
		decodeErr = defs.errs[0].String()
	}
	for _, ev := range defs.events {
		if !ev.known {
			s.diags = append(s.diags, hooks.Diagnostic{File: file.Path, Line: ev.pos.Line, Column: ev.pos.Column,
				Severity: hooks.SeverityWarning,
				Message:  fmt.Sprintf("%q is not a Codex hook event: Codex ignores it without a warning and none of its hooks run%s", string(ev.name), suggestEvent(ev.name))})
		}
	}
	for _, name := range codexOrder {
		for _, ev := range defs.events {
			if ev.name != name {
				continue
			}
			for _, g := range ev.groups {
				var matcher *string
				if ev.info.KeepsMatcher {
					matcher = g.matcher
				}
				var compiled *Matcher
				var matcherErr error
				if matcher != nil {
					compiled, matcherErr = compileMatcher(*matcher)
					if matcherErr != nil {
						warn("invalid matcher %s in %s: %v", strconv.Quote(*matcher), file.Path, matcherErr)
					}
				}
				for _, d := range g.handlers {
					h := s.newHandler(l, file, defs.path, ev, g, d, matcher)
					switch {
					case decodeErr != "":
						h.Hook.Status = hooks.StatusInvalid
						h.Hook.Reason = "Codex loads no hook from " + file.Path + ": " + decodeErr
					case !loaded:
						trustOf(h, l, states) // shown, though Codex does not list it
						h.Hook.Status = l.notLoadedStatus
						h.Hook.Reason = l.notLoaded
						h.silentSkip("Codex skips this hook without a word: " + l.notLoaded)
					case matcherErr != nil:
						h.Hook.Status = statusInvalidMatcher
						h.Hook.Reason = fmt.Sprintf("the matcher %q is not a valid regex (%v): Codex skips the whole group with a warning", *matcher, matcherErr)
					case d.typ == "prompt" || d.typ == "agent":
						h.Hook.Status = statusUnsupported
						h.Hook.Reason = d.typ + " hooks are not supported yet: Codex skips it with a warning"
						warn("skipping %s hook in %s: %s hooks are not supported yet", d.typ, file.Path, d.typ)
					case d.typ == "command" && strings.TrimSpace(h.Hook.Command) == "":
						h.Hook.Status = statusSkipped
						h.Hook.Reason = "the command is blank: Codex skips it with a warning"
						warn("skipping empty hook command in %s", file.Path)
					default:
						s.decideTrust(h, l, states)
						if d.typ == "command" && h.clamped(ev.info, d) {
							warn("clamping %s hook timeout to %ds in %s", ev.name, ev.info.MaxTimeoutSec, file.Path)
						}
					}
					if compiled != nil && matcherErr == nil {
						if why := regexDifference(*matcher); why != "" {
							h.diag(hooks.SeverityWarning, fmt.Sprintf("the matcher uses %s: Codex's Rust regex and Hookwarden's Go regexp may read it differently, so the plan for it may be wrong", why))
						}
					}
					s.Handlers = append(s.Handlers, h)
				}
			}
		}
	}
}

func (h *handler) clamped(e eventInfo, d defHandler) bool {
	_, c := effectiveTimeout(e, d.timeout)
	return c
}

// newHandler builds the handler and its neutral hook.
func (s *project) newHandler(l layerSpec, file *file, defsPath string, ev defEvent, g defGroup, d defHandler, matcher *string) *handler {
	timeout, clamped := effectiveTimeout(ev.info, d.timeout)
	hk := &hooks.Hook{
		ID:         fmt.Sprintf("codex:%s:%s#%s", l.layer, file.Path, d.path),
		Event:      ev.name,
		HasMatcher: g.matcher != nil,
		Type:       d.typ,
		Command:    d.command,
		RawCommand: d.command,
		TimeoutMS:  int64(min(timeout, 1<<53/1000)) * 1000,
		HasTimeout: d.timeout != nil,
		Origin:     hooks.Origin{Layer: l.layer, File: file.Path, Line: d.pos.Line, Column: d.pos.Column, Path: d.path},
		Node:       d.node,
		Agent:      Name,
	}
	if g.matcher != nil {
		hk.Matcher = *g.matcher
	}
	if d.timeout != nil {
		hk.TimeoutText = strconv.FormatUint(*d.timeout, 10) + "s"
	}
	h := &handler{
		Hook: hk, Key: trustKey(defsPath, ev.name, g.index, d.index), Group: g.index, Index: d.index,
		Matcher: matcher, TimeoutSec: timeout, Async: d.async, StatusMessage: d.statusMessage,
		Source: l.source, IsManaged: l.managed, Enabled: true,
	}
	if d.server != "" || d.tool != "" || d.input != nil {
		h.mcp = &mcpTool{Server: d.server, Tool: d.tool, Input: d.input}
	}
	if d.typ == "command" || d.typ == "mcp_tool" {
		h.CurrentHash = h.Identity().Hash()
	}
	if g.matcher != nil && matcher == nil {
		h.diag(hooks.SeverityInfo, fmt.Sprintf("Codex drops matchers for %s: this hook runs on every %s, whatever %q says", ev.name, ev.name, *g.matcher))
	}
	if clamped {
		h.diag(hooks.SeverityWarning, fmt.Sprintf("timeout %d s is more than Codex allows for %s: it clamps it to %d s", *d.timeout, ev.name, ev.info.MaxTimeoutSec))
	}
	if d.timeout != nil && *d.timeout == 0 {
		h.diag(hooks.SeverityInfo, "timeout 0 means 1 s to Codex")
	}
	if d.typ == "mcp_tool" {
		h.diag(hooks.SeverityInfo, "an mcp_tool hook: Codex 0.171.0 lists and trusts it (observed); whether and how it runs was not observed")
	}
	return h
}

// decideTrust sets trust, enablement and the status of a handler Codex
// lists (source: discovery.rs hook_trust_status, hook_enabled; observed in
// the kit's trusted-hash and untrusted examples).
func (s *project) decideTrust(h *handler, l layerSpec, states map[string]hookState) {
	h.Listed = true
	trustOf(h, l, states)
	hk := h.Hook
	switch {
	case !h.Enabled:
		hk.Status = hooks.StatusDisabled
		hk.Reason = fmt.Sprintf("[hooks.state.%q] enabled = false in the user config.toml", h.Key)
		h.silentSkip("Codex skips this disabled hook without a word")
	case h.Trust == untrusted:
		hk.Status = statusUntrusted
		hk.Reason = "not trusted: no trusted_hash for its key in the user config.toml"
		h.silentSkip("Codex skips this untrusted hook without a word (codex exec prints nothing; review and trust it first)")
	case h.Trust == modified:
		hk.Status = statusModified
		hk.Reason = "changed since it was trusted: the stored trusted_hash is not its current hash"
		h.silentSkip("Codex skips this modified hook without a word: its definition changed after it was trusted")
	default:
		h.Runs = true
		hk.Status = hooks.StatusRuns
		hk.Reason = runsReason(h)
	}
}

// trustOf sets the trust facts of a handler from the stored states.
func trustOf(h *handler, l layerSpec, states map[string]hookState) {
	st, ok := states[h.Key]
	if ok {
		h.TrustedHash, h.StateAt = st.trustedHash, st.pos
	}
	switch {
	case l.managed:
		h.Trust = managed
	case ok && st.hasTrustedHash && st.trustedHash == h.CurrentHash:
		h.Trust = trusted
	case ok && st.hasTrustedHash:
		h.Trust = modified
	default:
		h.Trust = untrusted
	}
	h.Enabled = l.managed || st.enabled == nil || *st.enabled
}

func runsReason(h *handler) string {
	e, _ := lookupEvent(h.Hook.Event)
	trust := "trusted"
	if h.Trust == managed {
		trust = "managed (always trusted)"
	}
	if h.Matcher == nil {
		return fmt.Sprintf("%s; runs on every %s", trust, e.Name)
	}
	m, _ := compileMatcher(*h.Matcher)
	if m.MatchAll() {
		return fmt.Sprintf("%s; runs on every %s (matcher %q matches everything)", trust, e.Name, *h.Matcher)
	}
	return fmt.Sprintf("%s; runs on %s when the %s matches: %s", trust, e.Name, e.MatcherInput, m.Kind())
}

func (h *handler) diag(sev hooks.Severity, msg string) {
	h.Hook.Diagnostics = append(h.Hook.Diagnostics, hooks.Diagnostic{File: h.Hook.Origin.File,
		Line: h.Hook.Origin.Line, Column: h.Hook.Origin.Column, Severity: sev, Message: msg, HookID: h.Hook.ID})
}

// silentSkip records a skip Codex makes without telling anyone.
func (h *handler) silentSkip(msg string) { h.diag(hooks.SeverityWarning, msg) }

// sameCommandTwice notes commands that run more than once for one event
// (observed: the same command in the user and the project layer runs
// twice; Codex does not de-duplicate).
func (s *project) sameCommandTwice() {
	type k struct {
		event hooks.Event
		cmd   string
	}
	seen := map[k][]*handler{}
	for _, h := range s.Handlers {
		if h.Hook.Type == "command" && h.Listed {
			key := k{h.Hook.Event, strings.TrimSpace(h.Hook.Command)}
			seen[key] = append(seen[key], h)
		}
	}
	agents.Repeated(seen, func(h *handler) *hooks.Hook { return h.Hook }, func(h *handler, others string, n int) {
		h.diag(hooks.SeverityInfo, fmt.Sprintf("the same command is also a %s hook at %s: Codex does not de-duplicate, when both match it runs %d times, concurrently",
			h.Hook.Event, others, n))
	})
}

// suggestEvent names the Codex event an unknown name was probably meant as.
func suggestEvent(name hooks.Event) string {
	if e := (agent{}).SuggestEvent(string(name)); e != "" {
		return fmt.Sprintf(" (did you mean %q?)", string(e))
	}
	return ""
}

// fileDiagnostics reports a file's read or parse error. A config.toml
// Codex cannot parse stops Codex from starting at all (source: loader
// load_config_toml_for_required_layer; a project one only when the
// project is trusted).
func (s *project) fileDiagnostics(f *file, loaded bool) {
	if f.Err == nil || f.State == fileInvalid && f.Kind == kindConfigTOML {
		return
	}
	d := hooks.Diagnostic{File: f.Path, Line: f.Err.Line, Column: f.Err.Column, Severity: hooks.SeverityError, Message: f.Err.Msg}
	if f.Kind != kindHooksJSON && loaded && (f.State == fileParseError || f.State == fileUnreadable) {
		s.fatal(f.Path, settingsio.Pos{Line: f.Err.Line, Column: f.Err.Column}, f.Err.Msg+" (Codex refuses to start with this file)")
		return
	}
	s.diags = append(s.diags, d)
}

// fatal records a problem that stops Codex from loading any configuration
// for the session: it runs no hook at all.
func (s *project) fatal(file string, pos settingsio.Pos, msg string) {
	s.diags = append(s.diags, hooks.Diagnostic{File: file, Line: pos.Line, Column: pos.Column,
		Severity: hooks.SeverityFatal, Message: msg})
	if s.Fatal == "" {
		s.Fatal = fmt.Sprintf("%s:%d:%d: %s", file, pos.Line, pos.Column, msg)
	}
}

// refused reports the values for which Codex rejects a config file as a
// whole: fatal when Codex loads the file, else an error.
func (s *project) refused(f *file, v configValues, loaded bool) {
	for _, d := range v.refused {
		if loaded {
			s.fatal(d.File, settingsio.Pos{Line: d.Line, Column: d.Column}, d.Message+" (Codex rejects the whole configuration and runs no hook)")
			continue
		}
		d.Severity = hooks.SeverityError
		s.diags = append(s.diags, d)
	}
}
