package ui

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/gemini"
	"github.com/hookwarden/hookwarden/trust"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// reviewWorkspace has two workspace hooks: guard runs a script of the
// project, lint runs none.
const reviewWorkspace = `{
  // two hooks to review
  "hooks": {
    "BeforeTool": [
      {
        "matcher": "write_file",
        "hooks": [
          {"type": "command", "name": "guard", "command": "bash .gemini/guard.sh"},
          {"type": "command", "name": "lint", "command": "echo lint"}
        ]
      }
    ]
  }
}`

const (
	guardKey = "guard:bash .gemini/guard.sh"
	lintKey  = "lint:echo lint"
)

// reviewFixture is a project with reviewWorkspace in an isolated home,
// shown in a Review view of its own.
type reviewFixture struct {
	t      *testing.T
	opts   Options
	dir    string
	p      *project
	v      *reviewView
	w      fyne.Window
	q      *testThread
	reload int // times the view asked the window to reload
	// pendingArm re-arms Approve after a write moved the selection.
	pendingArm func()
}

// armNow ends the pause after a write moved the selection.
func (f *reviewFixture) armNow() {
	f.t.Helper()
	if f.pendingArm == nil {
		f.t.Fatal("Approve was not disarmed")
	}
	arm := f.pendingArm
	f.pendingArm = nil
	arm()
}

// confirmSummary confirms the summary dialog on screen.
func confirmSummary(t *testing.T, v *reviewView) {
	t.Helper()
	if v.lastSummary == nil {
		t.Fatal("no summary dialog was shown")
	}
	v.lastSummary.dialog.Confirm()
}

func newReviewFixture(t *testing.T, prepare func(f *reviewFixture)) *reviewFixture {
	t.Helper()
	f := &reviewFixture{t: t, opts: isolatedOptions(t), dir: t.TempDir()}
	writeFile(t, filepath.Join(f.dir, ".gemini", "settings.json"), reviewWorkspace)
	writeFile(t, filepath.Join(f.dir, ".gemini", "guard.sh"), "#!/bin/sh\necho checking\nexit 0\n")
	test.NewTempApp(t)
	f.q = newTestThread(t)
	f.v = newReviewView(nil, f.q)
	f.v.now = func() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) }
	f.v.onFolderTrustChanged = func() { f.reload++ }
	f.v.arm = func(arm func()) { f.pendingArm = arm }
	f.w = test.NewTempWindow(t, f.v.tabItem().Content)
	f.v.window = f.w
	f.w.Resize(fyne.NewSize(1100, 700))
	f.load()
	if prepare != nil {
		prepare(f)
		f.load()
	}
	return f
}

// load reads the project from its files and shows it.
func (f *reviewFixture) load() {
	f.t.Helper()
	p, err := openProject(f.opts, f.dir, true)
	if err != nil {
		f.t.Fatal(err)
	}
	if p.Demo != nil {
		f.t.Fatal("the fixture project opened as the demo")
	}
	f.p = p
	f.v.show(p)
	f.q.settle()
}

func (f *reviewFixture) trustedHooksFile() string {
	return geminiRegistry(f.p).Snapshot.Paths.TrustedHooks
}

// trustedKeys reads the project's keys from trusted_hooks.json as JSON.
func (f *reviewFixture) trustedKeys() []string {
	f.t.Helper()
	data, err := os.ReadFile(f.trustedHooksFile())
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		f.t.Fatal(err)
	}
	var doc map[string][]string
	if err := json.Unmarshal(data, &doc); err != nil {
		f.t.Fatalf("trusted_hooks.json does not parse: %v\n%s", err, data)
	}
	return doc[geminiRegistry(f.p).Snapshot.ProjectDir]
}

// listed is the status and label of every row of the list.
func (f *reviewFixture) listed() []string {
	var out []string
	for _, it := range f.v.items {
		out = append(out, it.statusText()+" "+it.label())
	}
	return out
}

