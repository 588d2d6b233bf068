package gemini

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// Gemini CLI runs more than hooks from the files a project brings: the MCP
// servers of "mcpServers" (settings files and extension manifests) and the
// tool discovery commands tools.discoveryCommand and tools.callCommand.
// They are entries of the shared model with their kind (hooks.Kind), in
// Registry.Commands, reviewed against Hookwarden's store
// (agents.ReviewCommands): Gemini CLI's trusted_hooks.json holds hooks
// only, and Gemini asks nothing before it starts them beyond its folder
// trust.

// commandKeys are the settings that hold a command Gemini CLI runs (the
// settings reference of 0.61), with their kind and when it runs them.
var commandKeys = []struct {
	path []string
	kind hooks.Kind
	when string
}{
	// Observed with the real 0.61 (TestLiveGeminiRunsWorkspaceCommandsOnlyInATrustedFolder and
	// the bundle's discoverAndRegisterToolsFromCommand): discoveryCommand is split into words
	// with shell-quote and started without a shell; callCommand is started as one program path.
	{[]string{"tools", "discoveryCommand"}, hooks.KindDiscovery, "when Gemini CLI starts: its output (JSON function declarations) becomes tools the model can call; Gemini splits it into words and starts it without a shell (; | > are dropped, $VAR is empty)"},
	{[]string{"tools", "callCommand"}, hooks.KindDiscovery, "every time the model calls a tool discoveryCommand declared (the tool name as its argument, the arguments on stdin); Gemini starts the whole value as one program, without a shell"},
	{[]string{"mcp", "serverCommand"}, hooks.KindMCPServer, "when Gemini CLI starts: the command that starts an MCP server"},
	{[]string{"tools", "shell", "pager"}, hooks.KindHelper, "every time Gemini CLI shows a shell command's output through a pager"},
	{[]string{"tools", "sandbox"}, hooks.KindHelper, "when Gemini CLI starts with its sandbox: a string names the sandbox command (docker, podman, …) or profile it runs"},
}

// collectCommands lists the commands of the merged settings and of the
// active extensions' manifests. A workspace command runs only in a
// trusted folder: Gemini CLI leaves the workspace settings out otherwise.
func (r *Registry) collectCommands(trusted bool) {
	for _, k := range commandKeys {
		var found []*hooks.Hook
		key := strings.Join(k.path, ".")
		for _, f := range r.Snapshot.Settings {
			if f == nil || f.Root == nil || f.Ignored != "" {
				continue
			}
			n := f.Root
			for _, p := range k.path {
				n = n.Get(p)
			}
			if n == nil || n.Is(settingsio.Null) || key == "tools.sandbox" && n.Is(settingsio.Bool) {
				continue
			}
			h := commandEntry(f, k.kind, key, n, key)
			h.When = k.when
			h.Type = "command"
			if !n.Is(settingsio.String) {
				r.invalidCommand(h, n, fmt.Sprintf("%s must be a string (a command), not %s; Gemini CLI cannot run it", key, n.Kind))
			} else {
				h.Command, h.RawCommand = n.Str, n.Raw
			}
			found = append(found, h)
		}
		r.Commands = append(r.Commands, lastWins(found, trusted)...)
	}
	byName := map[string][]*hooks.Hook{}
	var order []string
	for _, f := range r.Snapshot.Settings {
		if f == nil || f.Root == nil || f.Ignored != "" {
			continue
		}
		servers := f.Root.Get("mcpServers")
		if servers == nil {
			continue
		}
		if !servers.Is(settingsio.Object) {
			r.Diagnostics = append(r.Diagnostics, commandDiag(f.Path, servers, hooks.SeverityError,
				fmt.Sprintf("\"mcpServers\" must be an object keyed by server name, not %s; Gemini CLI starts none of them", servers.Kind)))
			continue
		}
		for _, m := range servers.Members {
			h := r.mcpServer(f, m, "mcpServers."+pathKey(m.Key))
			if byName[m.Key] == nil {
				order = append(order, m.Key)
			}
			byName[m.Key] = append(byName[m.Key], h)
		}
	}
	allowed, excluded := r.mcpLists(trusted)
	for _, name := range order {
		for _, h := range lastWins(byName[name], trusted) {
			if h.Status == hooks.StatusRuns {
				switch {
				case excluded[name] != "":
					h.Status, h.Reason, h.Gate = hooks.StatusDisabled, "mcp.excluded names it ("+excluded[name]+"); Gemini CLI does not start it", ""
				case allowed != nil && allowed[name] == "":
					h.Status, h.Reason, h.Gate = hooks.StatusDisabled, "mcp.allowed does not name it; Gemini CLI starts only the servers it names", ""
				}
			}
			r.Commands = append(r.Commands, h)
		}
	}
	for _, ext := range r.Snapshot.Extensions {
		if ext.ManifestRoot == nil {
			continue
		}
		servers := ext.ManifestRoot.Get("mcpServers")
		if !servers.Is(settingsio.Object) {
			continue
		}
		f := &settingsio.File{Layer: settingsio.LayerExtension, Path: ext.Manifest}
		for _, m := range servers.Members {
			h := r.mcpServer(f, m, "mcpServers."+pathKey(m.Key))
			h.Origin.Extension = ext.Name
			h.ID = string(settingsio.LayerExtension) + ":" + ext.Name + ":" + ext.Manifest + "#" + h.Origin.Path
			switch {
			case h.Status != "":
			case !ext.Active:
				h.Status, h.Reason = hooks.StatusDisabled, "the extension is not active: "+ext.InactiveReason
			case len(byName[m.Key]) > 0 && settingsServerRuns(byName[m.Key]):
				h.Status, h.Reason = hooks.StatusDuplicate, "a server of the same name in the settings takes precedence; Gemini CLI skips the extension's"
			default:
				h.Status, h.Reason = hooks.StatusRuns, "runs "+h.When
				h.Gate = "none: Gemini CLI starts an active extension's servers without asking"
			}
			r.Commands = append(r.Commands, h)
		}
	}
	for _, h := range r.Commands {
		r.Diagnostics = append(r.Diagnostics, h.Diagnostics...)
	}
}

