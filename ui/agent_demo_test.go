package ui

import (
	"os"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

// The demo holds hooks of both agents: the switch stays on the same copy.
func TestAgentSwitchStaysOnTheDemo(t *testing.T) {
	m, p := openDemoWindow(t)
	m.selectAgent("claude")
	if m.current.Demo == nil || m.current.Dir != p.Dir || m.current.Agent != "claude" {
		t.Fatalf("after the switch: demo %v, dir %s, agent %s", m.current.Demo != nil, m.current.Dir, m.current.Agent)
	}
	var commands []string
	for _, r := range m.hooks.rows() {
		commands = append(commands, r.hook.Command)
	}
	if !strings.Contains(strings.Join(commands, "\n"), "block-rm.sh") {
		t.Errorf("the demo's Claude Code hooks are not shown: %q", commands)
	}
	if _, err := os.Stat(p.Demo.Root); err != nil {
		t.Errorf("the demo copy is gone after the switch: %v", err)
	}
	m.selectAgent("gemini")
	if m.current.Demo == nil || m.current.Agent != "gemini" {
		t.Fatalf("back to Gemini CLI: demo %v, agent %s", m.current.Demo != nil, m.current.Agent)
	}
	rowNamed(t, m, "security-check", settingsio.LayerWorkspace)
}
