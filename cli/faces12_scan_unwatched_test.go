package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// scan reads each hook as audit does: a hook whose discovery is
// incomplete (perl: what the script requires is not read) is at least
// review, with the finding that names what cannot be watched, in scan's
// text, --json and --sarif, and --fail-on review fails on it. On main scan
// read it "NONE" (its own analysis of the command and the script alone)
// while audit and list said review: a CI scan passed it as clean.
func TestScanReadsAHookItCannotWatchAsReview(t *testing.T) {
	t.Parallel()
	f := newFixture(t, map[string]string{
		"project/.claude/settings.json": `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "perl .claude/x.pl"}]}]}}`,
		"project/.claude/x.pl":          "require './.claude/lib.pl';\n",
		"project/.claude/lib.pl":        "1;\n",
	})
	out, errOut, code := f.run(t, "scan", "--json", f.project)
	var doc struct {
		Hooks []struct {
			File    string `json:"file"`
			Command string `json:"command"`
			Risk    struct {
				Level    string `json:"level"`
				Findings []struct {
					Summary string `json:"summary"`
				} `json:"findings"`
			} `json:"risk"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("scan --json: %v\n%s%s", err, out, errOut)
	}
	found := false
	for _, h := range doc.Hooks {
		if h.Command != "perl .claude/x.pl" {
			continue
		}
		found = true
		said := false
		for _, fd := range h.Risk.Findings {
			said = said || strings.Contains(fd.Summary, "cannot be watched")
		}
		if h.Risk.Level != "review" || !said {
			t.Errorf("scan --json reads the hook %q with %+v, want review naming what cannot be watched", h.Command, h.Risk)
		}
	}
	if !found {
		t.Fatalf("scan --json does not list the hook:\n%s", out)
	}
	if _, _, code := f.run(t, "scan", "--fail-on", "review", f.project); code != ExitNeedsReview {
		t.Errorf("scan --fail-on review: exit %d, want %d", code, ExitNeedsReview)
	}
	if out, _, _ := f.run(t, "scan", "--sarif", f.project); !strings.Contains(out, "cannot be watched") {
		t.Errorf("scan --sarif has no result naming what cannot be watched")
	}
	_ = code
}
