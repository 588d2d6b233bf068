package copilot

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// defaultTimeoutSec is Copilot's timeout for a hook without one
// (observed: a 45 s sleep was killed after 30 s).
const defaultTimeoutSec = 30

// loadProject reads every file Copilot CLI 1.0.102 reads hooks, switches
// and folder trust from for a session in opts.Cwd and decides for every
// hook what Copilot does with it. It fails only for unusable options.
func loadProject(opts options) (*project, error) {
	p, err := resolvePaths(opts)
	if err != nil {
		return nil, err
	}
	getenv := opts.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	s := &project{Paths: p}
	config := &file{Path: p.Config, Kind: kindConfig, Loaded: true}
	readJSON(config)
	s.Trust = folderTrust(p, config, getenv)

	var userFiles, repoFiles []*file
	// listErr: the hooks folders that could not be listed, each kept as
	// an unreadable file.
	listErr := map[string]error{}
	// User hook files, reverse name order.
	names, ignored, err := hookFiles(p.UserHooksDir, opts.MaxHookEntries)
	if err != nil {
		s.diags = append(s.diags, hooks.Diagnostic{File: p.UserHooksDir, Severity: hooks.SeverityError,
			Message: fmt.Sprintf("cannot list the user hooks folder: %v (its hooks are not shown)", err)})
		names = append(names, p.UserHooksDir) // unreadable below, never a folder without hooks
		listErr[p.UserHooksDir] = err
	}
	for _, n := range names {
		userFiles = append(userFiles, &file{Path: n, Kind: kindHooksFile, Layer: layerUser, Loaded: true})
	}
	userSettings := &file{Path: p.UserSettings, Kind: kindSettings, Layer: layerUser, Loaded: true}
	userFiles = append(userFiles, userSettings)
	repoLoaded, repoWhy := s.Trust.Trusted || s.Trust.OptIn, ""
	if !repoLoaded {
		repoWhy = "skipped silently by Copilot CLI: " + s.Trust.Rule
	}
	rnames, rignored, err := hookFiles(filepath.Join(p.RepoRoot, ".github", "hooks"), opts.MaxHookEntries)
	if err != nil {
		s.diags = append(s.diags, hooks.Diagnostic{File: filepath.Join(p.RepoRoot, ".github", "hooks"), Severity: hooks.SeverityError,
			Message: fmt.Sprintf("cannot list the repository hooks folder: %v (its hooks are not shown)", err)})
		rnames = append(rnames, filepath.Join(p.RepoRoot, ".github", "hooks")) // unreadable, as above
		listErr[filepath.Join(p.RepoRoot, ".github", "hooks")] = err
	}
	for _, n := range rnames {
		repoFiles = append(repoFiles, &file{Path: n, Kind: kindHooksFile, Layer: layerRepository, Loaded: repoLoaded, NotLoaded: repoWhy})
	}
	for _, rel := range repoSettings {
		repoFiles = append(repoFiles, &file{Path: filepath.Join(p.RepoRoot, rel), Kind: kindSettings, Layer: layerRepository,
			Loaded: repoLoaded, NotLoaded: repoWhy})
	}
	for _, f := range append(append([]*file{}, userFiles...), repoFiles...) {
		if err, ok := listErr[f.Path]; ok {
			f.Exists, f.Err = true, &settingsio.ParseError{Path: f.Path, Msg: "cannot list the hooks folder: " + err.Error()}
		} else {
			readJSON(f)
		}
		s.Files = append(s.Files, f)
		switch f.Kind {
		case kindHooksFile:
			s.addHooksFile(f)
		case kindSettings:
			s.addSettings(f)
		}
	}
	if userSettings.Root != nil {
		for key, to := range map[string]*[]string{"disabledHooks": &s.DisabledKeys, "disabledMcpServers": &s.DisabledMCP} {
			if d := userSettings.Root.Get(key); d != nil && d.Kind == settingsio.Array {
				for _, it := range d.Items {
					if it.Kind == settingsio.String {
						*to = append(*to, it.Raw)
					}
				}
			}
		}
	}
	// Files Copilot does not read hooks from (observed), shown so that
	// nobody takes them for layers.
	notRead := []struct{ path, why string }{
		{filepath.Join(p.Home, ".claude", "settings.json"), "Copilot CLI does not read hooks from ~/.claude/settings.json (observed)"},
		{filepath.Join(p.Cwd, ".copilot", "hooks"), "Copilot CLI does not read a project's .copilot/hooks folder (observed)"},
	}
	for _, n := range append(ignored, rignored...) {
		notRead = append(notRead, struct{ path, why string }{n, "not a .json file: Copilot CLI ignores it (observed)"})
	}
	for _, nr := range notRead {
		if p.Home == "" && strings.HasPrefix(nr.path, ".claude") {
			continue
		}
		if _, err := os.Lstat(nr.path); err == nil {
			s.Files = append(s.Files, &file{Path: nr.path, Kind: kindNotRead, Exists: true, NotLoaded: nr.why})
		}
	}
	// Policy hooks and installed plugins: Copilot reads them (docs, its
	// debug log), the kit never exercised them, so Hookwarden does not
	// claim to know what they run: each such file is shown as not read.
	policy := opts.PolicyDir
	if policy == "" {
		policy = defaultPolicyDir
	}
	unmodelled := func(path, why string) {
		s.Files = append(s.Files, &file{Path: path, Kind: kindUnmodelled, Exists: true, NotLoaded: why,
			Err: &settingsio.ParseError{Path: path, Msg: why}})
	}
	if names, _, err := hookFiles(policy, opts.MaxHookEntries); err == nil {
		for _, n := range names {
			unmodelled(n, "a Copilot CLI policy hooks file: Copilot runs its hooks (docs), Hookwarden does not read them (not observed)")
		}
	}
	plugins := filepath.Join(p.CopilotHome, "installed-plugins")
	if ents, err := os.ReadDir(plugins); err == nil && len(ents) > 0 {
		unmodelled(plugins, fmt.Sprintf("%d installed Copilot CLI plugin(s): Copilot runs their hooks after every other layer, without folder trust; Hookwarden does not read them (not observed)", len(ents)))
	}
	config.NotLoaded = "folder trust (trustedFolders) only: Copilot CLI does not read hooks from config.json (observed)"
	if config.Root != nil && config.Root.Get("hooks") != nil {
		s.diags = append(s.diags, hooks.Diagnostic{File: config.Path, Line: config.Root.Get("hooks").Pos.Line,
			Column: config.Root.Get("hooks").Pos.Column, Severity: hooks.SeverityWarning,
			Message: "Copilot CLI 1.0.102 does not read the hooks of config.json (observed; its changelog says it does): none of them runs"})
	}
	s.Files = append(s.Files, config)
	s.decide()
	return s, nil
}

