package ui

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// claudeSettingsFixture is a project's .claude/settings.json: a PreToolUse
// group for Bash with a command that blocks (exit 2) and a prompt handler,
// and a Stop handler; laid out by hand so that a byte-exact restore shows.
const claudeSettingsFixture = `{
  "model": "sonnet",

  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          { "type": "command", "command": "echo 'rm -rf is not allowed' >&2; exit 2" },
          { "type": "prompt", "prompt": "Is this command safe? $ARGUMENTS" }
        ]
      }
    ],
    "Stop": [ { "hooks": [ { "type": "command", "command": "echo done", "timeout": 5 } ] } ]
  }
}
`

const (
	blockLabel  = "echo 'rm -rf is not allowed' >&2; exit 2"
	promptLabel = "prompt: Is this command safe? $ARGUMENTS"
	stopLabel   = "echo done"
	userLabel   = "echo user"
	pluginLabel = "${CLAUDE_PLUGIN_ROOT}/fmt.sh"
)

// claudeFixture is a temporary home and project for Claude Code: the
// project's settings above, a user hook, and an installed, enabled plugin
// with one hook. Gemini CLI finds no hooks in the project.
type claudeFixture struct {
	opts     Options
	dir      string
	settings string
}

func newClaudeFixture(t *testing.T) *claudeFixture {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fixture's handlers are POSIX shell commands")
	}
	f := &claudeFixture{opts: isolatedOptions(t), dir: filepath.Join(t.TempDir(), "shop")}
	f.opts.Env = append(f.opts.Env, "PATH="+os.Getenv("PATH"))
	f.settings = filepath.Join(f.dir, ".claude", "settings.json")
	writeFile(t, f.settings, claudeSettingsFixture)
	home := f.opts.Home
	writeFile(t, filepath.Join(home, ".claude", "settings.json"), `{"enabledPlugins": {"fmt@market": true},
  "hooks": {"PostToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "echo user"}]}]}}`)
	root := filepath.Join(home, ".claude", "plugins", "cache", "market", "fmt", "1.0.0")
	writeFile(t, filepath.Join(home, ".claude", "plugins", "installed_plugins.json"),
		`{"version": 2, "plugins": {"fmt@market": [{"scope": "user", "installPath": "`+root+`", "version": "1.0.0"}]}}`)
	writeFile(t, filepath.Join(root, "hooks", "hooks.json"),
		`{"hooks": {"PostToolUse": [{"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/fmt.sh"}]}]}}`)
	return f
}

// open shows the fixture in a test window: on Claude Code, the agent
// whose hooks there need review (Gemini CLI finds none; it used to open
// on Gemini CLI's demo).
func (f *claudeFixture) open(t *testing.T) (*mainWindow, fyne.Window) {
	t.Helper()
	m, w := newTestWindow(t)
	m.opts = f.opts
	m.open(f.dir)
	if m.current == nil || m.current.Agent != "claude" || m.current.Demo != nil {
		t.Fatalf("the project did not open on Claude Code: %+v", m.current)
	}
	return m, w
}

// claudeRow returns the row titled label.
func claudeRow(t *testing.T, m *mainWindow, label string) *hookRow {
	t.Helper()
	var titles []string
	for _, r := range m.hooks.rows() {
		if r.name.String() == label {
			return r
		}
		titles = append(titles, r.name.String())
	}
	t.Fatalf("no row %q; rows: %q", label, titles)
	return nil
}

