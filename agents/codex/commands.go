package codex

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// Codex CLI runs more than hooks from its config.toml files: the MCP
// servers of [mcp_servers.<name>] (command, args, env; or a url) when a
// session starts, the notify program after every turn, and the helper
// commands of helpers.go (telemetry headers, provider credentials, MCP
// headers). They are
// entries of the shared model with their kind (hooks.Kind), in
// Snapshot.Commands, reviewed against Hookwarden's store
// (agents.ReviewCommands): Codex keeps no trust of them beyond the trust
// of the project, whose .codex/config.toml it reads only when trusted.

// collectCommands lists the commands of every config.toml in layer order
// (Files): a project file Codex does not load (an untrusted project)
// still lists its commands, as held back, so that trusting the project
// never starts a command nobody looked at.
func (s *project) collectCommands() {
	var notify []*hooks.Hook
	byName := map[string][]*hooks.Hook{}
	var order []string
	byHelper := map[string][]*hooks.Hook{}
	var helpers []string
	for _, f := range s.Files {
		if f.Kind != kindConfigTOML || f.State != fileOK || f.Raw == nil {
			continue
		}
		doc, perr := settingsio.ParseTOML(f.Path, f.Raw)
		if perr != nil {
			continue
		}
		if v := doc.Root.Value("notify"); v != nil {
			h := s.commandEntry(f, hooks.KindHelper, "notify", v, "notify")
			h.When = "after every turn of the agent, with a JSON summary of it as the last argument"
			if argv, ok := tomlStrings(v); ok && len(argv) > 0 {
				h.Type, h.Command = "command", shellJoin(argv)
				h.RawCommand = h.Command
			} else {
				s.invalidCommand(h, v, "notify must be an array of strings (a program and its arguments); Codex refuses the configuration")
			}
			if f.Layer == layerProject && h.Status == "" {
				// Observed with 0.171.0 (codex-live): a trusted project's
				// notify never ran, the user's did. Still reviewed, in
				// case a later Codex runs it.
				h.Status = statusSkipped
				h.Reason = "Codex 0.171.0 does not run the notify of a project config.toml (observed), only the user's and the system's"
			}
			notify = append(notify, h)
		}
		s.ignoredKeys(f, doc.Root)
		for _, h := range append(append(s.envPolicyEntries(f, doc.Root), s.settingEntries(f, doc.Root)...), s.catalogueEntries(f, doc.Root)...) {
			if byHelper[h.Name] == nil {
				helpers = append(helpers, h.Name)
			}
			byHelper[h.Name] = append(byHelper[h.Name], h)
		}
		for _, k := range helperKeys(doc.Root) {
			if byHelper[k.path] == nil {
				helpers = append(helpers, k.path)
			}
			byHelper[k.path] = append(byHelper[k.path], s.helperEntry(f, k))
		}
		mv := doc.Root.Value("mcp_servers")
		if mv == nil {
			continue
		}
		if mv.Kind != settingsio.TOMLTableValue {
			s.diags = append(s.diags, hooks.Diagnostic{File: f.Path, Line: mv.Pos.Line, Column: mv.Pos.Column,
				Severity: hooks.SeverityError, Message: "mcp_servers must be a table of servers, not " + mv.Kind.String()})
			continue
		}
		for _, e := range mv.Table.Entries {
			h := s.mcpServer(f, e)
			if byName[e.Key.Name] == nil {
				order = append(order, e.Key.Name)
			}
			byName[e.Key.Name] = append(byName[e.Key.Name], h)
		}
	}
	s.Commands = append(s.Commands, s.commandStatuses(notify, "a later config.toml sets notify; Codex runs that one")...)
	for _, k := range helpers {
		later := "a later config.toml sets " + k + "; Codex runs that one"
		if k == envPolicyKey {
			later = "a later config.toml sets " + k + " too; Codex merges the two, later fields winning"
		} else if l, ok := settingLater(k); ok {
			later = l
		}
		s.Commands = append(s.Commands, s.commandStatuses(byHelper[k], later)...)
	}
	for _, name := range order {
		s.Commands = append(s.Commands, s.commandStatuses(byName[name], "a later config.toml sets the same server; Codex merges the two, later fields winning")...)
	}
	s.Commands = append(s.Commands, s.rulesEntries()...)
	for _, h := range s.Commands {
		s.diags = append(s.diags, h.Diagnostics...)
	}
}

// commandStatuses gives the entries of one key, in layer order, their
// status: held back in a file Codex does not load, else running (a lower
// one with later saying a later file takes over).
func (s *project) commandStatuses(found []*hooks.Hook, later string) []*hooks.Hook {
	last := -1
	for i, h := range found {
		if h.Status == "" && s.fileOf(h).Loaded {
			last = i
		}
	}
	for i, h := range found {
		f := s.fileOf(h)
		switch {
		case h.Status != "":
		case !f.Loaded:
			h.Status, h.Reason = statusProjectUntrusted, "Codex does not read this file: "+f.NotLoaded
			h.Gate = "Codex's project trust: not trusted"
		default:
			h.Status, h.Reason = hooks.StatusRuns, "runs "+h.When
			if i != last {
				h.Reason = later
			}
			h.Gate = "none: Codex runs it without asking"
			if h.Origin.Layer == layerProject {
				h.Gate = "Codex's project trust only: the project is trusted, so it runs without asking"
			}
		}
	}
	return found
}