func (f *reviewFixture) selectLabel(label string) {
	f.t.Helper()
	for i, it := range f.v.items {
		if it.label() == label {
			f.v.list.Select(i)
			f.v.detail.scroll.ScrollToBottom() // read it to the end
			return
		}
	}
	f.t.Fatalf("no row %q in %q", label, f.listed())
}

// approveWithDomain trusts hooks by name the way the CLI does, for setups.
func (f *reviewFixture) approveWithDomain(names ...string) {
	f.t.Helper()
	if err := approveIn(f.p, agents.ApproveRequest{IDs: names}); err != nil {
		f.t.Fatal(err)
	}
}

func TestReviewApproveWritesTrustedHooksAndUpdatesTheList(t *testing.T) {
	f := newReviewFixture(t, nil)
	if got, want := f.listed(), []string{"NEW guard", "NEW lint"}; !slices.Equal(got, want) {
		t.Fatalf("list %q, want %q", got, want)
	}
	if got := f.v.tab.Text; got != "Review (2)" {
		t.Errorf("tab label %q, want the count of hooks to review", got)
	}
	if _, err := os.Stat(f.trustedHooksFile()); !os.IsNotExist(err) {
		t.Fatalf("trusted_hooks.json exists before any click (err %v)", err)
	}

	f.selectLabel("lint")
	if f.approveDisabled() {
		t.Fatal("Approve is disabled with a new hook selected")
	}
	test.Tap(f.v.approveButton)
	f.q.settle()

	if got := f.trustedKeys(); !slices.Equal(got, []string{lintKey}) {
		t.Errorf("trusted_hooks.json holds %q for the project, want only %q", got, lintKey)
	}
	if got, want := f.listed(), []string{"NEW guard"}; !slices.Equal(got, want) {
		t.Errorf("after approving lint the list shows %q, want %q (trusted hooks hidden)", got, want)
	}
	if got := f.v.tab.Text; got != "Review (1)" {
		t.Errorf("tab label %q after approving one of two", got)
	}
	if !strings.Contains(f.v.summary.Text, "1 trusted hidden") {
		t.Errorf("summary %q does not say a trusted hook is hidden", f.v.summary.Text)
	}
	test.Tap(f.v.showTrusted)
	if got, want := f.listed(), []string{"NEW guard", "TRUSTED lint"}; !slices.Equal(got, want) {
		t.Errorf("with trusted hooks shown the list is %q, want %q", got, want)
	}
}

func (f *reviewFixture) approveDisabled() bool { return f.v.approveButton.Disabled() }

func TestReviewApproveAllTrustsEveryHook(t *testing.T) {
	f := newReviewFixture(t, nil)
	if got := f.v.approveAll.Text; got != "Approve all (2)" {
		t.Errorf("Approve all button says %q", got)
	}
	test.Tap(f.v.approveAll)
	confirmSummary(t, f.v)
	f.q.settle()

	got := f.trustedKeys()
	slices.Sort(got)
	if want := []string{guardKey, lintKey}; !slices.Equal(got, want) {
		t.Errorf("trusted_hooks.json holds %q, want %q", got, want)
	}
	if len(f.v.items) != 0 {
		t.Errorf("the list still shows %q", f.listed())
	}
	if f.v.tab.Text != "Review" || !f.v.approveAll.Disabled() {
		t.Errorf("tab %q, Approve all disabled=%v after approving everything", f.v.tab.Text, f.v.approveAll.Disabled())
	}
	if !anyContains(textsOf(f.w.Content()), "All 2 workspace hooks trusted.") {
		t.Errorf("the view does not say that all hooks are trusted: %q", textsOf(f.w.Content()))
	}
	// Hookwarden's store recorded the script of guard.
	store, _ := trustStore(f.p)
	data, err := os.ReadFile(store.Path())
	if err != nil || !bytes.Contains(data, []byte("guard.sh")) {
		t.Errorf("the approval store does not record guard.sh (err %v)", err)
	}
}