func TestAgentSwitchShowsTheClaudeHooksInEveryTab(t *testing.T) {
	f := newClaudeFixture(t)
	m, w := f.open(t)

	if m.current.Demo != nil || m.current.Dir != f.dir {
		t.Errorf("Claude Code shows %s (demo %v), want the project itself", m.current.Dir, m.current.Demo != nil)
	}
	if got, want := w.Title(), "Hookwarden — shop — Claude Code"; got != want {
		t.Errorf("title %q, want %q", got, want)
	}
	var events []hooks.Event
	for _, g := range m.hooks.groups {
		events = append(events, g.event)
	}
	if want := []hooks.Event{claude.PreToolUse, claude.PostToolUse, claude.Stop}; !slices.Equal(events, want) {
		t.Errorf("groups %v, want Claude Code's event order %v", events, want)
	}
	if sub := m.hooks.groups[0].subtitle.String(); !strings.Contains(sub, claude.Describe(claude.PreToolUse)) || !strings.Contains(sub, "exit 2 blocks") {
		t.Errorf("PreToolUse subtitle %q", sub)
	}
	tests := []struct {
		label, status, layer string
		locked               string // "" = the switch can be flipped
	}{
		{blockLabel, "RUNS", "PROJECT", ""},
		{promptLabel, "RUNS", "PROJECT", ""},
		{stopLabel, "RUNS", "PROJECT", ""},
		{userLabel, "RUNS", "USER", ""},
		{pluginLabel, "RUNS", "PLUGIN", "comes from plugin fmt@market: Claude Code cannot switch off one plugin hook"},
	}
	for _, tt := range tests {
		r := claudeRow(t, m, tt.label)
		if r.status.Text != tt.status || r.layer.Text != tt.layer {
			t.Errorf("%s: %s %s, want %s %s", tt.label, r.status.Text, r.layer.Text, tt.status, tt.layer)
		}
		if r.toggle == nil || !r.toggle.Checked {
			t.Errorf("%s: the switch is not on", tt.label)
			continue
		}
		if tt.locked == "" && (r.lock != nil || r.toggle.Disabled()) {
			t.Errorf("%s is locked", tt.label)
		}
		if tt.locked != "" && (r.lock == nil || !strings.Contains(r.lock.Text, tt.locked) || !r.toggle.Disabled()) {
			t.Errorf("%s: lock %v, want a disabled switch saying %q", tt.label, r.lock, tt.locked)
		}
	}
	if got := claudeRow(t, m, stopLabel).details.String(); got != "timeout 5 s" {
		t.Errorf("Stop handler details %q", got)
	}

	all := visibleTexts(w.Content())
	for _, want := range []string{"Claude Code · ", "5 hooks: 5 runs"} {
		if !anyContains(all, want) {
			t.Errorf("the window does not show %q", want)
		}
	}
	if !anyContains(all, "not accepted — ") || !anyContains(all, "Claude Code's own flag") {
		t.Errorf("the header does not show Claude Code's folder flag: %q", all)
	}

	// details pane: the handler as written
	test.Tap(claudeRow(t, m, stopLabel).selectable)
	if got := m.hooks.details.config.Text; got != "{\n  \"type\": \"command\",\n  \"command\": \"echo done\",\n  \"timeout\": 5\n}" {
		t.Errorf("details JSON:\n%s", got)
	}

	// Files: the layers, the plugin's hook file, ~/.claude.json
	var files []string
	for _, r := range m.files.rows {
		files = append(files, r.kind.Text+" "+fileTitle(r.state, pathNamer{project: f.dir, home: f.opts.Home}))
	}
	for _, want := range []string{"USER ~/.claude/settings.json", "PROJECT ./.claude/settings.json", "LOCAL ./.claude/settings.local.json",
		"PLUGIN fmt@market: ~/.claude/plugins/cache/market/fmt/1.0.0/hooks/hooks.json", "TRUST folder trust, read only: ~/.claude.json"} {
		if !slices.Contains(files, filepath.FromSlash(want)) {
			t.Errorf("Files does not list %q; it lists %q", want, files)
		}
	}

	// Review: every project and plugin handler is new; the folder flag is read only
	if got := m.review.listed(); len(got) != 4 || !slices.Contains(got, "NEW "+pluginLabel) || slices.Contains(got, "NEW "+userLabel) {
		t.Errorf("review lists %q, want the three project handlers and the plugin one", got)
	}
	if m.review.folder.buttons.Visible() || !strings.Contains(m.review.folder.state.Text, "not accepted (read only)") {
		t.Errorf("folder banner %q with buttons visible=%v", m.review.folder.state.Text, m.review.folder.buttons.Visible())
	}
	if !strings.Contains(m.banner.label.Text, "4 Claude Code handlers need review") {
		t.Errorf("banner %q", m.banner.label.Text)
	}

	// Dry run: Claude Code's events, the first with a running handler
	if got := m.dryRun.event.Selected; got != string(claude.PreToolUse) || !slices.Contains(m.dryRun.event.Options, string(claude.PermissionRequest)) {
		t.Errorf("dry run event %q of %d options", got, len(m.dryRun.event.Options))
	}

	// Watching follows Claude Code's files
	for _, p := range []string{f.settings, filepath.Join(f.opts.Home, ".claude.json")} {
		if !slices.Contains(m.current.Watch, p) {
			t.Errorf("%s is not watched", p)
		}
	}
}