// mcpLists are mcp.allowed (nil when no file sets it) and mcp.excluded
// of the settings Gemini CLI merges, each name with the file that lists it.
func (r *Registry) mcpLists(trusted bool) (allowed, excluded map[string]string) {
	excluded = map[string]string{}
	for _, f := range r.Snapshot.Settings {
		if f == nil || f.Root == nil || f.Ignored != "" || f.Layer == settingsio.LayerWorkspace && !trusted {
			continue
		}
		for _, pair := range []struct {
			key string
			to  *map[string]string
		}{{"allowed", &allowed}, {"excluded", &excluded}} {
			n := f.Root.Get("mcp").Get(pair.key)
			if !n.Is(settingsio.Array) {
				continue
			}
			if *pair.to == nil {
				*pair.to = map[string]string{}
			}
			for _, it := range n.Items {
				if it.Is(settingsio.String) {
					(*pair.to)[it.Str] = f.Path
				}
			}
		}
	}
	return allowed, excluded
}

func settingsServerRuns(hs []*hooks.Hook) bool {
	return slices.ContainsFunc(hs, func(h *hooks.Hook) bool { return h.Status == hooks.StatusRuns })
}

// lastWins gives the entries of one key, in merge order, their status:
// the last valid one runs (in a trusted folder, for a workspace one), the
// others are overridden.
func lastWins(found []*hooks.Hook, trusted bool) []*hooks.Hook {
	winner := -1
	for i := len(found) - 1; i >= 0; i-- {
		if found[i].Status != "" {
			continue
		}
		if found[i].Origin.Layer == settingsio.LayerWorkspace && !trusted {
			continue
		}
		winner = i
		break
	}
	for i, h := range found {
		switch {
		case h.Status != "":
		case h.Origin.Layer == settingsio.LayerWorkspace && !trusted:
			h.Status = hooks.StatusBlockedUntrustedFolder
			h.Reason = "the folder is not trusted: Gemini CLI reads none of the workspace settings, so it does not run this"
			h.Gate = "Gemini CLI's folder trust: not trusted"
		case i != winner:
			h.Status, h.Reason = hooks.StatusDuplicate, fmt.Sprintf("%s in %s takes precedence; Gemini CLI runs that one", h.Name, found[winner].Origin.File)
		default:
			h.Status, h.Reason = hooks.StatusRuns, "runs "+h.When
			h.Gate = "none: Gemini CLI runs it without asking"
			if h.Origin.Layer == settingsio.LayerWorkspace {
				h.Gate = "Gemini CLI's folder trust only: the folder is trusted, so it runs without asking"
			}
		}
	}
	return found
}

