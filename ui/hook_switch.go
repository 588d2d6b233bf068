package ui

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// hookSwitch is the state of a hook's enable switch.
type hookSwitch struct {
	// switchable is false for a hook Gemini CLI drops (invalid): there is
	// nothing to enable.
	switchable bool
	// enabled: no hooksConfig.disabled lists the hook's name.
	enabled bool
	// locked says which read-only file (system or system defaults) lists
	// it, so that it stays disabled whatever Hookwarden writes; "" if none.
	locked string
}

// switchOf reads a hook's switch from the merged disabled list: Gemini
// matches the hook's name, or its command when it has no name.
func switchOf(h *hooks.Hook, reg *gemini.Registry, names pathNamer) hookSwitch {
	sw := hookSwitch{switchable: h.Status != hooks.StatusInvalid, enabled: true}
	if !sw.switchable {
		return sw
	}
	for _, e := range reg.Disabled {
		if e.Value != h.DisableName() {
			continue
		}
		sw.enabled = false
		var places []string
		for i, l := range e.Layers {
			if l == settingsio.LayerSystem || l == settingsio.LayerSystemDefaults {
				places = append(places, fmt.Sprintf("%s settings %s", l, names.place(e.Files[i], lineAt(e.Lines, i), 0)))
			}
		}
		if len(places) > 0 {
			sw.locked = "Locked: disabled by the " + strings.Join(places, " and the ") +
				", which only its administrator can change (Gemini CLI and Hookwarden only read it)"
		}
	}
	return sw
}

func lineAt(lines []int, i int) int {
	if i < len(lines) {
		return lines[i]
	}
	return 0
}
