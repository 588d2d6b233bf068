package claude

import (
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"slices"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

var _ agents.MCPStarter = (*project)(nil)

// mcpVarRef is the ${VAR} or ${VAR:-default} Claude Code expands in a
// .mcp.json server's command, args, env, url and headers, from its own
// environment (a name it cannot fill stays as written).
var mcpVarRef = regexp.MustCompile(`\$\{([^}:]+)(?::-([^}]*))?\}`)

// expandMCPVars is Claude Code's expansion of a .mcp.json string.
func expandMCPVars(s string, env settingsio.Env) string {
	return mcpVarRef.ReplaceAllStringFunc(s, func(m string) string {
		sub := mcpVarRef.FindStringSubmatch(m)
		if v, ok := env.Lookup(sub[1]); ok {
			return v
		}
		if len(sub[2]) > 0 || len(m) > len(sub[1])+3 {
			return sub[2]
		}
		return m
	})
}

// MCPLaunch is how Claude Code starts h: a stdio server's command with
// its args in the project folder, with Claude Code's environment and the
// server's env over it (each ${VAR} expanded); a remote server runs
// nothing here but its headersHelper, through the shell.
func (p *project) MCPLaunch(h *hooks.Hook) (*agents.MCPLaunch, error) {
	c := HandlerOf(h)
	sup := p.env.Supervisor(p.ProjectDir, p.Paths.ConfigDir)
	vars := p.env.Vars
	switch {
	case h.Kind == hooks.KindHelper:
		if h.Command == "" {
			return nil, fmt.Errorf("%s runs no command", h.Name)
		}
		return &agents.MCPLaunch{Program: "/bin/sh", Args: []string{"-c", h.Command}, Env: vars, Dir: p.ProjectDir, Plain: true, Supervisor: sup}, nil
	case h.Kind != hooks.KindMCPServer:
		return nil, fmt.Errorf("%s is not an MCP server", p.Title(h))
	case h.Type == typeHTTP:
		l := &agents.MCPLaunch{Remote: expandMCPVars(c.URL, vars), Supervisor: sup}
		for _, x := range p.reg.Hooks {
			if x.ID == h.ID+".headersHelper" && x.Command != "" {
				l.HelperID = x.ID
			}
		}
		return l, nil
	case h.Command == "":
		return nil, fmt.Errorf("MCP server %s has no command", h.Name)
	}
	env := slices.Clone(vars)
	for _, k := range slices.Sorted(maps.Keys(h.Env)) {
		env = append(env, k+"="+expandMCPVars(h.Env[k], vars))
	}
	args := make([]string, len(c.Args))
	for i, a := range c.Args {
		args[i] = expandMCPVars(a, vars)
	}
	prog := expandMCPVars(h.Command, vars)
	if filepath.Base(prog) != prog && !filepath.IsAbs(prog) {
		prog = filepath.Join(p.ProjectDir, prog)
	}
	l := &agents.MCPLaunch{Program: prog, Args: args, Env: env, Dir: p.ProjectDir, Supervisor: sup}
	if c.Plugin != "" {
		l.Notes = append(l.Notes, "Claude Code also sets CLAUDE_PLUGIN_ROOT for a plugin's server; this run did not expand it")
	}
	return l, nil
}
