package gemini

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/internal/safetext"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// agent is Gemini CLI behind the agent contract.
type agent struct{}

// New returns Gemini CLI's agent.
func New() agent { return agent{} }

// Info names Gemini CLI.
func (agent) Info() agents.Info {
	return agents.Info{Facts: facts(), Name: string(Name), Title: "Gemini CLI", Version: "0.61.0",
		Layers: map[settingsio.Layer]agents.LayerRole{
			settingsio.LayerSystemDefaults: agents.RoleDefaults, settingsio.LayerUser: agents.RoleUser,
			settingsio.LayerWorkspace: agents.RoleProject, settingsio.LayerSystem: agents.RoleAdmin,
			settingsio.LayerExtension: agents.RoleAddOn,
		},
		Lacks: map[agents.Capability]string{
			agents.CapCarryOver: "Gemini CLI keys a hook's trust by its name and command, not by its place: " +
				"a hook that was only moved keeps its approval, and there is nothing to carry over",
		}}
}

// Project is one project folder as Gemini CLI reads it: the settings
// layers and extensions, the merged registry, and the trust review's
// inputs.
type Project struct {
	env agents.Env
	dir string
	// snap is every file Gemini CLI reads; reg the hooks merged from them.
	snap *Snapshot
	reg  *Registry
	// storeDir is Hookwarden's store folder ("" when it cannot be found:
	// storeErr says why; the review then runs without fingerprints).
	storeDir string
	storeErr error
}

var (
	_ agents.Project   = (*Project)(nil)
	_ agents.FileNoter = (*Project)(nil)
)

// Open reads every layer Gemini CLI reads for dir.
func (a agent) Open(_ context.Context, env agents.Env, dir string) (agents.Project, error) {
	snap := load(loadOptions{ProjectDir: dir, Env: env.Vars, GOOS: env.GOOS, Home: env.Home})
	p := &Project{env: env, dir: snap.ProjectDir, snap: snap, reg: build(snap)}
	p.storeDir, p.storeErr = trust.StoreDirFromEnv(env.Vars, env.GOOS)
	return p, nil
}

// agent names Gemini CLI.
func (p *Project) Agent() agents.Info { return agent{}.Info() }

// Dir is the project folder as Gemini CLI keys it.
func (p *Project) Dir() string { return p.dir }

// Hooks are every hook of every layer and extension.
func (p *Project) Hooks() []*hooks.Hook {
	return append(slices.Clip(p.reg.Hooks), p.reg.Commands...)
}

// Diagnostics are every finding about the files and hooks.
func (p *Project) Diagnostics() []hooks.Diagnostic { return p.reg.Diagnostics }

// Title is Gemini CLI's name of a hook: its name, else its command.
func (p *Project) Title(h *hooks.Hook) string {
	if !h.IsHook() {
		return hooks.CommandTitleOf(h)
	}
	return h.DisplayName()
}

// Unreadable are the settings and hooks files that exist but cannot be
// read or parsed.
func (p *Project) Unreadable() []settingsio.FileError { return p.snap.UnreadableFiles() }

// Summary is the folder trust, hooksConfig.enabled, the extensions and the
// .env file Gemini CLI loads, and the members of the list document that
// only Gemini CLI has.
func (p *Project) Summary() agents.Summary {
	snap, r := p.snap, p.reg
	ft := snap.FolderTrust
	s := agents.Summary{
		FolderTrust: agents.FolderTrust{Supported: true, Trusted: ft.Trusted(), State: string(ft.State),
			Source: ft.Rule, Reason: ft.Reason, Levels: []string{"trust", "parent", "deny"}},
		Files: "The settings files Gemini CLI reads for this project, in merge order (later files add hooks after earlier ones), " +
			"then the extensions and the trust files.",
	}
	if !r.HooksEnabled {
		s.HooksOff = "hooksConfig.enabled is false in " + r.HooksEnabledBy
	}
	s.Heading = []agents.Fact{
		{Key: "project", Label: "Project", Cells: []string{snap.ProjectDir}, Text: snap.ProjectDir, OK: true},
		folderTrustFact(ft),
		hooksFact(r),
	}
	for _, e := range snap.Extensions {
		st := "active"
		if !e.Active {
			st = "inactive: " + e.InactiveReason
		}
		if e.Hooks != nil && e.Hooks.Err != nil {
			st = "error: " + e.Hooks.Err.Error()
		}
		s.Sources = append(s.Sources, agents.Source{Kind: "extension", Name: e.Name, Path: e.Path, State: st})
	}
	if e := snap.EnvFile; e != nil {
		s.Sources = append(s.Sources, agents.Source{Kind: ".env", Path: e.Path, State: envFileState(e)})
	}
	if e := snap.EnvFile; e != nil {
		s.Facts = append(s.Facts, agents.Field{Key: "env_file", Label: ".env", Value: e.Path + ": " + envFileState(e), Code: true})
	}
	if hr := snap.HomeRedirect; hr != nil {
		f := agents.Field{Key: "home_redirect", Label: "Home", Value: "GEMINI_CLI_HOME=" + hr.Value + " (" + hr.File + ") moves Gemini CLI's home to " + hr.Home, Code: true}
		if hr.ByProject {
			f.Value = "critical: the project's " + f.Value
		}
		s.Facts = append(s.Facts, f)
	}
	disabled := r.Disabled
	if disabled == nil {
		disabled = []DisabledEntry{}
	}
	s.Document = agents.Document{
		agents.Slot("project"),
		agents.Member("folder_trust", ft),
		agents.Member("hooks_enabled", r.HooksEnabled),
		agents.Member("hooks_enabled_by", r.HooksEnabledBy),
		agents.Slot("layers"),
		agents.Slot("hooks"),
		agents.Member("disabled", disabled),
		agents.Slot("diagnostics"),
		agents.Member("env_file", snap.EnvFile),
		agents.Member("home_redirect", snap.HomeRedirect),
	}
	return s
}

