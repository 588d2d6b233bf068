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

// extensionDir is one folder under <home>/.gemini/extensions.
type extensionDir struct {
	Name     string
	Version  string
	Dir      string // the folder under extensions/
	Path     string // effective extension path (the link source for link installs)
	Manifest string // path of gemini-extension.json
	// Active is true when Gemini CLI would load the extension for this
	// project; InactiveReason says why not.
	Active         bool
	InactiveReason string
	// Hooks is hooks/hooks.json with ${extensionPath}, ${workspacePath},
	// ${/} hydrated into Node.Str (Raw keeps the text as written). Nil
	// when the extension has no hooks file.
	Hooks *settingsio.File
	Err   *settingsio.ParseError // manifest or install-metadata error
	// Env is the extension's settings environment that ${NAME} in its
	// hooks file is hydrated from (see EnvValue); EnvErr a .env file of it
	// that could not be read.
	Env    map[string]envValue
	EnvErr *settingsio.ParseError
	// SettingEnvVars are the envVar names of the manifest's "settings":
	// Gemini adds their values from Env to the env of every command hook
	// of the extension.
	SettingEnvVars []string
	// ManifestRoot is gemini-extension.json as parsed and hydrated (nil
	// when it does not parse), for its mcpServers.
	ManifestRoot *settingsio.Node
	// ManifestRaw are the manifest's bytes as read (nil when it could not
	// be read), kept for the approval of its MCP servers.
	ManifestRaw []byte
}

// folderTrustState is Gemini CLI's decision on the project folder.
type folderTrustState string

// The folder trust states.
const (
	FolderTrusted   folderTrustState = "trusted"
	folderUntrusted folderTrustState = "untrusted"
	// FolderUndecided: no rule matched; Gemini treats it as untrusted and
	// asks in its interactive UI.
	FolderUndecided folderTrustState = "undecided"
)

// FolderTrust is the folder-trust decision and what decided it.
type FolderTrust struct {
	State folderTrustState `json:"state"`
	// Rule names what decided: the trustedFolders.json key that matched,
	// "GEMINI_CLI_TRUST_WORKSPACE", "security.folderTrust.enabled=false",
	// or "" when nothing matched.
	Rule string `json:"rule"`
	// Level is the matching rule's level (TRUST_FOLDER, TRUST_PARENT,
	// DO_NOT_TRUST) when a trustedFolders.json rule decided.
	Level string `json:"level,omitempty"`
	// Reason is the decision in words.
	Reason string `json:"reason"`
	// File is the trustedFolders.json path consulted.
	File string                 `json:"file"`
	Err  *settingsio.ParseError `json:"-"`
}

// Trusted reports whether Gemini CLI treats the folder as trusted.
func (f FolderTrust) Trusted() bool { return f.State == FolderTrusted }

// paths are the files Gemini CLI reads for one project.
type paths struct {
	Home           string // GEMINI_CLI_HOME or the OS home folder
	GeminiDir      string // <home>/.gemini
	SystemDefaults string
	User           string
	Workspace      string // "" when the project folder is the home folder
	System         string
	TrustedFolders string
	TrustedHooks   string
	Extensions     string // <home>/.gemini/extensions
}

// Project is one project folder as Gemini CLI reads it, at one moment:
// every file it reads (the settings layers, the extensions, the folder
// trust and the .env file), the hooks merged from them, and the trust
// review's inputs. Load fills the files; Open adds the environment, the
// registry and Hookwarden's store.
type Project struct {
	// ProjectDir is the project folder as Gemini CLI forms it
	// (path.resolve(cwd): absolute, cleaned, not realpath'd).
	ProjectDir string
	Paths      paths
	// Settings always holds four files, in merge order: system-defaults,
	// user, workspace, system.
	Settings    []*settingsio.File
	Extensions  []*extensionDir
	FolderTrust FolderTrust
	// envFile is the .env file Gemini CLI loads at start (nil: none).
	EnvFile *envFile
	// homeRedirect is set when that file sets GEMINI_CLI_HOME: Paths then
	// hold the folders Gemini really uses (see HomeRedirect).
	HomeRedirect *homeRedirect
	// Git is where the hooks' git commands find the user's and the
	// machine's git configuration, from Env (agents.GitConfigOf).
	Git *trust.GitUserConfig
	// Env is the environment Gemini CLI runs with once it has loaded that
	// file (the hooks inherit it): the process environment plus the
	// variables the file sets.
	Env settingsio.Env

	// env is Hookwarden's environment; reg the hooks merged from the files.
	env agents.Env
	reg *Registry
	// storeDir is Hookwarden's store folder ("" when it cannot be found:
	// storeErr says why; the review then runs without fingerprints).
	storeDir string
	storeErr error
}

// UnreadableFiles lists the settings files and the hooks files of active
// extensions that exist but could not be read or parsed, in load order.
// Missing files and files Gemini CLI does not read (Ignored) are not
// listed.
func (s *Project) UnreadableFiles() []settingsio.FileError {
	out := settingsio.LayerErrors(s.Settings)
	for _, x := range s.Extensions {
		if !x.Active {
			continue
		}
		if e, ok := settingsio.FileErrorOf(x.Hooks, x.Name); ok {
			out = append(out, e)
		}
	}
	return out
}

