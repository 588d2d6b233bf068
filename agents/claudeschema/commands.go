package claudeschema

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// Commands that are not hooks in JSON files of this family: the MCP
// servers of an "mcpServers" object (a settings file's or an .mcp.json's)
// and settings keys whose value is a command. Each is an entry of the
// shared model with its kind (hooks.Kind), reviewed like a hook through
// Spec: its definition field by field, its env, the scripts of its
// command line. What the agent cannot read, Hookwarden cannot either: a
// broken file, a server that is not an object or names neither a command
// nor a URL is an invalid entry whose value is its text, so it needs
// review whenever it changes, never reads as clean.

// CommandKey is a settings key (a path of object keys) whose value is a
// command the agent runs.
type CommandKey struct {
	Path []string
	Kind hooks.Kind
	When string
	// Object: the value is {"type": "command", "command": …} (a status
	// line), not a string.
	Object bool
}

// Commands reads an agent's commands that are not hooks.
type Commands struct {
	Agent hooks.Agent
	// Expand is the agent's load-time $VAR expansion of the strings of
	// its settings files (nil: none); Servers and keys apply it when
	// asked to.
	Expand func(string) string
	// ServersOff, when set, says why the agent starts no MCP server at
	// all here (an agent that starts none in a folder it does not
	// trust): Merged holds every server back with it, the user's own
	// included.
	ServersOff string
	// Key and Kind: the object Servers reads its servers from and the
	// kind they have ("mcpServers" and hooks.KindMCPServer when empty;
	// Key "." is the file's own object, keyed by server name).
	Key  string
	Kind hooks.Kind
	// Script names a key whose string is a shell script the agent runs
	// with bash in place of command and args ("" none).
	Script string
	// LiveVars: a $ left in a command or argument after Expand (a
	// variable Hookwarden's environment lacks, a form it does not expand)
	// stays a variable set at run time, so what it names is unwatched,
	// never a literal path.
	LiveVars bool
	// Folder names the key whose string is the folder the agent starts
	// the command in, taken from the project and replaced by the project
	// when it is not inside it as text ("": the key "cwd", not checked).
	Folder string
	// Templates are the file suffixes PromptTemplates reads (".toml" and
	// ".md" when empty).
	Templates []string
	// Inject, when set, is the agent's file-injection trigger in a
	// template (@{path}), which it fills before it runs the shell
	// commands: when the text also holds the shell trigger or Args (either
	// makes the agent run its shell step), the commands written in the
	// files it injects run too. PromptTemplates then reads each such file
	// (a folder: every file under it) from Workspace: their commands join
	// the entry's, and the entry's value is an object of the template's
	// text ("file") and each injected path's text, so a change to either
	// needs review and names the path.
	Inject, Args, Workspace string
	// InjectDirs are the agent's other workspace folders, in the order
	// it looks a relative injected path up after Workspace (absolute;
	// the agent takes the first that holds the path and whose real path
	// is inside one of them). A relative path in none of them may be in
	// a folder the agent is given only when it starts, which Hookwarden
	// cannot know: the entry is then partly unwatched (InjectUnwatched).
	InjectDirs []string
	// InjectLinks says the agent takes the first workspace folder where a
	// relative injected path exists, wherever its real path leads (its
	// lookup checks only that the path is there), not only one whose real
	// path stays inside its workspace folders.
	InjectLinks bool
	// Started says the agent starts the commands Servers and
	// PromptTemplates read as the kit knows (observed, per agent): a stdio
	// server as its command and its args as written (execve's argv), a
	// shell step as `SHELL -c TEXT`, Args standing for any text. Their
	// entries then say so (their Ext's Spawn), so that exec --enforce
	// holds their processes (agents.CommandSpawner); a server that holds
	// a $ (expanded at load or at start), runs a Script or has a Folder is
	// not told. Resolves says the agent passes a server's command resolved
	// to a path as argv[0] (on PATH, or made absolute): only its base name
	// is compared then.
	Started, Resolves bool
}