// readJSON reads and parses f: strict JSON, but config.json with comments
// and trailing commas, as Copilot reads it (observed: it writes its own
// "// This file is managed automatically." header there and still reads
// the file's trustedFolders).
func readJSON(f *file) {
	fi, err := os.Stat(f.Path)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			f.Exists = true
			f.Err = &settingsio.ParseError{Path: f.Path, Msg: "reading: " + err.Error()}
		}
		return
	}
	f.Exists = true
	if fi.IsDir() {
		f.Err = &settingsio.ParseError{Path: f.Path, Msg: "a folder, not a file"}
		return
	}
	data, err := settingsio.ReadRegularFile(f.Path)
	if err != nil {
		f.Err = &settingsio.ParseError{Path: f.Path, Msg: "reading: " + err.Error()}
		return
	}
	f.Raw = data
	parse := settingsio.ParseJSON
	if f.Kind == kindConfig {
		parse = settingsio.ParseJWCC
	}
	root, perr := parse(f.Path, data)
	if perr != nil {
		f.Err = perr
		f.Err.Msg = "Invalid JSON: " + perr.Msg
		return
	}
	f.Root = root
}

// reject records that Copilot drops the file (or its hooks) as a whole.
func (f *file) reject(pos settingsio.Pos, msg string) {
	if f.Err == nil {
		f.Err = &settingsio.ParseError{Path: f.Path, Line: pos.Line, Column: pos.Column, Msg: msg}
	}
	f.Warnings = append(f.Warnings, f.Path+": "+msg)
}

