package codex

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

var _ agents.Project = (*project)(nil)

// Open reads every file Codex CLI reads hooks and hook trust from for a
// session in dir.
func (a agent) Open(_ context.Context, env agents.Env, dir string) (agents.Project, error) {
	opts := options{Cwd: dir, Getenv: env.Vars.Get, SystemDir: a.SystemDir}
	p, err := load(opts, sessionFlags{})
	if err != nil {
		return nil, err
	}
	p.env, p.byHook, p.byKey = env, map[*hooks.Hook]*handler{}, map[string]*handler{}
	for _, h := range p.Handlers {
		if _, dup := p.byKey[h.Key]; !dup && reviewed(h) {
			p.byKey[h.Key] = h
		}
		p.byHook[h.Hook] = h
	}
	p.store, p.storeErr = agents.LocateStore(env)
	return p, nil
}

// agent names Codex CLI.
func (p *project) Agent() agents.Info { return agent{}.Info() }

// Dir is the session folder with links resolved (Codex's cwd).
func (p *project) Dir() string { return p.Paths.Cwd }

// Hooks are every handler of every layer, in Codex's order.
func (p *project) Hooks() []*hooks.Hook { return append(p.handlerHooks(), p.Commands...) }

// handler is the Codex handler of a neutral hook (nil for another's).
func (p *project) Handler(h *hooks.Hook) *handler { return p.byHook[h] }

// Diagnostics are the findings about the files and every handler's own.
func (p *project) Diagnostics() []hooks.Diagnostic {
	out := append([]hooks.Diagnostic(nil), p.diags...)
	for _, h := range p.Handlers {
		out = append(out, h.Hook.Diagnostics...)
	}
	return out
}

// Title is how a Codex hook is named: its command (Codex hooks have no
// names), or the MCP tool, or the type of a handler Codex skips.
func (p *project) Title(h *hooks.Hook) string {
	if h != nil && !h.IsHook() {
		return hooks.CommandTitleOf(h)
	}
	return shortName(h)
}

// Unreadable are the files that exist but could not be read, parsed or
// decoded as Codex does.
func (p *project) Unreadable() []settingsio.FileError {
	var out []settingsio.FileError
	for _, f := range p.unreadableFiles() {
		fe := settingsio.FileError{Layer: f.Layer, Path: f.Path, Message: "not read"}
		if f.Err != nil {
			fe.Line, fe.Column, fe.Message = f.Err.Line, f.Err.Column, f.Err.Msg
		}
		out = append(out, fe)
	}
	return out
}

// Summary is the project trust (Codex's [projects] trust_level), whether
// Codex runs hooks at all (a refused configuration, managed hooks only),
// where CODEX_HOME is, what Codex itself warns, and what Hookwarden
// observed of Codex and what it only read about.
func (p *project) Summary() agents.Summary {
	s, paths := p, p.Paths
	ft := p.FolderTrust()
	sum := agents.Summary{
		FolderTrust: ft,
		HooksOff:    s.Fatal,
		Files: "The files Codex CLI reads hooks from for this folder, lowest precedence first: requirements.toml and " +
			"/etc/codex (managed), $CODEX_HOME/hooks.json and the [hooks] of $CODEX_HOME/config.toml (user), then " +
			"hooks.json and config.toml of every .codex folder from the project root down (project, loaded only when " +
			"the project is trusted); hook and project trust live in the user config.toml only. Then Hookwarden's store.",
	}
	if paths.ProjectRoot != paths.Cwd {
		sum.RepoRoot = paths.ProjectRoot
	}
	sum.Heading = []agents.Fact{
		agents.ProjectFact(p.Dir(), "Codex CLI "+version),
		agents.TrustFact(ft, ft.Trusted, paths.UserConfigTOML),
		p.hooksFact(),
	}
	sum.Heading[1].Label, sum.Heading[1].Title = "Project trust", ""
	sum.Facts = []agents.Field{
		{Key: "codex_home", Label: "CODEX_HOME", Value: paths.CodexHome, Code: true},
		{Key: "allow_managed_hooks_only", Label: "allow_managed_hooks_only",
			Value: fmt.Sprintf("%t (%s)", s.AllowManagedHooksOnly, paths.Requirements), JSON: s.AllowManagedHooksOnly},
		{Key: "provenance", Label: "What Hookwarden knows", Value: provenance(), Lines: true},
	}
	for _, w := range s.CodexWarnings {
		sum.Facts = append(sum.Facts, agents.Field{Key: "codex_warning", Label: "Codex warns", Value: w})
	}
	warnings := append([]string{}, s.CodexWarnings...)
	sum.Document = agents.SummaryDocument(string(Name),
		agents.Member("codex_home", paths.CodexHome),
		agents.Member("project_root", paths.ProjectRoot),
		agents.Member("project_trust", ft),
		agents.Member("allow_managed_hooks_only", s.AllowManagedHooksOnly),
		agents.Member("fatal", s.Fatal),
		agents.Member("codex_warnings", warnings),
	)
	return sum
}

