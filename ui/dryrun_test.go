package ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// dryRunFixture is a project whose user and workspace settings each hold
// one BeforeTool hook for write_file, shown in a Dry run view of its own.
type dryRunFixture struct {
	t   *testing.T
	dir string
	v   *dryRunView
	w   fyne.Window
	q   *testThread
}

// beforeTool is a settings file with one BeforeTool hook for write_file.
func beforeTool(name, command string) string {
	cmd, _ := json.Marshal(command)
	return `{"hooks": {"BeforeTool": [{"matcher": "write_file", "hooks": [` +
		`{"type": "command", "name": "` + name + `", "command": ` + string(cmd) + `}]}]}}`
}

func newDryRunFixture(t *testing.T, trusted bool, userSettings, workspaceSettings string) *dryRunFixture {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fixture hooks are POSIX shell commands")
	}
	opts := isolatedOptions(t)
	opts.Env = append(opts.Env, "PATH="+os.Getenv("PATH"))
	if !trusted {
		opts.Env = slices.DeleteFunc(opts.Env, func(kv string) bool { return strings.HasPrefix(kv, "GEMINI_CLI_TRUST_WORKSPACE=") })
	}
	f := &dryRunFixture{t: t, dir: t.TempDir()}
	if userSettings != "" {
		writeFile(t, filepath.Join(opts.Home, ".gemini", "settings.json"), userSettings)
	}
	if workspaceSettings != "" {
		writeFile(t, filepath.Join(f.dir, ".gemini", "settings.json"), workspaceSettings)
	}
	p, err := openProject(opts, f.dir, true)
	if err != nil {
		t.Fatal(err)
	}
	test.NewTempApp(t)
	f.q = newTestThread(t)
	f.v = newDryRunView(nil, f.q)
	f.w = test.NewTempWindow(t, f.v.tabItem().Content)
	f.v.window = f.w
	f.w.Resize(fyne.NewSize(1100, 760))
	f.v.show(p)
	return f
}

func (f *dryRunFixture) exists(name string) bool {
	_, err := os.Stat(filepath.Join(f.dir, name))
	return err == nil
}

func (f *dryRunFixture) cardTexts() []string {
	var out []string
	for _, c := range f.v.cards {
		out = append(out, textsOf(c.card)...)
	}
	return out
}