// spawned, as a command entry's Ext, is how the agent starts it: argv
// exactly, or a shell's -c with one of texts, args standing for any text.
type spawned struct {
	argv, texts []string
	args        string
	resolves    bool // argv[0] is compared by its base name
}

// Spawn is how the agent starts the entry: match of a start's argv.
func (s spawned) Spawn() func([]string) bool {
	if s.resolves && s.argv != nil {
		base := filepath.Base(s.argv[0])
		return func(argv []string) bool {
			return len(argv) == len(s.argv) && filepath.Base(argv[0]) == base && slices.Equal(argv[1:], s.argv[1:])
		}
	}
	if s.argv != nil {
		return func(argv []string) bool { return slices.Equal(argv, s.argv) }
	}
	var matches []func([]string) bool
	for _, t := range s.texts {
		var ph []string
		if s.args != "" {
			ph = append(ph, s.args)
		}
		matches = append(matches, agents.ShellSpawn(t, ph...))
	}
	return func(argv []string) bool {
		// any shell that ends with -c TEXT: a start taken for the entry's
		// is held to its approval, which only takes from what runs
		for _, m := range matches {
			if m(argv) {
				return true
			}
		}
		return false
	}
}

// folderKey, as a command entry's Ext, is Commands.Folder.
type folderKey string

func (c Commands) key() string {
	if c.Key == "" {
		return "mcpServers"
	}
	return c.Key
}

func (c Commands) kind() hooks.Kind {
	if c.Kind == "" {
		return hooks.KindMCPServer
	}
	return c.Kind
}

func (c Commands) entry(f *settingsio.File, k hooks.Kind, name string, n *settingsio.Node, path string) *hooks.Hook {
	h := &hooks.Hook{Agent: c.Agent, Kind: k, Event: hooks.Event(k), Name: name, Node: n,
		Origin: hooks.Origin{Layer: f.Layer, File: f.Path, Path: path}}
	if n != nil {
		h.Origin.Line, h.Origin.Column = n.Pos.Line, n.Pos.Column
	}
	h.ID = string(f.Layer) + ":" + f.Path + "#" + path
	return h
}

// invalid marks h as what the agent cannot run as written (or Hookwarden
// cannot read), with a diagnostic at n.
func invalid(h *hooks.Hook, n *settingsio.Node, msg string) {
	h.Status, h.Reason = hooks.StatusInvalid, msg
	d := hooks.Diagnostic{File: h.Origin.File, Severity: hooks.SeverityError, Message: msg, HookID: h.ID}
	if n != nil {
		d.Line, d.Column = n.Pos.Line, n.Pos.Column
	}
	h.Diagnostics = append(h.Diagnostics, d)
}

// Unreadable is the invalid entry of kind k of a file that exists but
// cannot be read (its text, or the error, as its value): what it starts
// cannot be known, so it needs review until approved and whenever the
// file changes.
func (c Commands) Unreadable(f *settingsio.File, k hooks.Kind, what string) *hooks.Hook {
	text := string(f.Raw)
	if text == "" && f.Err != nil {
		text = f.Err.Msg
	}
	n := &settingsio.Node{Kind: settingsio.String, Str: text, Raw: trust.JSONText(text), Pos: settingsio.Pos{Line: 1, Column: 1}}
	if f.Err != nil {
		n.Pos = settingsio.Pos{Line: f.Err.Line, Column: f.Err.Column}
	}
	h := c.entry(f, k, "(unreadable file)", n, "")
	msg := "the file cannot be read"
	if f.Err != nil {
		msg = f.Err.Msg
	}
	invalid(h, n, msg+": Hookwarden cannot tell which "+what+" it holds")
	return h
}

