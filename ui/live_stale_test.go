package ui

import (
	"testing"
)

// A reload that started before an agent switch and ends after it must not
// put the old agent back on screen.
func TestAReloadThatEndsAfterAnAgentSwitchIsDropped(t *testing.T) {
	m, _ := openDemoWindow(t)
	var queued []func()
	m.thread = queuedThread{run: func(f func()) { queued = append(queued, f) }}
	m.onReload() // e.g. the watcher: a Gemini CLI reload starts
	staleReload := queued[0]
	queued = queued[1:]
	m.selectAgent("claude")
	runAll(&queued) // the switch's load ends first
	if m.current.Agent != "claude" {
		t.Fatalf("the switch did not happen: showing %s", m.current.Agent)
	}
	staleReload()
	if m.current.Agent != "claude" || m.header.agent.selectedTitle() != "Claude Code" {
		t.Errorf("the stale reload put %s back on screen (the switch says %q)", m.current.Agent, m.header.agent.selectedTitle())
	}
	if m.reloadButton.Disabled() {
		t.Error("Reload stays disabled after the dropped reload")
	}
}
