package codex

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/trust"
)

// A hook Codex already trusts by hash (its /hooks view) that runs no
// script of the project reads trusted: the hash covers all of it. One
// that runs a project script stays approved-outside (its script was never
// fingerprinted).
func TestTrustedByHashWithoutScriptsReadsTrusted(t *testing.T) {
	f := newFixture(t, "proj")
	testenv.WriteFile(t, f.projectHooks(), `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[`+
		`{"type":"command","command":"echo hi"},{"type":"command","command":"sh .codex/hooks/x.sh"}]}]}}`)
	testenv.WriteFile(t, filepath.Join(f.project, ".codex", "hooks", "x.sh"), "true\n")
	f.trustProject()
	p := f.open()
	plain, script := handlerOf(t, p, "echo hi"), handlerOf(t, p, "sh .codex/hooks/x.sh")
	testenv.WriteFile(t, f.config(), f.read(f.config())+
		"\n[hooks.state.\""+plain.Key+"\"]\ntrusted_hash = \""+plain.CurrentHash+"\"\n"+
		"\n[hooks.state.\""+script.Key+"\"]\ntrusted_hash = \""+script.CurrentHash+"\"\n")
	r, err := f.open().Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]trust.HookStatus{"echo hi": trust.StatusTrusted, "sh .codex/hooks/x.sh": trust.StatusApprovedOutside}
	for _, h := range r.Hooks {
		if w, ok := want[h.Command]; ok && h.Status != w {
			t.Errorf("%s: %s, want %s", h.Command, h.Status, w)
		}
	}
}

// Codex runs hooks with $SHELL -c: sh (dash) when SHELL is unset or sh,
// bash for bash, and another shell is read as bash with a reason.
func TestScriptRuntimeFollowsShell(t *testing.T) {
	for shell, want := range map[string]trust.Dialect{"": trust.DialectPOSIX, "/bin/sh": trust.DialectPOSIX, "/bin/bash": trust.DialectBash, "/usr/bin/zsh": trust.DialectBash} {
		rt := scriptRuntime(agents.Env{Vars: []string{"SHELL=" + shell}})
		if rt.Dialect != want || (shell == "/usr/bin/zsh") != (rt.ShellNote != "") {
			t.Errorf("SHELL=%q: %+v", shell, rt)
		}
	}
}