func (s *project) fileOf(h *hooks.Hook) *file {
	for _, f := range s.Files {
		if f.Path == h.Origin.File {
			return f
		}
	}
	return &file{}
}

// mcpServer reads one [mcp_servers.<name>] table.
func (s *project) mcpServer(f *file, e *settingsio.TOMLEntry) *hooks.Hook {
	v := e.Value
	h := s.commandEntry(f, hooks.KindMCPServer, e.Key.Name, v, "mcp_servers."+tomlPathKey(e.Key.Name))
	h.When = "when a Codex session starts in this folder"
	if v.Kind != settingsio.TOMLTableValue {
		s.invalidCommand(h, v, fmt.Sprintf("mcp_servers.%s must be a table, not %s", e.Key.Name, v.Kind))
		return h
	}
	t := v.Table
	if cmd, ok, _ := t.String("command"); ok {
		argv := []string{cmd}
		if args := t.Value("args"); args != nil {
			a, ok := tomlStrings(args)
			if !ok {
				s.invalidCommand(h, args, "args must be an array of strings")
			}
			argv = append(argv, a...)
		}
		h.Type, h.Command = "command", shellJoin(argv)
		h.RawCommand = h.Command
	} else if u, ok, _ := t.String("url"); ok {
		h.Type, h.Description = "remote", u
		h.When = "when a Codex session starts in this folder: it connects to " + u
	} else {
		s.invalidCommand(h, v, fmt.Sprintf("MCP server %q has neither a command nor a url; Codex cannot start it", e.Key.Name))
	}
	if env := t.Value("env"); env != nil && env.Kind == settingsio.TOMLTableValue {
		h.Env = map[string]string{}
		for _, ev := range env.Table.Entries {
			h.Env[ev.Key.Name] = ev.Value.Str
			if ev.Value.Kind != settingsio.TOMLString {
				h.Env[ev.Key.Name] = ev.Value.Raw
			}
		}
	}
	if b, ok, _ := t.Bool("enabled"); ok && !b && h.Status == "" {
		h.Status, h.Reason = hooks.StatusDisabled, "enabled = false: Codex does not start it"
	}
	return h
}

func (s *project) commandEntry(f *file, k hooks.Kind, name string, v *settingsio.TOMLValue, path string) *hooks.Hook {
	h := &hooks.Hook{Agent: Name, Kind: k, Event: hooks.Event(k), Name: name, Ext: v,
		Origin: hooks.Origin{Layer: f.Layer, File: f.Path, Line: v.Pos.Line, Column: v.Pos.Column, Path: path}}
	h.ID = string(f.Layer) + ":" + f.Path + "#" + path
	return h
}

func (s *project) invalidCommand(h *hooks.Hook, v *settingsio.TOMLValue, msg string) {
	if h.Status == "" {
		h.Status, h.Reason = hooks.StatusInvalid, msg
	}
	h.Diagnostics = append(h.Diagnostics, hooks.Diagnostic{File: h.Origin.File, Line: v.Pos.Line, Column: v.Pos.Column,
		Severity: hooks.SeverityError, Message: msg})
}

func tomlStrings(v *settingsio.TOMLValue) ([]string, bool) {
	if v.Kind != settingsio.TOMLArray {
		return nil, false
	}
	out := make([]string, 0, len(v.Items))
	for _, it := range v.Items {
		if it.Kind != settingsio.TOMLString {
			return out, false
		}
		out = append(out, it.Str)
	}
	return out, true
}

// shellJoin is an argv as the shell line that runs the same program with
// the same arguments (what script discovery and the risk analysis read).
func shellJoin(argv []string) string {
	words := make([]string, len(argv))
	for i, a := range argv {
		words[i] = agents.ShellQuote(a)
	}
	return strings.Join(words, " ")
}

func tomlPathKey(k string) string {
	if k != "" && !strings.ContainsAny(k, ".[]\"' ") {
		return k
	}
	return fmt.Sprintf("%q", k)
}

