package gemini

import (
	"strings"

	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// workspaceSettingsKeys are workspace settings that change the
// environment of every hook: Gemini sanitizes the hook's environment by
// security.environmentVariableRedaction (enabled, allowed, blocked), so a
// project that turns it off or allows a variable hands the user's secrets
// to hooks whose own definition did not change.
//
// The commands the agent runs from the same file besides hooks (a tool
// discovery or call command, MCP servers) are recorded too, so that a pull
// that adds or changes one never leaves the approved hooks reading clean.
var workspaceSettingsKeys = [][]string{{"security", "environmentVariableRedaction"},
	{"tools", "discoveryCommand"}, {"tools", "callCommand"}, {"mcpServers"}}

// workspaceFields are the workspace settings of workspaceSettingsKeys as
// trust.Definition fields, "workspace security.environmentVariableRedaction"
// (the name holds a '.', so no hook member can pose as it).
func workspaceFields(root *settingsio.Node) trust.Definition {
	d := trust.Definition{}
	for _, path := range workspaceSettingsKeys {
		n := root
		for _, k := range path {
			n = n.Get(k)
		}
		if n != nil {
			d["workspace "+strings.Join(path, ".")] = trust.CanonicalJSON(n)
		}
	}
	return d
}

// definitionOf is the trust.Definition of the hook object cfg inside the
// definition object def under event.
func definitionOf(event string, def, cfg *settingsio.Node) trust.Definition {
	d := trust.Definition{trust.FieldEvent: trust.JSONText(event)}
	if m := def.Get("matcher"); m.Truthy() { // a falsy matcher matches everything, as none does
		d[trust.FieldMatcher] = trust.CanonicalJSON(m)
	}
	if s := def.Get("sequential"); s.Is(settingsio.Bool) && s.Bool { // Gemini honours only true
		d[trust.FieldSequential] = "true"
	}
	for _, e := range trust.JSOwnEntries(cfg) {
		switch {
		case e.Key == "description":
			continue // shown in Gemini's panel only
		case e.Key == "env" && e.Value.Is(settingsio.Object):
			d.AddEnv("", e.Value)
			continue
		}
		d[memberField(e.Key)] = trust.CanonicalJSON(e.Value)
	}
	return d
}

// memberField is the trust.Definition field of a hook object member.
func memberField(key string) string {
	switch key {
	case trust.FieldEvent, trust.FieldMatcher, trust.FieldSequential, "":
		return trust.JSONText(key)
	}
	if strings.ContainsAny(key, `."`) {
		return trust.JSONText(key)
	}
	return key
}