// FolderTrust is Codex's trust of the project root in the neutral form.
func (p *project) FolderTrust() agents.FolderTrust {
	r := p.RootTrust
	state := r.Trust
	if state == "" {
		state = "unset"
	}
	source := p.Paths.UserConfigTOML
	if r.Trust != "" {
		source = fmt.Sprintf("%s [projects.%q]", source, r.TrustKey)
	}
	return agents.FolderTrust{Supported: true, Trusted: r.Trusted, State: state, Source: source, Reason: r.Reason,
		Levels: []string{"trusted", "untrusted"}}
}

// hooksFact says whether Codex runs hooks here at all.
func (p *project) hooksFact() agents.Fact {
	s := p
	f := agents.HooksFact("trusted hooks run; untrusted or modified ones Codex skips without a word", "")
	switch {
	case s.Fatal != "":
		f.Cells = []string{"off (Codex refuses the configuration)"}
		f.Text, f.OK = "off — "+s.Fatal, false
	case s.AllowManagedHooksOnly:
		f.Cells = []string{"managed hooks only (allow_managed_hooks_only in " + s.Paths.Requirements + ")"}
		f.Text, f.OK = "managed hooks only — allow_managed_hooks_only in "+s.Paths.Requirements, false
		f.Paths = []string{s.Paths.Requirements}
	}
	return f
}

// Layers are requirements.toml, the system, user and project files in
// Codex's order with their states and hook counts, and Hookwarden's store.
func (p *project) Layers() []agents.Layer {
	perFile := agents.HooksPerFile(p.Hooks(), nil)
	var out []agents.Layer
	for _, f := range p.Files {
		out = append(out, layerOf(f, perFile[f.Path]))
	}
	return append(out, agents.StoreLayer(p.store, p.storeErr, "Hookwarden's record of approved Codex hooks (definitions, scripts)",
		"nothing approved through Hookwarden yet")...)
}

// layerOf is the contract's layer of one Codex file.
func layerOf(f *file, n int) agents.Layer {
	sf := &settingsio.File{Layer: f.Layer, Path: f.Path, Exists: f.State != fileMissing, Raw: f.Raw, Err: f.Err}
	if !f.Loaded {
		sf.Ignored = f.NotLoaded
	}
	l := agents.FileLayer(sf)
	l.Kind, l.Label, l.Hooks = string(f.Layer), string(f.Kind), n
	l.Reviewed = f.Layer == layerProject || f.Layer == layerUser
	if f.Kind == kindRequirements {
		l.Kind = "managed"
	}
	if l.State == agents.FileOK && f.Provenance != "" {
		l.Note = f.Provenance
	}
	return l
}

// Watch are every file the snapshot read or looked for, the .codex
// folders (a new hooks.json), Hookwarden's store and the scripts of the
// reviewed hooks.
func (p *project) Watch() []string {
	var out []string
	for _, f := range p.Files {
		out = append(out, f.Path, filepath.Dir(f.Path))
	}
	for dir := p.Dir(); ; dir = filepath.Dir(dir) {
		out = append(out, filepath.Join(dir, ".codex"), filepath.Join(dir, ".codex", rulesDir))
		if dir == p.Paths.ProjectRoot || filepath.Dir(dir) == dir {
			break
		}
	}
	for _, f := range p.rules {
		out = append(out, f.Path)
	}
	if p.store.Dir != "" {
		out = append(out, p.store.Path())
	}
	out = append(out, p.scriptPaths()...)
	return agents.SortedPaths(out)
}

