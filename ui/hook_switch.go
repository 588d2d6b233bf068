package ui

import (
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// hookSwitch is the state of a hook's enable switch, as its agent reads it
// (agents.Switch.SwitchOf).
type hookSwitch struct {
	// switchable is false for a hook that has nothing to switch (one its
	// agent drops as invalid).
	switchable bool
	// enabled: the switch is on.
	enabled bool
	// locked says why the switch cannot be flipped ("" if it can).
	locked string
}

// switchFor is the switch of each hook of p; a lock names files as the
// views name them.
func switchFor(p *project, names pathNamer) func(*hooks.Hook) hookSwitch {
	return func(h *hooks.Hook) hookSwitch {
		if p.proj == nil {
			return hookSwitch{}
		}
		sw := p.proj.SwitchOf(h)
		return hookSwitch{switchable: sw.Switchable, enabled: sw.Enabled, locked: names.shorten(sw.Locked, h.Origin.File)}
	}
}

// switches says how p's switches work (nothing when it could not be opened).
func (p *project) switches() agents.SwitchInfo {
	if p.proj == nil {
		return agents.SwitchInfo{}
	}
	return p.proj.Switches()
}

// hasScopes reports whether p's switches write to a scope the user picks.
func (p *project) hasScopes() bool { return len(p.switches().Scopes) > 0 }

// hookSwitchOf finds the hook with the given ID in the project on screen,
// with its switch.
func (m *mainWindow) hookSwitchOf(id string) (*hooks.Hook, hookSwitch) {
	p := m.current
	if p == nil || p.proj == nil {
		return nil, hookSwitch{}
	}
	for _, h := range p.proj.Hooks() {
		if h.ID == id {
			return h, switchFor(p, pathNamer{project: p.Dir, home: p.Home})(h)
		}
	}
	return nil, hookSwitch{}
}

// shorten names the files of an agent's text as the views name them
// (paths, the project's and the home folder's shortened).
func (n pathNamer) shorten(text string, paths ...string) string {
	for _, p := range paths {
		if p != "" {
			text = strings.ReplaceAll(text, p, n.name(p))
		}
	}
	return text
}

// scopeLabel is a scope as the choice above the list says it.
func scopeLabel(scope string) string { return scope + " settings" }

// showSwitches shows the agent's scopes to pick from and the all-hooks
// buttons, or its note on how the switches work; the scope picked stays
// picked while the agent has it.
func (v *hooksView) showSwitches(info agents.SwitchInfo) {
	var labels []string
	for _, s := range info.Scopes {
		labels = append(labels, scopeLabel(s))
	}
	v.scope.Options = labels
	if !slices.Contains(labels, v.scope.Selected) {
		v.scope.Selected = ""
		if len(labels) > 0 {
			v.scope.Selected = labels[0]
		}
	}
	v.scope.Refresh()
	showIf(v.enableAll, info.EnableAll != "")
	showIf(v.disableAll, len(info.DisableAll) > 0)
	if v.scopeBar != nil {
		showIf(v.scopeBar, len(info.Scopes) > 0)
	}
	setNote(v.switchNote, info.Note)
	showIf(v.switchNote, info.Note != "")
}

// writeScope is the scope a disable writes to ("" for an agent with one
// place).
func (v *hooksView) writeScope() string {
	for _, s := range v.scopes() {
		if scopeLabel(s) == v.scope.Selected {
			return s
		}
	}
	return ""
}

// scopes are the scopes on offer.
func (v *hooksView) scopes() []string {
	var out []string
	for _, l := range v.scope.Options {
		out = append(out, strings.TrimSuffix(l, " settings"))
	}
	return out
}
