package qwen

import (
	"errors"
	"fmt"

	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Layers of Qwen Code settings.
const (
	layerDefaults = settingsio.LayerSystemDefaults
	layerSystem   = settingsio.LayerSystem
	layerUser     = settingsio.LayerUser
	layerProject  = settingsio.Layer("project")
)

// Statuses a Qwen hook can have besides the neutral ones.
const (
	statusUnknownEvent hooks.Status = "unknown-event"
	statusNotModelled  hooks.Status = "not-modelled"
)

// schema is how Qwen reads the Claude-schema hooks object (observed:
// keys enabled, disabled and notifications inside "hooks" are config
// fields; timeouts of 1000 or more are milliseconds, default 60 s).
func schema(expand func(string) string) claudeschema.Schema {
	var names []string
	for _, e := range events {
		names = append(names, e.name)
	}
	return claudeschema.Schema{Agent: name, Events: names, Types: []string{"command", "http", "prompt", "function"}, Command: "command",
		ConfigKeys: []string{"enabled", "disabled", "notifications"}, DefaultTimeout: 60 * time.Second, MillisFrom: 1000,
		TimerMax: 2147483647 * time.Millisecond, Expand: expand}
}

// file is one settings file with the settings Hookwarden reads of it.
type file struct {
	*settingsio.File
	// disableAll and trustOn are its disableAllHooks and
	// security.folderTrust.enabled (nil: not set), with their nodes.
	disableAll, trustOn *settingsio.Node
	// noVersion: the file exists without "$version", so Qwen rewrites it.
	noVersion bool
}

// handler is one hook entry as Qwen reads it (hooks.Hook.Ext).
type handler struct {
	*claudeschema.Entry
	file *file
}

func handlerOf(h *hooks.Hook) *handler {
	if h == nil {
		return nil
	}
	c, _ := h.Ext.(*handler)
	return c
}

// snapshot is what Qwen Code loads for one session folder.
type snapshot struct {
	cwd, home, qwenHome string
	// files in settings precedence, lowest first: system-defaults, user,
	// project, system.
	files []*file
	// trust: the folder trust as Qwen decides it.
	trust folderTrust
	// off names the file whose disableAllHooks: true switches every hook
	// off ("" none).
	off *file
	// handlers in plan order: project, user, system-defaults, system.
	handlers []*handler
	hooks    []*hooks.Hook
	settings []*settingsio.File
	diags    []hooks.Diagnostic
	// commands: MCP servers and tool commands of the settings and the session folder's .mcp.json (mcp)
	commands []*hooks.Hook
	mcp      *settingsio.File
	md       []*settingsio.File          // the skills and subagents whose frontmatter runs commands, and .lsp.json
	fm       []*claudeschema.Entry       // the hooks of their frontmatter, each run by ID alone as its event's (a dry run, a trace)
	getenv   func(string) (string, bool) // Qwen's environment with its .env files
}

// folderTrust is Qwen's trust of the session folder.
type folderTrust struct {
	enabled   bool
	enabledBy *file
	trusted   bool
	// path is the trust file; rules its content; rule the entry that
	// decided ("" none); err why it cannot be read (Qwen refuses to start).
	path  string
	rules map[string]string
	rule  string
	err   *settingsio.ParseError
}

func (s *snapshot) byLayer(l settingsio.Layer) *file {
	for _, f := range s.files {
		if f.Layer == l {
			return f
		}
	}
	return nil
}

// load reads the files for cwd with getenv as Qwen's environment.
func load(cwd string, getenv func(string) (string, bool)) (*snapshot, error) {
	get := func(k string) string { v, _ := getenv(k); return v }
	if !filepath.IsAbs(cwd) {
		return nil, fmt.Errorf("qwen: the session folder %q is not absolute", cwd)
	}
	real, err := filepath.EvalSymlinks(cwd)
	if err != nil {
		return nil, fmt.Errorf("qwen: session folder: %w", err)
	}
	s := &snapshot{cwd: real, home: get("HOME")}
	if v := get("QWEN_HOME"); v != "" {
		s.qwenHome = filepath.Clean(v)
	} else if s.home != "" {
		s.qwenHome = filepath.Join(s.home, ".qwen")
	} else {
		return nil, errors.New("qwen: neither QWEN_HOME nor HOME is set")
	}
	system := get("QWEN_CODE_SYSTEM_SETTINGS_PATH")
	if system == "" {
		system = "/etc/qwen-code/settings.json"
	}
	defaults := get("QWEN_CODE_SYSTEM_DEFAULTS_PATH")
	if defaults == "" {
		defaults = filepath.Join(filepath.Dir(system), "system-defaults.json")
	}
	user := filepath.Join(s.qwenHome, "settings.json")
	project := filepath.Join(real, ".qwen", "settings.json")
	read := func(l settingsio.Layer, path string) *file {
		f := &file{File: claudeschema.ReadSettings(l, path)}
		if f.Root != nil {
			f.disableAll, f.trustOn = claudeschema.Bool(f.Root, "disableAllHooks"), claudeschema.Bool(f.Root, "security", "folderTrust", "enabled")
			f.noVersion = f.Root.Get("$version") == nil
		}
		return f
	}
	fd, fu, fp, fs := read(layerDefaults, defaults), read(layerUser, user), read(layerProject, project), read(layerSystem, system)
	if r, err := filepath.EvalSymlinks(s.qwenHome); project == user || err == nil && r == filepath.Join(real, ".qwen") {
		fp = &file{File: &settingsio.File{Layer: layerProject, Ignored: "the session folder is the home folder: its .qwen/settings.json is the user settings"}}
	}
	s.files, s.settings = []*file{fd, fu, fp, fs}, []*settingsio.File{fd.File, fu.File, fp.File, fs.File}
	s.trust = readTrust(s, get("QWEN_CODE_TRUSTED_FOLDERS_PATH"))
	if !s.trust.trusted && fp.Path != "" && fp.Exists {
		fp.Ignored = "the folder is not trusted (security.folderTrust.enabled): Qwen Code ignores the whole file, hooks and settings"
	}
	for _, f := range s.files {
		if f.Ignored == "" && f.disableAll != nil {
			if f.disableAll.Bool {
				s.off = f
			} else {
				s.off = nil
			}
		}
	}
	s.getenv = s.dotEnv().Lookup(getenv, real) // Qwen loads its .env files before it expands $VAR in settings (observed), never these (source: resolveEnvVarsInString)
	expand := claudeschema.Expander(s.getenv, "SESSION_ID", "QWEN_CODE_SESSION_ID", "QWEN_SERVER_TOKEN", "QWEN_DAEMON_TOKEN", "QWEN_CODE_EXTERNAL_TOOL_GUARD_TOKEN", "QWEN_CODE_PRIVATE_ACP_CAPABILITY")
	for _, l := range []settingsio.Layer{layerProject, layerUser, layerDefaults, layerSystem} {
		f := s.byLayer(l)
		es, diags := schema(expand).Parse(f.File)
		s.diags = append(s.diags, diags...)
		for _, e := range es {
			c := &handler{Entry: e, file: f}
			e.Hook.Ext = c
			s.settle(c)
			s.handlers, s.hooks = append(s.handlers, c), append(s.hooks, e.Hook)
		}
	}
	s.mcp = claudeschema.ReadSettings(layerProject, filepath.Join(real, ".mcp.json")) // loadProjectMcpServers: above the user's servers, below the workspace's
	// discoverAllMcpTools returns at once when !isTrustedFolder(): no server starts, the user's neither
	off := map[bool]string{false: "the folder is not trusted: Qwen Code starts no MCP server here"}[s.trust.trusted]
	s.mcp.Ignored = off
	xm, xh := claudeschema.Extensions(settingsio.LayerExtension, filepath.Join(s.qwenHome, "extensions"), "qwen-extension.json", real) // the user's extensions: their servers and hooks run in the project folder (observed: TestQwenLiveUserExtensionRunsProjectCode), reviewed when they reach its code
	s.commands = claudeschema.Commands{Agent: name, Expand: expand, ServersOff: off, Started: true}.Merged(slices.Concat(xm, []*settingsio.File{fd.File, fu.File, s.mcp, fp.File, fs.File}), s.settings, commandKeys,
		"when Qwen Code starts here", func(f *settingsio.File) bool { return f != s.mcp }, layerProject, // observed: default mode leaves them pending, yolo starts them
		"asks first (its own approval in ~/.qwen/mcpApprovals.json, bound to the server's definition), except with --approval-mode yolo, which starts it without asking")
	md, files := claudeschema.Commands{Agent: name}.Markdown(layerProject, real, []string{".qwen/skills/*/SKILL.md", ".agents/skills/*/SKILL.md", ".qwen/agents/*.md"}, []claudeschema.CommandKey{{Path: []string{"executor"}, Kind: hooks.KindHelper, Object: true}},
		"when the model or you invoke the skill or subagent (observed, 0.24.4: its frontmatter hooks run, its MCP servers start, without asking)")
	s.fm = schema(nil).Frontmatter(files, func(e *claudeschema.Entry) any { return &handler{Entry: e} })
	um, uf := claudeschema.Commands{Agent: name}.UserMarkdown(layerUser, real, map[string][]string{s.qwenHome: {"skills/*/SKILL.md", "agents/*.md"}, s.home: {".agents/skills/*/SKILL.md"}}, []claudeschema.CommandKey{{Path: []string{"executor"}, Kind: hooks.KindHelper, Object: true}}, "when the model or you invoke your skill or subagent, in the project folder (observed, 0.24.4: TestQwenLiveUserSkillAndSubagentRunProjectCode)")
	lsp := claudeschema.ReadSettings(layerProject, filepath.Join(real, ".lsp.json")) // with --experimental-lsp Qwen starts its servers at launch, only in a trusted folder (observed, 0.24.4)
	tc := claudeschema.Commands{Agent: name, Inject: "@{", Args: "{{args}}", Workspace: real, InjectDirs: claudeschema.IncludeDirectories(s.settings, s.home, real, expand), InjectLinks: true, Started: true}
	xc, xf := tc.ExtensionTemplates(settingsio.LayerExtension, xm, "!{", "when you type its /command (observed, 0.24.4: an extension's command injecting the project's README.md ran its !{…} in yolo mode)")
	pc, pf := tc.ProjectAndUserTemplates(layerProject, filepath.Join(real, ".qwen", "commands"), layerUser, filepath.Join(s.qwenHome, "commands"), "!{", "when you type its /command (observed, 0.24.4: run without asking in yolo mode)", map[bool]string{false: "the folder is not trusted: Qwen Code loads no custom command here"}[s.trust.trusted])
	s.commands, s.md = append(append(append(append(append(s.commands, md...), um...), pc...), xc...), claudeschema.Commands{Agent: name, Key: ".", Kind: hooks.KindLanguageServer, Folder: "workspaceFolder"}.Running(lsp, "when Qwen Code starts here with --experimental-lsp (observed: without asking)", map[bool]string{false: "the folder is not trusted: Qwen Code starts no language server here"}[s.trust.trusted])...), slices.Concat(files, uf, pf, xf, []*settingsio.File{lsp}, xm, xh)
	s.commands = append(s.commands, schema(expand).ExtensionHooks(slices.Concat(xm, xh), "as a hook of your extension, in the project folder (observed, 0.24.4)")...)
	return s, nil
}

// commandKeys are the settings keys Qwen Code 0.24.4 runs a command from (source; observed with qwen-live but ui.statusLine, interactive only).
var commandKeys = []claudeschema.CommandKey{
	{Path: []string{"tools", "discoveryCommand"}, Kind: hooks.KindDiscovery, When: "at start with QWEN_CODE_LEGACY_MCP_BLOCKING=1 (a .env file Qwen loads can set it): split into words, started without a shell; its output declares tools"},
	{Path: []string{"tools", "callCommand"}, Kind: hooks.KindDiscovery, When: "every time the model calls a tool the discovery command declared, started as one program"},
	{Path: []string{"mcp", "serverCommand"}, Kind: hooks.KindMCPServer, When: "when Qwen Code starts here, without asking (observed): the command of its \"mcp\" server"},
	{Path: []string{"ui", "statusLine"}, Kind: hooks.KindHelper, Object: true, When: "every time the interactive UI redraws its status line"},
}

// settle sets a hook's status as Qwen decides it.
func (s *snapshot) settle(c *handler) {
	h := c.Hook
	switch {
	case !c.Known:
		h.Status, h.Reason = statusUnknownEvent, "Qwen Code skips the unknown event "+c.Event+" silently (observed)"
	case !c.Valid():
	case c.file.Ignored != "":
		h.Status, h.Reason = hooks.StatusBlockedUntrustedFolder, c.file.Ignored
	case s.off != nil:
		h.Status, h.Reason = hooks.StatusHooksOff, "disableAllHooks is true in "+s.off.Path+": Qwen Code runs no hook at all"
	case h.Type != "command":
		h.Status, h.Reason = statusNotModelled, "a "+h.Type+" hook: Hookwarden reads it but does not model or dry-run it (not observed)"
	}
	if c.TimeoutNote != "" {
		h.Diagnostics = append(h.Diagnostics, hooks.Diagnostic{File: h.Origin.File, Line: h.Origin.Line, Column: h.Origin.Column,
			Severity: hooks.SeverityInfo, Message: c.TimeoutNote, HookID: h.ID})
	}
}

// readTrust decides the folder trust as 0.24.4 does (source
// trustedFolders.ts, trust-precedence.ts): folder trust is on when
// security.folderTrust.enabled merges to true over system-defaults, user
// and system settings (then the project's own settings join the merge, so
// a project can switch it on for itself; observed); the deepest rule of
// the trust file that holds the folder wins, DO_NOT_TRUST on a tie; no
// rule is untrusted.
func readTrust(s *snapshot, pathEnv string) folderTrust {
	t := folderTrust{path: filepath.Join(s.qwenHome, "trustedFolders.json"), trusted: true}
	if pathEnv != "" {
		t.path = pathEnv
	}
	data, exists, perr := settingsio.ReadSettingsFile(t.path)
	if perr != nil {
		t.err = perr
	} else if exists {
		root, perr := settingsio.ParseJSONC(t.path, data)
		switch {
		case perr != nil:
			t.err = perr
		case !root.Is(settingsio.Object):
			t.err = &settingsio.ParseError{Path: t.path, Line: root.Pos.Line, Column: root.Pos.Column, Msg: "Trusted folders file is not a valid JSON object."}
		default:
			t.rules = map[string]string{}
			for _, m := range root.Members {
				t.rules[m.Key] = m.Value.JSString()
			}
		}
	}
	on := func(fs ...*file) (bool, *file) {
		var v bool
		var by *file
		for _, f := range fs {
			if f.trustOn != nil && f.Ignored == "" {
				v, by = f.trustOn.Bool, f
			}
		}
		return v, by
	}
	d, u, p, sys := s.files[0], s.files[1], s.files[2], s.files[3]
	t.enabled, t.enabledBy = on(d, u, sys)
	if t.enabled {
		t.trusted, t.rule = t.decide(s.cwd)
	}
	if t.trusted {
		if en, by := on(d, u, p, sys); en && !t.enabled {
			t.enabled, t.enabledBy = true, by
			t.trusted, t.rule = t.decide(s.cwd)
		}
	}
	return t
}

// decide applies the rules to dir: trusted, and the deciding rule.
func (t folderTrust) decide(dir string) (bool, string) {
	if t.err != nil {
		return false, ""
	}
	best, depth, untrusted := "", -1, false
	keys := make([]string, 0, len(t.rules))
	for k := range t.rules {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		p, level := filepath.Clean(k), t.rules[k]
		switch level {
		case "TRUST_PARENT":
			p = filepath.Dir(p)
		case "TRUST_FOLDER", "DO_NOT_TRUST":
		default:
			continue
		}
		if r, err := filepath.EvalSymlinks(p); err == nil { // Qwen compares real paths too
			p = r
		}
		if !within(dir, p) {
			continue
		}
		d := strings.Count(strings.TrimSuffix(p, string(filepath.Separator)), string(filepath.Separator)) // "/" is 0
		if d > depth || d == depth && level == "DO_NOT_TRUST" && !untrusted {
			best, depth, untrusted = k, d, level == "DO_NOT_TRUST"
		}
	}
	return best != "" && !untrusted, best
}

func within(dir, root string) bool {
	rel, err := filepath.Rel(root, dir)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
