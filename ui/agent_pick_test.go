package ui

import (
	"path/filepath"
	"strings"
	"testing"
)

// Opening a Gemini CLI project while Codex CLI was on the switch showed
// "No hooks for Codex CLI in this folder", and its two hooks that need
// review were not mentioned. The window now opens a folder on the agent
// whose hooks there need review, the switch names each agent's count, and
// Recent names the agent.
func TestOpenFolderFollowsTheAgentThatNeedsReview(t *testing.T) {
	opts := isolatedOptions(t)
	dir := filepath.Join(t.TempDir(), "shop")
	writeFile(t, filepath.Join(dir, ".gemini", "settings.json"), reviewWorkspace)
	writeFile(t, filepath.Join(dir, ".gemini", "guard.sh"), "#!/bin/sh\necho checking\nexit 0\n")
	other := filepath.Join(t.TempDir(), "plain")
	writeFile(t, filepath.Join(other, "README"), "no hooks\n")

	m, _ := newTestWindow(t)
	m.opts = opts
	m.opts.DemoWhenEmpty = false
	m.selectAgent("codex")
	if m.agent != "codex" {
		t.Fatalf("the switch did not take Codex CLI: %q", m.agent)
	}
	m.open(other) // no agent has hooks there: the switch's agent stays
	if m.current == nil || m.current.Agent != "codex" {
		t.Fatalf("a folder without hooks opened on %+v, want Codex CLI as on the switch", m.current)
	}
	m.open(dir)
	if m.current == nil || m.current.Agent != "gemini" {
		t.Fatalf("the Gemini CLI project opened on %+v, want Gemini CLI", m.current)
	}
	if got := m.header.agent.selectedTitle(); got != "Gemini CLI" {
		t.Errorf("the switch shows %q, want Gemini CLI", got)
	}
	if got, want := m.header.agent.Options[0], "Gemini CLI · 2 need review"; got != want {
		t.Errorf("the switch's Gemini CLI entry reads %q, want %q (all: %q)", got, want, m.header.agent.Options)
	}
	for i, o := range m.header.agent.Options[1:] {
		if o != m.header.agent.titles[i+1] {
			t.Errorf("an agent without hooks here reads %q, want its title alone", o)
		}
	}
	if n := m.review.countNeedingReview(); n != 2 {
		t.Errorf("the Review tab counts %d hooks to review, want 2", n)
	}

	var labels []string
	for _, it := range m.recentMenu().Items {
		labels = append(labels, it.Label)
	}
	if len(labels) < 2 || !strings.HasPrefix(labels[0], "shop (Gemini CLI)  —  ") {
		t.Errorf("Recent reads %q, want the folder with its agent first", labels)
	}

	// Recent opens the folder on its agent too, whichever is on the
	// switch.
	m.open(other)
	m.selectAgent("claude")
	m.places = map[string]viewPlace{} // a new session: nothing remembered
	m.recentMenu().Items[1].Action()
	if m.current == nil || m.current.Agent != "gemini" || m.current.Dir != dir {
		t.Errorf("Recent opened %+v, want %s on Gemini CLI", m.current, dir)
	}
}
