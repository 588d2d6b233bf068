package qwen

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// project is one session folder as Qwen Code reads it, with Hookwarden's
// store, which holds the approvals of its project hooks.
type project struct {
	env                   agents.Env
	snap                  *snapshot
	redact                func(string) string // an API key in an expanded command, named by its variable
	store                 trust.Store
	storeErr              error
	claudeschema.Recorder // agents.TraceRecorder
}

var _ agents.Project = (*project)(nil)

// Open reads every file Qwen Code reads hooks, switches and folder trust
// from for a session in dir.
func (agent) Open(_ context.Context, env agents.Env, dir string) (agents.Project, error) {
	return open(env, dir)
}

func open(env agents.Env, dir string) (*project, error) {
	snap, err := load(dir, env.Lookup)
	if err != nil {
		return nil, err
	}
	p := &project{env: env, snap: snap, redact: claudeschema.Redactor(facts.SecretVars, env.Vars, snap.getenv)}
	p.store, p.storeErr = agents.LocateStore(env)
	p.Recorder = p.section
	return p, nil
}

func (p *project) Agent() agents.Info { return agent{}.Info() }
func (p *project) Dir() string        { return p.snap.cwd }

func (p *project) Hooks() []*hooks.Hook { return slices.Concat(p.snap.hooks, p.snap.commands) }
func (p *project) KeptFiles() []*settingsio.File {
	return append([]*settingsio.File{p.snap.mcp}, p.snap.md...)
} // agents.KeptFiler

func (p *project) Diagnostics() []hooks.Diagnostic {
	out := append(p.critical(), p.snap.diags...)
	if e := p.snap.trust.err; e != nil {
		out = append(out, hooks.Diagnostic{File: e.Path, Line: e.Line, Column: e.Column, Severity: hooks.SeverityFatal,
			Message: e.Msg + ": Qwen Code refuses to start while the trust file is broken"})
	}
	return append(out, claudeschema.Findings(p.snap.settings, fileError, p.Hooks())...)
}

// fileError is what Qwen does with a file it cannot parse (observed).
func fileError(f *settingsio.File) string {
	switch f.Layer {
	case layerProject:
		return f.Err.Msg + ": Qwen Code moves it to settings.json.corrupted, writes {\"$version\": 4} and goes on without the project layer"
	case layerUser:
		return f.Err.Msg + ": Qwen Code refuses to start (exit 1)"
	}
	return f.Err.Msg + ": Qwen Code cannot read this settings file"
}

func (p *project) Unreadable() []settingsio.FileError {
	out := claudeschema.Unreadable(p.snap.settings, fileError)
	if e := p.snap.trust.err; e != nil {
		out = append(out, settingsio.FileError{Path: e.Path, Line: e.Line, Column: e.Column, Message: e.Msg})
	}
	return out
}

// Title is a hook's name or its command as written (Qwen's debug log
// names it by the command after its $VAR expansion; the written one
// carries no value of the environment, no API key).
func (p *project) Title(h *hooks.Hook) string { return title(h) }

func title(h *hooks.Hook) string { return claudeschema.TitleOf(h) }

// folderTrust is the folder trust in the neutral form.
func (p *project) folderTrust() agents.FolderTrust {
	t := p.snap.trust
	ft := agents.FolderTrust{Supported: true, Trusted: t.trusted, Source: t.path, Levels: []string{"TRUST_FOLDER", "TRUST_PARENT", "DO_NOT_TRUST"}}
	switch {
	case !t.enabled:
		ft.State, ft.Reason = "off", "folder trust is off (security.folderTrust.enabled is not true): Qwen Code runs this folder's project hooks unprompted"
	case t.err != nil:
		ft.State, ft.Reason = "broken", "the trust file cannot be read: Qwen Code refuses to start"
	case t.trusted:
		ft.State, ft.Reason = "trusted", fmt.Sprintf("%s: %s in %s", t.rule, t.rules[t.rule], t.path)
	case t.rule != "":
		ft.State, ft.Reason = "untrusted", fmt.Sprintf("%s: DO_NOT_TRUST in %s: Qwen Code skips the project settings silently", t.rule, t.path)
	default:
		ft.State, ft.Reason = "untrusted", "no trust rule holds the folder: Qwen Code skips the project settings silently (hooks included) and downgrades yolo to default"
	}
	return ft
}

func (p *project) Summary() agents.Summary {
	s := p.snap
	ft := p.folderTrust()
	sum := agents.Summary{FolderTrust: ft, Files: "The files Qwen Code reads hooks from for this folder, lowest precedence first: " +
		"system-defaults, ~/.qwen/settings.json (user), the folder's own .qwen/settings.json (project; only the session folder's, " +
		"not a parent's) and the system settings; it runs their hooks in the order project, user, system-defaults, system; " +
		"then the trust file and Hookwarden's store."}
	var offIn []string
	if s.off != nil {
		sum.HooksOff, offIn = "disableAllHooks is true in "+s.off.Path+": Qwen Code runs no hook at all", []string{s.off.Path}
	}
	sum.Heading = []agents.Fact{agents.ProjectFact(p.Dir(), "Qwen Code "+version), agents.TrustFact(ft, s.trust.enabled && ft.Trusted, s.trust.path),
		agents.HooksFact("every matching hook of every layer runs, in parallel", sum.HooksOff, offIn...)}
	sum.Facts = p.observed()
	for _, f := range sum.Facts {
		sum.Heading[2].More = append(sum.Heading[2].More, f.Label+": "+f.Value)
	}
	sum.Document = agents.SummaryDocument(string(name), agents.Member("qwen_home", s.qwenHome), agents.Member("folder_trust", ft), agents.Member("all_hooks_off", sum.HooksOff))
	return sum
}

