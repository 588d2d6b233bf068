package copilot

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// version is the Copilot CLI release whose behaviour this package models.
const version = "1.0.102"

// title is how people call the agent.
const title = "Copilot CLI"

// agent is GitHub Copilot CLI behind the agent contract.
type agent struct{}

// New returns Copilot CLI's agent.
func New() agent { return agent{} }

// Info names Copilot CLI.
func (agent) Info() agents.Info {
	return agents.Info{Facts: facts(), Name: string(Name), Title: title, Version: version, Types: []string{"command", "http", "prompt"},
		Statuses: []hooks.Status{statusInvalidMatcher, statusUnknownEvent},
		Tones:    map[hooks.Status]agents.Tone{statusInvalidMatcher: agents.ToneBad, statusUnknownEvent: agents.ToneWarn},
		Layers:   map[settingsio.Layer]agents.LayerRole{layerUser: agents.RoleUser, layerRepository: agents.RoleProject},
		Lacks: map[agents.Capability]string{
			agents.CapRepair: "Copilot CLI has no trust store of its own to repair",
			agents.CapCarryOver: "Copilot CLI has no per-hook trust, and Hookwarden carries none of its approvals over to a moved hook: " +
				"approve it again where it is now (hookwarden untrust --gone drops the approval it left behind)",
		}}
}

// Events are Copilot CLI's 14 events, with what their matchers see and
// the captured sample payloads.
func (agent) Events() []agents.EventInfo {
	var out []agents.EventInfo
	for _, e := range events {
		info := agents.EventInfo{Name: e.Name, Description: e.Description, CanBlock: e.CanBlock, Notes: append([]string{}, e.Notes...)}
		if e.Pascal != "" {
			info.Aliases = []hooks.Event{e.Pascal}
			info.Notes = append(info.Notes, "also written "+string(e.Pascal)+" (Claude format: other payload and output rules)")
		}
		if e.Tool {
			info.Context, info.ContextLabel = agents.ContextTool, "tool name"
			info.Values = []string{"bash", "view", "apply_patch", "create", "edit", "task", "rg", "glob"}
		}
		if in, err := sampleInput(sampleOptions{Event: e.Name}); err == nil {
			info.Sample = hooks.AppendJSON(nil, in)
		}
		out = append(out, info)
	}
	return out
}

// SuggestEvent names the event a misspelt name probably meant.
func (agent) SuggestEvent(name string) hooks.Event { return suggestEvent(name) }

// project is one session folder as Copilot CLI reads it, with
// Hookwarden's store, which holds the approvals of its repository hooks
// (Copilot has no per-hook trust of its own).
type project struct {
	env      agents.Env
	snap     *snapshot
	store    trust.Store
	storeErr error
	// reviewRT is how the review reads its hooks' commands: bash with
	// the legacy project variables (trust.Runtime's zero) and the user's
	// git configuration (one for all, so they share a discovery cache).
	reviewRT *trust.Runtime
}

var _ agents.Project = (*project)(nil)

// Open reads every file Copilot CLI reads hooks, switches and folder
// trust from for a session in dir.
func (agent) Open(_ context.Context, env agents.Env, dir string) (agents.Project, error) {
	return open(env, dir)
}

func open(env agents.Env, dir string) (*project, error) {
	snap, err := Load(options{Cwd: dir, Getenv: env.Get})
	if err != nil {
		return nil, err
	}
	p := &project{env: env, snap: snap, reviewRT: &trust.Runtime{Git: env.GitConfig()}}
	p.store, p.storeErr = agents.LocateStore(env)
	return p, nil
}

// agent names Copilot CLI.
func (p *project) Agent() agents.Info { return agent{}.Info() }

// Dir is the session folder with links resolved.
func (p *project) Dir() string { return p.snap.Paths.Cwd }

// snapshot is what Copilot reads for the folder (for tests and tools).
func (p *project) Snapshot() *snapshot { return p.snap }

// Hooks are every entry of every file, in Copilot's order.
func (p *project) Hooks() []*hooks.Hook { return p.snap.Hooks() }

