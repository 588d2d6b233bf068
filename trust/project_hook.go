package trust

import (
	"sort"
	"strconv"

	"github.com/hookwarden/hookwarden/settingsio"
)

// ProjectHook is one entry of a review: a hook (or another command) the
// project controls, as the agent's review names and places it. The agent
// fills it (its key, label and definition fields are the agent's own);
// the shared review compares it with its approval.
type ProjectHook struct {
	// Event is the event key the entry sits under, as written (unknown
	// event names included).
	Event string `json:"event"`
	// Matcher is the matcher of the entry's group when it is a string.
	Matcher string `json:"matcher,omitempty"`
	// Definition and Index place the entry: the group under Event and the
	// entry in it.
	Definition int `json:"definition"`
	Index      int `json:"index"`
	// Path is the entry's path in its file, and HookID the hooks.Hook ID
	// of the same entry.
	Path   string `json:"path"`
	HookID string `json:"hook_id"`
	// Name and Command as the agent's key is formed from them.
	Name    string `json:"name"`
	Command string `json:"command"`
	// RawCommand is the command as written, before load-time expansion.
	RawCommand string `json:"raw_command,omitempty"`
	// Type is the entry's type as the agent reads it.
	Type string `json:"type"`
	// IsCommand is true for an entry that runs a command line: only those
	// have scripts.
	IsCommand bool `json:"is_command"`
	// Key is the agent's trust key of the entry (what an approval is kept
	// under).
	Key string `json:"key"`
	// Label is how the agent names the entry to a person.
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
	// Unchecked says why the agent's own trust check never sees this
	// hook although it runs and the project decides it. "" for the
	// entries the agent checks. File is then the file the hook is in.
	Unchecked string `json:"unchecked,omitempty"`
	File      string `json:"file,omitempty"`
	// Hydrated are the placeholders of the command that the agent filled
	// from a file, with the file that supplied each.
	Hydrated []Hydration `json:"hydrated,omitempty"`

	// LabelID tells labels apart by their JavaScript identity (the agent's
	// own matching of entries); not part of a review document.
	LabelID string `json:"-"`
	// PluginCommand is the command an entry runs although its key leaves
	// the command out (IsCommand false).
	PluginCommand string `json:"plugin_command,omitempty"`
}

// Hydration is one placeholder of a hook's command (e.g. a ${NAME}) that
// the agent fills with a value from a file (an env file) when it loads the
// hook.
type Hydration struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	File  string `json:"file"`
	Line  int    `json:"line"`
	// Workspace: the value comes from a file of the project's own.
	Workspace bool `json:"workspace"`
	// AsEnv: the value is not in the command but set in the hook's
	// environment.
	AsEnv bool `json:"as_env,omitempty"`
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
