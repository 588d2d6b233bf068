package ui

import (
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents/gemini"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// TestWindowShowsTheDemoProject opens an empty folder, which brings up the
// demo, and checks that every demo hook is on screen with its status,
// reason, origin and diagnostics.
func TestWindowShowsTheDemoProject(t *testing.T) {
	m, w := newTestWindow(t)
	m.opts = isolatedOptions(t)
	empty := t.TempDir()
	p, err := openProject(m.opts, empty, true)
	if err != nil {
		t.Fatal(err)
	}
	m.show(p, nil)

	if got, want := w.Title(), "Hookwarden — demo-project (demo)"; got != want {
		t.Errorf("title %q, want %q", got, want)
	}
	all := visibleTexts(w.Content())
	if !slices.Contains(all, "DEMO") {
		t.Error("the DEMO badge is not shown")
	}
	if !containsSubstring(all, "No hooks in "+empty+", so this is Hookwarden's built-in DEMO project") {
		t.Errorf("the window does not say that %s has no hooks and this is the demo", empty)
	}

	// Every hook of the registry has a row that shows its own values.
	var rows []*hookRow
	for _, g := range m.hooks.groups {
		rows = append(rows, g.rows...)
	}
	if len(rows) != len(geminiRegistry(p).Hooks) {
		t.Fatalf("%d rows for %d hooks", len(rows), len(geminiRegistry(p).Hooks))
	}
	names := pathNamer{project: p.Dir, home: p.Home}
	for _, r := range rows {
		h := r.hook
		if r.name.String() != h.DisplayName() || r.status.Text != statusText(h.Status) ||
			r.layer.Text != layerText(h.Origin.Layer) || r.origin.String() != originText(h, names) {
			t.Errorf("row %q/%s/%s/%s does not match hook %q (%s, %s)", r.name.String(), r.status.Text,
				r.layer.Text, r.origin.String(), h.DisplayName(), h.Status, h.Origin.Layer)
		}
		if shown := visibleTexts(r.box); !containsSubstring(shown, h.Reason) {
			t.Errorf("row %q does not show the reason %q; it shows %q", r.name.String(), h.Reason, shown)
		}
		if len(r.diags) != len(h.Diagnostics) {
			t.Errorf("row %q shows %d diagnostics, the hook has %d", r.name.String(), len(r.diags), len(h.Diagnostics))
		}
		for i, d := range r.diags {
			if !strings.Contains(d.label.Text, h.Diagnostics[i].Message) {
				t.Errorf("row %q diagnostic %q does not show %q", r.name.String(), d.label.Text, h.Diagnostics[i].Message)
			}
		}
	}

	// The demo is built to show each kind of hook; these are its parts.
	tests := []struct {
		name   string
		layer  settingsio.Layer
		status hooks.Status
	}{
		{"security-check", settingsio.LayerWorkspace, hooks.StatusRuns},
		{"inject-project-context", settingsio.LayerWorkspace, hooks.StatusRuns},
		{"prettier-on-save", settingsio.LayerWorkspace, hooks.StatusDisabled},
		{"summarize-turn", settingsio.LayerWorkspace, hooks.StatusInvalid},
		{"echo 'checking shell command' >&2", settingsio.LayerWorkspace, hooks.StatusInvalid},
		{"log-tool-calls", settingsio.LayerUser, hooks.StatusRuns},
		{"log-tool-calls", settingsio.LayerWorkspace, hooks.StatusDuplicate},
		{"desktop-notify", settingsio.LayerUser, hooks.StatusRuns},
		{"block-secret-reads", settingsio.LayerExtension, hooks.StatusRuns},
		{"secret-guard-report", settingsio.LayerExtension, hooks.StatusRuns},
	}
	// Gemini CLI skips system files unless root owns them and their folders
	// (a temporary folder normally fails that), and then the window must say
	// so, and why; otherwise the system policy hook runs.
	if m.hooks.problems.item.Open {
		t.Error("the demo's file problems are only warnings and notes, yet their section is open")
	}
	m.hooks.problems.accordion.OpenAll()
	all = visibleTexts(w.Content())
	if !containsSubstring(all, `Invalid hook event name: "PreToolUse"`) {
		t.Error("the unknown event name in the demo's workspace file is not reported")
	}
	if sys := geminiRegistry(p).Snapshot.Settings[3]; sys.Ignored != "" {
		if !containsSubstring(all, "Skipping system settings file '"+p.Demo.SystemSettings+"'") ||
			!slices.Contains(all, gemini.DemoSystemNote) {
			t.Errorf("the window does not explain that the demo's system settings are skipped; it shows %q", all)
		}
	} else {
		tests = append(tests, struct {
			name   string
			layer  settingsio.Layer
			status hooks.Status
		}{"block-dangerous-shell", settingsio.LayerSystem, hooks.StatusRuns})
	}
	for _, tt := range tests {
		i := slices.IndexFunc(rows, func(r *hookRow) bool {
			return r.name.String() == tt.name && r.layer.Text == layerText(tt.layer)
		})
		if i < 0 {
			t.Errorf("no row for %s hook %q", tt.layer, tt.name)
			continue
		}
		if got := rows[i].status.Text; got != statusText(tt.status) {
			t.Errorf("%s hook %q shows %s, want %s (reason %q)", tt.layer, tt.name, got, statusText(tt.status), rows[i].reason.Text)
		}
	}
	var events []hooks.Event
	for _, g := range m.hooks.groups {
		events = append(events, g.event)
	}
	want := []hooks.Event{"BeforeTool", "AfterTool", "Notification", "AfterAgent",
		"SessionStart", "SessionEnd", "PreToolUse"}
	if !slices.Equal(events, want) {
		t.Errorf("event groups %v, want %v", events, want)
	}
}

func containsSubstring(texts []string, sub string) bool {
	return slices.ContainsFunc(texts, func(s string) bool { return strings.Contains(s, sub) })
}