// Diagnostics are the findings about files (with Copilot's own warnings)
// and every hook's own.
func (p *project) Diagnostics() []hooks.Diagnostic {
	out := append([]hooks.Diagnostic(nil), p.snap.Diagnostics...)
	for _, f := range p.snap.Files {
		if f.Err != nil {
			out = append(out, hooks.Diagnostic{File: f.Path, Line: f.Err.Line, Column: f.Err.Column, Severity: hooks.SeverityError,
				Message: fileErrorText(f)})
		}
	}
	for _, h := range p.snap.Handlers {
		if h.Hook.Status == hooks.StatusInvalid || h.Hook.Status == statusInvalidMatcher {
			out = append(out, hooks.Diagnostic{File: h.Hook.Origin.File, Line: h.Hook.Origin.Line, Column: h.Hook.Origin.Column,
				Severity: hooks.SeverityWarning, Message: h.Hook.Reason, HookID: h.Hook.ID})
		}
		out = append(out, h.Hook.Diagnostics...)
	}
	return out
}

func fileErrorText(f *file) string {
	switch {
	case f.Kind == kindUnmodelled:
		return f.Err.Msg
	case f.Root == nil && f.Raw == nil:
		return f.Err.Msg + " (not read)"
	case f.Kind == kindSettings && f.Root == nil:
		return f.Err.Msg + ": Copilot CLI ignores this settings file"
	case f.Kind == kindSettings:
		return f.Err.Msg + ": Copilot CLI drops every hook of this settings file"
	case f.Kind == kindConfig:
		return f.Err.Msg + ": Copilot CLI cannot read the folder trust"
	}
	return f.Err.Msg + ": Copilot CLI loads none of this file's hooks"
}

// Title is how a Copilot hook is named: its command.
func (p *project) Title(h *hooks.Hook) string {
	if h == nil {
		return ""
	}
	c := strings.TrimSpace(h.Command)
	if i := strings.IndexByte(c, '\n'); i >= 0 {
		c = c[:i] + " …"
	}
	if c == "" {
		return "(" + h.Type + " hook without a command)"
	}
	return c
}

// Unreadable are the files that exist but could not be read, or that
// Copilot rejects in part or whole.
func (p *project) Unreadable() []settingsio.FileError {
	var out []settingsio.FileError
	for _, f := range p.snap.Files {
		if f.Err != nil && f.Kind != kindNotRead {
			out = append(out, settingsio.FileError{Layer: f.Layer, Path: f.Path, Line: f.Err.Line, Column: f.Err.Column, Message: fileErrorText(f)})
		}
	}
	return out
}

// FolderTrust is Copilot's trust of the folder in the neutral form.
func (p *project) FolderTrust() agents.FolderTrust {
	t := p.snap.Trust
	state := "untrusted"
	switch {
	case t.Trusted:
		state = "trusted"
	case t.OptIn:
		state = "untrusted (repository hooks opted in)"
	}
	reason := t.Rule
	if !t.Trusted && !t.OptIn {
		reason += "; repository hooks are skipped silently by Copilot CLI"
	}
	return agents.FolderTrust{Supported: true, Trusted: t.Trusted || t.OptIn, State: state, Source: p.snap.Paths.Config,
		Reason: reason, Levels: []string{"trusted", "untrusted"}}
}