func TestReviewRevokeRemovesTheKey(t *testing.T) {
	f := newReviewFixture(t, func(f *reviewFixture) { f.approveWithDomain("guard", "lint") })
	test.Tap(f.v.showTrusted)
	f.selectLabel("guard")
	if !f.v.approveButton.Disabled() || f.v.revokeButton.Disabled() {
		t.Fatalf("a trusted hook: Approve disabled=%v (want true), Revoke disabled=%v (want false)",
			f.v.approveButton.Disabled(), f.v.revokeButton.Disabled())
	}
	test.Tap(f.v.revokeButton)
	f.q.settle()

	if got := f.trustedKeys(); !slices.Equal(got, []string{lintKey}) {
		t.Errorf("after revoking guard trusted_hooks.json holds %q, want %q", got, lintKey)
	}
	if got, want := f.listed(), []string{"NEW guard", "TRUSTED lint"}; !slices.Equal(got, want) {
		t.Errorf("list %q, want %q", got, want)
	}
}

func TestReviewShowsCommandAndScriptDiffsAndGoneKeys(t *testing.T) {
	f := newReviewFixture(t, func(f *reviewFixture) {
		f.approveWithDomain("guard", "lint")
		// guard's script changes; lint's command changes.
		writeFile(f.t, filepath.Join(f.dir, ".gemini", "guard.sh"), "#!/bin/sh\necho checking\nrm -rf /tmp/x\nexit 0\n")
		writeFile(f.t, filepath.Join(f.dir, ".gemini", "settings.json"),
			strings.Replace(reviewWorkspace, `"echo lint"`, `"echo lint --fix"`, 1))
	})
	if got, want := f.listed(), []string{"SCRIPT CHANGED guard", "CHANGED lint"}; !slices.Equal(got, want) {
		t.Fatalf("list %q, want %q", got, want)
	}
	f.selectLabel("lint")
	if f.v.detail.commandDiff == nil {
		t.Fatal("no command diff for a changed hook")
	}
	if got, want := f.v.detail.commandDiff.String(), "echo lint{+ --fix+}"; got != want {
		t.Errorf("command diff %q, want %q", got, want)
	}
	shown := textsOf(f.w.Content())
	if !anyContains(shown, "Trusted before: "+lintKey) {
		t.Errorf("the previous key is not shown: %q", shown)
	}

	f.selectLabel("guard")
	if len(f.v.detail.scriptDiffs) != 1 {
		t.Fatalf("%d script diffs for guard, want 1", len(f.v.detail.scriptDiffs))
	}
	diff := f.v.detail.scriptDiffs[0].String()
	if !strings.Contains(diff, "+ rm -rf /tmp/x") || strings.Contains(diff, "- echo checking") {
		t.Errorf("script diff does not show the added line alone:\n%s", diff)
	}
	if !anyContains(textsOf(f.w.Content()), "CHANGED") || f.v.revokeButton.Disabled() || f.v.approveButton.Disabled() {
		t.Error("a script-changed hook must show its script status and allow both Approve and Revoke")
	}

	// Approving the changed lint leaves its old key behind as gone.
	f.selectLabel("lint")
	test.Tap(f.v.approveButton)
	f.q.settle()
	if got, want := f.listed(), []string{"SCRIPT CHANGED guard", "GONE " + lintKey}; !slices.Equal(got, want) {
		t.Fatalf("list %q, want %q", got, want)
	}
	f.selectLabel(lintKey)
	test.Tap(f.v.revokeButton)
	f.q.settle()
	if got := f.trustedKeys(); slices.Contains(got, lintKey) || !slices.Contains(got, "lint:echo lint --fix") {
		t.Errorf("after revoking the gone key trusted_hooks.json holds %q", got)
	}
}

