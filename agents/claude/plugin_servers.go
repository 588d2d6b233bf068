package claude

import (
	"path/filepath"
	"strconv"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// A plugin makes Claude Code 2.1.332 run more than hooks and MCP
// servers (read from the program): language servers, from the manifest's
// "lspServers" (an object, or the path of a JSON file) and the plugin's
// .lsp.json (both: the manifest's are merged over the file's), each {command, args, env, extensionToLanguage, …}
// started with CLAUDE_PLUGIN_ROOT and CLAUDE_PROJECT_DIR set; and
// monitors, from "experimental.monitors" or "monitors" (an array, or a
// path) or else monitors/monitors.json, each {name, command, …}. Each
// is listed and reviewed with the plugin's other commands; a form
// Hookwarden does not read is an error, never "no commands".

// serverSources are where pl's language servers and monitors come
// from: the manifest's node (with its key) or else the default file.
func serverSources(pl *plugin) (lspKey string, lsp *settingsio.Node, lspFile string, monKey string, mon *settingsio.Node, monFile string) {
	var manRoot *settingsio.Node
	if pl.Manifest != nil {
		manRoot = pl.Manifest.Root
	}
	lspKey, lsp = "lspServers", manRoot.Get("lspServers")
	if lsp == nil {
		lspFile = filepath.Join(pl.Root, ".lsp.json")
	} else if lsp.Is(settingsio.String) {
		lspFile = resolvePluginPath(pl.Root, lsp.Str)
	}
	monKey, mon = "experimental.monitors", manRoot.Get("experimental").Get("monitors")
	if mon == nil {
		monKey, mon = "monitors", manRoot.Get("monitors")
	}
	if mon == nil {
		monFile = filepath.Join(pl.Root, "monitors", "monitors.json")
	} else if mon.Is(settingsio.String) {
		monFile = resolvePluginPath(pl.Root, mon.Str)
	}
	return
}

// readPluginServers reads the files of pl's language servers and
// monitors, with the plugin's other files.
func readPluginServers(pl *plugin) {
	_, _, lspFile, _, _, monFile := serverSources(pl)
	pl.Servers = map[string]*settingsio.File{}
	for _, p := range []string{lspFile, filepath.Join(pl.Root, ".lsp.json"), monFile} {
		if p != "" {
			pl.Servers[p] = loadPluginJSON(p)
		}
	}
}

// serverFile is the file at path read with pl (read now if it was not).
func (pl *plugin) serverFile(path string) *settingsio.File {
	if f := pl.Servers[path]; f != nil {
		return f
	}
	return loadPluginJSON(path)
}

// collectPluginServers lists the language servers and monitors of pl.
func (r *registry) collectPluginServers(pl *plugin) {
	lspKey, lsp, lspFile, monKey, mon, monFile := serverSources(pl)
	if lsp != nil {
		r.pluginServersFrom(pl, pl.Manifest, lsp, lspKey, false)
	}
	// Claude Code 2.1.332 reads .lsp.json even when the manifest has
	// "lspServers" (it merges those over it, read from the program), so
	// both are listed.
	if def := filepath.Join(pl.Root, ".lsp.json"); lsp == nil || filepath.Clean(lspFile) != def {
		if f := pl.serverFile(def); f.Exists {
			r.pluginServersFrom(pl, f, f.Root, "", false)
		}
	}
	if mon != nil {
		r.pluginServersFrom(pl, pl.Manifest, mon, monKey, true)
	} else if f := pl.serverFile(monFile); f.Exists {
		r.pluginServersFrom(pl, f, f.Root, "", true)
	}
}

// pluginServersFrom reads the language servers (an object by name) or
// monitors (an array) at n of f (path its JSON path, "" for the file's
// root); a string is the path of the file that holds them.
func (r *registry) pluginServersFrom(pl *plugin, f *settingsio.File, n *settingsio.Node, path string, monitors bool) {
	what := "language servers"
	if monitors {
		what = "monitors"
	}
	fail := func(msg string) {
		d := hooks.Diagnostic{File: pl.Root, Severity: hooks.SeverityError, Message: msg + "; Hookwarden cannot tell which " + what + " of plugin " + pl.ID + " Claude Code runs"}
		if f != nil {
			d.File = f.Path
			if f.Err != nil {
				d.Line, d.Column = f.Err.Line, f.Err.Column
			} else if n != nil {
				d.Line, d.Column = n.Pos.Line, n.Pos.Column
			}
		}
		r.Diagnostics = append(r.Diagnostics, d)
		// Fail closed: an entry of what could not be read, its text as
		// the value, needs review until approved and whenever it changes.
		if f == nil {
			return
		}
		val := n
		if val == nil || f.Err != nil {
			val = &settingsio.Node{Kind: settingsio.String, Str: string(f.Raw), Raw: string(f.Raw), Pos: settingsio.Pos{Line: 1, Column: 1}}
		}
		h := r.commandEntry(f, hooks.KindHelper, what+" of plugin "+pl.ID, val, path)
		h.Origin.Extension = pl.ID
		h.Status, h.Reason = hooks.StatusInvalid, msg+": Hookwarden cannot read which "+what+" Claude Code runs from it"
		h.When = "when Claude Code starts the plugin " + pl.ID
		h.Ext = &handler{Plugin: pl.ID, PluginRoot: pl.Root}
		r.Hooks = append(r.Hooks, h)
	}
	switch {
	case f != nil && f.Err != nil:
		fail(f.Err.Msg)
		return
	case n.Is(settingsio.String) && path != "":
		g := pl.serverFile(resolvePluginPath(pl.Root, n.Str))
		if !g.Exists {
			fail(n.Str + " does not exist")
			return
		}
		r.pluginServersFrom(pl, g, g.Root, "", monitors)
		return
	}
	prefix := path
	if prefix != "" {
		prefix += "."
	}
	add := func(h *hooks.Hook) {
		h.Origin.Extension = pl.ID
		c := HandlerOf(h)
		c.Plugin, c.PluginRoot = pl.ID, pl.Root
		switch {
		case h.Status != "":
		case !pl.Enabled:
			h.Status, h.Reason = hooks.StatusDisabled, "plugin "+pl.ID+" is disabled in enabledPlugins"
		default:
			h.Status, h.Reason = hooks.StatusRuns, "Claude Code starts it with the plugin "+pl.ID
			h.Gate = "none: Claude Code starts an enabled plugin's " + what + " without asking"
		}
		r.Hooks = append(r.Hooks, h)
	}
	if !monitors {
		if !n.Is(settingsio.Object) {
			fail("the language servers must be an object keyed by server name, not " + n.Kind.String())
			return
		}
		for _, m := range n.Members {
			h := r.commandEntry(f, hooks.KindLanguageServer, m.Key, m.Value, prefix+jsonPathKey(m.Key))
			r.readMCPServer(f, h, m.Value)
			h.When = "when Claude Code opens a file of the server's languages (extensionToLanguage)"
			add(h)
		}
		return
	}
	if !n.Is(settingsio.Array) {
		fail("the monitors must be an array, not " + n.Kind.String())
		return
	}
	for i, it := range n.Items {
		name := ""
		if nn := it.Get("name"); nn.Is(settingsio.String) {
			name = nn.Str
		}
		h := r.commandEntry(f, hooks.KindHelper, "monitor "+name, it, prefix+"["+strconv.Itoa(i)+"]")
		h.When = "while the session runs: Claude Code starts the plugin's monitor and reads its output"
		if c := it.Get("command"); it.Is(settingsio.Object) && c != nil {
			r.readShellCommand(f, h, c, "command")
		} else {
			handlerReader{f: f, h: h, cfg: it}.invalid(it, "a monitor must be an object with a command")
			fail("monitor " + strconv.Itoa(i) + " has no command Hookwarden can read")
		}
		add(h)
	}
}
