package ui

import (
	"path/filepath"
	"strings"
	"testing"
)

// A Codex project's "Problems in settings files" are Codex's: a broken
// .codex/hooks.json shows Codex's parse error with its place, and a broken
// Gemini CLI settings file in the same folder is not Codex's problem.
func TestCodexFileProblemsAreCodexOwn(t *testing.T) {
	opts := isolatedOptions(t)
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "shop")
	writeFile(t, filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/main\n")
	hooksFile := filepath.Join(dir, ".codex", "hooks.json")
	writeFile(t, hooksFile, "{\"hooks\": {\"PreToolUse\": [\n  {\"matcher\": \"Bash\",, }\n]}}\n")
	writeFile(t, filepath.Join(dir, ".gemini", "settings.json"), "{\"hooks\": {\"BeforeTool\": [}\n")

	m, _ := newTestWindow(t)
	m.opts = opts
	m.open(dir)
	m.selectAgent("codex")
	if m.current == nil || m.current.Agent != "codex" {
		t.Fatalf("the switch did not bring up Codex: %+v", m.current)
	}
	var parse string
	for _, d := range m.current.proj.Diagnostics() {
		if d.HookID == "" && d.File == hooksFile && d.Line > 0 {
			parse = d.Message
		}
	}
	if parse == "" {
		t.Fatalf("Codex reports no parse error of %s: %+v", hooksFile, m.current.proj.Diagnostics())
	}
	fp := m.hooks.problems
	if fp == nil || fp.accordion == nil {
		t.Fatal("no problems section for a broken .codex/hooks.json")
	}
	if !fp.item.Open || !strings.Contains(fp.item.Title, "error") {
		t.Errorf("the section %q is not open with an error", fp.item.Title)
	}
	var lines []string
	for _, l := range fp.lines {
		lines = append(lines, l.label.Text)
	}
	if !containsSubstring(lines, parse) || !containsSubstring(lines, "hooks.json") {
		t.Errorf("the section does not show Codex's parse error %q of hooks.json: %q", parse, lines)
	}
	for _, l := range lines {
		if strings.Contains(l, ".gemini") || strings.Contains(l, "Gemini") {
			t.Errorf("a Codex project shows a Gemini CLI problem: %q", l)
		}
	}
}
