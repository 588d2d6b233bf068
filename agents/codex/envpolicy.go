package codex

import (
	"sort"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Keys of a config.toml that change what runs without being a command of
// their own. Observed with Codex CLI 0.171.0 (codex-live, a trusted
// project, no "Ignored unsupported project-local config keys" warning):
//
//   - [shell_environment_policy] (inherit, ignore_default_excludes,
//     exclude, include_only, set, …) is the environment of every shell
//     command the model runs: set = {GATE13_MARKER = "from-project"}
//     reached the command, and set.BASH_ENV named a file its bash sourced.
//     Hooks did not get it (their environment stayed Codex's own).
//   - js_repl_node_path names the Node program of the js_repl tool's
//     kernel. With [features] js_repl = true (in the project or the
//     user's config.toml) gpt-5.5 was offered no js_repl tool and the
//     named program never ran; still reviewed, in case a later Codex
//     runs it.
const (
	envPolicyKey = "shell_environment_policy"
	jsReplKey    = "js_repl_node_path"
)

// envPolicyEntries are the entries of those keys in f.
func (s *project) envPolicyEntries(f *file, root *settingsio.TOMLTable) []*hooks.Hook {
	var out []*hooks.Hook
	if v := root.Value(envPolicyKey); v != nil {
		h := s.commandEntry(f, hooks.KindHelper, envPolicyKey, v, envPolicyKey)
		h.When = "in every shell command the model runs: Codex gives them this environment (not hooks: observed with 0.171.0)"
		if v.Kind != settingsio.TOMLTableValue {
			s.invalidCommand(h, v, envPolicyKey+" must be a table")
		} else {
			h.Type, h.Description = "environment", envPolicySummary(v.Table)
			if set := v.Table.Value("set"); set != nil && set.Kind == settingsio.TOMLTableValue {
				// what the risk analysis reads as the environment it sets
				h.Env = map[string]string{}
				for _, e := range set.Table.Entries {
					h.Env[e.Key.Name] = e.Value.Str
					if e.Value.Kind != settingsio.TOMLString {
						h.Env[e.Key.Name] = e.Value.Raw
					}
				}
			}
		}
		out = append(out, h)
	}
	if v := root.Value(jsReplKey); v != nil {
		h := s.commandEntry(f, hooks.KindHelper, jsReplKey, v, jsReplKey)
		h.When = "when the model uses the js_repl tool (the js_repl feature), as the Node program of its kernel"
		if v.Kind != settingsio.TOMLString || v.Str == "" {
			s.invalidCommand(h, v, jsReplKey+" must be the path of a program")
		} else {
			h.Type, h.Command = "command", agents.ShellQuote(v.Str)
			h.RawCommand = h.Command
			h.Status = statusSkipped
			h.Reason = "Codex 0.171.0 offered no js_repl tool even with the js_repl feature on (observed), so this did not run; still reviewed"
		}
		out = append(out, h)
	}
	return out
}

// envPolicySummary is what a shell_environment_policy table does, for
// people: its fields in file order, set's names sorted.
func envPolicySummary(t *settingsio.TOMLTable) string {
	var parts []string
	for _, e := range t.Entries {
		if e.Key.Name == "set" && e.Value.Kind == settingsio.TOMLTableValue {
			var names []string
			for _, se := range e.Value.Table.Entries {
				names = append(names, se.Key.Name+"="+tomlScalar(se.Value))
			}
			sort.Strings(names)
			parts = append(parts, "set "+strings.Join(names, " "))
			continue
		}
		parts = append(parts, e.Key.Name+"="+tomlScalar(e.Value))
	}
	return strings.Join(parts, "; ")
}

func tomlScalar(v *settingsio.TOMLValue) string {
	if v.Kind == settingsio.TOMLString {
		return agents.ShellQuote(v.Str)
	}
	return tomlJSON(v)
}

// envPolicyScript is the shell line that sources the file a
// shell_environment_policy's set.BASH_ENV (or set.ENV) names: every
// shell command's bash reads it first, so it is fingerprinted with the
// entry. "" when it names none.
func envPolicyScript(v *settingsio.TOMLValue) string {
	if v.Kind != settingsio.TOMLTableValue {
		return ""
	}
	set := v.Table.Value("set")
	if set == nil || set.Kind != settingsio.TOMLTableValue {
		return ""
	}
	var lines []string
	for _, name := range []string{"BASH_ENV", "ENV"} {
		if e := set.Table.Value(name); e != nil && e.Kind == settingsio.TOMLString && e.Str != "" {
			lines = append(lines, ". "+agents.ShellQuote(e.Str))
		}
	}
	return strings.Join(lines, "; ")
}