// commandSpecs are the project's commands Hookwarden reviews (of a
// trusted project or not), with their definitions field by field.
func (s *project) commandSpecs() []agents.CommandSpec {
	var out []agents.CommandSpec
	for _, h := range s.Commands {
		v, _ := h.Ext.(*settingsio.TOMLValue)
		if h.Origin.Layer != layerProject || v == nil {
			continue
		}
		c := agents.CommandSpec{Hook: h, Label: hooks.CommandTitleOf(h), Fields: trust.Definition{}}
		if h.Type == "command" {
			c.ScriptCommand = h.Command
		}
		if h.Name == envPolicyKey {
			c.ScriptCommand = envPolicyScript(v)
		}
		if h.Kind == hooks.KindMCPServer && v.Kind == settingsio.TOMLTableValue {
			// Codex starts a server's command in its cwd (observed with
			// 0.171.0: command = "./srv.sh", cwd = "tools" ran
			// tools/srv.sh in tools; a relative cwd is the project's)
			if cwd, ok, _ := v.Table.String("cwd"); ok && cwd != "" {
				cwd = agents.RunFolder(s.Dir(), cwd)
				c.ScriptCwd, c.ScriptRoots = cwd, []string{cwd}
			}
		}
		if isRules(h) {
			k, val := rulesFields(v)
			c.Fields[k] = val
			out = append(out, c)
			continue
		}
		if k, val, ok := catalogueFileField(h, v); ok {
			c.Fields[k] = val
		}
		if v.Kind == settingsio.TOMLTableValue {
			for _, e := range v.Table.Entries {
				if e.Key.Name == "set" && h.Name == envPolicyKey && e.Value.Kind == settingsio.TOMLTableValue {
					for _, ev := range e.Value.Table.Entries {
						c.Fields["set."+ev.Key.Name] = tomlJSON(ev.Value)
					}
					continue
				}
				if e.Key.Name == "env" && e.Value.Kind == settingsio.TOMLTableValue {
					for _, ev := range e.Value.Table.Entries {
						c.Fields[trust.EnvFieldPrefix+ev.Key.Name] = tomlJSON(ev.Value)
					}
					continue
				}
				c.Fields[e.Key.Name] = tomlJSON(e.Value)
			}
		} else {
			c.Fields["value"] = tomlJSON(v)
		}
		out = append(out, c)
	}
	return append(out, s.userServers()...)
}

// userServers are the MCP servers and helper commands (notify, …) of the
// user's own and the system's config.toml that run the project's code:
// Codex 0.171.0 starts them in the project (observed:
// TestLiveCodexUserServerInTheProject, "sh srv.sh" ran the project's
// srv.sh; TestLiveCodexUserNotifyInTheProject, notify = ["sh",
// "notify.sh"] ran the project's notify.sh after the turn), so each is
// reviewed for the project like a user hook that reaches it
// (agents.ReachingHooksIn, from its cwd).
func (s *project) userServers() []agents.CommandSpec {
	var hs []*hooks.Hook
	for _, h := range s.Commands {
		if l := h.Origin.Layer; (l == layerUser || l == layerSystem) && (h.Kind == hooks.KindMCPServer || h.Kind == hooks.KindHelper) && h.Type == "command" {
			hs = append(hs, h)
		}
	}
	return agents.ReachingHooksIn(s.Dir(), s.env.Home, hs, scriptRuntime(s.env), func(*hooks.Hook) bool { return false }, func(h *hooks.Hook) string {
		if v, _ := h.Ext.(*settingsio.TOMLValue); v != nil && v.Kind == settingsio.TOMLTableValue {
			if cwd, ok, _ := v.Table.String("cwd"); ok && cwd != "" {
				return agents.RunFolder(s.Dir(), cwd)
			}
		}
		return ""
	})
}

// tomlJSON is a TOML value as canonical JSON text.
func tomlJSON(v *settingsio.TOMLValue) string {
	return string(appendCanonical(nil, tomlPlain(v)))
}

// commandDetails are what a command that is not a hook runs, its
// environment, when Codex runs it and whether it asks first.
func commandDetails(h *hooks.Hook) []agents.Field { return agents.CommandDetails(h, "Codex", nil) }

func (p *project) commandByID(id string) *hooks.Hook {
	for _, h := range p.Commands {
		if h.ID == id {
			return h
		}
	}
	return nil
}

// scanCommands are the commands that are not hooks of a scanned
// config.toml (read into f), read as Load reads them, each at the line of
// its value.
func scanCommands(f *file, sf agents.ScanFile) []agents.ScanHook {
	if f.State != fileOK {
		return nil
	}
	g := *f
	g.Layer, g.Loaded = layerProject, true
	s := &project{Files: []*file{&g}}
	s.collectCommands()
	var out []agents.ScanHook
	for _, h := range s.Commands {
		if h.Command == "" && h.Description == "" || h.Origin.File != f.Path {
			continue
		}
		in := risk.FromHook(h, sf.Root)
		if h.Command == "" && h.Type == "remote" {
			in.URL = h.Description
		}
		out = append(out, agents.ScanHook{Line: h.Origin.Line, Column: h.Origin.Column, Event: string(h.Kind) + " " + h.Name,
			Type: h.Type, Command: hooks.CommandTitleOf(h), URL: in.URL, Subject: in})
	}
	return out
}