// mcpServer reads one server of an mcpServers object: a stdio server
// (command, args, env, cwd) is a command; a remote one (httpUrl, url) an
// entry without one.
func (r *Registry) mcpServer(f *settingsio.File, m settingsio.Member, path string) *hooks.Hook {
	n := m.Value
	h := commandEntry(f, hooks.KindMCPServer, m.Key, n, path)
	h.When = "when Gemini CLI starts in this folder"
	if !n.Is(settingsio.Object) {
		r.invalidCommand(h, n, fmt.Sprintf("MCP server %q must be an object, not %s; Gemini CLI skips it", m.Key, n.Kind))
		return h
	}
	str := func(k string) (string, bool) {
		v := n.Get(k)
		if !v.Is(settingsio.String) {
			return "", false
		}
		return v.Str, true
	}
	// Gemini CLI takes httpUrl, then url, then command.
	for _, k := range []string{"httpUrl", "url", "tcp"} {
		if u, ok := str(k); ok {
			h.Type, h.Description = "remote", u
			h.When = "when Gemini CLI starts in this folder: it connects to " + u
			break
		}
	}
	if cmd, ok := str("command"); ok && h.Type == "" {
		h.Type, h.Command, h.RawCommand = "command", agents.ShellQuote(cmd), n.Get("command").Raw
		if args := n.Get("args"); args.Is(settingsio.Array) {
			for _, a := range args.Items {
				if a.Is(settingsio.String) {
					h.Command += " " + agents.ShellQuote(a.Str)
				}
			}
		}
	}
	if h.Type == "" {
		r.invalidCommand(h, n, fmt.Sprintf("MCP server %q has no command, httpUrl or url; Gemini CLI cannot start it", m.Key))
	}
	if env := n.Get("env"); env.Is(settingsio.Object) {
		h.Env = map[string]string{}
		for _, e := range env.Members {
			h.Env[e.Key] = trust.CanonicalJSON(e.Value)
			if e.Value.Is(settingsio.String) {
				h.Env[e.Key] = e.Value.Str
			}
		}
	}
	return h
}

func (r *Registry) invalidCommand(h *hooks.Hook, n *settingsio.Node, msg string) {
	h.Status, h.Reason = hooks.StatusInvalid, msg
	h.Diagnostics = append(h.Diagnostics, commandDiag(h.Origin.File, n, hooks.SeverityError, msg))
}

func commandDiag(file string, n *settingsio.Node, sev hooks.Severity, msg string) hooks.Diagnostic {
	return hooks.Diagnostic{File: file, Line: n.Pos.Line, Column: n.Pos.Column, Severity: sev, Message: msg}
}

// commandEntry is a new entry of kind k named name for node n at path of f.
func commandEntry(f *settingsio.File, k hooks.Kind, name string, n *settingsio.Node, path string) *hooks.Hook {
	h := &hooks.Hook{Agent: Name, Kind: k, Event: hooks.Event(k), Name: name, Node: n, Ext: &HookFacts{Source: sourceProject},
		Origin: hooks.Origin{Layer: f.Layer, File: f.Path, Line: n.Pos.Line, Column: n.Pos.Column, Path: path}}
	h.ID = string(f.Layer) + ":" + f.Path + "#" + path
	return h
}

func pathKey(k string) string {
	if k != "" && !strings.ContainsAny(k, ".[]\"") {
		return k
	}
	return fmt.Sprintf("%q", k)
}

