package agents

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/risk"
)

// Facts are what the shared packages (risk, sandbox, trust's discovery,
// test isolation) need to know of an agent's files and variables, declared
// by the agent as data. main.go hands the registry's union (Registry.Facts)
// to them; no shared package names an agent's file, folder or variable.
// Forgetting one here makes the safety checks weaker for that agent, so
// each agent package tests its own Facts against the files it reads.
type Facts struct {
	// Config are the files whose content decides what the agent runs or
	// trusts: settings, hook files, trust stores, extension and plugin
	// folders, the .env files it loads. Writing one is self-tampering.
	Config []File `json:"config,omitempty"`
	// Credentials are the agent's login tokens and account files.
	Credentials []File `json:"credentials,omitempty"`
	// HomeVars move the agent's home or configuration folder
	// (a hook that sets one points the agent at other settings).
	HomeVars []string `json:"home_vars,omitempty"`
	// SystemVars move the agent's system-wide settings files (a subset
	// of HomeVars; the demo points each at a file of its own).
	SystemVars []string `json:"system_vars,omitempty"`
	// ProjectVars hold the project folder in the environment (or the
	// command text) the agent gives its hooks.
	ProjectVars []string `json:"project_vars,omitempty"`
	// BaseURLVars move the agent's model API to another server.
	BaseURLVars []string `json:"base_url_vars,omitempty"`
	// SecretVars are the API keys and tokens the agent reads from the
	// environment (and so may hand to its hooks).
	SecretVars []string `json:"secret_vars,omitempty"`
	// Programs are the agent's own command-line programs: a hook that
	// starts one runs a model with the hook's rights.
	Programs []string `json:"programs,omitempty"`
	// EnvFileVars name files a hook may write to set variables for the
	// agent's later commands (a documented channel, not persistence).
	EnvFileVars []string `json:"env_file_vars,omitempty"`
	// PermissionEvents are the agent's events (or the names a file may
	// write for them) whose hook decision decides whether a tool call runs
	// without the user being asked.
	PermissionEvents []string `json:"permission_events,omitempty"`
	// ContinueEvents are its events where a hook's block keeps the agent
	// working, the reason its next instruction.
	ContinueEvents []string `json:"continue_events,omitempty"`
	// ContextEvents are its events whose hook's plain stdout is added to
	// the model's context.
	ContextEvents []string `json:"context_events,omitempty"`
	// Output is what the agent does with its hooks' output where it
	// differs from the union of the agents' events and the risk
	// vocabulary's fields (vocab.DefaultOutputs), as its kit observed.
	Output Output `json:"-"`
	// Outputs are the registered agents' Output, by agent name
	// (Registry.Facts fills it).
	Outputs map[string]Output `json:"outputs,omitempty"`
}

// Output is one agent's own facts about its hooks' output (see
// risk.AgentOutputs).
type Output struct {
	// Context are output fields only it hands to the model; Rewrite
	// fields only it takes as a replacement of what it runs or sends.
	Context []string `json:"context,omitempty"`
	Rewrite []string `json:"rewrite,omitempty"`
	// AllowIgnored are its permission events whose allow decision lets
	// nothing run without asking (the hook fails, or it asks anyway).
	AllowIgnored []string `json:"allow_ignored,omitempty"`
	// StderrAnswers are its events where JSON a hook writes to stderr
	// with exit 2 is read as its answer.
	StderrAnswers []string `json:"stderr_answers,omitempty"`
}

func (o Output) empty() bool {
	return len(o.Context)+len(o.Rewrite)+len(o.AllowIgnored)+len(o.StderrAnswers) == 0
}

// File is one of an agent's files, as a path pattern and in words.
type File struct {
	// Path is "~/x" for a path in the user's home folder, "/x" for an
	// absolute path, and "x" (no leading "/" or "~") for that path below
	// any folder (the project's or the home's: ".codex/config.toml"). A
	// trailing "/" means the folder and everything in it.
	Path string `json:"path"`
	// Name, when set, names the file in text by itself: its base name
	// when that is the agent's alone ("oauth_creds.json"), so that code
	// that builds the path in pieces still names it. Empty: the path
	// without "~/" does.
	Name string `json:"name,omitempty"`
	// What the file is, in words ("Claude Code's settings").
	What string `json:"what"`
}

