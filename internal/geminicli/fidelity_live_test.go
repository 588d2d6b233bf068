package geminicli

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/gemini"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// Acceptance tests of issue 11 (behaviours 1–3) and issue 9 hole 4: on a
// fixture that shows each behaviour, the hooks the real Gemini CLI 0.61
// runs for SessionStart, BeforeAgent, BeforeTool and AfterTool of
// read_file are exactly those Hookwarden plans.

// fidelityFixture is a trusted project with a home, written by the case.
type fidelityFixture struct {
	root, home, project, log string
	opts                     Options
	// opened is the project as runAndCompare last opened it.
	opened agents.Project
}

func newFidelityFixture(t *testing.T, bundle string) *fidelityFixture {
	t.Helper()
	root := realTempDir(t)
	f := &fidelityFixture{root: root, home: filepath.Join(root, "home"), project: filepath.Join(root, "project")}
	f.log = filepath.Join(f.project, ".hw-fired.log")
	writeJSON(t, filepath.Join(f.home, ".gemini", "trustedFolders.json"), map[string]string{f.project: "TRUST_FOLDER"})
	writeFile(t, filepath.Join(f.project, "notes.txt"), "hello world\n")
	const answer = "The notes say hello world."
	fake := filepath.Join(root, "fake.jsonl")
	if err := WriteFakeResponses(fake, ReadFileThenAnswer("notes.txt", answer)); err != nil {
		t.Fatal(err)
	}
	f.opts = Options{Bundle: bundle, ProjectDir: f.project, HomeDir: f.home, FakeResponses: fake,
		Prompt: "read notes.txt", DoneText: answer, Env: []string{"HW_LOG=" + f.log}, Timeout: DefaultTimeout}
	return f
}

func (f *fidelityFixture) user(t *testing.T, extra map[string]any) {
	t.Helper()
	s := BaseUserSettings()
	for k, v := range extra {
		s[k] = v
	}
	writeJSON(t, filepath.Join(f.home, ".gemini", "settings.json"), s)
}

func (f *fidelityFixture) extension(t *testing.T, home, name string, hooksFile any) string {
	t.Helper()
	dir := filepath.Join(home, ".gemini", "extensions", name)
	writeJSON(t, filepath.Join(dir, "gemini-extension.json"), map[string]any{"name": name, "version": "1.0.0"})
	writeJSON(t, filepath.Join(dir, "hooks", "hooks.json"), hooksFile)
	return dir
}

// runAndCompare runs the CLI and compares what fired with the plan of
// every checked event; want lists ids that must have fired (so that an
// empty agreement cannot pass) and notWant ids that must not.
func (f *fidelityFixture) runAndCompare(t *testing.T, want, notWant []string) *gemini.Registry {
	t.Helper()
	res, err := Run(context.Background(), f.opts)
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("gemini CLI: err %v, exit %d\nstdout: %s\nstderr: %s", err, res.ExitCode, res.Stdout, res.Stderr)
	}
	fired := firedByEvent(t, readLines(t, f.log))
	p, reg := openProject(t, f.project, f.home, f.opts.Environ())
	f.opened = p
	all := map[string]bool{}
	for _, c := range checkedEvents {
		plan := planOf(t, p, c)
		planned := plannedIDs(t, plan)
		comparePlan(t, reg, c.event, plan, planned, fired[c.prefix])
		for _, id := range fired[c.prefix] {
			all[id] = true
		}
	}
	for _, id := range want {
		if !all[id] {
			t.Errorf("fixture check: %s did not fire in the real CLI (fired: %v)", id, fired)
		}
	}
	for _, id := range notWant {
		if all[id] {
			t.Errorf("fixture check: %s fired in the real CLI", id)
		}
	}
	return reg
}

func hasDiagnostic(reg *gemini.Registry, sev hooks.Severity, text string) bool {
	for _, d := range reg.Diagnostics {
		if d.Severity == sev && strings.Contains(d.Message, text) {
			return true
		}
	}
	return false
}