// addHooksFile reads a {"version": 1, "hooks": {...}} file (observed:
// invalid JSON, version other than 1, hooks not an object and an event
// value that is not an array reject the whole file; a bad entry is dropped
// with a warning and its siblings kept; unknown events are ignored).
func (s *project) addHooksFile(f *file) {
	root := f.Root
	if root == nil {
		return
	}
	if root.Kind != settingsio.Object {
		f.reject(root.Pos, "Expected hook config to be an object")
		return
	}
	if v := root.Get("version"); v != nil && !(v.Kind == settingsio.Number && v.Raw == "1") {
		f.reject(v.Pos, "version: Invalid hook config version (Invalid literal value, expected 1)")
	}
	s.disableAll(f)
	hk := root.Get("hooks")
	if hk == nil {
		return
	}
	if hk.Kind != settingsio.Object {
		f.reject(hk.Pos, "hooks: hooks must be an object")
		return
	}
	for _, m := range hk.Members {
		if _, _, ok := lookupEvent(m.Key); ok && m.Value.Kind != settingsio.Array {
			f.reject(m.Value.Pos, "hooks."+m.Key+": hook event value must be an array")
		}
	}
	start := len(s.Handlers)
	s.addEvents(f, hk, false)
	if f.Err != nil {
		// Copilot loads no hook of a file it rejects (observed: version 2,
		// an event value that is not an array); they are shown all the same.
		for _, h := range s.Handlers[start:] {
			if h.Valid {
				h.Valid = false
				h.Hook.Status = hooks.StatusInvalid
				h.Hook.Reason = "Copilot loads no hook of this file: " + f.Err.Msg
			}
		}
	}
}

// addSettings reads the inline "hooks" of a settings file (observed:
// strict — one bad entry drops the whole hooks field, "Settings config
// error: hooks.preToolUse[0].type: Invalid hook type").
func (s *project) addSettings(f *file) {
	root := f.Root
	if root == nil {
		return
	}
	if root.Kind != settingsio.Object {
		f.reject(root.Pos, "settings must be an object")
		return
	}
	s.disableAll(f)
	hk := root.Get("hooks")
	if hk == nil {
		return
	}
	if hk.Kind != settingsio.Object {
		f.reject(hk.Pos, "Settings config error: hooks: hooks must be an object")
		return
	}
	s.addEvents(f, hk, true)
}

func (s *project) disableAll(f *file) {
	if d := f.Root.Get("disableAllHooks"); d != nil {
		if d.Kind != settingsio.Bool {
			f.reject(d.Pos, "disableAllHooks must be a boolean")
			return
		}
		f.DisableAll = d.Bool
	}
}

// addEvents adds the entries of every event of a hooks object.
func (s *project) addEvents(f *file, hk *settingsio.Node, strict bool) {
	start := len(s.Handlers)
	shadowed := hk.Shadowing()
	for mi, m := range hk.Members {
		info, pascal, known := lookupEvent(m.Key)
		if later, ok := shadowed[mi]; ok {
			// Observed: of two "preToolUse" keys only the last counts.
			before := len(s.Handlers)
			if m.Value.Kind == settingsio.Array {
				for i, e := range m.Value.Items {
					s.entry(f, m.Key, info, pascal, known, e, fmt.Sprintf("hooks.%s[%d]", m.Key, i), nil, false, false)
				}
			}
			for _, h := range s.Handlers[before:] {
				h.Valid = false
				h.Hook.Status = hooks.StatusInvalid
				h.Hook.Reason = fmt.Sprintf("the key %q appears again at line %d: Copilot reads only the last one and never runs this hook", m.Key, later.KeyPos.Line)
			}
			s.diags = append(s.diags, hooks.Diagnostic{File: f.Path, Line: m.KeyPos.Line, Column: m.KeyPos.Column, Severity: hooks.SeverityWarning,
				Message: fmt.Sprintf("%q is given again at line %d: Copilot CLI reads only the last one (observed), the hooks here never run", m.Key, later.KeyPos.Line)})
			continue
		}
		if !known {
			msg := fmt.Sprintf("%q is not a Copilot CLI hook event: Copilot ignores it without a warning and none of its hooks run", m.Key)
			if e := suggestEvent(m.Key); e != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", string(e))
			}
			s.diags = append(s.diags, hooks.Diagnostic{File: f.Path, Line: m.KeyPos.Line, Column: m.KeyPos.Column,
				Severity: hooks.SeverityWarning, Message: msg})
		}
		if m.Value.Kind != settingsio.Array {
			if known && strict {
				f.reject(m.Value.Pos, "Settings config error: hooks."+m.Key+": Expected an array of hook actions")
			}
			continue
		}
		for i, e := range m.Value.Items {
			path := fmt.Sprintf("hooks.%s[%d]", m.Key, i)
			if e.Kind == settingsio.Object && e.Get("hooks") != nil {
				// Claude's nested form: {matcher, hooks: [...]}.
				inner := e.Get("hooks")
				if inner.Kind != settingsio.Array {
					s.bad(f, m.Key, info, pascal, known, e, path, "Expected an array of hook actions", strict)
					continue
				}
				var matcher *settingsio.Node
				if mm := e.Get("matcher"); mm != nil {
					matcher = mm
				}
				for j, h := range inner.Items {
					s.entry(f, m.Key, info, pascal, known, h, fmt.Sprintf("%s.hooks[%d]", path, j), matcher, true, strict)
				}
				continue
			}
			s.entry(f, m.Key, info, pascal, known, e, path, nil, false, strict)
		}
	}
	if strict && f.Err != nil {
		for _, h := range s.Handlers[start:] {
			if h.Valid {
				h.Valid = false
				h.Hook.Status = hooks.StatusInvalid
				h.Hook.Reason = "Copilot drops every hook of this settings file: " + f.Err.Msg
			}
		}
	}
}

