package gemini

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

func TestSwitchOfReadsTheMergedDisabledList(t *testing.T) {
	sys := filepath.FromSlash("/etc/gemini-cli/settings.json")
	ws := filepath.FromSlash("/p/.gemini/settings.json")
	reg := &Registry{Disabled: []DisabledEntry{
		{Value: "in-workspace", Layers: []settingsio.Layer{settingsio.LayerWorkspace}, Files: []string{ws}, Lines: []int{4}},
		{Value: "by-admin", Layers: []settingsio.Layer{settingsio.LayerWorkspace, settingsio.LayerSystem},
			Files: []string{ws, sys}, Lines: []int{4, 9}},
		{Value: "echo unnamed", Layers: []settingsio.Layer{settingsio.LayerUser}, Files: []string{"/h/.gemini/settings.json"}, Lines: []int{2}},
	}}
	tests := []struct {
		name       string
		hook       hooks.Hook
		switchable bool
		enabled    bool
		lockedBy   string
	}{
		{"listed nowhere", hooks.Hook{Type: "command", Name: "free", Command: "x", Status: hooks.StatusRuns}, true, true, ""},
		{"listed in the workspace", hooks.Hook{Type: "command", Name: "in-workspace", Command: "x", Status: hooks.StatusDisabled}, true, false, ""},
		{"listed by the system file", hooks.Hook{Type: "command", Name: "by-admin", Command: "x", Status: hooks.StatusDisabled}, true, false, sys + ":9"},
		{"unnamed, matched by command", hooks.Hook{Type: "command", Command: "echo unnamed", Status: hooks.StatusDisabled}, true, false, ""},
		{"named: its command does not match", hooks.Hook{Type: "command", Name: "other", Command: "echo unnamed", Status: hooks.StatusRuns}, true, true, ""},
		{"invalid: nothing to switch", hooks.Hook{Type: "command", Name: "in-workspace", Status: hooks.StatusInvalid}, false, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sw := switchOf(&tt.hook, reg)
			if sw.Switchable != tt.switchable || sw.Enabled != tt.enabled {
				t.Errorf("switchable %v enabled %v, want %v %v", sw.Switchable, sw.Enabled, tt.switchable, tt.enabled)
			}
			if (sw.Locked != "") != (tt.lockedBy != "") || !strings.Contains(sw.Locked, tt.lockedBy) {
				t.Errorf("locked %q, want a lock naming %q", sw.Locked, tt.lockedBy)
			}
		})
	}
}