// folderTrustFact is the folder trust as the list and the header say it.
func folderTrustFact(ft FolderTrust) agents.Fact {
	text := string(ft.State)
	if text == "" {
		text = "unknown"
	}
	if ft.Reason != "" {
		text += " — " + ft.Reason
	}
	var paths []string
	if e := ft.Err; e != nil {
		text += " (" + agents.Place(e.Path, e.Line, e.Column) + ": " + e.Msg + ")"
		paths = append(paths, e.Path)
	}
	if !ft.Trusted() {
		text += ". Gemini CLI runs no settings hooks here, only extension hooks."
	}
	return agents.Fact{Key: "folder_trust", Label: "Folder", Title: "Folder trust", Cells: []string{string(ft.State), ft.Reason},
		Text: text, Paths: paths, OK: ft.Trusted()}
}

// hooksFact is hooksConfig.enabled as the list and the header say it.
func hooksFact(r *Registry) agents.Fact {
	f := agents.Fact{Key: "hooks", Label: "Hooks", Cells: []string{"on"}, OK: r.HooksEnabled}
	state := "on"
	if !r.HooksEnabled {
		state = "off"
		f.Cells = []string{"off (hooksConfig.enabled is false in " + r.HooksEnabledBy + ")"}
	}
	if r.HooksEnabledBy == "" {
		f.Text = state + " — Gemini CLI's default (hooksConfig.enabled is not set)"
		return f
	}
	f.Text, f.Paths = state+" — hooksConfig.enabled in "+r.HooksEnabledBy, []string{r.HooksEnabledBy}
	return f
}

// envFileState says which variables Gemini CLI takes from its .env file.
func envFileState(e *envFile) string {
	if e.Err != nil {
		return "error: " + e.Err.Msg
	}
	keys := make([]string, 0, len(e.Applied))
	for _, a := range e.Applied {
		keys = append(keys, a.Key)
	}
	if len(keys) == 0 {
		return "loaded, sets nothing"
	}
	return "sets " + strings.Join(keys, ", ")
}

// Layers are the four settings layers in merge order, the hooks files of
// the extensions, the .env file Gemini CLI loads, trustedFolders.json and
// trusted_hooks.json.
func (p *Project) Layers() []agents.Layer {
	snap := p.snap
	perFile := agents.HooksPerFile(p.Hooks(), nil)
	var out []agents.Layer
	for _, f := range snap.Layers {
		if f == nil {
			continue
		}
		l := agents.FileLayer(f)
		l.Hooks, l.Reviewed = perFile[f.Path], f.Layer == settingsio.LayerWorkspace
		out = append(out, l)
	}
	for _, e := range snap.Extensions {
		out = append(out, extensionLayer(e, perFile))
	}
	if e := snap.EnvFile; e != nil {
		out = append(out, envFileLayer(e, snap.HomeRedirect))
	}
	ft := agents.TrustFileLayer("folder trust", snap.Paths.TrustedFolders)
	if err := snap.FolderTrust.Err; err != nil {
		ft.State, ft.Note = agents.FileBroken, agents.PlaceOfError(err)
	}
	return append(out, ft, p.trustedHooksLayer())
}

// KeptFiles are the extensions' manifests as the snapshot read them (their
// MCP servers are commands the project may feed), beyond the layers'
// files (agents.KeptFiler).
func (p *Project) KeptFiles() []*settingsio.File {
	var out []*settingsio.File
	for _, e := range p.snap.Extensions {
		if e.ManifestRaw != nil {
			out = append(out, &settingsio.File{Layer: settingsio.LayerExtension, Path: e.Manifest, Exists: true, Raw: e.ManifestRaw})
		}
	}
	return out
}

