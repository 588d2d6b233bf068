package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// A workspace that switches off the user's protective hook makes audit
// exit 3; audit --json must say why in its document ("switch_offs", each
// with its file and line), and audit's own report must not read "nothing
// needs review" above it. On main the JSON said needs_review false with no
// word of it (stderr alone named it), and the text said "nothing needs
// review" while audit exited 3.
func TestAuditSaysASwitchOffInItsDocument(t *testing.T) {
	e := newProtectEnv(t)
	e.trustGeminiFolder()
	if code, out := e.run("", "protect", "--agent", "gemini", "on"); code != ExitOK {
		t.Fatalf("protect on: exit %d\n%s", code, out)
	}
	ws := filepath.Join(e.project, ".gemini", "settings.json")
	writeFile(t, ws, "{\n  \"hooksConfig\": {\n    \"enabled\": false\n  }\n}\n", 0o644)
	code, out := e.run("", "audit", "--agent", "gemini", "--json")
	if code != ExitNeedsReview {
		t.Fatalf("audit --json: exit %d, want %d\n%s", code, ExitNeedsReview, out)
	}
	start := strings.Index(out, "{")
	dec := json.NewDecoder(strings.NewReader(out[start:]))
	var doc struct {
		NeedsReview bool `json:"needs_review"`
		SwitchOffs  []struct {
			File    string `json:"file"`
			Line    int    `json:"line"`
			Setting string `json:"setting"`
			What    string `json:"what"`
		} `json:"switch_offs"`
	}
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("audit --json: %v\n%s", err, out)
	}
	if len(doc.SwitchOffs) != 1 || doc.SwitchOffs[0].File != ws || doc.SwitchOffs[0].Line != 3 || doc.SwitchOffs[0].Setting == "" || doc.SwitchOffs[0].What == "" {
		t.Errorf("audit --json does not name the switch-off at %s:3: %+v\n%s", ws, doc.SwitchOffs, out)
	}
	if code, out := e.run("", "audit", "--agent", "gemini"); code != ExitNeedsReview || strings.Contains(out, "nothing needs review") {
		t.Errorf("audit: exit %d, and it must not say nothing needs review\n%s", code, out)
	}
}