// Merge adds o's entries to f, keeping the first of equal entries, in
// order.
func (f Facts) Merge(o Facts) Facts {
	return Facts{
		Config:      mergeFiles(f.Config, o.Config),
		Credentials: mergeFiles(f.Credentials, o.Credentials),
		HomeVars:    mergeWords(f.HomeVars, o.HomeVars),
		SystemVars:  mergeWords(f.SystemVars, o.SystemVars),
		ProjectVars: mergeWords(f.ProjectVars, o.ProjectVars),
		BaseURLVars: mergeWords(f.BaseURLVars, o.BaseURLVars),
		SecretVars:  mergeWords(f.SecretVars, o.SecretVars),
		EnvFileVars: mergeWords(f.EnvFileVars, o.EnvFileVars),
		Programs:    mergeWords(f.Programs, o.Programs),

		PermissionEvents: mergeWords(f.PermissionEvents, o.PermissionEvents),
		ContinueEvents:   mergeWords(f.ContinueEvents, o.ContinueEvents),
		ContextEvents:    mergeWords(f.ContextEvents, o.ContextEvents),
		Outputs:          mergeOutputs(f.Outputs, o.Outputs),
	}
}

// mergeOutputs adds b's agents to a's, keeping a's entry for a name both
// have (nil when neither has any).
func mergeOutputs(a, b map[string]Output) map[string]Output {
	if len(a)+len(b) == 0 {
		return nil
	}
	out := make(map[string]Output, len(a)+len(b))
	for k, v := range b {
		out[k] = v
	}
	for k, v := range a {
		out[k] = v
	}
	return out
}

func mergeFiles(a, b []File) []File {
	out := slices.Clip(slices.Clone(a))
	for _, x := range b {
		if !slices.ContainsFunc(out, func(y File) bool { return y.Path == x.Path }) {
			out = append(out, x)
		}
	}
	return out
}

func mergeWords(a, b []string) []string {
	out := slices.Clip(slices.Clone(a))
	for _, x := range b {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// Facts is the union of the registered agents' Facts, in registration
// order (none for a nil registry).
func (r *Registry) Facts() Facts {
	var f Facts
	if r == nil {
		return f
	}
	for _, a := range r.agents {
		info := a.Info()
		f = f.Merge(info.Facts)
		if !info.Facts.Output.empty() {
			f.Outputs = mergeOutputs(f.Outputs, map[string]Output{info.Name: info.Facts.Output})
		}
	}
	return f
}

// Risk is what the risk analysis takes of f (risk.Options.Agents).
func (f Facts) Risk() risk.Agents {
	conv := func(fs []File) []risk.AgentFile {
		out := make([]risk.AgentFile, len(fs))
		for i, x := range fs {
			out[i] = risk.AgentFile{Path: x.Path, Name: x.Name, What: x.What}
		}
		return out
	}
	return risk.Agents{Config: conv(f.Config), Credentials: conv(f.Credentials),
		HomeVars: slices.Clone(f.HomeVars), ProjectVars: slices.Clone(f.ProjectVars), BaseURLVars: slices.Clone(f.BaseURLVars),
		PermissionEvents: slices.Clone(f.PermissionEvents), ContinueEvents: slices.Clone(f.ContinueEvents),
		ContextEvents: slices.Clone(f.ContextEvents), EnvFileVars: slices.Clone(f.EnvFileVars),
		Programs: slices.Clone(f.Programs), Outputs: riskOutputs(f.Outputs)}
}

// riskOutputs are outs as the risk analysis takes them.
func riskOutputs(outs map[string]Output) map[string]risk.AgentOutputs {
	if len(outs) == 0 {
		return nil
	}
	m := make(map[string]risk.AgentOutputs, len(outs))
	for name, o := range outs {
		m[name] = risk.AgentOutputs{Context: slices.Clone(o.Context), Rewrite: slices.Clone(o.Rewrite),
			AllowIgnored: slices.Clone(o.AllowIgnored), StderrAnswers: slices.Clone(o.StderrAnswers)}
	}
	return m
}

// filePaths are the paths of fs.
func filePaths(fs []File) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Path
	}
	return out
}

// Covers says which of f's files (its Config, then its Credentials) path
// is, for a user whose home folder is home: "~/x" is x below home, "/x"
// that absolute path, "x" that path below any folder; a folder's entry
// covers what is in it.
func (f Facts) Covers(path, home string) (File, bool) {
	path = filepath.ToSlash(filepath.Clean(path))
	home = filepath.ToSlash(filepath.Clean(home))
	for _, x := range append(slices.Clone(f.Config), f.Credentials...) {
		pat, dir := strings.CutSuffix(x.Path, "/")
		if rest, ok := strings.CutPrefix(pat, "~/"); ok {
			pat = home + "/" + rest
		}
		at := func(p string) bool { return p == pat || dir && strings.HasPrefix(p, pat+"/") }
		if strings.HasPrefix(pat, "/") {
			if at(path) {
				return x, true
			}
			continue
		}
		// below any folder: pat's elements end path, or (a folder) are
		// inside it
		if strings.HasSuffix(path, "/"+pat) || dir && strings.Contains(path+"/", "/"+pat+"/") {
			return x, true
		}
	}
	return File{}, false
}