// bad records an entry Copilot drops.
func (s *project) bad(f *file, written string, info eventInfo, pascal, known bool, n *settingsio.Node, path, msg string, strict bool) {
	h := s.newHandler(f, written, info, pascal, n, path)
	h.Hook.Status = hooks.StatusInvalid
	h.Hook.Reason = path + ": " + msg
	if known {
		if strict {
			f.reject(n.Pos, "Settings config error: "+path+": "+msg)
		} else {
			f.Warnings = append(f.Warnings, f.Path+": "+path+": "+msg)
			h.Hook.Reason += " (Copilot drops this entry with a warning and keeps its siblings)"
		}
	}
	s.Handlers = append(s.Handlers, h)
}

func (s *project) newHandler(f *file, written string, info eventInfo, pascal bool, n *settingsio.Node, path string) *handler {
	ev := info.Name
	if ev == "" {
		ev = hooks.Event(written)
	}
	hk := &hooks.Hook{
		ID:     fmt.Sprintf("copilot:%s:%s#%s", f.Layer, f.Path, path),
		Event:  ev,
		Origin: hooks.Origin{Layer: f.Layer, File: f.Path, Line: n.Pos.Line, Column: n.Pos.Column, Path: path},
		Node:   n,
		Agent:  Name,
	}
	h := &handler{Hook: hk, File: f, Written: written, Event: info, Pascal: pascal, TimeoutSec: defaultTimeoutSec}
	hk.Ext = h
	return h
}

// originOf is the layer as hooks.discover names it.
func originOf(l settingsio.Layer) string {
	if l == layerRepository {
		return "repository"
	}
	return "user"
}

var knownTypes = []string{"command", "http", "prompt"}

