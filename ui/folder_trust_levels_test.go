package ui

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// The Review tab offers Codex's own two project-trust levels, in Codex's
// words, and "Trust project" writes what `codex exec --trust` writes into
// the user config.toml.
func TestCodexProjectTrustButtonsWriteConfigTOML(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fixture's hook is a POSIX shell command")
	}
	opts := isolatedOptions(t)
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "shop")
	writeFile(t, filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/main\n")
	writeFile(t, filepath.Join(dir, ".codex", "hooks.json"),
		`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo checking"}]}]}}`)
	config := filepath.Join(opts.Home, ".codex", "config.toml")
	writeFile(t, config, "# mine\nmodel = \"o3\"\n")

	m, _ := newTestWindow(t)
	m.opts = opts
	m.open(dir) // on Codex: the agent whose hooks there need review
	if m.current == nil || m.current.Agent != "codex" || m.current.Dir != dir {
		t.Fatalf("the folder did not open on Codex %s: %+v", dir, m.current)
	}
	if got := m.header.trustKey.Text; got != "Project trust" || m.header.trustKeyFull.Text != got {
		t.Errorf("the header names Codex's trust %q, want Codex's word", got)
	}
	b := m.review.folder
	if !b.buttons.Visible() || !strings.HasPrefix(b.state.Text, "Project trust: ") {
		t.Fatalf("banner %q, buttons visible=%v", b.state.Text, b.buttons.Visible())
	}
	for level, label := range map[string]string{"trusted": "Trust project", "untrusted": "Don't trust"} {
		bt := b.button(level)
		if bt == nil || bt.Text != label || bt.Disabled() {
			t.Fatalf("button for %q: %+v, want %q enabled", level, bt, label)
		}
	}
	for _, gemini := range []string{"trust", "parent", "deny"} {
		if b.button(gemini) != nil {
			t.Errorf("Codex offers Gemini CLI's answer %q", gemini)
		}
	}
	if !strings.Contains(b.effect.Text, "Codex loads none of this project's .codex hooks") || !b.effect.Visible() {
		t.Errorf("the banner does not say what the untrusted project means: %q", b.effect.Text)
	}

	test.Tap(b.button("trusted"))
	// the hook is not approved: Codex loads it once the project is trusted
	// but skips it (no trusted hash), so it does not start running and the
	// confirmation names it as staying off instead (issue 23)
	if s := m.review.lastSummary; s == nil || s.entries != 0 {
		t.Fatalf("the confirmation lists a hook Codex would skip as starting to run: %+v", s)
	}
	if texts := dialogTexts(m.review.window); !anyContains(texts, "still off once trusted") || !anyContains(texts, "hash is not trusted") {
		t.Errorf("the confirmation does not name the hook that stays off and why: %q", texts)
	}
	confirmSummary(t, m.review)

	data, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	want := "# mine\nmodel = \"o3\"\n"
	if got := string(data); !strings.HasPrefix(got, want) ||
		!strings.Contains(got, "[projects.\""+dir+"\"]\ntrust_level = \"trusted\"\n") {
		t.Fatalf("config.toml after Trust project:\n%s", got)
	}
	b = m.review.folder
	if !strings.Contains(b.state.Text, "trusted") || b.button("trusted").Importance != widget.HighImportance {
		t.Errorf("after the write the banner says %q, Trust project importance %v", b.state.Text, b.button("trusted").Importance)
	}
}