// listed is the review list as "STATUS label".
func (v *reviewView) listed() []string {
	var out []string
	for _, it := range v.items {
		out = append(out, it.statusText()+" "+it.label())
	}
	return out
}

func TestTheAgentIsRememberedPerProject(t *testing.T) {
	f := newClaudeFixture(t)
	m, _ := f.open(t)
	other := t.TempDir()
	writeFile(t, filepath.Join(other, ".gemini", "settings.json"), sessionHook)
	m.open(other) // a new folder opens on the agent whose hooks it has
	if m.current.Agent != "gemini" {
		t.Fatalf("a new Gemini CLI folder opened with %q", m.current.Agent)
	}
	m.selectAgent("claude") // the user's choice for this folder
	m.open(f.dir)
	if m.current.Agent != "claude" || m.header.agent.selectedTitle() != "Claude Code" {
		t.Errorf("the Claude project came back as %q (switch %q)", m.current.Agent, m.header.agent.selectedTitle())
	}
	m.open(other)
	if m.current.Agent != "claude" || m.header.agent.selectedTitle() != "Claude Code" {
		t.Errorf("the Gemini project came back as %q (switch %q), want the Claude Code the user picked for it", m.current.Agent, m.header.agent.selectedTitle())
	}
}

func TestClaudeToggleMovesTheHandlerIntoTheStoreAndBack(t *testing.T) {
	f := newClaudeFixture(t)
	m, _ := f.open(t)
	row := claudeRow(t, m, stopLabel)
	test.Tap(row.toggle) // off: moved out of the file

	after := readText(t, f.settings)
	if strings.Contains(after, stopLabel) || !strings.Contains(after, blockLabel) {
		t.Fatalf("the Stop handler was not moved out alone:\n%s", after)
	}
	storeDir, err := trust.StoreDirFromEnv(f.opts.Env, f.opts.GOOS)
	if err != nil {
		t.Fatal(err)
	}
	if store := readText(t, trust.Store{Dir: storeDir}.Path()); !strings.Contains(store, stopLabel) {
		t.Errorf("the store does not hold the handler:\n%s", store)
	}
	row = claudeRow(t, m, stopLabel) // the view was reloaded: a new row
	if row.status.Text != "DISABLED" || row.toggle == nil || row.toggle.Checked || row.toggle.Disabled() {
		t.Fatalf("the disabled handler shows %s with switch %+v", row.status.Text, row.toggle)
	}
	if !strings.Contains(row.reason.Text, "disabled by Hookwarden") {
		t.Errorf("reason %q", row.reason.Text)
	}
	if !strings.Contains(m.hooks.status.Text, "Disabled echo done: moved out of") {
		t.Errorf("status %q", m.hooks.status.Text)
	}

	test.Tap(row.toggle) // on: put back
	if got := readText(t, f.settings); got != claudeSettingsFixture {
		t.Fatalf("the file is not byte-identical after enabling:\n%s", got)
	}
	if row = claudeRow(t, m, stopLabel); row.status.Text != "RUNS" || !row.toggle.Checked {
		t.Errorf("after enabling: %s, switch on %v", row.status.Text, row.toggle.Checked)
	}
	if !strings.Contains(m.hooks.status.Text, "the file is as it was before") {
		t.Errorf("status %q", m.hooks.status.Text)
	}
}

