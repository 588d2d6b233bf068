package claude

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
)

// runContext holds what the handlers of one event share.
type runContext struct {
	r          *runner
	event      hooks.Event
	input      *hooks.Object
	stdin      string
	projectDir string
	goos       string
	// envDir holds the $CLAUDE_ENV_FILE files ("" when the event has
	// none or the folder could not be made).
	envDir string
}

// envFileEvents get $CLAUDE_ENV_FILE.
var envFileEvents = eventSet("SessionStart", "Setup", "CwdChanged", "FileChanged")

func (r *runner) newRunContext(event hooks.Event, input *hooks.Object) *runContext {
	rc := &runContext{r: r, event: event, input: input, stdin: string(hooks.AppendJSON(nil, input)), projectDir: r.ProjectDir, goos: r.GOOS}
	if rc.projectDir == "" {
		rc.projectDir, _ = input.Value("cwd").(string)
	}
	if rc.goos == "" {
		rc.goos = runtime.GOOS
	}
	if envFileEvents[event] {
		if dir, err := tempDir(); err == nil {
			rc.envDir = dir
		}
	}
	return rc
}

func (rc *runContext) cleanup() {
	if rc.envDir != "" {
		os.RemoveAll(rc.envDir)
	}
}

// skipReason says why a handler is not run at all ("" = run it).
func (rc *runContext) skipReason(h *hooks.Hook) string {
	if HandlerOf(h) != nil && HandlerOf(h).HasIf {
		if info, ok := LookupEvent(rc.event); ok && !info.EvaluatesIf {
			return "it has an \"if\" rule, and on " + string(rc.event) + " Claude Code never runs a handler with one (\"if\" is only evaluated on tool events)"
		}
	}
	if info, ok := LookupEvent(rc.event); ok && h.Type != "" && !info.AllowsType(h.Type) {
		return string(rc.event) + " does not run " + h.Type + " handlers"
	}
	return ""
}

// placeholders are the path placeholders Claude Code substitutes in
// commands, args and exports as variables.
func (rc *runContext) placeholders(h *hooks.Hook) map[string]string {
	m := map[string]string{"CLAUDE_PROJECT_DIR": rc.projectDir}
	if root := hookRoot(h); root != "" {
		// a skill's frontmatter hook gets its skill's folder, and no
		// CLAUDE_PLUGIN_DATA unless the skill is a plugin's
		m["CLAUDE_PLUGIN_ROOT"] = root
	}
	if pluginRoot(h) != "" {
		m["CLAUDE_PLUGIN_DATA"] = rc.pluginData(h)
	}
	return m
}

func pluginRoot(h *hooks.Hook) string {
	if HandlerOf(h) == nil {
		return ""
	}
	return HandlerOf(h).PluginRoot
}

var unsafeIDChars = regexp.MustCompile(`[^A-Za-z0-9_.-]`)

// pluginData is ${CLAUDE_PLUGIN_DATA}: <config dir>/plugins/data/<id>.
func (rc *runContext) pluginData(h *hooks.Hook) string {
	id := HandlerOf(h).Plugin
	if id == "" {
		id = filepath.Base(HandlerOf(h).PluginRoot)
	}
	dir := rc.r.ConfigDir
	if dir == "" {
		dir = filepath.Join(rc.r.Env.Get("HOME"), ".claude")
	}
	return filepath.Join(dir, "plugins", "data", unsafeIDChars.ReplaceAllString(id, "-"))
}

// placeholderPattern matches ${NAME}.
var placeholderPattern = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}`)

// substitute replaces ${CLAUDE_PROJECT_DIR}, ${CLAUDE_PLUGIN_ROOT} and
// ${CLAUDE_PLUGIN_DATA}; other ${…} are left to the shell.
func substitute(s string, vars map[string]string) string {
	return placeholderPattern.ReplaceAllStringFunc(s, func(m string) string {
		if v, ok := vars[m[2:len(m)-1]]; ok {
			return v
		}
		return m
	})
}

// hookEnv is the handler's environment: Claude Code's own, then the
// variables it exports to hooks.
func (rc *runContext) hookEnv(h *hooks.Hook, vars map[string]string, envFile string) []string {
	env := append([]string(nil), rc.r.Env...)
	set := func(k, v string) {
		prefix := k + "="
		for i, kv := range env {
			if strings.HasPrefix(kv, prefix) {
				env[i] = prefix + v
				return
			}
		}
		env = append(env, prefix+v)
	}
	set("CLAUDECODE", "1")
	set("CLAUDE_CODE_CHILD_SESSION", "1")
	if id, ok := rc.input.Value("session_id").(string); ok {
		set("CLAUDE_CODE_SESSION_ID", id)
	}
	for _, k := range []string{"CLAUDE_PROJECT_DIR", "CLAUDE_PLUGIN_ROOT", "CLAUDE_PLUGIN_DATA"} {
		if v, ok := vars[k]; ok {
			set(k, v)
		}
	}
	if envFile != "" {
		set("CLAUDE_ENV_FILE", envFile)
	}
	return env
}