var (
	_ agents.Project   = (*Project)(nil)
	_ agents.FileNoter = (*Project)(nil)
)

// Open reads every layer Gemini CLI reads for dir.
func (a agent) Open(_ context.Context, env agents.Env, dir string) (agents.Project, error) {
	p := load(loadOptions{ProjectDir: dir, Env: env.Vars, GOOS: env.GOOS, Home: env.Home})
	p.env, p.reg = env, build(p)
	p.storeDir, p.storeErr = trust.StoreDirFromEnv(env.Vars, env.GOOS)
	return p, nil
}

// agent names Gemini CLI.
func (p *Project) Agent() agents.Info { return agent{}.Info() }

// Dir is the project folder as Gemini CLI keys it.
func (p *Project) Dir() string { return p.ProjectDir }

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
func (p *Project) Unreadable() []settingsio.FileError { return p.UnreadableFiles() }

// Summary is the folder trust, hooksConfig.enabled, the extensions and the
// .env file Gemini CLI loads, and the members of the list document that
// only Gemini CLI has.
func (p *Project) Summary() agents.Summary {
	snap, r := p, p.reg
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
	snap := p
	perFile := agents.HooksPerFile(p.Hooks(), nil)
	var out []agents.Layer
	for _, f := range snap.Settings {
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
// MCP servers are commands the project may feed) and the project's custom
// command files, beyond the layers' files (agents.KeptFiler).
func (p *Project) KeptFiles() []*settingsio.File {
	var out []*settingsio.File
	if p.reg != nil {
		out = append(out, p.reg.promptFiles...)
	}
	for _, e := range p.Extensions {
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
	path := trustedHooksPath(p)
	l := agents.TrustFileLayer("trusted hooks", path)
	if th, err := readTrustedHooks(path); err == nil && th.Err != nil {
		l.State, l.Note = agents.FileBroken, th.Err.Error()+" (Gemini CLI treats it as empty and overwrites it on its next save)"
	}
	return l
}

// trustedHooksPath is where Gemini CLI keeps trusted_hooks.json for snap
// (trust.Audit reads the same).
func trustedHooksPath(snap *Project) string {
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
	out := watchPaths(p)
	if p.storeDir != "" {
		out = append(out, trust.Store{Dir: p.storeDir}.Path())
	}
	var commands []string
	projectHooks, _ := p.reviewed()
	for _, h := range projectHooks {
		if h.IsCommand {
			commands = append(commands, h.Command)
		}
	}
	// The custom commands and subagents (folders, files) and what their
	// commands run: a script rewritten while the agent runs is run as it
	// is then.
	if p.reg != nil && p.Paths.Workspace != "" {
		out = append(out, filepath.Join(p.ProjectDir, geminiDirName, "commands")+string(filepath.Separator)+"**"+string(filepath.Separator),
			filepath.Join(p.ProjectDir, geminiDirName, "commands")+string(filepath.Separator), filepath.Join(p.ProjectDir, geminiDirName, "agents")+string(filepath.Separator))
		for _, f := range p.reg.promptFiles {
			out = append(out, f.Path)
		}
		for _, h := range p.reg.Commands {
			if h.Type == "command" && (h.Kind == hooks.KindPromptCommand || fileOf(p.reg.promptFiles, h.Origin.File) != nil) {
				commands = append(commands, h.Command)
			}
		}
	}
	for _, c := range commands {
		scripts, err := trust.FindScripts(c, p.ProjectDir)
		if err != nil {
			continue // a command that does not parse names no script to watch
		}
		for _, s := range scripts {
			out = append(out, filepath.Clean(s.Path))
		}
	}
	return agents.SortedPaths(out)
}

// Registry is the registry the project merged (its Snapshot is the project),
// for tests of the faces.
func (p *Project) Registry() *Registry { return p.reg }

// ProjectOf is the project of a registry built by hand, as tests of the
// faces build one (reg.Snapshot is the project's files; no store).
func ProjectOf(env agents.Env, reg *Registry) *Project {
	p := reg.Snapshot
	p.env, p.reg = env, reg
	return p
}

// DemoSystemNote explains why the demo's system files are skipped.
const DemoSystemNote = "In the demo this is expected: its system files sit in a temporary folder that root does not own, " +
	"and Gemini CLI would skip them too. Real system settings live in /etc/gemini-cli and belong to root."

// FileNotes are, in the demo, why Gemini CLI skips its system files.
func (p *Project) FileNotes(demo bool) []hooks.Diagnostic {
	if !demo {
		return nil
	}
	for _, f := range p.Settings {
		if f != nil && f.Exists && f.Ignored != "" && (f.Layer == settingsio.LayerSystem || f.Layer == settingsio.LayerSystemDefaults) {
			return []hooks.Diagnostic{{Severity: hooks.SeverityInfo, Message: DemoSystemNote}}
		}
	}
	return nil
}

// fileOf is the file of files at path (nil none).
func fileOf(files []*settingsio.File, path string) *settingsio.File {
	for _, f := range files {
		if f.Path == path {
			return f
		}
	}
	return nil
}
