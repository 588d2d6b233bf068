package trust

import (
	"sort"
	"strconv"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// ProjectHook is one entry Gemini CLI's trust check looks at: an element of
// a "hooks" array inside a definition of the workspace settings' "hooks"
// object (TrustedHooksManager.getUntrustedHooks in 0.61). Entries of type
// "runtime" are not listed; Gemini skips them.
type ProjectHook struct {
	// Event is the key of the "hooks" object the entry sits under, as
	// written (Gemini walks every key, unknown event names included).
	Event string `json:"event"`
	// Matcher is the definition's matcher when it is a string.
	Matcher string `json:"matcher,omitempty"`
	// Definition and Index place the entry: hooks[Event][Definition].hooks[Index].
	Definition int `json:"definition"`
	Index      int `json:"index"`
	// Path is the JSON path, e.g. hooks.BeforeTool[0].hooks[1], and HookID
	// the hooks.Hook ID of the same entry ("workspace:<file>#<path>").
	Path   string `json:"path"`
	HookID string `json:"hook_id"`
	// Name and Command as Gemini forms the key from them: String(name) when
	// name is truthy, else ""; String(command) for type "command", else "".
	Name    string `json:"name"`
	Command string `json:"command"`
	// RawCommand is the command as written, before load-time expansion.
	RawCommand string `json:"raw_command,omitempty"`
	// Type is String(type), "undefined" when missing.
	Type string `json:"type"`
	// IsCommand is true for type "command": only those run a command and
	// have scripts.
	IsCommand bool `json:"is_command"`
	// Key is Gemini's trust key, `${name}:${command}` (getHookKey).
	Key string `json:"key"`
	// Label is how Gemini's warning names the hook: name || command ||
	// "unknown-hook".
	Label string `json:"label"`
	// Line and Column of the entry in the settings file.
	Line   int `json:"line"`
	Column int `json:"column"`
	// Fields is everything about the entry that changes what runs (event,
	// matcher, sequential, type, name, command, timeout, env, …), as
	// Hookwarden records it at approval and compares it in the audit.
	Fields Definition `json:"fields"`
	// Env is the hook's env object as Gemini spreads it over the hook's
	// environment: variable name to the JSON text of its value.
	Env map[string]string `json:"env,omitempty"`
	// Unchecked says why Gemini CLI's own trust check never sees this
	// hook although it runs and the project decides it (an event written
	// as one object, an extension hook the project's .env changes or that
	// the project's .env brought in). "" for the entries Gemini checks.
	// File is then the file the hook is in.
	Unchecked string `json:"unchecked,omitempty"`
	File      string `json:"file,omitempty"`
	// Hydrated are the ${NAME} values of an extension hook's command and
	// the .env file that supplied each (see hooks.Hook.Hydrated).
	Hydrated []hooks.Hydration `json:"hydrated,omitempty"`

	LabelID string
	// PluginCommand is the command of a type "plugin" entry: Gemini runs
	// it as a command hook although its key leaves the command out.
	PluginCommand string
}

// RunsCommand is the command line the entry runs, if it runs one: the
// command of a "command" entry, and that of a "plugin" entry too.
func (h ProjectHook) RunsCommand() (string, bool) {
	switch {
	case h.IsCommand:
		return h.Command, true
	case h.PluginCommand != "":
		return h.PluginCommand, true
	}
	return "", false
}

type jsEntry struct {
	Key   string
	Value *settingsio.Node
}

// JSOwnEntries returns Object.entries(v) for a parsed JSON value: array
// indices for arrays; for objects the integer-like keys first in ascending
// order, then the others in first-seen order, with the last duplicate's
// value (JSON.parse semantics).
func JSOwnEntries(v *settingsio.Node) []jsEntry {
	switch {
	case v.Is(settingsio.Array):
		out := make([]jsEntry, len(v.Items))
		for i, it := range v.Items {
			out[i] = jsEntry{strconv.Itoa(i), it}
		}
		return out
	case !v.Is(settingsio.Object):
		return nil
	}
	var ints, strs []jsEntry
	seen := map[string]bool{}
	for _, m := range v.Members {
		if seen[m.Key] {
			continue
		}
		seen[m.Key] = true
		e := jsEntry{m.Key, v.Get(m.Key)}
		if isArrayIndex(m.Key) {
			ints = append(ints, e)
		} else {
			strs = append(strs, e)
		}
	}
	sort.SliceStable(ints, func(a, b int) bool {
		x, _ := strconv.ParseUint(ints[a].Key, 10, 32)
		y, _ := strconv.ParseUint(ints[b].Key, 10, 32)
		return x < y
	})
	return append(ints, strs...)
}

// isArrayIndex reports whether s is a canonical array index (0 … 2^32-2).
func isArrayIndex(s string) bool {
	n, err := strconv.ParseUint(s, 10, 32)
	return err == nil && n < 1<<32-1 && strconv.FormatUint(n, 10) == s
}