// commandSpecs are the workspace commands Hookwarden reviews (in a
// trusted folder or not: a later trust must not start unreviewed code),
// with their definitions field by field, and the extensions' MCP servers
// the project feeds values through its .env (fed: their "dotenv.NAME"
// fields, nil for a server the project does not reach).
func (r *Registry) commandSpecs(fed func(*hooks.Hook) trust.Definition) []agents.CommandSpec {
	var out []agents.CommandSpec
	for _, h := range r.Commands {
		var dotenv trust.Definition
		if h.Origin.Layer == settingsio.LayerExtension && h.Kind == hooks.KindMCPServer && fed != nil {
			dotenv = fed(h)
		}
		if h.Origin.Layer != settingsio.LayerWorkspace && dotenv == nil && (h.Kind != hooks.KindPromptCommand || FactsOf(h).ProjectControlled == "") || h.Node == nil {
			continue
		}
		c := agents.CommandSpec{Hook: h, Label: hooks.CommandTitleOf(h), Fields: trust.Definition{}, Unwatched: FactsOf(h).Unwatched}
		if h.Type == "command" {
			c.ScriptCommand = h.Command
			// A stdio server is spawned in its "cwd" (a relative one from the
			// project folder; observed: "cwd": "tools" ran tools/srv.sh), so its
			// scripts are found from there.
			if cwd := h.Node.Get("cwd"); h.Kind == hooks.KindMCPServer && cwd.Is(settingsio.String) && cwd.Str != "" {
				c.ScriptCwd = agents.RunFolder(r.Snapshot.ProjectDir, cwd.Str)
				c.ScriptRoots = []string{c.ScriptCwd}
			}
		}
		if h.Node.Is(settingsio.Object) {
			for _, m := range trust.JSOwnEntries(h.Node) {
				if m.Key == "env" && m.Value.Is(settingsio.Object) {
					c.Fields.AddEnv("", m.Value)
					continue
				}
				c.Fields[m.Key] = trust.CanonicalJSON(m.Value)
			}
		} else {
			c.Fields["value"] = trust.CanonicalJSON(h.Node)
		}
		maps.Copy(c.Fields, dotenv)
		// Settings that change what every command gets: Gemini's
		// environment redaction.
		if ws := workspaceFile(r.Snapshot); ws != nil && ws.Root != nil {
			maps.Copy(c.Fields, workspaceFields(ws.Root))
		}
		out = append(out, c)
	}
	return append(out, r.reachingHooks()...)
}

// reachingHooks are the hooks of the user's, the system's and the
// extensions' settings that run code of the project (agents.ReachingHooks):
// Hookwarden reviews them for this project like its commands.
//
// So are the commands of the user's and the system's settings that are not
// hooks (MCP servers, tool commands) when they run the project's code: Gemini
// CLI 0.61.0 starts a user's stdio MCP server in the project folder (or
// its "cwd" from there), so `sh srv.sh` runs the project's srv.sh
// (observed: TestLiveGeminiStartsAUserServerInTheProject). So does an
// active extension's server: one written without ${extensionPath}
// (`sh srv.sh`) runs the project's srv.sh, not the extension's (observed:
// TestLiveGeminiStartsAnExtensionsServerInTheProject).
func (r *Registry) reachingHooks() []agents.CommandSpec {
	var user []*hooks.Hook
	for _, h := range r.Commands {
		if l := h.Origin.Layer; l == settingsio.LayerUser || l == settingsio.LayerSystem || l == settingsio.LayerSystemDefaults || l == settingsio.LayerExtension {
			if h.Kind != hooks.KindPromptCommand {
				user = append(user, h)
			}
		}
	}
	reviewed := func(h *hooks.Hook) bool {
		return h.Origin.Layer == settingsio.LayerWorkspace || FactsOf(h).ProjectControlled != "" || h.Status == hooks.StatusInvalid
	}
	return agents.ReachingHooksIn(r.Snapshot.ProjectDir, r.Snapshot.Paths.Home, append(slices.Clip(r.Hooks), user...), scriptRuntime(r.Snapshot), reviewed, func(h *hooks.Hook) string {
		if cwd := h.Node.Get("cwd"); h.Kind == hooks.KindMCPServer && cwd.Is(settingsio.String) && cwd.Str != "" {
			return agents.RunFolder(r.Snapshot.ProjectDir, cwd.Str)
		}
		return ""
	})
}

// commandDetails are what a command that is not a hook runs, its
// environment, when Gemini CLI runs it and whether it asks first.
func commandDetails(h *hooks.Hook) []agents.Field { return agents.CommandDetails(h, "Gemini CLI", nil) }