// Details are a Codex handler's trust key, current hash, trust status
// (Codex's word), stored hash, enablement, timeout, async, status message
// and source.
func (p *project) Details(h *hooks.Hook) []agents.Field {
	if !h.IsHook() {
		return commandDetails(h)
	}
	c := p.byHook[h]
	out := []agents.Field{{Key: "command", Label: "Command", Value: h.Command, Code: true, Lines: true}}
	if c == nil {
		return out
	}
	out = append(out, agents.Field{Key: "event", Label: "Settings", Value: "event " + string(h.Event), JSON: h.Event})
	if h.HasMatcher {
		m := agents.Field{Key: "matcher", Label: "Settings", Value: "matcher " + h.Matcher, JSON: h.Matcher}
		if c.Matcher == nil {
			m.Value = fmt.Sprintf("matcher %q (dropped by Codex for %s)", h.Matcher, h.Event)
		}
		out = append(out, m)
	}
	out = append(out,
		agents.Field{Key: "timeout", Label: "Settings", Value: fmt.Sprintf("timeout %d s", c.TimeoutSec), JSON: c.TimeoutSec},
		agents.Field{Key: "async", Label: "Settings", Value: fmt.Sprintf("async %t", c.Async), JSON: c.Async})
	if c.StatusMessage != nil {
		out = append(out, agents.Field{Key: "statusMessage", Label: "Settings", Value: "status “" + *c.StatusMessage + "”", JSON: *c.StatusMessage})
	}
	out = append(out, agents.Field{Key: "source", Label: "Source", Value: string(c.Source), JSON: c.Source})
	if c.Listed {
		out = append(out,
			agents.Field{Key: "trust_key", Label: "Trust key", Value: c.Key, Code: true},
			agents.Field{Key: "current_hash", Label: "Current hash", Value: c.CurrentHash, Code: true},
			agents.Field{Key: "trust_status", Label: "Trust status", Value: string(c.Trust) + " (Codex's word)", JSON: c.Trust})
		if c.TrustedHash != "" {
			out = append(out, agents.Field{Key: "trusted_hash", Label: "Trusted hash", Value: c.TrustedHash, Code: true})
		}
		out = append(out, agents.Field{Key: "enabled", Label: "Enabled", Value: fmt.Sprintf("%t", c.Enabled), JSON: c.Enabled})
	}
	return out
}

// HookDocument is a handler's object in the list document: the members
// every agent has, then Codex's key, hashes, trust and switch.
func (p *project) HookDocument(h *hooks.Hook) agents.Document {
	d := agents.HookSlots()
	if c := p.byHook[h]; c != nil {
		var matcher any
		if c.Matcher != nil {
			matcher = *c.Matcher
		}
		d = append(d,
			agents.Member("key", c.Key), agents.Member("listed", c.Listed), agents.Member("source", c.Source),
			agents.Member("applied_matcher", nullable(matcher)), agents.Member("timeout_sec", c.TimeoutSec),
			agents.Member("async", c.Async), agents.Member("status_message", nullable(strPtr(c.StatusMessage))),
			agents.Member("current_hash", c.CurrentHash), agents.Member("trusted_hash", c.TrustedHash),
			agents.Member("trust_status", c.Trust), agents.Member("enabled", c.Enabled), agents.Member("managed", c.IsManaged),
			agents.Member("runs", c.Runs))
	}
	return append(append(d, agents.Slot("risk")), agents.CommandMembers(h)...)
}

// null is a JSON null for a Document member (a nil JSON would fall back
// to the field's Value).
type null struct{}

func (null) MarshalJSON() ([]byte, error) { return []byte("null"), nil }

func nullable(v any) any {
	if v == nil {
		return null{}
	}
	return v
}

func strPtr(s *string) any {
	if s == nil {
		return nil
	}
	return *s
}
