package claude

import (
	"encoding/json"

	"fmt"
	"github.com/hookwarden/hookwarden/agents"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// Claude Code runs more than hooks from the files a project brings: the
// MCP servers of the project's .mcp.json (after a per-server approval of
// its own), and the helper commands of its settings (apiKeyHelper,
// statusLine, …). Each is listed as an entry of the shared model with its
// kind (hooks.Kind), so that it is fingerprinted, reviewed and approved
// exactly like a handler.

// Statuses of commands that are not hooks.
const (
	// statusOverridden: a settings file of higher precedence sets the same
	// helper key, so Claude Code runs that one instead.
	statusOverridden hooks.Status = "overridden"
)

// mcpFileName is the project's MCP server file, at the project folder.
const mcpFileName = ".mcp.json"

// helperKey is a settings key whose value is a command Claude Code runs.
type helperKey struct {
	key string
	// object: the value is {"type": "command", "command": …}, not a string.
	object bool
	// hooksOff: disableAllHooks switches it off too.
	hooksOff bool
	when     string
}

// helperKeys are Claude Code's settings keys that hold a command it runs
// through the shell, with when it runs it.
var helperKeys = []helperKey{
	{key: "apiKeyHelper", when: "whenever Claude Code needs an API key: at startup, then again when the key expires or a request is refused"},
	{key: "awsAuthRefresh", when: "when Claude Code needs AWS credentials for Bedrock and they are missing or expired"},
	{key: "awsCredentialExport", when: "when Claude Code needs AWS credentials for Bedrock; its output becomes them"},
	{key: "gcpAuthRefresh", when: "when Claude Code needs Google Cloud credentials for Vertex AI and they are missing or expired"},
	// proxyAuthHelper: 2.1.332 runs it from any layer, a project's or a
	// local file's included (in claude -p without asking), when
	// CLAUDE_CODE_ENABLE_PROXY_AUTH_HELPER is set and a proxy is in use;
	// its own list of keys that hold commands names it beside the others.
	{key: "proxyAuthHelper", when: "when Claude Code sends requests through a proxy (HTTPS_PROXY) and CLAUDE_CODE_ENABLE_PROXY_AUTH_HELPER is set: at startup for the Proxy-Authorization header, then again when it expires (5 minutes by default) or the proxy refuses it"},
	{key: "otelHeadersHelper", when: "at startup and periodically while telemetry is on, for the OpenTelemetry headers"},
	{key: "statusLine", object: true, hooksOff: true, when: "every time Claude Code redraws its status line (after each message)"},
	{key: "subagentStatusLine", object: true, hooksOff: true, when: "every time Claude Code redraws a subagent's status line"},
	{key: "fileSuggestion", object: true, hooksOff: true, when: "every time you type @ to pick a file"},
}

// loadMCPFile reads the project's .mcp.json (strict JSON, an object).
func loadMCPFile(s *project, home, goos string, real bool) *settingsio.File {
	path := filepath.Join(s.ProjectDir, mcpFileName)
	if sameFolder(goos, s.ProjectDir, home) {
		return &settingsio.File{Layer: LayerProject, Path: path,
			Ignored: "the project folder is the home folder: Claude Code reads no project .mcp.json there"}
	}
	return loadClaudeFile(LayerProject, path, real)
}

// loadParentMCPFiles reads the .mcp.json of every folder above project
// up to the file system's root, root first, leaving out the home folder
// (Claude Code 2.1.332 walks them for its project MCP servers).
func loadParentMCPFiles(project, home, goos string, real bool) []*settingsio.File {
	if !real {
		return nil
	}
	var dirs []string
	for d := filepath.Dir(project); ; d = filepath.Dir(d) {
		if !sameFolder(goos, d, home) {
			dirs = append(dirs, d)
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	var out []*settingsio.File
	for _, d := range slices.Backward(dirs) {
		if f := loadClaudeFile(LayerProject, filepath.Join(d, mcpFileName), real); f.Exists {
			out = append(out, f)
		}
	}
	return out
}

// collectCommands lists the MCP servers of the .mcp.json files and the
// helper commands of every settings layer.
func (r *registry) collectCommands() {
	snap := r.Snapshot
	start := len(r.Hooks)
	for _, f := range append(slices.Clip(snap.MCPParents), snap.MCP) {
		switch {
		case f == nil:
		case f.Err != nil:
			r.Diagnostics = append(r.Diagnostics, hooks.Diagnostic{File: f.Err.Path, Line: f.Err.Line, Column: f.Err.Column,
				Severity: hooks.SeverityError, Message: f.Err.Msg + "; Claude Code starts none of its MCP servers"})
		case f.Root != nil && f.Ignored == "":
			r.collectMCPServers(f, f.Root.Get("mcpServers"), "mcpServers", nil)
		}
	}
	// A nearer .mcp.json's server wins by name.
	last := map[string]*hooks.Hook{}
	for _, h := range r.Hooks[start:] {
		if h.Kind == hooks.KindMCPServer {
			last[h.Name] = h
		}
	}
	for _, h := range r.Hooks[start:] {
		if w := last[h.Name]; h.Kind == hooks.KindMCPServer && w != h && h.Status != hooks.StatusInvalid {
			h.Status, h.Reason = statusOverridden, "the server "+h.Name+" of "+w.Origin.File+" (nearer the project) takes precedence"
		}
	}
	for _, pl := range r.Snapshot.Plugins {
		if pl.Root == "" {
			continue
		}
		r.collectPluginServers(pl)
		if f := pl.MCP; f != nil && f.Root != nil {
			r.collectMCPServers(f, f.Root.Get("mcpServers"), "mcpServers", pl)
		}
		if m := pl.Manifest; m != nil && m.Root != nil {
			switch n := m.Root.Get("mcpServers"); {
			case n.Is(settingsio.Object):
				r.collectMCPServers(m, n, "mcpServers", pl)
			case n.Is(settingsio.String):
				if f := loadPluginJSON(resolvePluginPath(pl.Root, n.Str)); f.Root != nil {
					r.collectMCPServers(f, f.Root.Get("mcpServers"), "mcpServers", pl)
				} else if f.Err != nil {
					r.Diagnostics = append(r.Diagnostics, hooks.Diagnostic{File: f.Err.Path, Line: f.Err.Line, Column: f.Err.Column,
						Severity: hooks.SeverityError, Message: f.Err.Msg + "; Claude Code starts none of plugin " + pl.ID + "'s MCP servers"})
				}
			}
		}
	}
	r.collectUserMCPServers()
	r.collectHelpers()
	r.collectSkillShell()
}

// mcpChoices are the settings that decide whether Claude Code asks before
// it starts a server of .mcp.json: enableAllProjectMcpServers,
// enabledMcpjsonServers and disabledMcpjsonServers, from the settings
// layers and the project's entry in ~/.claude.json (where Claude Code
// records the user's answers).
type mcpChoices struct {
	all      string            // the file that sets enableAllProjectMcpServers true
	allLayer settingsio.Layer  // its layer
	enabled  map[string]string // server → file that approves it
	disabled map[string]string // server → file that rejects it
	// byProject: an approval comes from a file the project controls.
	byProject map[string]bool
}

func (r *registry) readMCPChoices() mcpChoices {
	c := mcpChoices{enabled: map[string]string{}, disabled: map[string]string{}, byProject: map[string]bool{}}
	read := func(path string, layer settingsio.Layer, root *settingsio.Node) {
		// Only the shared project settings are the project's word:
		// settings.local.json is this machine's (Claude Code writes its
		// dialog answers there, and takes no approval from it when git
		// tracks it).
		project := layer == LayerProject
		if n := root.Get("enableAllProjectMcpServers"); n.Is(settingsio.Bool) {
			if n.Bool {
				c.all, c.allLayer = path, layer
			} else if c.allLayer == "" {
				c.all = ""
			}
		}
		for _, pair := range []struct {
			key string
			to  map[string]string
		}{{"enabledMcpjsonServers", c.enabled}, {"disabledMcpjsonServers", c.disabled}} {
			n := root.Get(pair.key)
			if !n.Is(settingsio.Array) {
				continue
			}
			for _, it := range n.Items {
				if it.Is(settingsio.String) {
					pair.to[it.Str] = path
					if pair.key == "enabledMcpjsonServers" && project {
						c.byProject[it.Str] = true
					}
				}
			}
		}
	}
	for _, f := range r.Snapshot.Settings {
		if f.Root != nil && f.Ignored == "" {
			read(f.Path, f.Layer, f.Root)
		}
	}
	if root := r.globalProjectEntry(); root != nil {
		read(r.Snapshot.Paths.GlobalConfig, settingsio.LayerUser, root)
	}
	if c.allLayer == LayerProject || c.allLayer == LayerLocal {
		c.byProject["*"] = true
	}
	return c
}

// globalConfig is ~/.claude.json as parsed (nil when it is missing or
// does not parse: the folder trust reports that).
func (r *registry) globalConfig() *settingsio.Node {
	path := r.Snapshot.Paths.GlobalConfig
	if path == "" || r.Snapshot.FolderTrust.Err != nil {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	root, perr := parseJSON(path, data)
	if perr != nil {
		return nil
	}
	return root
}

// globalProjectEntry is the project's entry in ~/.claude.json: the one
// that decided folder trust, else the project folder's, else the trust
// root's; nil when none.
func (r *registry) globalProjectEntry() *settingsio.Node {
	projects := r.globalConfig().Get("projects")
	ft := r.Snapshot.FolderTrust
	for _, k := range []string{ft.Key, r.Snapshot.ProjectDir, ft.Root} {
		if e := projects.Get(k); k != "" && e != nil {
			return e
		}
	}
	return nil
}

// collectUserMCPServers lists the servers of ~/.claude.json: user scope
// (its mcpServers) and local scope (the project's entry's), both the
// user's own (claude mcp add): listed, not reviewed.
func (r *registry) collectUserMCPServers() {
	root := r.globalConfig()
	if root == nil {
		return
	}
	f := &settingsio.File{Layer: settingsio.LayerUser, Path: r.Snapshot.Paths.GlobalConfig, Exists: true, Root: root}
	if data, err := os.ReadFile(f.Path); err == nil {
		if again, perr := parseJSON(f.Path, data); perr == nil {
			root, f.Root, f.Raw = again, again, data // the bytes of the very root read (Claude Code rewrites the file often)
		}
	}
	add := func(servers *settingsio.Node, path, scope string) {
		if !servers.Is(settingsio.Object) {
			return
		}
		r.userServers = f
		for _, m := range servers.Members {
			h := r.commandEntry(f, hooks.KindMCPServer, m.Key, m.Value, path+"."+jsonPathKey(m.Key))
			r.readMCPServer(f, h, m.Value)
			if h.Status == "" {
				h.Status, h.Reason = hooks.StatusRuns, "a "+scope+" server you added (claude mcp add): Claude Code starts it without asking"
				h.Gate = "none: your own " + scope + " server"
			}
			r.Hooks = append(r.Hooks, h)
		}
	}
	add(root.Get("mcpServers"), "mcpServers", "user-scope")
	for _, k := range []string{r.Snapshot.ProjectDir} {
		add(root.Get("projects").Get(k).Get("mcpServers"), "projects."+jsonPathKey(k)+".mcpServers", "local-scope")
	}
}

// collectMCPServers lists the servers of an "mcpServers" object at path of
// f: the project's .mcp.json, or a plugin's (plugin set).
func (r *registry) collectMCPServers(f *settingsio.File, servers *settingsio.Node, path string, plugin *plugin) {
	if servers == nil {
		return
	}
	if !servers.Is(settingsio.Object) {
		r.fileDiag(f, servers, hooks.SeverityError, "\"mcpServers\" must be an object keyed by server name, not %s; Claude Code starts none of them", servers.Kind)
		return
	}
	choices := r.readMCPChoices()
	shadowed := servers.Shadowing()
	for i, m := range servers.Members {
		if later := shadowed[i]; later != nil {
			r.Diagnostics = append(r.Diagnostics, hooks.Diagnostic{File: f.Path, Line: m.KeyPos.Line, Column: m.KeyPos.Column, Severity: hooks.SeverityWarning,
				Message: fmt.Sprintf("duplicate server %q: JSON.parse keeps only the last one (line %d)", m.Key, later.KeyPos.Line)})
			continue
		}
		h := r.commandEntry(f, hooks.KindMCPServer, m.Key, m.Value, path+"."+jsonPathKey(m.Key))
		r.readMCPServer(f, h, m.Value)
		if plugin != nil {
			h.Origin.Layer, h.Origin.Extension = layerPlugin, plugin.ID
			h.ID = string(layerPlugin) + ":" + f.Path + "#" + h.Origin.Path
			HandlerOf(h).Plugin, HandlerOf(h).PluginRoot = plugin.ID, plugin.Root
		}
		switch {
		case h.Status != "":
		case plugin != nil && !plugin.Enabled:
			h.Status, h.Reason = hooks.StatusDisabled, "plugin "+plugin.ID+" is disabled in enabledPlugins"
		case plugin != nil:
			h.Status, h.Reason = hooks.StatusRuns, "Claude Code starts it with the plugin "+plugin.ID
			h.Gate = "none: Claude Code starts an enabled plugin's servers without asking"
		default:
			r.mcpStatus(h, choices)
		}
		r.Hooks = append(r.Hooks, h)
		// A remote server may name a command that makes its headers.
		if hh := m.Value.Get("headersHelper"); hh != nil {
			x := r.commandEntry(f, hooks.KindHelper, m.Key+".headersHelper", hh, h.Origin.Path+".headersHelper")
			x.Origin.Layer, x.Origin.Extension, x.ID, x.Ext = h.Origin.Layer, h.Origin.Extension, h.ID+".headersHelper", &handler{Plugin: HandlerOf(h).Plugin, PluginRoot: HandlerOf(h).PluginRoot}
			x.When = "every time Claude Code connects to the MCP server " + m.Key + ", for its request headers"
			r.readShellCommand(f, x, hh, "headersHelper")
			if x.Status == "" {
				x.Status, x.Reason, x.Gate = h.Status, h.Reason, h.Gate
			}
			r.Hooks = append(r.Hooks, x)
		}
	}
}

// commandEntry is a new entry of kind k named name, for the node n at
// JSON path path of file f.
func (r *registry) commandEntry(f *settingsio.File, k hooks.Kind, name string, n *settingsio.Node, path string) *hooks.Hook {
	h := &hooks.Hook{Agent: Name, Kind: k, Event: hooks.Event(k), Name: name, Node: n, Ext: &handler{},
		Origin: hooks.Origin{Layer: f.Layer, File: f.Path, Line: n.Pos.Line, Column: n.Pos.Column, Path: path}}
	h.ID = string(f.Layer) + ":" + f.Path + "#" + path
	return h
}

// readMCPServer reads one server object: a stdio server (command, args,
// env) is a command; a remote one (url) is an entry without one.
func (r *registry) readMCPServer(f *settingsio.File, h *hooks.Hook, n *settingsio.Node) {
	hr := handlerReader{f: f, h: h, cfg: n}
	if !n.Is(settingsio.Object) {
		hr.invalid(n, fmt.Sprintf("MCP server %q must be an object, not %s; Claude Code skips it", h.Name, n.Kind))
		return
	}
	typ, _ := hr.str("type")
	url, urlNode := hr.str("url")
	cmd, cmdNode := hr.str("command")
	c := HandlerOf(h)
	h.When = "when Claude Code starts in this folder (and on /mcp reconnect)"
	switch {
	case cmdNode != nil && (typ == "" || typ == "stdio"):
		h.Type, h.Command, h.RawCommand = TypeCommand, cmd, cmd
		if cmd == "" {
			hr.invalid(cmdNode, fmt.Sprintf("MCP server %q has an empty command; Claude Code cannot start it", h.Name))
		}
		c.HasArgs = true
		if args := n.Get("args"); args != nil {
			if !args.Is(settingsio.Array) {
				hr.invalid(args, "args must be an array of strings, not "+args.Kind.String())
			}
			for _, a := range args.Items {
				if !a.Is(settingsio.String) {
					hr.invalid(a, "args must be an array of strings")
					continue
				}
				c.Args = append(c.Args, a.Str)
			}
		}
	case urlNode != nil:
		h.Type, c.URL = typeHTTP, url
		h.When = "when Claude Code starts in this folder: it connects to the URL and sends its headers"
	default:
		hr.invalid(n, fmt.Sprintf("MCP server %q has neither a command nor a url; Claude Code skips it", h.Name))
		h.Type = typ
	}
	if env := n.Get("env"); env != nil {
		if !env.Is(settingsio.Object) {
			hr.invalid(env, "env must be an object of strings, not "+env.Kind.String())
		} else {
			h.Env = map[string]string{}
			for _, m := range env.Members {
				if m.Value.Is(settingsio.String) {
					h.Env[m.Key] = m.Value.Str
				} else {
					h.Env[m.Key] = trust.CanonicalJSON(m.Value)
				}
			}
		}
	}
	if hs := n.Get("headers"); hs.Is(settingsio.Object) {
		c.Headers = map[string]string{}
		for _, m := range hs.Members {
			if m.Value.Is(settingsio.String) {
				c.Headers[m.Key] = m.Value.Str
			}
		}
	}
}

// mcpStatus is what Claude Code does with a well-formed server of
// .mcp.json: a rejected server is not started, an approved one is started
// without asking, any other only after the user says yes.
func (r *registry) mcpStatus(h *hooks.Hook, c mcpChoices) {
	switch {
	case c.disabled[h.Name] != "":
		h.Status, h.Reason = hooks.StatusDisabled, "rejected in disabledMcpjsonServers ("+c.disabled[h.Name]+"); Claude Code does not start it"
		h.Gate = "Claude Code's per-server approval: rejected"
	case c.all != "":
		h.Status = hooks.StatusRuns
		h.Reason = "enableAllProjectMcpServers is true in " + c.all + ": Claude Code starts it without asking"
		h.Gate = "none: enableAllProjectMcpServers (" + c.all + ") approves every server of .mcp.json"
		if c.byProject["*"] {
			h.Reason += " — the project approves its own servers"
		}
	case c.enabled[h.Name] != "":
		h.Status = hooks.StatusRuns
		h.Reason = "approved in enabledMcpjsonServers (" + c.enabled[h.Name] + "): Claude Code starts it without asking"
		h.Gate = "Claude Code's per-server approval: approved in " + c.enabled[h.Name]
		if c.byProject[h.Name] {
			h.Reason += " — the project approves its own server"
		}
	default:
		// Observed with 2.1.332 (claude-live): claude -p started a server
		// of .mcp.json nobody had answered for.
		h.Status = hooks.StatusRuns
		h.Reason = "claude -p starts it without asking; an interactive session asks first (no answer recorded for it yet)"
		h.Gate = "Claude Code's per-server approval, in interactive sessions only: not answered yet; claude -p starts it without asking"
	}
	if h.Status != hooks.StatusDisabled && !r.Snapshot.FolderTrust.Accepted {
		h.Gate += "; the folder is not trusted yet (an interactive session asks that first)"
	}
}

// collectHelpers lists the helper commands of every settings layer; only
// the value of the highest-precedence file runs.
func (r *registry) collectHelpers() {
	for _, k := range helperKeys {
		var found []*hooks.Hook
		for _, f := range r.Snapshot.Settings {
			if f.Root == nil || f.Ignored != "" {
				continue
			}
			n := f.Root.Get(k.key)
			if n == nil || n.Is(settingsio.Null) {
				continue
			}
			h := r.commandEntry(f, hooks.KindHelper, k.key, n, k.key)
			h.When = k.when
			h.Gate = "Claude Code's folder trust only (claude -p runs it always)"
			if k.object {
				r.readHelperObject(f, h, n, k.key)
			} else {
				r.readShellCommand(f, h, n, k.key)
			}
			found = append(found, h)
		}
		winner := -1
		for i := len(found) - 1; i >= 0; i-- {
			if found[i].Status == "" {
				winner = i
				break
			}
		}
		for i, h := range found {
			switch {
			case h.Status != "":
			case i != winner:
				w := found[winner]
				h.Status, h.Reason = statusOverridden, fmt.Sprintf("%s in %s takes precedence; Claude Code runs that one", k.key, w.Origin.File)
			case k.hooksOff && (r.DisableAllHooks || r.ManagedDisableAll):
				h.Status, h.Reason = hooks.StatusHooksOff, "disableAllHooks is true in "+r.DisableAllHooksBy+"; it switches off "+k.key+" too"
			default:
				h.Status, h.Reason = hooks.StatusRuns, "runs "+k.when
			}
		}
		r.Hooks = append(r.Hooks, found...)
	}
}

// readShellCommand reads a helper whose value is a shell command string.
func (r *registry) readShellCommand(f *settingsio.File, h *hooks.Hook, n *settingsio.Node, key string) {
	h.Type = TypeCommand
	if !n.Is(settingsio.String) {
		handlerReader{f: f, h: h, cfg: n}.invalid(n, fmt.Sprintf("%s must be a string (a shell command), not %s; Claude Code cannot run it", key, n.Kind))
		return
	}
	h.Command, h.RawCommand = n.Str, n.Str
	if strings.TrimSpace(n.Str) == "" {
		h.Status, h.Reason = hooks.StatusInvalid, key+" is empty; Claude Code runs nothing"
	}
}

// readHelperObject reads {"type": "command", "command": …}.
func (r *registry) readHelperObject(f *settingsio.File, h *hooks.Hook, n *settingsio.Node, key string) {
	hr := handlerReader{f: f, h: h, cfg: n}
	h.Type = TypeCommand
	if !n.Is(settingsio.Object) {
		hr.invalid(n, fmt.Sprintf("%s must be an object {\"type\": \"command\", \"command\": …}, not %s", key, n.Kind))
		return
	}
	if typ, tn := hr.str("type"); tn != nil && typ != "command" {
		hr.invalid(tn, fmt.Sprintf("%s type %q is not \"command\"; Claude Code runs no command for it", key, typ))
	}
	cmd, cn := hr.str("command")
	if cn == nil {
		hr.invalid(n, key+" has no command; Claude Code runs nothing")
		return
	}
	h.Command, h.RawCommand = cmd, cmd
}

// jsonPathKey is a member name as a JSON path step: itself, or quoted
// when it holds a '.', '[' or '"'.
func jsonPathKey(k string) string {
	if k != "" && !strings.ContainsAny(k, ".[]\"") {
		return k
	}
	return fmt.Sprintf("%q", k)
}

// commandLabel names an entry that is not a hook for people: "MCP server
// github: npx -y srv", "helper command apiKeyHelper: ./key.sh".
func commandLabel(h *hooks.Hook) string {
	c := HandlerOf(h)
	runs := h.Command
	switch {
	case c != nil && len(c.Args) > 0:
		runs = h.Command + " " + joinArgs(c.Args)
	case runs == "" && c != nil && c.URL != "":
		runs = c.URL
	}
	return hooks.CommandTitle(h, runs)
}

// commandDetails are what a command that is not a hook runs (command and
// args, or the URL it connects to), its environment, when Claude Code runs
// it and whether Claude Code asks first.
func commandDetails(h *hooks.Hook) []agents.Field {
	c, run := HandlerOf(h), commandFields(h)
	if c != nil && h.Command == "" && c.URL != "" {
		run = []agents.Field{{Key: "url", Label: "Command", Value: "connects to " + c.URL, JSON: c.URL, Code: true}}
	}
	var headers []agents.Field
	if c != nil && len(c.Headers) > 0 {
		headers = append(headers, agents.Field{Key: "headers", JSON: c.Headers})
	}
	return agents.CommandDetails(h, "Claude Code", run, headers...)
}

// commandFieldsOf is a command's Definition (canonical JSON, see
// Definition) field by field, for the diff of a changed command: its kind
// and name, each member of its value, and each variable of its env as
// "env.NAME". It is empty for a text that is not such a definition.
func commandFieldsOf(def string) trust.Definition {
	out := trust.Definition{}
	var d struct {
		Kind  string                     `json:"kind"`
		Name  string                     `json:"name"`
		Value map[string]json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal([]byte(def), &d); err != nil || d.Kind == "" {
		return out
	}
	out["kind"], out["name"] = trust.JSONText(d.Kind), trust.JSONText(d.Name)
	for k, v := range d.Value {
		if k == "env" {
			var env map[string]json.RawMessage
			if json.Unmarshal(v, &env) == nil {
				for name, val := range env {
					out[trust.EnvFieldPrefix+name] = string(val)
				}
				continue
			}
		}
		out[k] = string(v)
	}
	return out
}
