package gemini

import (
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// Issue 11 behaviour 1: hooksConfig.disabled that is not a list is wrapped
// by the UNION merge into a one-element list (Gemini CLI 0.61,
// mergeRecursively): a string disables the hook of that name, anything
// else matches no hook.
func TestDisabledThatIsNotAList(t *testing.T) {
	hooksJSON := settings("BeforeAgent", `{"hooks":[`+cmdJSON("my-hook", "echo a")+`,`+cmdJSON("5", "echo five")+`,`+
		cmdJSON("null", "echo null")+`,`+cmdJSON("[object Object]", "echo obj")+`,`+cmdJSON("true", "echo t")+`]}`)
	for _, c := range []struct {
		value    string
		disabled string // the hook that is disabled, "" for none
		warning  string
	}{
		{`"my-hook"`, "my-hook", `is written as a string, not a list; Gemini CLI warns that the file is invalid, then wraps it into a list, so the hook "my-hook" IS disabled`},
		{`5`, "", "not number"},
		{`{"my-hook": true}`, "", "not object"},
		{`null`, "", "not null"},
		{`true`, "", "not boolean"},
		{`["my-hook"]`, "my-hook", ""},
	} {
		t.Run(c.value, func(t *testing.T) {
			user := strings.Replace(hooksJSON, `{"hooks":{`, `{"hooksConfig":{"disabled":`+c.value+`},"hooks":{`, 1)
			r := build(snapshot(t, layers{settingsio.LayerUser: user}, true))
			for _, name := range []string{"my-hook", "5", "null", "[object Object]", "true"} {
				want := hooks.StatusRuns
				if name == c.disabled {
					want = hooks.StatusDisabled
				}
				if got := statusOf(r, name); got != want {
					t.Errorf("%s: %s, want %s", name, got, want)
				}
			}
			if c.warning != "" && !hasDiag(r, hooks.SeverityWarning, c.warning) {
				t.Errorf("missing warning %q in %v", c.warning, r.Diagnostics)
			}
		})
	}
}

// The wrapped string counts only where the file takes part in the merge:
// an untrusted workspace's string disables nothing.
func TestDisabledStringInUntrustedWorkspace(t *testing.T) {
	user := settings("BeforeAgent", `{"hooks":[`+cmdJSON("my-hook", "echo a")+`]}`)
	r := build(snapshot(t, layers{settingsio.LayerUser: user, settingsio.LayerWorkspace: `{"hooksConfig":{"disabled":"my-hook"}}`}, false))
	if len(r.Disabled) != 0 {
		t.Errorf("disabled list %v from an untrusted workspace", r.Disabled)
	}
}

// Issue 11 behaviour 2: an event given as one definition object runs from
// any settings file (CONCAT wraps it into the default []) and is skipped in
// an extension's hooks.json (registry: "not an array").
func TestEventWrittenAsOneObject(t *testing.T) {
	obj := `{"hooks":{"AfterTool":{"matcher":"read_file","hooks":[` + cmdJSON("obj", "echo obj") + `]}}}`
	for _, l := range layerOrder {
		t.Run(string(l), func(t *testing.T) {
			r := build(snapshot(t, layers{l: obj}, true))
			if got := statusOf(r, "obj"); got != hooks.StatusRuns {
				t.Errorf("status %s, want runs", got)
			}
			if p := r.Plan(afterTool, &hooks.PlanContext{ToolName: "read_file"}); p == nil || len(p.Hooks) != 1 {
				t.Errorf("plan %v, want the wrapped hook", p)
			}
			if !hasDiag(r, hooks.SeverityWarning, "hooks.AfterTool is written as one object, not a list; Gemini CLI wraps it and runs it, but the schema says it must be a list") {
				t.Errorf("no warning: %v", r.Diagnostics)
			}
		})
	}
	t.Run("extension", func(t *testing.T) {
		r := build(snapshot(t, nil, true, extension(t, "x", obj, true)))
		if got := statusOf(r, "obj"); got != hooks.StatusInvalid {
			t.Errorf("status %s, want invalid", got)
		}
		if p := r.Plan(afterTool, &hooks.PlanContext{ToolName: "read_file"}); p != nil {
			t.Errorf("plan %v, want none", planNames(p))
		}
		if !hasDiag(r, hooks.SeverityError, "in an extension's hooks.json Gemini CLI skips it") {
			t.Errorf("no error: %v", r.Diagnostics)
		}
	})
	// Other non-array values are wrapped too but are not definitions.
	for _, v := range []string{`"echo x"`, `null`, `5`} {
		r := build(snapshot(t, layers{settingsio.LayerUser: `{"hooks":{"AfterTool":` + v + `}}`}, true))
		if len(r.Hooks) != 0 || !hasDiag(r, hooks.SeverityError, `hook definitions for "AfterTool" must be an array`) {
			t.Errorf("%s: hooks %d, diagnostics %v", v, len(r.Hooks), r.Diagnostics)
		}
	}
}

// Issue 11 behaviour 3: provenance of ${NAME} values in extension hooks and
// which hooks that makes the project's.
func TestExtensionHydrationProvenance(t *testing.T) {
	ext := extension(t, "x", `{"hooks":{"BeforeAgent":[{"hooks":[`+cmdJSON("own", "run ${A}")+`,`+cmdJSON("ws", "run ${B} ${/}")+`,`+
		cmdJSON("none", "run $A ${C}")+`]}]}}`, true)
	ext.Env = map[string]envValue{
		"A": {Value: "a", File: "/ext/x/.env", Line: 1},
		"B": {Value: "b", File: "/p/.env", Line: 3, Workspace: true},
	}
	r := build(snapshot(t, nil, true, ext))
	byName := map[string]*hooks.Hook{}
	for _, h := range r.Hooks {
		byName[h.Name] = h
	}
	if h := byName["own"]; len(FactsOf(h).Hydrated) != 1 || FactsOf(h).Hydrated[0] != (trust.Hydration{Name: "A", Value: "a", File: "/ext/x/.env", Line: 1}) || FactsOf(h).ProjectControlled != "" {
		t.Errorf("own: %+v %q", FactsOf(h).Hydrated, FactsOf(h).ProjectControlled)
	}
	if h := byName["ws"]; len(FactsOf(h).Hydrated) != 1 || !FactsOf(h).Hydrated[0].Workspace || !strings.Contains(FactsOf(h).ProjectControlled, "${B} (/p/.env:3)") {
		t.Errorf("ws: %+v %q", FactsOf(h).Hydrated, FactsOf(h).ProjectControlled)
	}
	if h := byName["none"]; len(FactsOf(h).Hydrated) != 0 || FactsOf(h).ProjectControlled != "" {
		t.Errorf("none ($A is the shell's, ${C} unknown): %+v", FactsOf(h).Hydrated)
	}
}

// A project .env that sets GEMINI_CLI_HOME makes every extension hook the
// project's and is a critical diagnostic; the user's own ~/.env is not.
func TestHomeRedirectDiagnostics(t *testing.T) {
	for _, c := range []struct {
		name      string
		userOwned bool
		wantSev   hooks.Severity
	}{{"project", false, hooks.SeverityCritical}, {"home", true, hooks.SeverityInfo}} {
		t.Run(c.name, func(t *testing.T) {
			s := snapshot(t, nil, true, extension(t, "x", settings("BeforeAgent", `{"hooks":[`+cmdJSON("e", "echo e")+`]}`), true))
			s.EnvFile = &envFile{Path: "/p/.gemini/.env", InProject: !c.userOwned, UserOwned: c.userOwned,
				Applied: []settingsio.DotEnvEntry{{Key: "GEMINI_CLI_HOME", Value: "./h", Line: 2}, {Key: "BASH_ENV", Value: "rc", Line: 3}}}
			s.HomeRedirect = &homeRedirect{Home: "/p/h", Value: "./h", File: "/p/.gemini/.env", Line: 2, ByProject: !c.userOwned}
			r := build(s)
			if !hasDiag(r, c.wantSev, "sets GEMINI_CLI_HOME=./h") {
				t.Errorf("no %s redirect diagnostic: %v", c.wantSev, r.Diagnostics)
			}
			if got := hasDiag(r, hooks.SeverityCritical, "BASH_ENV=rc"); got == c.userOwned {
				t.Errorf("BASH_ENV critical = %v for a user-owned=%v file", got, c.userOwned)
			}
			if got := FactsOf(r.Hooks[0]).ProjectControlled != ""; got == c.userOwned {
				t.Errorf("extension hook project-controlled = %v", got)
			}
		})
	}
}