// entry reads one hook entry.
func (s *project) entry(f *file, written string, info eventInfo, pascal, known bool, n *settingsio.Node, path string, outer *settingsio.Node, nested, strict bool) {
	if n.Kind != settingsio.Object {
		s.bad(f, written, info, pascal, known, n, path, "Expected hook config to be an object", strict)
		return
	}
	if nested && n.Get("hooks") != nil {
		s.bad(f, written, info, pascal, known, n, path, "Nested hooks deeper than one level are not supported.", strict)
		return
	}
	h := s.newHandler(f, written, info, pascal, n, path)
	h.Nested = nested
	c := &h.Canonical
	str := func(key string) (*string, string) {
		v := n.Get(key)
		if v == nil {
			return nil, ""
		}
		if v.Kind != settingsio.String {
			return nil, key + ": Expected string"
		}
		x := v.Raw
		return &x, ""
	}
	var problems []string
	h.Type = "command"
	if t := n.Get("type"); t != nil {
		if t.Kind != settingsio.String || !slices.Contains(knownTypes, t.Raw) {
			problems = append(problems, "type: Invalid hook type")
		} else {
			h.Type = t.Raw
		}
	}
	c.Type = h.Type
	bash, e1 := str("bash")
	ps, e2 := str("powershell")
	cmd, e3 := str("command")
	exe, e4 := str("exec")
	cwd, e5 := str("cwd")
	for _, e := range []string{e1, e2, e3, e4, e5} {
		if e != "" {
			problems = append(problems, e)
		}
	}
	if cmd != nil {
		if bash == nil {
			bash = cmd
		}
		if ps == nil {
			ps = cmd
		}
	}
	h.Bash, h.PowerShell, h.Exec = bash, ps, exe
	c.Bash, c.PowerShell, c.Exec, c.Cwd = bash, ps, exe, cwd
	if cwd != nil {
		h.Cwd = *cwd
	}
	if a := n.Get("args"); a != nil {
		c.HasArgs = true
		if a.Kind != settingsio.Array {
			problems = append(problems, "args: Expected array")
		} else {
			for _, it := range a.Items {
				if it.Kind != settingsio.String {
					problems = append(problems, "args: Expected string")
					continue
				}
				c.Args = append(c.Args, it.Raw)
			}
		}
		h.Args = c.Args
	}
	if ev := n.Get("env"); ev != nil {
		c.HasEnv = true
		if ev.Kind != settingsio.Object {
			problems = append(problems, "env: Expected object")
		} else {
			h.Env = map[string]string{}
			for _, m := range ev.Members {
				if m.Value.Kind != settingsio.String {
					problems = append(problems, "env."+m.Key+": Expected string")
					continue
				}
				c.Env = append(c.Env, [2]string{m.Key, m.Value.Raw})
				h.Env[m.Key] = m.Value.Raw
			}
		}
	}
	tnode := n.Get("timeoutSec")
	if tnode == nil {
		tnode = n.Get("timeout")
	}
	if tnode == nil && nested {
		tnode = n.Get("timeout")
	}
	if tnode != nil {
		if tnode.Kind != settingsio.Number || tnode.Number <= 0 {
			problems = append(problems, "timeoutSec: Expected a positive number")
		} else {
			h.TimeoutSec = tnode.Number
			c.TimeoutRaw = tnode.Raw
			h.Hook.HasTimeout, h.Hook.TimeoutText = true, tnode.Raw+"s"
		}
	}
	h.Hook.TimeoutMS = int64(h.TimeoutSec * 1000)
	mnode := outer
	if mnode == nil {
		mnode = n.Get("matcher")
	}
	if mnode != nil {
		if mnode.Kind != settingsio.String {
			problems = append(problems, "matcher: Expected string")
		} else {
			m := mnode.Raw
			h.Matcher, c.Matcher = &m, &m
			h.Hook.Matcher, h.Hook.HasMatcher = m, true
		}
	}
	if pascal {
		c.VSCode = written
	}
	if h.Type == "command" {
		switch {
		case exe != nil && (bash != nil || ps != nil):
			problems = append(problems, "Specify either 'exec' (native executable) or 'bash'/'powershell'/'command' (shell), but not both")
		case exe == nil && bash == nil && ps == nil:
			problems = append(problems, "Neither 'bash' nor 'powershell' specified in hook command configuration")
		}
	}
	h.Hook.Type = h.Type
	switch {
	case bash != nil:
		h.Hook.Command = *bash
	case exe != nil:
		h.Hook.Command = shellJoin(append([]string{*exe}, c.Args...))
	case ps != nil:
		h.Hook.Command = *ps
	default:
		if u, _ := str("url"); u != nil {
			h.Hook.Command = *u
		} else if pr, _ := str("prompt"); pr != nil {
			h.Hook.Command = *pr
		}
	}
	h.Hook.RawCommand = h.Hook.Command
	h.Hook.Env = h.Env
	if len(problems) > 0 {
		s.bad(f, written, info, pascal, known, n, path, problems[0], strict)
		// bad appended a fresh handler; keep what was read on it.
		b := s.Handlers[len(s.Handlers)-1]
		b.Hook.Command, b.Hook.RawCommand, b.Hook.Type = h.Hook.Command, h.Hook.RawCommand, h.Hook.Type
		b.Hook.Matcher, b.Hook.HasMatcher = h.Hook.Matcher, h.Hook.HasMatcher
		b.Type, b.Bash, b.PowerShell, b.Exec, b.Args, b.Env, b.Cwd, b.Matcher = h.Type, h.Bash, h.PowerShell, h.Exec, h.Args, h.Env, h.Cwd, h.Matcher
		return
	}
	h.Valid = true
	if h.Type == "command" {
		h.Key = disableKey(info.Name, *c)
	}
	for i, later := range n.Shadowing() {
		h.diag(hooks.SeverityWarning, fmt.Sprintf("%q is given twice (line %d and line %d): Copilot reads the last one (observed), which is what is shown here",
			n.Members[i].Key, n.Members[i].KeyPos.Line, later.KeyPos.Line))
	}
	if bash == nil && ps != nil && exe == nil {
		h.diag(hooks.SeverityWarning, "only a powershell command: on Linux and macOS Copilot runs the bash command, which this hook does not have (not observed)")
	}
	if h.Type != "command" {
		h.diag(hooks.SeverityInfo, "a "+h.Type+" hook: Copilot CLI knows the type; its runs were not observed and the dry run does not run it")
	}
	if !known {
		h.Valid = false
		h.Hook.Status = statusUnknownEvent
		h.Hook.Reason = fmt.Sprintf("%q is not a Copilot CLI hook event: Copilot ignores it without a warning", written)
	}
	if h.Valid && h.Matcher != nil {
		s.compileMatcher(h)
	}
	s.Handlers = append(s.Handlers, h)
}