// Servers lists the MCP servers of f's "mcpServers" object, in file
// order, each with its command line (command and args, shell-quoted),
// env and cwd, or the URL it connects to; when is when the agent starts
// them, expand whether the agent expands $VAR in the file. A broken file,
// an mcpServers that is not an object, a server Hookwarden cannot read
// are invalid entries.
func (c Commands) Servers(f *settingsio.File, when string, expand bool) []*hooks.Hook {
	switch {
	case f == nil || !f.Exists && f.Err == nil:
		return nil
	case f.Err != nil || f.Root == nil:
		h := c.Unreadable(f, c.kind(), c.kind().Title()+"s")
		h.When = when
		return []*hooks.Hook{h}
	}
	key := c.key()
	servers := f.Root.Get(key)
	if key == "." {
		servers = f.Root
	}
	if servers == nil {
		return nil
	}
	if !servers.Is(settingsio.Object) {
		h := c.entry(f, c.kind(), "("+key+")", servers, key)
		h.When = when
		invalid(h, servers, fmt.Sprintf("%q must be an object keyed by server name, not %s", key, servers.Kind))
		return []*hooks.Hook{h}
	}
	shadowed := servers.Shadowing()
	var out []*hooks.Hook
	for i, m := range servers.Members {
		if shadowed[i] != nil {
			continue // a name given twice: JSON.parse keeps the last, the only one the agent starts
		}
		out = append(out, c.server(f, m, when, expand))
	}
	return out
}

// Running is Servers(f, when, c.Expand != nil), each server Hookwarden can read
// running when, or held back with off, why the agent starts none here
// ("" it does): what an agent starts with no gate of its own.
func (c Commands) Running(f *settingsio.File, when, off string) []*hooks.Hook {
	hs := c.Servers(f, when, c.Expand != nil)
	for _, h := range hs {
		setRunning(h, when, off)
	}
	return hs
}

func (c Commands) server(f *settingsio.File, m settingsio.Member, when string, expand bool) *hooks.Hook {
	n := m.Value
	path := c.key() + "." + pathKey(m.Key)
	if c.key() == "." {
		path = pathKey(m.Key)
	}
	h := c.entry(f, c.kind(), m.Key, n, path)
	h.When = when
	if !n.Is(settingsio.Object) {
		invalid(h, n, fmt.Sprintf("%s %q must be an object, not %s", c.kind().Title(), m.Key, n.Kind))
		return h
	}
	ex := func(s string) string {
		if expand && c.Expand != nil {
			return c.Expand(s)
		}
		return s
	}
	str := func(k string) (string, bool) {
		v := n.Get(k)
		return ex(v.JSString()), v.Is(settingsio.String)
	}
	for _, k := range []string{"httpUrl", "url", "tcp"} {
		if u, ok := str(k); ok && u != "" && c.kind() == hooks.KindMCPServer { // only an MCP server connects instead
			h.Type, h.Description = "remote", u
			h.When = when + ": it connects to " + u
			break
		}
	}
	quote := agents.ShellQuote
	if c.LiveVars {
		quote = func(s string) string {
			if !strings.Contains(s, "$") {
				return agents.ShellQuote(s)
			}
			return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "`", "\\`").Replace(s) + `"`
		}
	}
	if cmd, ok := str("command"); ok && cmd != "" && h.Type == "" {
		words := []string{quote(cmd)}
		if args := n.Get("args"); args != nil {
			if !args.Is(settingsio.Array) {
				invalid(h, args, fmt.Sprintf("%s %q: args must be an array of strings, not %s", c.kind().Title(), m.Key, args.Kind))
			}
			for _, a := range args.Items {
				if !a.Is(settingsio.String) {
					invalid(h, a, fmt.Sprintf("%s %q: args must be strings, not %s", c.kind().Title(), m.Key, a.Kind))
				}
				words = append(words, quote(ex(a.JSString())))
			}
		}
		h.Type, h.Command, h.RawCommand = "command", strings.Join(words, " "), n.Get("command").Raw
	}
	if c.Script != "" {
		if v := n.Get(c.Script); v != nil {
			switch {
			case !v.Is(settingsio.String) || v.Str == "":
				invalid(h, v, fmt.Sprintf("%s %q: %s must be a shell script (a string)", c.kind().Title(), m.Key, c.Script))
			case h.Type != "":
				// which of the two the agent runs is not observed: both are read, as one shell text
				h.Command = ex(v.Str) + "\n" + h.Command
			default:
				h.Type, h.Command, h.RawCommand = "command", ex(v.Str), v.Raw
			}
		}
	}
	if c.Folder != "" {
		h.Ext = folderKey(c.Folder)
	} else if argv := c.argv(n); c.Started && h.Type == "command" && argv != nil && (c.Script == "" || n.Get(c.Script) == nil) {
		h.Ext = spawned{argv: argv, resolves: c.Resolves}
	}
	if h.Type == "" {
		invalid(h, n, fmt.Sprintf("%s %q has no command and no url: Hookwarden cannot tell what it starts", c.kind().Title(), m.Key))
	}
	if env := n.Get("env"); env.Is(settingsio.Object) {
		h.Env = map[string]string{}
		for _, e := range env.Members {
			h.Env[e.Key] = ex(e.Value.JSString())
		}
	} else if env != nil {
		invalid(h, env, fmt.Sprintf("%s %q: env must be an object, not %s", c.kind().Title(), m.Key, env.Kind))
	}
	return h
}