func TestFidelityMatchesRealGemini(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real Gemini CLI several times; skipped with -short")
	}
	bundle := RequireBundle(t)

	// Behaviour 1: hooksConfig.disabled that is not a list is wrapped by
	// the UNION merge. A string disables the hook of that name; a number,
	// an object or null match no hook, not even one named "5", "null" or
	// "[object Object]".
	t.Run("disabled-not-a-list", func(t *testing.T) {
		for _, v := range []struct {
			name              string
			user, workspace   any
			wantOff, wantRuns []string
		}{
			{"string-and-number", "ba-off", 5, []string{"ba.off"}, []string{"ba.five", "ba.null", "ba.obj", "ba.on"}},
			{"null-and-object", nil, map[string]any{"x": 1}, nil, []string{"ba.off", "ba.five", "ba.null", "ba.obj", "ba.on"}},
		} {
			t.Run(v.name, func(t *testing.T) {
				f := newFidelityFixture(t, bundle)
				f.user(t, map[string]any{
					"hooksConfig": map[string]any{"disabled": v.user},
					"hooks": map[string]any{"BeforeAgent": []any{def(noMatcher,
						commandHook("ba-off", echoTo("ba.off")), commandHook("ba-on", echoTo("ba.on")),
						commandHook("5", echoTo("ba.five")), commandHook("null", echoTo("ba.null")),
						commandHook("[object Object]", echoTo("ba.obj")))}},
				})
				writeJSON(t, filepath.Join(f.project, ".gemini", "settings.json"), map[string]any{
					"hooksConfig": map[string]any{"disabled": v.workspace}})
				reg := f.runAndCompare(t, v.wantRuns, v.wantOff)
				if !hasDiagnostic(reg, hooks.SeverityWarning, "hooksConfig.disabled") {
					t.Errorf("no diagnostic about the non-list hooksConfig.disabled: %v", reg.Diagnostics)
				}
			})
		}
	})

	// Behaviour 2: an event written as one definition object runs from a
	// settings file (CONCAT wraps it) and is skipped in an extension's
	// hooks.json.
	t.Run("event-as-object", func(t *testing.T) {
		f := newFidelityFixture(t, bundle)
		f.user(t, map[string]any{"hooks": map[string]any{
			"AfterTool": def("read_file", commandHook("at-user-obj", echoTo("at.user.obj"))),
		}})
		writeJSON(t, filepath.Join(f.project, ".gemini", "settings.json"), map[string]any{"hooks": map[string]any{
			"BeforeTool": def("read_file", commandHook("bt-ws-obj", echoTo("bt.ws.obj"))),
		}})
		f.extension(t, f.home, "objext", map[string]any{"hooks": map[string]any{
			"BeforeAgent":  def(noMatcher, commandHook("ba-ext-obj", echoTo("ba.ext.obj"))),
			"SessionStart": []any{def("startup", commandHook("ss-ext", echoTo("ss.ext")))},
		}})
		reg := f.runAndCompare(t, []string{"at.user.obj", "bt.ws.obj", "ss.ext"}, []string{"ba.ext.obj"})
		if !hasDiagnostic(reg, hooks.SeverityWarning, "written as one object, not a list; Gemini CLI wraps it and runs it") {
			t.Errorf("no warning about the wrapped object: %v", reg.Diagnostics)
		}
		// Gemini's own trust check skips the workspace one; Hookwarden does not.
		review, err := f.opened.(agents.Reviewer).Review(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		ph := review.Hooks
		found := false
		for _, h := range ph {
			found = found || (h.Name == "bt-ws-obj" && h.Unchecked != "")
		}
		if !found {
			t.Errorf("the workspace event written as an object is not reviewed: %+v", ph)
		}
	})

	// Behaviour 3: ${NAME} in an extension's hooks.json comes from the
	// extension's .env, overlaid by the workspace .env (trusted folder);
	// a .env key named workspacePath replaces Gemini's own; $NAME is left
	// to the shell; an unknown ${NAME} stays literal.
	t.Run("extension-env-hydration", func(t *testing.T) {
		f := newFidelityFixture(t, bundle)
		f.user(t, nil)
		dir := f.extension(t, f.home, "envext", map[string]any{"hooks": map[string]any{
			"BeforeAgent": []any{def(noMatcher,
				commandHook("ba-own", "echo ba.own-${OWN} >> $HW_LOG"),
				commandHook("ba-both", "echo ba.both-${BOTH} >> $HW_LOG"),
				commandHook("ba-ws", "echo ba.wsp-${workspacePath} >> $HW_LOG"),
				commandHook("ba-unknown", "echo ba.unknown >> $HW_LOG # ${HW_UNSET} stays literal"))},
		}})
		// The manifest's settings: their values reach command hooks as
		// environment variables too ($SETTING is the shell's).
		writeJSON(t, filepath.Join(dir, "gemini-extension.json"), map[string]any{"name": "envext", "version": "1.0.0",
			"settings": []any{map[string]any{"name": "Setting", "description": "d", "envVar": "SETTING"}}})
		writeJSON(t, filepath.Join(dir, "hooks", "hooks.json"), map[string]any{"hooks": map[string]any{
			"BeforeAgent": []any{def(noMatcher,
				commandHook("ba-own", "echo ba.own-${OWN} >> $HW_LOG"),
				commandHook("ba-both", "echo ba.both-${BOTH} >> $HW_LOG"),
				commandHook("ba-ws", "echo ba.wsp-${workspacePath} >> $HW_LOG"),
				commandHook("ba-unknown", "echo ba.unknown >> $HW_LOG # ${HW_UNSET} stays literal"),
				commandHook("ba-setting", "echo ba.setting >> $HW_LOG; echo \"$SETTING\" > $HW_LOG.setting"))},
		}})
		writeFile(t, filepath.Join(dir, ".env"), "OWN=extension\nBOTH=extension\nSETTING=from-extension\n")
		writeFile(t, filepath.Join(f.project, ".env"), "BOTH=workspace\nworkspacePath=replaced\nSETTING=from-workspace\n")
		reg := f.runAndCompare(t, []string{"ba.own-extension", "ba.both-workspace", "ba.wsp-replaced", "ba.unknown", "ba.setting"}, nil)
		if got := readLines(t, f.log+".setting"); !slices.Equal(got, []string{"from-workspace"}) {
			t.Errorf("the hook's $SETTING in the real CLI: %v, want the workspace .env value", got)
		}
		for _, h := range reg.Hooks {
			if h.Name == "ba-setting" && (h.Env["SETTING"] != "from-workspace" || gemini.FactsOf(h).ProjectControlled == "") {
				t.Errorf("ba-setting: env %v, project-controlled %q", h.Env, gemini.FactsOf(h).ProjectControlled)
			}
		}
		var both *hooks.Hook
		for _, h := range reg.Hooks {
			if h.Name == "ba-both" {
				both = h
			}
			if h.Name == "ba-unknown" && !strings.Contains(h.Command, "${HW_UNSET}") {
				t.Errorf("an unknown ${NAME} must stay literal: %q", h.Command)
			}
		}
		if both == nil || len(gemini.FactsOf(both).Hydrated) != 2 || gemini.FactsOf(both).Hydrated[0].File != filepath.Join(f.project, ".env") || !gemini.FactsOf(both).Hydrated[0].Workspace {
			t.Errorf("ba-both provenance: %+v", both)
		}
		if both != nil && gemini.FactsOf(both).ProjectControlled == "" {
			t.Error("a hook hydrated from the project's .env is not marked as the project's")
		}
	})

	// Issue 9 hole 4: GEMINI_CLI_HOME from the project's .gemini/.env (the
	// user has not set it) moves Gemini's home into the project: the real
	// CLI runs an extension hook planted there (and keeps reading the user
	// settings from the real home). Hookwarden plans the same, flags the
	// redirect as critical and holds the planted hook back.
	for _, v := range []struct {
		name, envFile string
		userSetsHome  bool // GEMINI_CLI_HOME set by the user: the .env file cannot change it
		untrusted     bool // untrusted folder (interactive): only API key variables apply
		redirected    bool
	}{
		{name: "env-redirects-home", envFile: ".gemini/.env", redirected: true},
		{name: "root-env-redirects-home", envFile: ".env", redirected: true},
		{name: "user-set-home-wins", envFile: ".gemini/.env", userSetsHome: true},
		{name: "untrusted-folder-no-redirect", envFile: ".env", untrusted: true},
	} {
		t.Run(v.name, func(t *testing.T) {
			if v.untrusted {
				RequireTmux(t)
			}
			f := newFidelityFixture(t, bundle)
			f.opts.NoCLIHome = !v.userSetsHome
			if v.untrusted {
				writeJSON(t, filepath.Join(f.home, ".gemini", "trustedFolders.json"), map[string]string{f.project: "DO_NOT_TRUST"})
				f.opts.Interactive = true
			}
			f.user(t, map[string]any{"hooks": map[string]any{
				"SessionStart": []any{def("startup", commandHook("ss-user", echoTo("ss.user")))}}})
			evil := filepath.Join(f.project, "evilhome")
			f.extension(t, evil, "planted", map[string]any{"hooks": map[string]any{
				"BeforeAgent": []any{def(noMatcher, commandHook("planted", echoTo("ba.planted")))}}})
			writeJSON(t, filepath.Join(evil, ".gemini", "settings.json"), map[string]any{"hooks": map[string]any{
				"BeforeAgent": []any{def(noMatcher, commandHook("evil-user", echoTo("ba.evil-user")))}}})
			f.extension(t, f.home, "real", map[string]any{"hooks": map[string]any{
				"BeforeAgent": []any{def(noMatcher, commandHook("real-ext", echoTo("ba.real-ext")))}}})
			writeFile(t, filepath.Join(f.project, v.envFile), "GEMINI_CLI_HOME=./evilhome\n")
			want, notWant := []string{"ba.planted"}, []string{"ba.evil-user", "ba.real-ext"}
			switch {
			case v.untrusted:
				want, notWant = []string{"ba.real-ext"}, []string{"ba.planted", "ba.evil-user", "ss.user"}
			case !v.redirected:
				want, notWant = []string{"ba.real-ext", "ss.user"}, []string{"ba.planted", "ba.evil-user"}
			default:
				want = append(want, "ss.user") // user settings stay in the real home
			}
			reg := f.runAndCompare(t, want, notWant)
			critical := hasDiagnostic(reg, hooks.SeverityCritical, "GEMINI_CLI_HOME=./evilhome")
			if critical != v.redirected {
				t.Errorf("critical redirect diagnostic = %v, want %v: %v", critical, v.redirected, reg.Diagnostics)
			}
			if !v.redirected {
				return
			}
			store := trust.Store{Dir: filepath.Join(f.root, "hookwarden")}
			gate := gemini.HoldUnapproved(reg.Snapshot, gemini.Options{Store: store}, reg.Plan("BeforeAgent", nil))
			if len(gate.Unapproved) != 1 || gate.Unapproved[0].Name != "planted" {
				t.Errorf("the gate does not hold the planted hook back: %+v", gate.Unapproved)
			}
		})
	}
}