func TestDryRunShowsTheResultCardAndTheVerdict(t *testing.T) {
	f := newDryRunFixture(t, true,
		beforeTool("no-writes", `echo '{"decision":"deny","reason":"no writes today"}'; echo audit >&2`), "")
	if got := f.v.event.Selected; got != "BeforeTool" {
		t.Errorf("event %q, want the first event with a hook", got)
	}
	if !strings.Contains(f.v.payload.Text, `"tool_name": "write_file"`) || !strings.Contains(f.v.payload.Text, `"cwd": `+jsonString(f.dir)) {
		t.Errorf("the payload is not the write_file sample for the project:\n%s", f.v.payload.Text)
	}
	if f.v.runButton.Disabled() {
		t.Fatal("Run is disabled with a valid sample")
	}
	test.Tap(f.v.runButton)
	f.q.settle()

	if len(f.v.cards) != 1 || f.v.cards[0].result == nil {
		t.Fatalf("%d cards, want one with a result", len(f.v.cards))
	}
	shown := f.cardTexts()
	for _, want := range []string{"EXIT 0", "no-writes", `{"decision":"deny","reason":"no writes today"}`, "audit", `"decision": "deny"`} {
		if !anyContains(shown, want) {
			t.Errorf("the card does not show %q; it shows %q", want, shown)
		}
	}
	if v := f.v.verdict.Text; !strings.Contains(v, "BeforeTool write_file: BLOCKED") || !strings.Contains(v, "no writes today") {
		t.Errorf("verdict %q", v)
	}
	if f.v.runButton.Disabled() || !f.v.cancelButton.Disabled() {
		t.Error("after the run Run must be enabled again and Cancel disabled")
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func TestDryRunInvalidJSONDisablesRun(t *testing.T) {
	f := newDryRunFixture(t, true, beforeTool("h", "true"), "")
	tests := []struct {
		typed string
		err   string // "" = valid
	}{
		{`{"a": }`, "line 1, column 7"},
		{"{\n  \"a\": 1,\n}", "line 3, column 1"},
		{`[1, 2]`, "must be a JSON object"},
		{`{"tool_name": "write_file"}`, ""},
	}
	for _, tt := range tests {
		f.v.payload.SetText("")
		test.Type(f.v.payload, tt.typed)
		if f.v.payload.Text != tt.typed {
			t.Fatalf("typed %q, the editor holds %q", tt.typed, f.v.payload.Text)
		}
		if got := f.v.runButton.Disabled(); got != (tt.err != "") {
			t.Errorf("%q: Run disabled = %v", tt.typed, got)
		}
		if tt.err == "" {
			if f.v.payloadError.Visible() {
				t.Errorf("%q: an error is shown for valid input: %q", tt.typed, f.v.payloadError.Text)
			}
			continue
		}
		if !f.v.payloadError.Visible() || !strings.Contains(f.v.payloadError.Text, tt.err) {
			t.Errorf("%q: error %q (visible %v), want it to mention %q", tt.typed, f.v.payloadError.Text, f.v.payloadError.Visible(), tt.err)
		}
	}
}

func TestDryRunAsksBeforeRunningAnUnapprovedWorkspaceHook(t *testing.T) {
	f := newDryRunFixture(t, true, "", beforeTool("ws-hook", "touch ran"))
	test.Tap(f.v.runButton)
	f.q.settle()
	shown := dialogTexts(f.w)
	if !anyContains(shown, "are not approved") || !anyContains(shown, "ws-hook") {
		t.Fatalf("no confirmation listing the hook; the top overlay shows %q", shown)
	}
	tapDialogButton(t, f.w, "Don't run")
	f.q.settle()
	if f.exists("ran") {
		t.Fatal("the hook ran although the confirmation was declined")
	}
	if len(f.v.cards) != 0 || f.v.status.Text != "Nothing was run." || f.v.runButton.Disabled() {
		t.Errorf("after declining: %d cards, status %q, Run disabled %v", len(f.v.cards), f.v.status.Text, f.v.runButton.Disabled())
	}

	test.Tap(f.v.runButton)
	f.q.settle()
	tapDialogButton(t, f.w, "Run them")
	f.q.settle()
	if !f.exists("ran") {
		t.Error("the hook did not run after the confirmation")
	}
	if !strings.Contains(f.v.verdictDetail.Text, "ran after your confirmation") {
		t.Errorf("the notes do not say an unapproved hook ran: %q", f.v.verdictDetail.Text)
	}
}

func TestDryRunInAnUntrustedFolderRunsSettingsHooksOnlyWhenConfirmed(t *testing.T) {
	f := newDryRunFixture(t, false, beforeTool("user-hook", "touch ran"), "")
	if !f.v.trustBox.Visible() || !strings.Contains(f.v.trustNote.Text, "Gemini CLI would run no settings hook here") {
		t.Fatalf("no untrusted-folder note: %q", f.v.trustNote.Text)
	}
	test.Tap(f.v.runButton)
	f.q.settle()
	if f.exists("ran") || !strings.Contains(f.v.verdict.Text, "no hook runs") {
		t.Fatalf("in an untrusted folder Run ran a settings hook (verdict %q)", f.v.verdict.Text)
	}

	test.Tap(f.v.runAnyway)
	tapDialogButton(t, f.w, "Cancel")
	f.q.settle()
	if f.exists("ran") {
		t.Fatal("the hook ran although “Run anyway” was cancelled")
	}
	test.Tap(f.v.runAnyway)
	tapDialogButton(t, f.w, "Run anyway")
	f.q.settle()
	if !f.exists("ran") {
		t.Error("“Run anyway” did not run the settings hook")
	}
	if !strings.Contains(f.v.verdictDetail.Text, "Gemini CLI itself would run none") {
		t.Errorf("the notes do not say Gemini would not run it: %q", f.v.verdictDetail.Text)
	}
}

func TestDryRunCancelStopsALongHook(t *testing.T) {
	f := newDryRunFixture(t, true, beforeTool("slow", "touch started; sleep 30; touch finished"), "")
	test.Tap(f.v.runButton)
	f.q.waitFor("the hook to start", func() bool { return f.exists("started") })
	if f.v.cancelButton.Disabled() {
		t.Fatal("Cancel is disabled while a hook runs")
	}
	test.Tap(f.v.cancelButton)
	f.q.settle()

	if len(f.v.cards) != 1 || f.v.cards[0].result == nil || !f.v.cards[0].result.Cancelled {
		t.Fatalf("the card does not show a cancelled result: %+v", f.v.cards)
	}
	if !anyContains(f.cardTexts(), "CANCELLED") {
		t.Errorf("the card shows %q", f.cardTexts())
	}
	if f.exists("finished") {
		t.Error("the hook went on after Cancel")
	}
	if f.v.runButton.Disabled() || !f.v.cancelButton.Disabled() {
		t.Error("after Cancel, Run must be enabled and Cancel disabled")
	}
}

// The confirmation lists each hook on lines of its own: escaping a whole
// entry (after the escaping merge) printed its line breaks as a literal
// "\n"; a line break inside the hook's own command stays escaped.
func TestDryRunConfirmationKeepsItsLineBreaksAndEscapesTheCommand(t *testing.T) {
	f := newDryRunFixture(t, true, "", beforeTool("ws-hook", "touch ran\necho sneaky"))
	test.Tap(f.v.runButton)
	f.q.settle()
	shown := dialogTexts(f.w)
	var msg string
	for _, s := range shown {
		if strings.Contains(s, "ws-hook") {
			msg = s
		}
	}
	if msg == "" {
		t.Fatalf("no confirmation listing the hook; the top overlay shows %q", shown)
	}
	if !strings.Contains(msg, "\n      touch ran\\necho sneaky") || !strings.Contains(msg, "\n      risk:") {
		t.Errorf("the entry is not on its own lines with the command's break escaped: %q", msg)
	}
	tapDialogButton(t, f.w, "Don't run")
	f.q.settle()
}
