package codex

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

var (
	_ agents.MCPStarter     = (*project)(nil)
	_ agents.CommandSpawner = (*project)(nil)
)

// mcpDefaultEnv are the variables Codex CLI passes from its own
// environment to every stdio MCP server (codex-rs rmcp-client,
// DEFAULT_ENV_VARS on Unix); a server's env_vars names more, its env sets
// its own.
var mcpDefaultEnv = []string{"HOME", "LOGNAME", "PATH", "SHELL", "USER", "__CF_USER_TEXT_ENCODING", "LANG", "LC_ALL", "TERM", "TMPDIR", "TZ"}

// MCPLaunch is how Codex CLI starts h: a stdio server's command and args
// in its cwd (else the session's folder, the project), with only the
// default variables and those env_vars names from Codex's environment,
// then its env; a url server runs nothing here.
func (p *project) MCPLaunch(h *hooks.Hook) (*agents.MCPLaunch, error) {
	dir := p.Dir()
	sup := p.env.Supervisor(dir, p.Paths.CodexHome)
	if h.Kind != hooks.KindMCPServer {
		return nil, fmt.Errorf("%s is not an MCP server", p.Title(h))
	}
	if h.Type == "remote" {
		return &agents.MCPLaunch{Remote: h.Description, Supervisor: sup}, nil
	}
	v, ok := h.Ext.(*settingsio.TOMLValue)
	if h.Type != "command" || !ok || v.Kind != settingsio.TOMLTableValue {
		return nil, fmt.Errorf("Codex CLI runs no command for MCP server %s", h.Name)
	}
	t := v.Table
	cmd, _, _ := t.String("command")
	l := &agents.MCPLaunch{Program: cmd, Dir: dir, Supervisor: sup}
	if args := t.Value("args"); args != nil {
		l.Args, _ = tomlStrings(args)
	}
	if cwd, ok, _ := t.String("cwd"); ok && cwd != "" {
		l.Dir = cwd
		if !filepath.IsAbs(cwd) {
			l.Dir = filepath.Join(dir, cwd)
		}
	}
	var env settingsio.Env
	pass := append([]string(nil), mcpDefaultEnv...)
	if names := t.Value("env_vars"); names != nil {
		more, _ := tomlStrings(names)
		pass = append(pass, more...)
	}
	for _, k := range pass {
		if val, ok := p.env.Vars.Lookup(k); ok {
			env = env.With(k, val)
		}
	}
	if e := t.Value("env"); e != nil && e.Kind == settingsio.TOMLTableValue {
		for _, ev := range e.Table.Entries {
			env = env.With(ev.Key.Name, ev.Value.Str)
		}
	}
	l.Env = env
	if filepath.Base(l.Program) != l.Program && !filepath.IsAbs(l.Program) {
		l.Program = filepath.Join(l.Dir, l.Program)
	}
	return l, nil
}

// CommandSpawn is agents.CommandSpawner: Codex CLI 0.171.0 starts a stdio
// MCP server as its command with its args, as written (execve's argv:
// "sh" or "./.codex/tools/srv.sh", not resolved; observed through the
// kit, TestLiveCodexStartsAServerAsItsCommandAndArgs), in its cwd or the
// session's folder. A server whose command or args hold a "$" (not told
// whether Codex or its environment puts a value there), a url server and
// the other commands are not told: exec --enforce refuses to start with
// them.
func (p *project) CommandSpawn(h *hooks.Hook) (func([]string) bool, bool) {
	v, ok := h.Ext.(*settingsio.TOMLValue)
	if h.Kind != hooks.KindMCPServer || h.Type != "command" || h.Status == hooks.StatusInvalid || !ok || v.Kind != settingsio.TOMLTableValue {
		return nil, false
	}
	cmd, ok, _ := v.Table.String("command")
	if !ok || cmd == "" {
		return nil, false
	}
	want := []string{cmd}
	if args := v.Table.Value("args"); args != nil {
		more, ok := tomlStrings(args)
		if !ok {
			return nil, false
		}
		want = append(want, more...)
	}
	for _, w := range want {
		if strings.Contains(w, "$") {
			return nil, false
		}
	}
	return func(argv []string) bool { return slices.Equal(argv, want) }, true
}