// observed are the facts of Qwen Code 0.24.4 an auditor must know, in
// words (observed with the conformance kit).
func (p *project) observed() []agents.Field {
	out := []agents.Field{
		{Key: "decisions", Label: "Qwen Code decides", Value: "the last permissionDecision of all scopes wins, in plan order (project, user, system): " +
			"a project hook's allow overrides your own or your administrator's blocking hook (exit 2 or deny)"},
		{Key: "secrets", Label: "Environment", Value: "every hook gets Qwen Code's whole environment: OPENAI_API_KEY and OPENAI_BASE_URL reach project hooks too"},
		{Key: "switch", Label: "Switch", Value: "Qwen Code has no per-hook switch (enabled: false and hooks.disabled are ignored): only disableAllHooks, " +
			"and a project's false re-enables what your user settings switched off"},
	}
	var dirty []string
	for _, f := range p.snap.files {
		if f.noVersion && f.Ignored == "" {
			dirty = append(dirty, f.Path)
		}
	}
	if len(dirty) > 0 {
		out = append(out, agents.Field{Key: "rewrites", Label: "Rewrites", Value: "Qwen Code rewrites every settings file without \"$version\" on start " +
			"(adds \"$version\": 4; a tracked project file shows in git status): " + strings.Join(dirty, ", ")})
	}
	return out
}

func (p *project) Layers() []agents.Layer {
	per := agents.HooksPerFile(p.Hooks(), nil)
	var out []agents.Layer
	for _, f := range p.snap.files {
		l := agents.FileLayer(f.File)
		l.Hooks, l.Reviewed = per[f.Path], f.Layer == layerProject
		if l.State == agents.FileOK {
			var notes []string
			if f.disableAll != nil {
				notes = append(notes, fmt.Sprintf("disableAllHooks: %t", f.disableAll.Bool))
			}
			if f.trustOn != nil {
				notes = append(notes, fmt.Sprintf("security.folderTrust.enabled: %t", f.trustOn.Bool))
			}
			if f.noVersion {
				notes = append(notes, "no \"$version\": Qwen Code rewrites this file on start")
			}
			l.Note = strings.Join(notes, "; ")
		}
		out = append(out, l)
	}
	tl := agents.TrustFileLayer("folder trust (trustedFolders.json)", p.snap.trust.path)
	if e := p.snap.trust.err; e != nil {
		tl.State, tl.Note = agents.FileBroken, agents.PlaceOfError(e)
	} else if !p.snap.trust.enabled {
		tl.Note = "not read: folder trust is off"
	}
	out = append(out, tl)
	return append(out, p.section().Layer()...)
}

func (p *project) Watch() []string {
	out := []string{p.snap.qwenHome, filepath.Join(p.snap.cwd, ".qwen"), filepath.Join(p.snap.cwd, ".agents"), p.snap.trust.path, p.snap.mcp.Path, filepath.Join(p.snap.cwd, ".lsp.json")}
	for _, f := range p.snap.files {
		if f.Path != "" {
			out = append(out, f.Path, filepath.Dir(f.Path))
		}
	}
	if p.store.Dir != "" {
		out = append(out, p.store.Path())
	}
	return agents.SortedPaths(out)
}

func (p *project) Details(h *hooks.Hook) []agents.Field {
	c := handlerOf(h)
	if c == nil {
		return agents.CommandDetails(h, agentTitle, nil)
	}
	out := c.Details(title(h), p.redact)
	if raw := h.Node.Get("command"); raw != nil && raw.Str != h.Command {
		out = append(out, agents.Field{Key: "runs", Label: "Runs as", Value: p.redact(h.Command) + " (Qwen Code replaces $VAR of its environment when it loads the file)", Code: true})
	}
	return out
}

func (p *project) HookDocument(h *hooks.Hook) agents.Document {
	if c := handlerOf(h); c != nil {
		return c.Document(c.Written())
	}
	return append(agents.HookSlots(), agents.Slot("risk")) // MCP servers, tool commands
}

// RiskSubject is what runs, with an API key Qwen expanded into it named
// by its variable (the analysis quotes the command).
func (p *project) RiskSubject(h *hooks.Hook, dir string) risk.Hook {
	s := *h
	s.Command = p.redact(h.Command)
	return risk.FromHook(&s, dir)
}

var _ agents.ListNoter = (*project)(nil)

// ListNotes say under a project hook's row what Qwen Code does with it.
func (p *project) ListNotes(h *hooks.Hook) []string {
	if h.Origin.Layer != layerProject || h.Status != hooks.StatusRuns || !h.IsHook() {
		return nil
	}
	out := []string{"runs unprompted when Qwen Code starts here, with OPENAI_API_KEY in its environment"}
	if h.Event == "PreToolUse" {
		out = append(out, "its permissionDecision overrides your own blocking hooks (the last decision wins)")
	}
	return out
}
