package claudeschema

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// DotEnv is the .env search of an agent that loads one into its own
// environment at start, which every hook then inherits: walking up from
// the project folder to the home, in each folder Dir/.env and then .env,
// the first that exists, then the user's Home files. Every variable it
// has not already (or has empty) is set, except the Drops.
type DotEnv struct {
	// Dir is the name of the agent's folder in a project (".agent").
	Dir string
	// HomeDir is the user's home (the walk stops there); Home are the
	// user's .env files loaded after the project's, in order.
	HomeDir string
	Home    []string
	// Drops are the names the agent does not take from a .env file,
	// compared without case and with - as _; a trailing * matches any
	// name it prefixes.
	Drops []string
	// Withheld are the names (upper case; a variable in any letter case)
	// the agent takes out of its environment before it starts a hook: its
	// internal secrets. Apply leaves them out.
	Withheld []string
	// ProjectVars are the variables the agent's run sets to the project
	// folder (left in the command for bash, not replaced in its text).
	ProjectVars []string
	// Untrusted: the agent's folder trust does not trust the folder now,
	// and it loads no .env of the project or a folder above it, only the
	// Home files (Apply does the same); runtime still fingerprints the
	// project's, which apply once the folder is trusted.
	Untrusted bool
	// Watch are further files of the project (relative to it) the agent
	// reads commands from outside its hooks (MCP servers it starts): each
	// (present or not) is fingerprinted with every hook, and one a pull
	// adds or changes needs review. Not with a command that is not a hook
	// (withRuntime): a server is fingerprinted by its own entry and what
	// it runs, so that a server added beside it does not re-ask for it.
	Watch []string
	// Settings are the settings files, lowest precedence first, whose
	// top-level "env" strings the agent puts into its environment after
	// the .env files, where a variable is unset or empty (the highest
	// file's value of a name wins; Drops are not taken; a file the agent
	// ignores neither): Lookup sees them as the agent's load does.
	Settings []*settingsio.File
}

// found is the project's .env file the agent loads now ("" when none).
func (d *DotEnv) found(project string) string {
	for dir := filepath.Clean(project); dir != filepath.Clean(d.HomeDir); dir = filepath.Dir(dir) {
		for _, p := range []string{filepath.Join(dir, d.Dir, ".env"), filepath.Join(dir, ".env")} {
			if _, err := os.Stat(p); err == nil {
				return p
			}
		}
		if filepath.Dir(dir) == dir {
			break
		}
	}
	return ""
}

// drops reports whether the agent leaves key out.
func (d *DotEnv) drops(key string) bool {
	canon := func(s string) string { return strings.ReplaceAll(strings.ToLower(s), "-", "_") }
	key = canon(key)
	for _, n := range d.Drops {
		if p, ok := strings.CutSuffix(canon(n), "*"); ok && strings.HasPrefix(key, p) || canon(n) == key {
			return true
		}
	}
	return false
}

// files are the .env files the agent loads for project, in its order:
// the project's file it finds (none in an Untrusted folder), then the user's.
func (d *DotEnv) files(project string) []string {
	files := d.Home
	if found := d.found(project); found != "" && !d.Untrusted {
		files = append([]string{found}, files...)
	}
	return files
}

// For is d for a run in a folder trusted or not (a run as if the folder
// were trusted gets the project's file).
func (d *DotEnv) For(trusted bool) *DotEnv {
	cp := *d
	cp.Untrusted = !trusted
	return &cp
}

// Apply is env with what the agent's .env files add to it (what its hooks
// inherit), for a dry run that behaves as the agent does: first file
// first, a name set by an earlier file or by the environment kept unless
// its value is empty; in an Untrusted folder the Home files only; the
// Withheld left out.
func (d *DotEnv) Apply(env settingsio.Env, project string) settingsio.Env {
	out := d.apply(env, project)
	if d == nil || len(d.Withheld) == 0 {
		return out
	}
	return slices.DeleteFunc(out, func(kv string) bool {
		k, _, _ := strings.Cut(kv, "=")
		return slices.Contains(d.Withheld, strings.ToUpper(k))
	})
}

func (d *DotEnv) apply(env settingsio.Env, project string) settingsio.Env {
	out := append(settingsio.Env(nil), env...)
	if d == nil {
		return out
	}
	for _, f := range d.files(project) {
		b, err := os.ReadFile(f)
		if err != nil {
			continue // the agent skips a file it cannot read; the review fingerprints it (and so fails on it)
		}
		for _, e := range settingsio.ParseDotEnv(string(b)) {
			if v, _ := out.Lookup(e.Key); !d.drops(e.Key) && v == "" {
				out = out.With(e.Key, e.Value)
			}
		}
	}
	return out
}

// Lookup is getenv with what the agent's .env files add, as the agent has
// it when it expands $VAR in its settings (it loads them first): a name
// unset or empty in getenv takes the value of the first file that sets
// it (observed with the agent's kit: a .env in the start folder's parent
// filled '$X' in a project hook's command), else of the settings' "env"
// (Settings; observed: a project's "env" value was put into the text of
// its hook, which ran it).
func (d *DotEnv) Lookup(getenv func(string) (string, bool), project string) func(string) (string, bool) {
	added := map[string]string{}
	for _, f := range d.files(project) {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, e := range settingsio.ParseDotEnv(string(b)) {
			if _, ok := added[e.Key]; !ok && !d.drops(e.Key) {
				added[e.Key] = e.Value
			}
		}
	}
	fromSettings := map[string]string{}
	for _, f := range d.Settings {
		if env := settingsEnv(f); env != nil {
			for _, m := range env.Members {
				if m.Value.Is(settingsio.String) && !d.drops(m.Key) {
					fromSettings[m.Key] = m.Value.Str
				}
			}
		}
	}
	for k, v := range fromSettings {
		if _, ok := added[k]; !ok {
			added[k] = v
		}
	}
	return func(k string) (string, bool) {
		if v, ok := getenv(k); ok && v != "" {
			return v, true
		}
		if v, ok := added[k]; ok {
			return v, true
		}
		return getenv(k)
	}
}

