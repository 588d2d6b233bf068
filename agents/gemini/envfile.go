package gemini

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/internal/safetext"
	"github.com/hookwarden/hookwarden/trust"
)

// hijackVars are variables that change what every hook's program does
// when a .env file sets them (Gemini CLI passes its whole environment to
// hooks): bash sources $BASH_ENV before each hook, the loader preloads
// libraries, node and the script interpreters load code.
var hijackVars = map[string]string{
	"BASH_ENV":              "bash runs this file before every hook command",
	"ENV":                   "sh runs this file before every hook command",
	"LD_PRELOAD":            "every program a hook starts loads this library",
	"LD_LIBRARY_PATH":       "every program a hook starts looks up its libraries here first",
	"DYLD_INSERT_LIBRARIES": "every program a hook starts loads this library",
	"NODE_OPTIONS":          "every node hook runs with these options (--require loads code)",
	"PYTHONPATH":            "every python hook imports modules from here first",
	"PERL5OPT":              "every perl hook runs with these options",
	"PERL5LIB":              "every perl hook loads modules from here first",
	"RUBYOPT":               "every ruby hook runs with these options",
	"SHELLOPTS":             "bash hooks start with these options",
	"BASHOPTS":              "bash hooks start with these options",
	"LD_AUDIT":              "every program a hook starts loads this library",
	"GCONV_PATH":            "every program a hook starts that converts a charset loads its modules from here",
	"PYTHONHOME":            "every python hook loads its standard library from here",
	"PYTHONUSERBASE":        "every python hook runs the .pth files in this folder's site-packages",
	"NODE_PATH":             "every node hook resolves the modules it requires from here",
	"RUBYLIB":               "every ruby hook loads libraries from here first",
	"PERLLIB":               "every perl hook loads modules from here first",
	"JAVA_TOOL_OPTIONS":     "every java program a hook starts runs with these options (-javaagent loads code)",
	"_JAVA_OPTIONS":         "every java program a hook starts runs with these options (-javaagent loads code)",
	"JDK_JAVA_OPTIONS":      "every java program a hook starts runs with these options (-javaagent loads code)",
	"GOFLAGS":               "every go command a hook runs takes these flags (-toolexec runs a program)",
	"GOENV":                 "every go command a hook runs reads its settings from this file",
	"XDG_CONFIG_HOME":       "git and other programs hooks start read their configuration (git's core.fsmonitor, aliases) from here",
	"GIT_DIR":               "every git command a hook runs uses this repository and its config (core.fsmonitor runs a program)",
	"GIT_COMMON_DIR":        "every git command a hook runs reads this repository's config (core.fsmonitor runs a program)",
	"GIT_EXEC_PATH":         "every git command a hook runs takes its subcommands from here",
	"GIT_SSH":               "every git command a hook runs over ssh starts this program",
	"GIT_SSH_COMMAND":       "every git command a hook runs over ssh starts this command",
	"GIT_ASKPASS":           "every git command a hook runs that needs a password starts this program",
	"GIT_PAGER":             "every git command a hook runs pipes its output through this command",
	"ZDOTDIR":               "zsh hooks read their startup files from here",
	"PROMPT_COMMAND":        "bash runs this command",
}

// hijackReason says why key, set in a .env file, changes what the
// programs hooks start do; the prefixed families are read by git
// (GIT_CONFIG_GLOBAL, GIT_CONFIG_COUNT/KEY_n/VALUE_n, GIT_CONFIG_PARAMETERS:
// a core.fsmonitor or alias runs a program) and by npm, which takes every
// npm_config_* variable, in any case, as its configuration (script-shell,
// node-options, userconfig).
func hijackReason(key string) (string, bool) {
	if why, ok := hijackVars[key]; ok {
		return why, true
	}
	switch {
	case strings.HasPrefix(key, "GIT_CONFIG"):
		return "every git command a hook runs takes configuration from it (core.fsmonitor, aliases and pagers run programs)", true
	case strings.HasPrefix(strings.ToLower(key), "npm_config_"):
		return "every npm command a hook runs takes it as configuration (script-shell, node-options, userconfig run code)", true
	case strings.HasPrefix(key, "LD_") || strings.HasPrefix(key, "DYLD_"):
		return "the dynamic loader of every program a hook starts reads it", true
	}
	return "", false
}

// checkEnvFile reports what the .env file Gemini CLI loads does to hooks:
// a GEMINI_CLI_HOME that moves its home (critical when the project wrote
// it), variables that take over the programs hooks run, and a file Gemini
// cannot read.
func (r *Registry) checkEnvFile() {
	e := r.Snapshot.EnvFile
	if e == nil {
		return
	}
	if e.Err != nil {
		r.Diagnostics = append(r.Diagnostics, hooks.Diagnostic{File: e.Path, Severity: hooks.SeverityWarning, Message: e.Err.Msg})
		return
	}
	owner := "the project's"
	if e.UserOwned {
		owner = "your own"
	} else if !e.InProject {
		owner = "a parent folder's"
	}
	if hr := r.Snapshot.HomeRedirect; hr != nil {
		sev, msg := hooks.SeverityInfo, fmt.Sprintf("%s .env file sets GEMINI_CLI_HOME=%s: Gemini CLI loads extensions, extension settings and trusted_hooks.json from %s instead of %s (user settings stay in %s)",
			owner, hr.Value, hr.Home, hr.Before.Home, r.Snapshot.Paths.User)
		if hr.ByProject {
			sev = hooks.SeverityCritical
			msg += "; the project chooses which extension hooks run and which hooks Gemini counts as trusted. Hookwarden treats every hook from there as a project hook that needs your approval"
		}
		r.Diagnostics = append(r.Diagnostics, hooks.Diagnostic{File: e.Path, Line: hr.Line, Column: 1, Severity: sev, Message: msg})
	}
	if e.UserOwned {
		return
	}
	for _, a := range e.Applied {
		why, ok := hijackReason(a.Key)
		if !ok {
			continue
		}
		r.Diagnostics = append(r.Diagnostics, hooks.Diagnostic{File: e.Path, Line: a.Line, Column: 1, Severity: hooks.SeverityCritical,
			Message: fmt.Sprintf("%s .env file sets %s=%s, which Gemini CLI passes to every hook: %s, your own hooks included", owner, a.Key, a.Value, why)})
	}
}

