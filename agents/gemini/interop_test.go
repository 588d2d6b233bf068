package gemini

import (
	"bytes"
	"os"
	"os/exec"
	"sort"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/trust"

	"github.com/tailscale/hujson"

	"github.com/hookwarden/hookwarden/internal/geminicli"
)

// These tests run the real Gemini CLI 0.61 through the conformance kit's
// interop/gemini-trust-check.sh (about 4 s a run). The project hooks they
// configure really run; they are harmless (true, exit 0, a script that
// exits 0). Without node/npm they skip, except with CI=true.

// runGeminiTrustCheck runs Gemini CLI once in f.project with f.home as
// HOME and returns what it warned about.
func runGeminiTrustCheck(t *testing.T, f *fixture) geminicli.TrustCheck {
	t.Helper()
	return geminicli.RunTrustCheck(t, f.project, f.home)
}

// interopSettings has trusted, changed, new, unnamed, expanded and
// script hooks; all of them harmless.
const interopSettings = `{
  "hooks": {
    "SessionStart": [
      {"matcher": "startup", "hooks": [
        {"type": "command", "name": "already-trusted", "command": "true"},
        {"type": "command", "name": "changed", "command": "echo v2 >/dev/null"},
        {"type": "command", "command": "$GEMINI_PROJECT_DIR/.gemini/hooks/ok.sh"}
      ]}
    ],
    "BeforeAgent": [
      {"hooks": [
        {"type": "command", "command": "exit 0"},
        {"type": "command", "name": "home", "command": "test -d $HOME"},
        {"type": "command", "name": "py", "command": "sh .gemini/hooks/ok.sh"}
      ]}
    ]
  }
}`

func newInteropFixture(t *testing.T) *fixture {
	f := newFixture(t)
	f.write(".gemini/hooks/ok.sh", "#!/bin/sh\nexit 0\n", 0o755)
	f.settings(interopSettings)
	return f
}

// needsReviewLabels is the display label of every hook the audit reports
// as new or changed, sorted.
func needsReviewLabels(r *report) []string {
	seen := map[string]bool{}
	var out []string
	for _, h := range r.Hooks {
		if (h.Status == trust.StatusNew || h.Status == trust.StatusChanged) && !seen[h.Label] {
			seen[h.Label] = true
			out = append(out, h.Label)
		}
	}
	sort.Strings(out)
	return out
}

func sorted(list []string) []string {
	out := append([]string{}, list...)
	sort.Strings(out)
	return out
}

// TestInteropAuditMatchesGeminiWarnings: (a) the hooks the audit reports
// as new or changed are exactly those Gemini warns about; (c) after Gemini
// has auto-trusted the project, Gemini would warn about nothing, but the
// audit reports every hook as approved outside Hookwarden (Gemini records
// keys only: no script or definition was fingerprinted), so they still
// need review until Hookwarden approves them.
func TestInteropAuditMatchesGeminiWarnings(t *testing.T) {
	f := newInteropFixture(t)
	writeFile(t, f.trustedHooksPath(), `{
  "`+f.project+`": [
    "already-trusted:true",
    "changed:echo v1 >/dev/null",
    ":exit 0"
  ],
  "/other/project": [
    "x:y"
  ]
}`, 0o600)
	before := f.audit()
	if before.hook(t, "changed:echo v2 >/dev/null").Status != trust.StatusChanged {
		t.Fatalf("fixture: the changed hook is not reported as changed")
	}
	wantWarned := needsReviewLabels(before)
	if len(wantWarned) == 0 {
		t.Fatal("fixture: nothing to review")
	}

	run := runGeminiTrustCheck(t, f)
	t.Logf("Gemini warned about %q", run.Warned)
	if got := sorted(run.Warned); strings.Join(got, "\n") != strings.Join(wantWarned, "\n") {
		t.Errorf("(a) Gemini warned about %q; audit reports new/changed %q", got, wantWarned)
	}
	if got := sorted(before.GeminiWarnings); strings.Join(got, "\n") != strings.Join(sorted(run.Warned), "\n") {
		t.Errorf("(a) predicted warnings %q, Gemini printed %q", got, run.Warned)
	}

	after := f.audit()
	if !after.NeedsReview {
		t.Errorf("(c) after Gemini auto-trusted the project the audit needs no review, but Hookwarden fingerprinted nothing")
	}
	for _, h := range after.Hooks {
		if h.Status != trust.StatusApprovedOutside || h.ApprovalNote != trust.ApprovedOutsideNote {
			t.Errorf("(c) %s: %s (%q), want approved-outside", h.Key, h.Status, h.ApprovalNote)
		}
	}
	if len(after.GeminiWarnings) != 0 {
		t.Errorf("(c) predicted warnings after auto-trust: %q", after.GeminiWarnings)
	}
	// Approving them in Hookwarden records the fingerprints.
	f.approveAll()
	if r := f.audit(); r.NeedsReview {
		for _, h := range r.Hooks {
			t.Logf("%s: %s", h.Key, h.Status)
		}
		t.Errorf("(c) after approving in Hookwarden the audit still needs review")
	}
}