// argv is the command and args of server n as written, nil when one is
// not a string or holds a $.
func (c Commands) argv(n *settingsio.Node) []string {
	cmd := n.Get("command")
	if !cmd.Is(settingsio.String) || cmd.Str == "" {
		return nil
	}
	argv := []string{cmd.Str}
	if args := n.Get("args"); args != nil {
		if !args.Is(settingsio.Array) {
			return nil
		}
		for _, a := range args.Items {
			if !a.Is(settingsio.String) {
				return nil
			}
			argv = append(argv, a.Str)
		}
	}
	for _, a := range argv {
		if strings.Contains(a, "$") {
			return nil
		}
	}
	return argv
}

// keys lists the commands of keys in f (its settings as the agent
// merges them: expand whether it expands $VAR in them).
func (c Commands) keys(f *settingsio.File, keys []CommandKey, expand bool) []*hooks.Hook {
	if f == nil || f.Root == nil {
		return nil
	}
	var out []*hooks.Hook
	for _, k := range keys {
		n := f.Root
		for _, p := range k.Path {
			n = n.Get(p)
		}
		if n == nil || n.Is(settingsio.Null) {
			continue
		}
		key := strings.Join(k.Path, ".")
		h := c.entry(f, k.Kind, key, n, key)
		h.When, h.Type = k.When, "command"
		v := n
		if k.Object {
			if t := n.Get("type"); t.Is(settingsio.String) && t.Str != "command" {
				continue // another type (a preset): no command
			}
			v = n.Get("command")
		}
		if !v.Is(settingsio.String) {
			invalid(h, n, fmt.Sprintf("%s must hold a command string; Hookwarden cannot tell what it runs", key))
		} else {
			h.Command, h.RawCommand = v.Str, v.Raw
			if expand && c.Expand != nil {
				h.Command = c.Expand(v.Str)
			}
		}
		out = append(out, h)
	}
	return out
}

// Overridden sets the status of every entry of hs (the ones the agent
// starts, in its precedence order, lowest first) that a later entry of the
// same kind and name replaces, with why (winner is the one that wins); the
// others keep theirs.
func Overridden(hs []*hooks.Hook, status hooks.Status, why func(winner *hooks.Hook) string) {
	last := map[string]*hooks.Hook{}
	for _, h := range hs {
		if h.Name != "(unreadable file)" {
			last[string(h.Kind)+"\x00"+h.Name] = h
		}
	}
	for _, h := range hs {
		if w := last[string(h.Kind)+"\x00"+h.Name]; w != nil && w != h {
			h.Status, h.Reason = status, why(w)
		}
	}
}