// above are the .env files the agent may load from the folders above the
// project, present or not: Dir/.env and .env of every folder from the
// project's parent up to the one whose file it loads now, else up to the
// home (excluded) or the root. A file a pull adds there — a monorepo's
// root, when the agent starts in a subfolder — is loaded as much as one in
// the project (observed with the agent's kit).
func (d *DotEnv) above(project string) []string {
	var out []string
	found := d.found(project)
	for dir := filepath.Clean(project); dir != filepath.Clean(d.HomeDir) && filepath.Dir(dir) != dir; {
		here := []string{filepath.Join(dir, d.Dir, ".env"), filepath.Join(dir, ".env")}
		if slices.Contains(here, found) {
			break
		}
		if dir = filepath.Dir(dir); dir != filepath.Clean(d.HomeDir) {
			out = append(out, filepath.Join(dir, d.Dir, ".env"), filepath.Join(dir, ".env"))
		}
	}
	return out
}

// globMeta escapes what filepath.Match reads as a pattern.
var globMeta = strings.NewReplacer(`\`, `\\`, `*`, `\*`, `?`, `\?`, `[`, `\[`)

// runtime is how hooks run for discovery: the project's Dir/.env and .env
// (present or not) and the file loaded now when it is the project's are
// fingerprinted with every hook, so one a pull adds, changes or removes
// needs review, and so are those the agent may load from the folders above
// the project (above, present or not, as watched files); the variables the
// file loaded now gives hooks resolve the commands (PYTHONPATH, BASH_ENV,
// `. "$LIB/common.sh"` in a script …) — a folder's above the project as
// much as the project's own: the agent sets them in its environment and
// every hook inherits them, and the file is watched, so a change to it
// reads as changed.
func (d *DotEnv) runtime(project string) *trust.Runtime {
	if d == nil {
		return nil
	}
	rt := &trust.Runtime{Dialect: trust.DialectBash, ProjectVars: d.ProjectVars, TextVars: []string{},
		EnvFiles: []string{filepath.Join(project, d.Dir, ".env"), filepath.Join(project, ".env")}}
	for _, p := range d.above(project) {
		rt.Watch = append(rt.Watch, globMeta.Replace(p))
	}
	rt.Watch = append(rt.Watch, d.watched(project)...)
	if found := d.found(project); found != "" {
		if under(project, found) {
			rt.EnvFiles = append(rt.EnvFiles, found)
		}
		rt.Env = map[string]string{}
		if b, err := os.ReadFile(found); err == nil {
			for _, e := range settingsio.ParseDotEnv(string(b)) {
				if !d.drops(e.Key) {
					rt.Env[e.Key] = e.Value
				}
			}
		}
	}
	return rt
}

// watched are the patterns of Watch in project.
func (d *DotEnv) watched(project string) []string {
	if d == nil {
		return nil
	}
	var out []string
	for _, p := range d.Watch {
		out = append(out, globMeta.Replace(filepath.Join(project, p)))
	}
	return out
}

// under reports whether path is in folder dir.
func under(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
}

// withRuntime is specs with the section's runtime on those without one
// (its .env files and the user's git configuration).
func (s Section) withRuntime(specs []agents.CommandSpec) []agents.CommandSpec {
	put := s.runtimeOf()
	out := make([]agents.CommandSpec, len(specs))
	for i, sp := range specs {
		out[i] = put(sp)
	}
	return out
}

// runtimeOf is withRuntime one spec at a time (a review that never holds
// its specs: TrustStates), so that list and audit review each spec with
// the same runtime: the section's, and for a command that is not a hook
// the same without the .env files it watches (DotEnv.Watch).
func (s Section) runtimeOf() func(agents.CommandSpec) agents.CommandSpec {
	rt := s.DotEnv.runtime(s.Project)
	if rt == nil && s.Git != nil {
		rt = &trust.Runtime{}
	}
	if rt == nil {
		return func(sp agents.CommandSpec) agents.CommandSpec { return sp }
	}
	rt.Git = s.Git
	cmdRT := rt // runtime puts DotEnv.Watch last
	if n := len(s.DotEnv.watched(s.Project)); n > 0 {
		c := *rt
		c.Watch = rt.Watch[:len(rt.Watch)-n]
		cmdRT = &c
	}
	return func(sp agents.CommandSpec) agents.CommandSpec {
		if sp.Runtime == nil && sp.ScriptCommand != "" {
			sp.Runtime = rt
			if sp.Hook != nil && !sp.Hook.IsHook() {
				sp.Runtime = cmdRT
			}
		}
		return sp
	}
}

// settingsEnv is the "env" object of a settings file the agent reads (nil
// when there is none).
func settingsEnv(f *settingsio.File) *settingsio.Node {
	if f == nil || f.Ignored != "" || !f.Root.Get("env").Is(settingsio.Object) {
		return nil
	}
	return f.Root.Get("env")
}