func TestReviewCorruptTrustFileIsShownAndNotWritten(t *testing.T) {
	const corrupt = "{\n  \"/somewhere\": [\"a:b\"],,\n}\n"
	f := newReviewFixture(t, func(f *reviewFixture) {
		writeFile(f.t, f.trustedHooksFile(), corrupt)
	})
	shown := textsOf(f.w.Content())
	if !anyContains(shown, "Hookwarden does not write it until it is repaired") || !slices.Contains(shown, "Repair…") {
		t.Fatalf("the view does not report the unusable trust file with a Repair button: %q", shown)
	}
	f.selectLabel("guard")
	test.Tap(f.v.approveButton)
	f.q.settle()

	if data, _ := os.ReadFile(f.trustedHooksFile()); string(data) != corrupt {
		t.Fatalf("the corrupt trust file was written:\n%s", data)
	}
	if got := dialogTexts(f.w); !anyContains(got, "not writing") {
		t.Fatalf("no error dialog about the trust file; the top overlay shows %q", got)
	}

	// The dialog offers the repair, which asks first and backs the file up.
	tapDialogButton(t, f.w, "Repair…")
	tapDialogButton(t, f.w, "Back up and repair")
	f.q.settle()
	backups, _ := filepath.Glob(f.trustedHooksFile() + ".corrupt-*")
	if len(backups) != 1 {
		t.Fatalf("backups %q, want one", backups)
	}
	if data, _ := os.ReadFile(backups[0]); string(data) != corrupt {
		t.Errorf("the backup does not hold the old content:\n%s", data)
	}
	if f.v.review == nil || f.v.review.StoreError != "" {
		t.Errorf("after the repair the audit still reports a problem: %+v", f.v.review)
	}
}

func TestReviewFolderTrustBannerWritesTrustedFolders(t *testing.T) {
	f := newReviewFixture(t, nil)
	f.opts.Env = slices.DeleteFunc(f.opts.Env, func(kv string) bool { return strings.HasPrefix(kv, "GEMINI_CLI_TRUST_WORKSPACE=") })
	f.load()
	shown := textsOf(f.w.Content())
	if !anyContains(shown, "Folder trust: undecided") || !anyContains(shown, "Gemini CLI runs no settings hooks here") {
		t.Fatalf("the banner does not explain the undecided folder: %q", shown)
	}
	test.Tap(f.v.folder.button("trust"))
	confirmSummary(t, f.v)
	f.q.settle()

	file := geminiRegistry(f.p).Snapshot.Paths.TrustedFolders
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]string
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if got := doc[gemini.FolderKey(geminiRegistry(f.p).Snapshot.ProjectDir, f.p.GOOS)]; got != "TRUST_FOLDER" {
		t.Errorf("trustedFolders.json %s", data)
	}
	if f.reload != 1 {
		t.Errorf("the window was asked to reload %d times, want 1", f.reload)
	}
	f.load()
	if !anyContains(textsOf(f.w.Content()), "Folder trust: trusted") {
		t.Error("after the reload the banner does not say trusted")
	}
	if f.v.folder.button("trust").Importance != widget.HighImportance {
		t.Error("the answer on record is not highlighted")
	}
}

// trustStore is Hookwarden's approval store for p's environment.
func trustStore(p *project) (trust.Store, error) {
	dir, err := trust.StoreDirFromEnv(p.Env, p.GOOS)
	if err != nil {
		return trust.Store{}, err
	}
	return trust.Store{Dir: dir}, nil
}

// auditProject reviews p's hooks through the contract, as audit does.
func auditProject(p *project) (*agents.Review, error) {
	return p.proj.(agents.Reviewer).Review(context.Background())
}

// approveIn approves hooks of p through the contract, as the CLI's trust
// does (partly unwatched ones too: fixtures approve what they set up).
func approveIn(p *project, req agents.ApproveRequest) error {
	req.AcceptUnwatched = true
	_, err := p.proj.(agents.Reviewer).Approve(context.Background(), req)
	return err
}