// Summary is the folder trust, whether Copilot runs hooks at all, and
// where its files are.
func (p *project) Summary() agents.Summary {
	s, paths := p.snap, p.snap.Paths
	ft := p.FolderTrust()
	sum := agents.Summary{
		FolderTrust: ft,
		Files: "The files Copilot CLI reads hooks from for this folder, in the order it runs them: ~/.copilot/hooks/*.json " +
			"(reverse name order) and ~/.copilot/settings.json (user), then the repository's .github/hooks/*.json (reverse " +
			"name order), .claude/settings.json, .claude/settings.local.json, .github/copilot/settings.json and " +
			"settings.local.json (loaded only in a trusted folder); files it does not read; config.json (folder trust); " +
			"then Hookwarden's store.",
	}
	if s.AllOff != "" {
		sum.HooksOff = "disableAllHooks is true in " + s.AllOff + ": Copilot runs no hook at all"
	}
	if paths.RepoRoot != paths.Cwd {
		sum.RepoRoot = paths.RepoRoot
	}
	hooksFact := agents.Fact{Key: "hooks", Label: "Hooks", Cells: []string{"on"}, OK: true,
		Text: "on — every matching hook of every layer runs, one after another"}
	if sum.HooksOff != "" {
		hooksFact = agents.Fact{Key: "hooks", Label: "Hooks", Cells: []string{"off (" + sum.HooksOff + ")"}, Text: "off — " + sum.HooksOff,
			Paths: []string{s.AllOff}}
	}
	sum.Heading = []agents.Fact{
		{Key: "project", Label: "Project", Cells: []string{p.Dir() + " (Copilot CLI " + version + ")"}, Text: p.Dir(), OK: true},
		{Key: "folder_trust", Label: "Folder", Title: "Folder trust", Cells: []string{ft.State, ft.Reason}, Text: ft.State + " — " + ft.Reason,
			Paths: []string{paths.Config}, OK: ft.Trusted},
		hooksFact,
	}
	sum.Facts = []agents.Field{
		{Key: "copilot_home", Label: "Copilot home", Value: paths.CopilotHome, Code: true},
		{Key: "repo_root", Label: "Repository files from", Value: paths.RepoRoot + " (the git root, else the folder; `--trust-folder` in a git subfolder reads the folder's own instead)", Code: true},
		{Key: "disabled_hooks", Label: "disabledHooks", Value: fmt.Sprintf("%d key(s) in %s", len(s.DisabledKeys), paths.UserSettings), JSON: s.DisabledKeys},
		{Key: "session_trust", Label: "Not seen by Hookwarden", Value: "`copilot --trust-folder` trusts the folder for one session without writing it anywhere; plugins (--plugin-dir, installed plugins) and policy hooks (/etc/github-copilot/policy.d) are not read"},
	}
	for _, f := range s.Files {
		for _, w := range f.Warnings {
			sum.Facts = append(sum.Facts, agents.Field{Key: "copilot_warning", Label: "Copilot warns", Value: w})
		}
	}
	sum.Document = agents.Document{
		agents.Member("agent", string(Name)),
		agents.Slot("project"),
		agents.Member("copilot_home", paths.CopilotHome),
		agents.Member("repo_root", paths.RepoRoot),
		agents.Member("folder_trust", ft),
		agents.Member("trusted_folders", nonNil(s.Trust.Folders)),
		agents.Member("disabled_hooks", nonNil(s.DisabledKeys)),
		agents.Member("all_hooks_off", s.AllOff),
		agents.Slot("layers"),
		agents.Slot("hooks"),
		agents.Slot("diagnostics"),
	}
	return sum
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// Layers are the files in Copilot's order with their states and hook
// counts, the files it does not read, config.json and Hookwarden's store.
func (p *project) Layers() []agents.Layer {
	perFile := agents.HooksPerFile(p.Hooks(), nil)
	var out []agents.Layer
	for _, f := range p.snap.Files {
		out = append(out, p.layerOf(f, perFile[f.Path]))
	}
	return append(out, agents.StoreLayer(p.store, p.storeErr, "Hookwarden's approvals of Copilot CLI repository hooks",
		"nothing approved through Hookwarden yet")...)
}

func (p *project) layerOf(f *file, n int) agents.Layer {
	switch f.Kind {
	case kindConfig:
		l := agents.TrustFileLayer("folder trust (trustedFolders)", f.Path)
		if f.Err != nil {
			l.State, l.Note = agents.FileBroken, agents.PlaceOfError(f.Err)
		} else {
			l.Note = f.NotLoaded
		}
		return l
	case kindNotRead:
		return agents.Layer{Kind: "not read", Path: f.Path, Exists: true, State: agents.FileIgnored, Note: f.NotLoaded}
	case kindUnmodelled:
		return agents.Layer{Kind: "not modelled", Path: f.Path, Exists: true, State: agents.FileBroken, Note: f.NotLoaded}
	}
	sf := &settingsio.File{Layer: f.Layer, Path: f.Path, Exists: f.Exists, Raw: f.Raw, Root: f.Root, Err: f.Err}
	if !f.Loaded {
		sf.Ignored = f.NotLoaded
	}
	l := agents.FileLayer(sf)
	l.Label, l.Hooks = string(f.Kind), n
	l.Reviewed = f.Layer == layerRepository
	if l.State == agents.FileOK {
		switch {
		case f.DisableAll && f.Kind == kindSettings && f.Layer == layerRepository:
			l.Note = "disableAllHooks: true — Copilot runs no hook at all (user, repository, plugin)"
		case f.DisableAll:
			l.Note = "disableAllHooks: true — Copilot skips this file's hooks"
		case strings.HasPrefix(filepath.Base(filepath.Dir(f.Path)), ".claude"):
			l.Note = "Claude Code's settings file: Copilot CLI runs its hooks too, with its own semantics"
		}
	}
	return l
}

// Watch are every file the snapshot read or looked for, the hook folders
// and Hookwarden's store.
func (p *project) Watch() []string {
	paths := p.snap.Paths
	out := []string{paths.UserHooksDir, paths.CopilotHome, filepath.Join(paths.RepoRoot, ".github", "hooks"),
		filepath.Join(paths.RepoRoot, ".github", "copilot"), filepath.Join(paths.RepoRoot, ".claude"), filepath.Join(paths.RepoRoot, ".github")}
	for _, f := range p.snap.Files {
		out = append(out, f.Path)
	}
	if p.store.Dir != "" {
		out = append(out, p.store.Path())
	}
	return agents.SortedPaths(out)
}

// Details are a hook's command forms, event as written, matcher, timeout,
// cwd, env, Copilot's key and what it does with it.
func (p *project) Details(h *hooks.Hook) []agents.Field {
	c := handlerOf(h)
	if c == nil {
		return nil
	}
	out := []agents.Field{{Key: "command", Label: "Command", Value: h.Command, Code: true, Lines: true}}
	if c.PowerShell != nil && (c.Bash == nil || *c.PowerShell != *c.Bash) {
		out = append(out, agents.Field{Key: "powershell", Label: "powershell", Value: *c.PowerShell, Code: true, Lines: true})
	}
	if c.Exec != nil {
		out = append(out, agents.Field{Key: "exec", Label: "exec", Value: shellJoin(append([]string{*c.Exec}, c.Args...)), Code: true})
	}
	form := "flat camelCase entry"
	switch {
	case c.Pascal && c.Nested:
		form = "Claude format (PascalCase event, nested): Claude-style payload, hookSpecificOutput honoured"
	case c.Pascal:
		form = "PascalCase event (flat): Claude-style payload, hookSpecificOutput honoured"
	case c.Nested:
		form = "nested {matcher, hooks} under a camelCase event"
	}
	out = append(out, agents.Field{Key: "event", Label: "Settings", Value: "event " + c.Written + " (" + form + ")", JSON: c.Written})
	if c.Matcher != nil {
		out = append(out, agents.Field{Key: "matcher", Label: "Settings", Value: "matcher " + *c.Matcher, JSON: *c.Matcher})
	}
	out = append(out, agents.Field{Key: "timeout", Label: "Settings", Value: fmt.Sprintf("timeout %g s", c.TimeoutSec), JSON: c.TimeoutSec})
	if c.Cwd != "" {
		out = append(out, agents.Field{Key: "cwd", Label: "Settings", Value: "cwd " + c.Cwd, JSON: c.Cwd})
	}
	for _, kv := range c.Canonical.Env {
		out = append(out, agents.Field{Key: "env", Label: "Env", Value: kv[0] + "=" + kv[1] + " (set literally: Copilot does not expand it)", Code: true})
	}
	if c.Key != "" {
		out = append(out, agents.Field{Key: "disable_key", Label: "Copilot key", Value: c.Key, Code: true})
	}
	out = append(out, agents.Field{Key: "origin", Label: "Source", Value: originOf(h.Origin.Layer), JSON: originOf(h.Origin.Layer)})
	return out
}

// HookDocument is a hook's object in the list document: the members every
// agent has, then Copilot's own.
func (p *project) HookDocument(h *hooks.Hook) agents.Document {
	d := agents.Document{
		agents.Slot("id"), agents.Slot("event"), agents.Slot("matcher"), agents.Slot("type"),
		agents.Slot("command"), agents.Slot("origin"), agents.Slot("file"), agents.Slot("line"),
		agents.Slot("column"), agents.Slot("json_path"), agents.Slot("status"), agents.Slot("reason"),
	}
	if c := handlerOf(h); c != nil {
		d = append(d, agents.Member("event_as_written", c.Written), agents.Member("pascal_case", c.Pascal),
			agents.Member("nested", c.Nested), agents.Member("timeout_sec", c.TimeoutSec),
			agents.Member("disable_key", c.Key), agents.Member("enabled", c.Enabled), agents.Member("runs", c.Runs))
	}
	return append(d, agents.Slot("risk"))
}

var _ agents.FileSharer = agent{}

// SharesFile says whether Copilot may read the file: a hooks file or a
// settings file of its layers (Claude Code's .claude/settings*.json among
// them), by path alone.
func (agent) SharesFile(dir, path string) bool {
	base, parent := filepath.Base(path), filepath.Base(filepath.Dir(path))
	switch {
	case parent == ".claude" && (base == "settings.json" || base == "settings.local.json"):
		return true
	case parent == "hooks" && strings.HasSuffix(base, ".json"):
		return true
	case parent == "copilot" || parent == ".copilot":
		return true
	}
	return false
}