// compileMatcher compiles a hook's matcher as Copilot does (observed: a
// camelCase entry's matcher is a regex anchored ^(?:…)$, case sensitive,
// and an invalid one skips the hook with a warning; a PascalCase entry's
// "*" matches everything and "" is skipped).
func (s *project) compileMatcher(h *handler) {
	m := *h.Matcher
	if h.Pascal {
		switch m {
		case "":
			h.Valid = false
			h.Hook.Status = statusInvalidMatcher
			h.Hook.Reason = "matcher cannot be empty — hook will be skipped (Copilot's warning; Claude Code would run it for every tool)"
			h.File.Warnings = append(h.File.Warnings, h.Hook.Reason)
			return
		case "*":
			return
		}
	}
	c, ok := s.matchers[m]
	if !ok {
		c.re, c.err = regexp.Compile("^(?:" + m + ")$")
		if s.matchers == nil {
			s.matchers = map[string]compiledMatcher{}
		}
		s.matchers[m] = c
	}
	re, err := c.re, c.err
	if err != nil {
		h.Valid = false
		h.Hook.Status = statusInvalidMatcher
		h.Hook.Reason = fmt.Sprintf("Invalid matcher regex in %s hook: '%s' — hook will be skipped (Copilot's warning, shown only in its debug log)", h.Event.Name, m)
		h.File.Warnings = append(h.File.Warnings, h.Hook.Reason)
		return
	}
	h.re = re
	if !h.Event.Tool {
		h.diag(hooks.SeverityInfo, fmt.Sprintf("a matcher on %s, which is not about a tool: what Copilot compares it with was not observed", h.Event.Name))
	}
}

// MatchesTool reports whether the hook's matcher takes tool (a
// Copilot tool name: bash, view, apply_patch, …).
func (h *handler) MatchesTool(tool string) bool {
	if h.Matcher == nil || h.re == nil || tool == "" || !h.Event.Tool {
		return true
	}
	if h.Event.Name == "permissionRequest" && (tool == "apply_patch" || tool == "create") {
		// Observed: permissionRequest names these tools "edit" (its
		// matching on that name was not observed).
		tool = "edit"
	}
	if h.Pascal {
		return h.re.MatchString(claudeToolName(tool)) || h.re.MatchString(tool)
	}
	return h.re.MatchString(tool)
}

func (h *handler) diag(sev hooks.Severity, msg string) {
	h.Hook.Diagnostics = append(h.Hook.Diagnostics, hooks.Diagnostic{File: h.Hook.Origin.File, Line: h.Hook.Origin.Line,
		Column: h.Hook.Origin.Column, Severity: sev, Message: msg, HookID: h.Hook.ID})
}