// extensionLayer is an extension's hooks file (its manifest when it has
// none), inactive extensions as ignored.
func extensionLayer(e *extensionDir, perFile map[string]int) agents.Layer {
	l := agents.Layer{Path: e.Manifest, Exists: true, State: agents.FileOK}
	if e.Hooks != nil {
		l = agents.FileLayer(e.Hooks)
		l.Hooks = perFile[e.Hooks.Path]
	}
	l.Layer, l.Kind, l.Label, l.Owner = settingsio.LayerExtension, string(settingsio.LayerExtension), e.Name, e.Name
	switch {
	case e.Err != nil:
		l.Path, l.State, l.Note = e.Err.Path, agents.FileBroken, agents.PlaceOfError(e.Err)
	case !e.Active && l.State == agents.FileOK:
		l.State, l.Note = agents.FileIgnored, e.InactiveReason
	}
	return l
}

// envFileLayer is the .env file Gemini CLI loads at start: the variables
// it sets, and a GEMINI_CLI_HOME the project chose shown as a fault.
func envFileLayer(e *envFile, hr *homeRedirect) agents.Layer {
	l := agents.Layer{Kind: "env", Label: "loaded by Gemini CLI at start", Path: e.Path, Exists: true, State: agents.FileOK}
	keys := make([]string, 0, len(e.Applied))
	for _, a := range e.Applied {
		keys = append(keys, safetext.Line(a.Key))
	}
	switch {
	case e.Err != nil:
		l.State, l.Note = agents.FileBroken, safetext.Line(e.Err.Msg)
	case hr != nil && hr.ByProject:
		l.State = agents.FileBroken
		l.Note = fmt.Sprintf("critical: sets GEMINI_CLI_HOME=%s, so Gemini CLI loads extensions and trusted_hooks.json from %s",
			safetext.Line(hr.Value), safetext.Line(hr.Home))
	case len(keys) > 0:
		l.Note = "sets " + strings.Join(keys, ", ")
	default:
		l.Note = "sets nothing Gemini CLI takes"
	}
	return l
}

// trustedHooksLayer is the trusted_hooks.json the review reads (the
// user's own when the project moved Gemini's home).
func (p *Project) trustedHooksLayer() agents.Layer {
	path := trustedHooksPath(p.snap)
	l := agents.TrustFileLayer("trusted hooks", path)
	if th, err := readTrustedHooks(path); err == nil && th.Err != nil {
		l.State, l.Note = agents.FileBroken, th.Err.Error()+" (Gemini CLI treats it as empty and overwrites it on its next save)"
	}
	return l
}

// trustedHooksPath is where Gemini CLI keeps trusted_hooks.json for snap
// (trust.Audit reads the same).
func trustedHooksPath(snap *Snapshot) string {
	switch {
	case snap.HomeRedirect != nil && snap.HomeRedirect.ByProject:
		return snap.HomeRedirect.Before.TrustedHooks
	case snap.Paths.TrustedHooks != "":
		return snap.Paths.TrustedHooks
	}
	return filepath.Join(snap.Paths.GeminiDir, "trusted_hooks.json")
}

// Watch is what the snapshot was read from (the four layers, the
// extensions, both trust files, the .env files), Hookwarden's store and
// the scripts the workspace hooks run.
func (p *Project) Watch() []string {
	out := watchPaths(p.snap)
	if p.storeDir != "" {
		out = append(out, trust.Store{Dir: p.storeDir}.Path())
	}
	projectHooks, _ := reviewedHooks(p.snap)
	for _, h := range projectHooks {
		if !h.IsCommand {
			continue
		}
		scripts, err := trust.FindScripts(h.Command, p.snap.ProjectDir)
		if err != nil {
			continue // a command that does not parse names no script to watch
		}
		for _, s := range scripts {
			out = append(out, filepath.Clean(s.Path))
		}
	}
	return agents.SortedPaths(out)
}

// Registry is the registry the project merged (its Snapshot the files),
// for tests of the faces.
func (p *Project) Registry() *Registry { return p.reg }

// ProjectOf is the project of a registry built by hand, as tests of the
// faces build one (reg.Snapshot is its snapshot; no store).
func ProjectOf(env agents.Env, reg *Registry) *Project {
	return &Project{env: env, dir: reg.Snapshot.ProjectDir, snap: reg.Snapshot, reg: reg}
}

// DemoSystemNote explains why the demo's system files are skipped.
const DemoSystemNote = "In the demo this is expected: its system files sit in a temporary folder that root does not own, " +
	"and Gemini CLI would skip them too. Real system settings live in /etc/gemini-cli and belong to root."

// FileNotes are, in the demo, why Gemini CLI skips its system files.
func (p *Project) FileNotes(demo bool) []hooks.Diagnostic {
	if !demo {
		return nil
	}
	for _, f := range p.snap.Layers {
		if f != nil && f.Exists && f.Ignored != "" && (f.Layer == settingsio.LayerSystem || f.Layer == settingsio.LayerSystemDefaults) {
			return []hooks.Diagnostic{{Severity: hooks.SeverityInfo, Message: DemoSystemNote}}
		}
	}
	return nil
}
