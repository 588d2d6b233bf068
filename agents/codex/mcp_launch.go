package codex

import (
	"fmt"
	"path/filepath"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

var _ agents.MCPStarter = (*project)(nil)

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