func TestClaudeReviewApprovesAHandler(t *testing.T) {
	f := newClaudeFixture(t)
	m, _ := f.open(t)
	v := m.review
	i := slices.Index(v.listed(), "NEW "+stopLabel)
	if i < 0 {
		t.Fatalf("the Stop handler is not listed for review: %q", v.listed())
	}
	m.showReviewTab()
	v.list.Select(i)
	v.detail.scroll.ScrollToBottom()
	if v.approveButton.Disabled() {
		t.Fatal("Approve is disabled for a new handler")
	}
	texts := textsOf(v.detail.scroll)
	if !anyContains(texts, "Hookwarden has no approval for this handler") || !anyContains(texts, "Fingerprint") {
		t.Errorf("the detail does not explain the handler: %q", texts)
	}
	test.Tap(v.approveButton)

	if got := v.listed(); len(got) != 3 || slices.Contains(got, "NEW "+stopLabel) {
		t.Errorf("after approving: %q, want the other three", got)
	}
	v.showTrusted.SetChecked(true)
	if !slices.Contains(v.listed(), "TRUSTED "+stopLabel) {
		t.Errorf("the approved handler is not trusted: %q", v.listed())
	}
	if v.tab.Text != "Review (3)" {
		t.Errorf("tab %q", v.tab.Text)
	}
	i = slices.Index(v.listed(), "TRUSTED "+stopLabel)
	v.list.Select(i)
	test.Tap(v.revokeButton)
	if !slices.Contains(v.listed(), "NEW "+stopLabel) {
		t.Errorf("after revoking: %q", v.listed())
	}
}

func TestClaudeDryRunShowsTheBlockOfAnExit2Hook(t *testing.T) {
	f := newClaudeFixture(t)
	f.opts.Agent = "claude"
	p, err := openProject(f.opts, f.dir, true)
	if err != nil {
		t.Fatal(err)
	}
	test.NewTempApp(t)
	q := newTestThread(t)
	v := newDryRunView(nil, q)
	w := test.NewTempWindow(t, v.tabItem().Content)
	v.window = w
	w.Resize(fyne.NewSize(1100, 760))
	v.show(p)

	if v.event.Selected != string(claude.PreToolUse) || v.tool.Text != "Bash" {
		t.Fatalf("event %q tool %q, want PreToolUse Bash", v.event.Selected, v.tool.Text)
	}
	if !strings.Contains(v.payload.Text, `"tool_name": "Bash"`) || !strings.Contains(v.payload.Text, `"cwd": `+jsonString(f.dir)) {
		t.Errorf("the payload is not Claude Code's Bash sample for the project:\n%s", v.payload.Text)
	}
	if !strings.Contains(v.status.Text, "Claude Code runs 2 handlers at once") {
		t.Errorf("plan preview %q", v.status.Text)
	}
	test.Tap(v.runButton)
	q.settle()
	if shown := dialogTexts(w); !anyContains(shown, "not approved in Hookwarden's store") || !anyContains(shown, blockLabel) {
		t.Fatalf("no confirmation listing the unapproved handlers; the top overlay shows %q", shown)
	}
	tapDialogButton(t, w, "Run them")
	q.settle()

	if len(v.cards) != 2 || v.cards[0].result == nil || v.cards[1].result == nil {
		t.Fatalf("%d cards, want two with results", len(v.cards))
	}
	block := textsOf(v.cards[0].card)
	for _, want := range []string{"EXIT 2 · BLOCKS", "Blocks: rm -rf is not allowed", "rm -rf is not allowed"} {
		if !anyContains(block, want) {
			t.Errorf("the command card does not show %q; it shows %q", want, block)
		}
	}
	prompt := textsOf(v.cards[1].card)
	for _, want := range []string{"NOT RUN", "would send", "Is this command safe? {", `"tool_name":"Bash"`} {
		if !anyContains(prompt, want) {
			t.Errorf("the prompt card does not show %q; it shows %q", want, prompt)
		}
	}
	if got := v.verdict.Text; !strings.Contains(got, "PreToolUse: BLOCKED by "+blockLabel) || !strings.Contains(got, "rm -rf is not allowed") {
		t.Errorf("verdict %q", got)
	}
	if !strings.Contains(v.verdictDetail.Text, "ran after your confirmation") {
		t.Errorf("notes %q", v.verdictDetail.Text)
	}
	if v.runButton.Disabled() || !v.cancelButton.Disabled() {
		t.Error("after the run Run must be enabled again and Cancel disabled")
	}
}