// decide sets every valid hook's status: the folder trust, disableAllHooks
// and disabledHooks (observed).
func (s *project) decide() {
	disabled := map[string]bool{}
	for _, k := range s.DisabledKeys {
		disabled[k] = true
	}
	for _, f := range s.Files {
		if f.Kind == kindSettings && f.Layer == layerRepository && f.Loaded && f.DisableAll && s.AllOff == "" {
			s.AllOff = f.Path
		}
	}
	keys := map[string][]*handler{}
	for _, h := range s.Handlers {
		if h.Key != "" {
			keys[h.Key] = append(keys[h.Key], h)
		}
		if !h.Valid {
			continue
		}
		hk := h.Hook
		h.Enabled = true
		switch {
		case !h.File.Loaded:
			hk.Status, hk.Reason = hooks.StatusBlockedUntrustedFolder, h.File.NotLoaded
			h.Enabled = !h.File.DisableAll && !disabled[h.Key]
		case s.AllOff != "":
			h.Enabled = false
			hk.Status, hk.Reason = hooks.StatusHooksOff, "disableAllHooks is true in "+s.AllOff+": Copilot runs no hook at all (user, repository and plugin)"
		case h.File.DisableAll:
			h.Enabled = false
			hk.Status, hk.Reason = hooks.StatusDisabled, "disableAllHooks is true in this file: Copilot skips this file's hooks"
		case disabled[h.Key]:
			h.Enabled = false
			hk.Status, hk.Reason = hooks.StatusDisabled, "its key is in disabledHooks of "+s.Paths.UserSettings
		default:
			h.Runs = true
			hk.Status = hooks.StatusRuns
			hk.Reason = "Copilot runs it"
		}
	}
	agents.Repeated(keys, func(h *handler) *hooks.Hook { return h.Hook }, func(h *handler, others string, n int) {
		h.diag(hooks.SeverityInfo, fmt.Sprintf("the same hook is also at %s: Copilot does not de-duplicate, it runs %d times (one key in disabledHooks switches all of them)", others, n))
	})
}

// folderTrust decides whether the repository layers load (observed:
// COPILOT_ALLOW_ALL exactly "true"; trustedFolders in config.json, the
// folder or one above it; GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS exactly
// "true" loads them in -p mode without trust).
func folderTrust(p paths, config *file, getenv func(string) string) trustState {
	t := trustState{AllowAll: getenv("COPILOT_ALLOW_ALL") == "true", OptIn: getenv("GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS") == "true"}
	if config.Err != nil {
		t.ConfigErr = config.Err.Error()
	}
	if config.Root != nil {
		if tf := config.Root.Get("trustedFolders"); tf != nil {
			if tf.Kind != settingsio.Array {
				t.ConfigErr = fmt.Sprintf("%s:%d:%d: Invalid trustedFolders configuration", config.Path, tf.Pos.Line, tf.Pos.Column)
			} else {
				for _, it := range tf.Items {
					if it.Kind == settingsio.String {
						t.Folders = append(t.Folders, it.Raw)
					}
				}
			}
		}
	}
	for _, f := range t.Folders {
		cands := []string{filepath.Clean(f)}
		if r, err := filepath.EvalSymlinks(f); err == nil {
			cands = append(cands, r)
		}
		for _, c := range cands {
			if within(p.Cwd, c) && t.Folder == "" {
				t.Folder = f
			}
		}
	}
	switch {
	case t.AllowAll:
		t.Trusted, t.Rule = true, "COPILOT_ALLOW_ALL=true trusts every folder"
	case t.Folder != "" && t.Folder == p.Cwd:
		t.Trusted, t.Rule = true, "trustedFolders in "+config.Path+" lists the folder"
	case t.Folder != "":
		t.Trusted, t.Rule = true, "trustedFolders in "+config.Path+" lists "+t.Folder+", which holds the folder"
	case t.ConfigErr != "":
		t.Rule = "the folder is not trusted: " + t.ConfigErr
	default:
		t.Rule = "the folder is not in trustedFolders of " + config.Path + " (and COPILOT_ALLOW_ALL is not \"true\"): Copilot loads no repository hook"
	}
	if !t.Trusted && t.OptIn {
		t.Rule += "; GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true loads the repository hooks in -p mode all the same"
	}
	return t
}

// shellJoin quotes argv for a POSIX shell.
func shellJoin(argv []string) string {
	out := make([]string, len(argv))
	for i, a := range argv {
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:@=,") == "" {
			out[i] = a
		} else {
			out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}