// CommandSpec is an entry of Servers or keys as the shared review takes
// it: every member of its node a field (env as env.NAME), the command
// line whose scripts are fingerprinted, run by rt in dir (the folder the
// agent starts it in; a relative cwd of the entry is joined to it).
func CommandSpec(h *hooks.Hook, rt *trust.Runtime, dir string) agents.CommandSpec {
	s := agents.CommandSpec{Hook: h, Label: hooks.CommandTitleOf(h), Fields: trust.Definition{}}
	if n := h.Node; n.Is(settingsio.Object) {
		for _, m := range trust.JSOwnEntries(n) {
			if m.Key == "env" && m.Value.Is(settingsio.Object) {
				s.Fields.AddEnv("", m.Value)
				continue
			}
			s.Fields[m.Key] = trust.CanonicalJSON(m.Value)
		}
	} else if n != nil {
		s.Fields["value"] = trust.CanonicalJSON(n)
	}
	s.Unwatched = InjectUnwatched(h)
	if h.Type == "command" && h.Command != "" {
		s.ScriptCommand, s.Runtime = h.Command, rt
		if k, ok := h.Ext.(folderKey); !ok {
			if cwd := h.Node.Get("cwd"); cwd.Is(settingsio.String) && cwd.Str != "" {
				s.ScriptCwd = agents.RunFolder(dir, cwd.Str) // .. after a link as chdir takes it
				s.ScriptRoots = []string{s.ScriptCwd}
			}
		} else {
			if f := h.Node.Get(string(k)); f.Is(settingsio.String) && strings.TrimSpace(f.Str) != "" {
				text := f.Str // inside the project as text (path.resolve), else the project
				if !filepath.IsAbs(text) {
					text = filepath.Join(dir, text)
				}
				if text = filepath.Clean(text); text == filepath.Clean(dir) || strings.HasPrefix(text, filepath.Clean(dir)+string(filepath.Separator)) {
					s.ScriptCwd = agents.RunFolder(dir, f.Str) // then chdir takes a link
					s.ScriptRoots = []string{s.ScriptCwd}
				}
			}
		}
	}
	return s
}

func pathKey(k string) string {
	if k != "" && !strings.ContainsAny(k, ".[]\"") {
		return k
	}
	return fmt.Sprintf("%q", k)
}

// Merged lists the commands of an agent that merges its settings files by
// precedence: the MCP servers of servers (lowest precedence first; a later
// file's server replaces an earlier one of the same name, as a shallow
// merge of "mcpServers" does) and the keys of settings (the last file
// that sets a key wins). expand says whether the agent expands $VAR in a
// file. A file the agent ignores (Ignored: an untrusted folder's) keeps
// its entries, held back with its reason; a file that cannot be read is
// an invalid entry only where the project controls it (layer); gate is
// whether the agent asks before it starts a server of that layer.
func (c Commands) Merged(servers, settings []*settingsio.File, keys []CommandKey, when string, expand func(*settingsio.File) bool, layer settingsio.Layer, gate string) []*hooks.Hook {
	var all, live []*hooks.Hook
	add := func(f *settingsio.File, hs []*hooks.Hook) {
		for _, h := range hs {
			switch {
			case h.Status != "":
			case f.Ignored != "":
				h.Status, h.Reason = hooks.StatusBlockedUntrustedFolder, f.Ignored
			case c.ServersOff != "" && h.Kind == hooks.KindMCPServer:
				h.Status, h.Reason = hooks.StatusBlockedUntrustedFolder, c.ServersOff
			default:
				h.Status, h.Reason = hooks.StatusRuns, "runs "+h.When
				live = append(live, h)
			}
			all = append(all, h)
		}
	}
	for _, f := range servers {
		if f != nil && (f.Layer == layer || f.Err == nil) {
			hs := c.Servers(f, when, expand(f))
			for _, h := range hs {
				if f.Layer == layer {
					h.Gate = gate
				}
			}
			add(f, hs)
		}
	}
	for _, f := range settings {
		if f != nil && f.Root != nil {
			add(f, c.keys(f, keys, expand(f)))
		}
	}
	Overridden(live, hooks.StatusDuplicate, func(w *hooks.Hook) string {
		return "overridden: " + w.Origin.File + " sets " + w.Name + " too, and the agent takes that one"
	})
	return all
}

// setRunning gives h, when it has no status of its own, the status of a
// command the agent starts when: held back with the reason off (a folder
// it does not trust), or run.
func setRunning(h *hooks.Hook, when, off string) {
	switch {
	case h.Status != "":
	case off != "":
		h.Status, h.Reason = hooks.StatusBlockedUntrustedFolder, off
	default:
		h.Status, h.Reason = hooks.StatusRuns, "runs "+when
	}
}
