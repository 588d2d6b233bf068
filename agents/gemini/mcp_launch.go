package gemini

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

var _ agents.MCPStarter = (*Project)(nil)

// blockedServerEnv are the variables Gemini CLI 0.61 refuses to take
// from a server's "env" (BLOCKED_EXECUTION_ENVS,
// services/environmentSanitization.ts); the inherited environment still
// carries them.
var blockedServerEnv = map[string]bool{
	"NODE_OPTIONS": true, "NODE_CLI_FLAGS": true, "_FORCE_NODE_OPTIONS": true, "NODE_PATH": true,
	"ELECTRON_RUN_AS_NODE": true, "PYTHONPATH": true, "PYTHONSTARTUP": true, "RUBYOPT": true,
	"RUBYLIB": true, "PERL5OPT": true, "PERL5LIB": true, "LD_PRELOAD": true, "LD_AUDIT": true,
	"LD_DEBUG": true, "LD_PROFILE": true, "LD_LIBRARY_PATH": true, "DYLD_INSERT_LIBRARIES": true,
	"DYLD_FORCE_FLAT_NAMESPACE": true, "DYLD_LIBRARY_PATH": true, "DYLD_FRAMEWORK_PATH": true,
	"DYLD_FALLBACK_LIBRARY_PATH": true, "DYLD_FALLBACK_FRAMEWORK_PATH": true, "BASH_ENV": true,
	"ENV": true, "PERL5DB": true, "JAVA_TOOL_OPTIONS": true, "_JAVA_OPTIONS": true, "CLASSPATH": true,
	"DOTNET_STARTUP_HOOKS": true, "CORECLR_PROFILER_PATH": true, "CORECLR_ENABLE_PROFILING": true,
}

// serverEnvironment is the environment Gemini CLI 0.61 expands a stdio
// server's env in (createTransport, tools/mcp-client.ts): its own
// environment with the .env file it loaded, and an extension's settings
// values over it, always redacted.
func (p *Project) serverEnvironment(h *hooks.Hook) settingsio.Env {
	env := p.env.Vars
	if e := p.EnvFile; e != nil {
		for _, a := range e.Applied {
			if !env.Has(a.Key) {
				env = env.With(a.Key, a.Value)
			}
		}
	}
	if ext := p.extension(h); ext != nil {
		for _, name := range ext.SettingEnvVars {
			if v, ok := ext.Env[name]; ok && !blockedServerEnv[strings.ToUpper(name)] {
				env = env.With(name, v.Value)
			}
		}
	}
	s := sanitizationFor(p)
	s.Enabled = true
	return sanitizeEnv(env, s)
}

// extension is the extension of an extension's server (nil for others).
func (p *Project) extension(h *hooks.Hook) *extensionDir {
	if h.Origin.Layer != settingsio.LayerExtension {
		return nil
	}
	for _, ext := range p.Extensions {
		if ext.Name == h.Origin.Extension {
			return ext
		}
	}
	return nil
}

// MCPLaunch is how Gemini CLI starts h: a stdio server's command and
// args in its cwd (else the project folder), with GEMINI_CLI=1, the
// redacted environment and the server's env expanded in it (the blocked
// variables left out); a remote server runs nothing here.
func (p *Project) MCPLaunch(h *hooks.Hook) (*agents.MCPLaunch, error) {
	sup := p.env.Supervisor(p.ProjectDir, p.Paths.Home)
	if h.Kind != hooks.KindMCPServer {
		return nil, fmt.Errorf("%s is not an MCP server", p.Title(h))
	}
	if h.Type == "remote" {
		return &agents.MCPLaunch{Remote: h.Description, Supervisor: sup}, nil
	}
	n := h.Node
	if h.Type != "command" || !n.Is(settingsio.Object) {
		return nil, fmt.Errorf("Gemini CLI runs no command for MCP server %s", h.Name)
	}
	base := p.serverEnvironment(h)
	l := &agents.MCPLaunch{Program: n.Get("command").Str, Dir: p.ProjectDir, Supervisor: sup}
	for _, a := range n.Get("args").Items {
		if a.Is(settingsio.String) {
			l.Args = append(l.Args, a.Str)
		}
	}
	if cwd := n.Get("cwd"); cwd.Is(settingsio.String) && cwd.Str != "" {
		l.Dir = cwd.Str
		if !filepath.IsAbs(l.Dir) {
			l.Dir = filepath.Join(p.ProjectDir, l.Dir)
		}
	}
	env := append(settingsio.Env{"GEMINI_CLI=1"}, base...)
	for _, k := range slices.Sorted(maps.Keys(h.Env)) {
		if blockedServerEnv[strings.ToUpper(k)] {
			l.Notes = append(l.Notes, "Gemini CLI leaves out the server's "+k+" (a variable it refuses to pass)")
			continue
		}
		env = env.With(k, expandEnv(h.Env[k], base.Lookup))
	}
	l.Env = env
	if filepath.Base(l.Program) != l.Program && !filepath.IsAbs(l.Program) {
		l.Program = filepath.Join(l.Dir, l.Program)
	}
	return l, nil
}

// envRefs are the names $NAME, ${NAME} and ${NAME:-…} refer to in s.
func envRefs(s string) []string {
	var out []string
	for i := 0; i < len(s); i++ {
		if s[i] != '$' {
			continue
		}
		if name, _, _, end := matchEnvRef(s, i); end > 0 {
			out = append(out, name)
			i = end - 1
		}
	}
	return out
}

// projectFed is what the project's own files put into the environment
// of an extension's MCP server: values of its settings (which Gemini
// passes as variables and expands $NAME from) that come from the
// workspace .env, and the variables of the project's .env its env,
// args, command or cwd refer to. Each is a field "dotenv.NAME" of its
// review, so a change of the .env needs review again.
func (p *Project) projectFed(h *hooks.Hook) trust.Definition {
	ext := p.extension(h)
	if ext == nil || h.Node == nil || !h.Node.Is(settingsio.Object) {
		return nil
	}
	out := trust.Definition{}
	for _, name := range ext.SettingEnvVars {
		if v, ok := ext.Env[name]; ok && v.Workspace {
			out["dotenv."+name] = trust.JSONText(v.Value)
		}
	}
	var refs []string
	for _, k := range []string{"command", "cwd"} {
		if v := h.Node.Get(k); v.Is(settingsio.String) {
			refs = append(refs, envRefs(v.Raw)...)
		}
	}
	for _, a := range h.Node.Get("args").Items {
		refs = append(refs, envRefs(a.Raw)...)
	}
	if env := h.Node.Get("env"); env.Is(settingsio.Object) {
		for _, m := range env.Members {
			refs = append(refs, envRefs(m.Value.Raw)...)
		}
	}
	e := p.EnvFile
	for _, name := range refs {
		if v, ok := ext.Env[name]; ok && v.Workspace {
			out["dotenv."+name] = trust.JSONText(v.Value)
		} else if a, ok := e.Applies(name); ok && e != nil && !e.UserOwned && !p.env.Vars.Has(name) {
			out["dotenv."+name] = trust.JSONText(a.Value)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