// hydrateProvenance records, for each hook of ext, the ${NAME}
// placeholders Gemini filled from a settings .env file, and marks the
// hooks the project controls: one that takes a value from the project's
// .env, and every hook of an extension loaded from a home folder the
// project moved Gemini to.
func (r *Registry) hydrateProvenance(hs []*hooks.Hook, ext *extensionDir) {
	redirect := r.Snapshot.HomeRedirect
	for _, h := range hs {
		facts := factsFor(h)
		for _, name := range placeholders(h.RawCommand) {
			if name == "/" || name == "pathSeparator" {
				continue
			}
			v, ok := ext.Env[name]
			if !ok {
				continue
			}
			facts.Hydrated = append(facts.Hydrated, trust.Hydration{Name: name, Value: v.Value, File: v.File, Line: v.Line, Workspace: v.Workspace})
		}
		// The manifest's settings reach command hooks as environment
		// variables too: hook.env = {...hook.env, ...settingsValues}.
		if h.Type == "command" {
			for _, name := range ext.SettingEnvVars {
				v, ok := ext.Env[name]
				if !ok {
					continue
				}
				if h.Env == nil {
					h.Env = map[string]string{}
				}
				h.Env[name] = v.Value
				facts.Hydrated = append(facts.Hydrated, trust.Hydration{Name: name, Value: v.Value, File: v.File, Line: v.Line, Workspace: v.Workspace, AsEnv: true})
			}
		}
		var project []string
		for _, hy := range facts.Hydrated {
			switch {
			case hy.Workspace && hy.AsEnv:
				project = append(project, fmt.Sprintf("its environment variable %s (%s:%d)", hy.Name, hy.File, hy.Line))
			case hy.Workspace:
				project = append(project, fmt.Sprintf("${%s} (%s:%d)", hy.Name, hy.File, hy.Line))
			}
		}
		switch {
		case redirect != nil && redirect.ByProject:
			facts.ProjectControlled = fmt.Sprintf("extension %s is loaded from %s, where the .env file %s:%d moved Gemini CLI's home", ext.Name, ext.Dir, redirect.File, redirect.Line)
		case len(project) > 0:
			facts.ProjectControlled = "it takes " + strings.Join(project, ", ") + " from the project's .env file"
		}
		for _, hy := range facts.Hydrated {
			if hy.Name == "extensionPath" || hy.Name == "workspacePath" {
				h.Diagnostics = append(h.Diagnostics, hooks.Diagnostic{File: hy.File, Line: hy.Line, Column: 1, Severity: hooks.SeverityWarning,
					Message: fmt.Sprintf("the .env variable %s replaces Gemini's own ${%s} in this hook's command (it becomes %q)", hy.Name, hy.Name, hy.Value)})
			}
		}
		if facts.ProjectControlled != "" {
			h.Diagnostics = append(h.Diagnostics, hooks.Diagnostic{File: h.Origin.File, Line: h.Origin.Line, Column: h.Origin.Column, Severity: hooks.SeverityWarning,
				Message: "a project hook in all but name: " + facts.ProjectControlled + "; it needs approval like a workspace hook"})
		}
	}
}

// placeholders lists the keys of ${key} in s as hydrateString's /\${(.*?)}/g
// finds them (a key cannot span a line), each once, sorted.
func placeholders(s string) []string {
	seen := map[string]bool{}
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '$' || s[i+1] != '{' {
			continue
		}
		end := strings.IndexByte(s[i+2:], '}')
		if end < 0 {
			break
		}
		key := s[i+2 : i+2+end]
		if strings.ContainsAny(key, "\n\r") || strings.Contains(key, "\u2028") || strings.Contains(key, "\u2029") {
			continue
		}
		seen[key] = true
		i += 2 + end
	}
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// hydrationText says in words where each ${NAME} of an extension hook's
// command came from, one line per value ("" when none came from a .env),
// every value escaped so that it cannot break or forge a line.
func hydrationText(hs []trust.Hydration) string {
	var b strings.Builder
	for i, hy := range hs {
		if i > 0 {
			b.WriteByte('\n')
		}
		who := "the extension's .env"
		if hy.Workspace {
			who = "the project's .env"
		}
		// Values come from a .env file a project may write: each is shown on
		// one line with its control and invisible characters escaped.
		name, value, file := safetext.Line(hy.Name), safetext.Line(hy.Value), safetext.Line(hy.File)
		if hy.AsEnv {
			fmt.Fprintf(&b, "env %s=%s from %s:%d (%s)", name, value, file, hy.Line, who)
			continue
		}
		fmt.Fprintf(&b, "${%s} = %s from %s:%d (%s)", name, value, file, hy.Line, who)
	}
	return b.String()
}