// TestInteropTrustAllSilencesGemini: (b) after approving every hook
// (hookwarden trust --all) Gemini warns about nothing; (d) other projects'
// entries are byte-identical; the file is laid out exactly as Gemini's
// JSON.stringify(…, null, 2) lays it out; then a script change that Gemini
// does not notice is reported as script-changed with its line diff.
func TestInteropTrustAllSilencesGemini(t *testing.T) {
	f := newInteropFixture(t)
	others := "{\n  \"/other/a\": [\n    \"x:y é \\\"q\\\"\",\n    \":tab\\there\"\n  ],\n  \"/other/b\": []\n}"
	writeFile(t, f.trustedHooksPath(), others, 0o600)
	beforeMembers := memberBytes(t, []byte(others))

	res := f.approveAll()
	if len(res.Added) == 0 {
		t.Fatal("approve all added nothing")
	}
	written, err := os.ReadFile(f.trustedHooksPath())
	if err != nil {
		t.Fatal(err)
	}
	afterMembers := memberBytes(t, written)
	for name, raw := range beforeMembers {
		if afterMembers[name] != raw {
			t.Errorf("(d) entry %s changed:\n%s\n→\n%s", name, raw, afterMembers[name])
		}
	}
	assertStringifyLayout(t, written)

	run := runGeminiTrustCheck(t, f)
	if len(run.Warned) != 0 {
		t.Errorf("(b) Gemini still warns about %q", run.Warned)
	}
	afterRun, err := os.ReadFile(f.trustedHooksPath())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(afterRun, written) {
		t.Errorf("(b) Gemini rewrote trusted_hooks.json although it trusts everything")
	}

	// Beyond Gemini: a script's content changes, the command does not.
	f.write(".gemini/hooks/ok.sh", "#!/bin/sh\nid >/dev/null\nexit 0\n", 0o755)
	r := f.audit()
	if !r.NeedsReview {
		t.Fatal("script change not reported")
	}
	for _, h := range r.Hooks {
		if len(h.Scripts) == 0 {
			if h.Status != trust.StatusTrusted {
				t.Errorf("%s: %s, want trusted", h.Key, h.Status)
			}
			continue
		}
		if h.Status != trust.StatusScriptChanged {
			t.Errorf("%s: %s, want script-changed", h.Key, h.Status)
		}
		if got, want := trust.RenderLineDiff(h.Scripts[0].Diff), "  #!/bin/sh\n+ id >/dev/null\n  exit 0\n"; got != want {
			t.Errorf("%s: diff\n%s\nwant\n%s", h.Key, got, want)
		}
	}
	if len(r.GeminiWarnings) != 0 {
		t.Errorf("Gemini would warn about %q, but it does not look at scripts", r.GeminiWarnings)
	}
}

// memberBytes maps each project of a trusted_hooks.json to the exact bytes
// of its value.
func memberBytes(t *testing.T, data []byte) map[string]string {
	t.Helper()
	v, err := hujson.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, m := range v.Value.(*hujson.Object).Members {
		out[memberName(m)] = string(data[m.Value.StartOffset:m.Value.EndOffset])
	}
	return out
}

// assertStringifyLayout checks with node that data is exactly
// JSON.stringify(JSON.parse(data), null, 2), i.e. what Gemini writes.
func assertStringifyLayout(t *testing.T, data []byte) {
	t.Helper()
	cmd := exec.Command("node", "-e", `
const fs = require('fs');
const s = fs.readFileSync(0, 'utf8');
process.stdout.write(JSON.stringify(JSON.parse(s), null, 2));`)
	cmd.Stdin = bytes.NewReader(data)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	if !bytes.Equal(out, data) {
		t.Errorf("layout differs from JSON.stringify(…, null, 2):\n%s\nnode:\n%s", data, out)
	}
}
