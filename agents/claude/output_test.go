package claude

import (
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

func TestInterpretCommand(t *testing.T) {
	const denyJSON = `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm"}}`
	cases := []struct {
		name           string
		event          hooks.Event
		code           int
		stdout, stderr string
		kind           string
		block          bool
		permission     string
		reason         string
		context        []string
		schemaErrors   bool
	}{
		// the live kit's cases (2.1.332): exit 2 blocks with stderr, JSON deny blocks, exit 1 does not
		{"exit 0 silent", "PreToolUse", 0, "", "", kindSuccess, false, "", "", nil, false},
		{"exit 2 blocks PreToolUse with stderr", "PreToolUse", 2, "", "no\n", kindBlocking, true, "", "no", nil, false},
		{"exit 1 does not block", "PreToolUse", 1, "", "oops\nmore", kindNonBlocking, false, "", "", nil, false},
		{"JSON deny blocks", "PreToolUse", 0, denyJSON, "", kindSuccess, true, permissionDeny, "no rm", nil, false},
		{"JSON deny with exit 1 still blocks (JSON decides)", "PreToolUse", 1, denyJSON, "", kindNonBlocking, true, permissionDeny, "no rm", nil, false},
		{"text before JSON is plain text", "PreToolUse", 0, "hello\n" + denyJSON, "", kindSuccess, false, "", "", nil, false},
		{"exit 2 beats JSON allow, stderr is the reason", "PreToolUse", 2, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`, "stderr-reason", kindBlocking, true, permissionAllow, "stderr-reason", nil, false},
		{"exit 2 with JSON deny takes the JSON reason", "PreToolUse", 2, strings.Replace(denyJSON, "no rm", "json-exit2", 1), "err2", kindBlocking, true, permissionDeny, "json-exit2", nil, false},
		{"unknown permissionDecision fails validation", "PreToolUse", 0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"nope"}}`, "", kindNonBlocking, false, "", "", nil, true},
		{"legacy decision block maps to deny", "PreToolUse", 0, `{"decision":"block","reason":"legacy"}`, "", kindSuccess, true, permissionDeny, "legacy", nil, false},
		{"legacy decision approve maps to allow", "PreToolUse", 0, `{"decision":"approve"}`, "", kindSuccess, false, permissionAllow, "", nil, false},
		{"wrong hookEventName fails validation", "PreToolUse", 0, strings.Replace(denyJSON, `"PreToolUse"`, `"PostToolUse"`, 1), "", kindNonBlocking, false, "", "", nil, true},
		{"ask", "PreToolUse", 0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"}}`, "", kindSuccess, false, permissionAsk, "", nil, false},
		{"invalid JSON starting with { is text", "PreToolUse", 0, `{"decision":`, "", kindSuccess, false, "", "", nil, false},
		{"exit 2 on SessionStart does not block", "SessionStart", 2, "", "nope", kindNonBlocking, false, "", "nope", nil, false},
		{"plain stdout is SessionStart context", "SessionStart", 0, "remember this\n", "", kindSuccess, false, "", "", []string{"remember this"}, false},
		{"plain stdout is not PreToolUse context", "PreToolUse", 0, "just text", "", kindSuccess, false, "", "", nil, false},
		{"SessionStart additionalContext", "SessionStart", 0, `{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"ctx"}}`, "", kindSuccess, false, "", "", []string{"ctx"}, false},
		{"UserPromptSubmit decision block", "UserPromptSubmit", 0, `{"decision":"block","reason":"secret in prompt"}`, "", kindSuccess, true, "", "secret in prompt", nil, false},
		{"UserPromptSubmit exit 2 erases the prompt", "UserPromptSubmit", 2, "", "no", kindBlocking, true, "", "no", nil, false},
		{"Stop decision block keeps Claude going", "Stop", 0, `{"decision":"block","reason":"tests fail"}`, "", kindSuccess, true, "", "tests fail", nil, false},
		{"SubagentStop exit 2 blocks", "SubagentStop", 2, "", "again", kindBlocking, true, "", "again", nil, false},
		{"PostToolUse decision block", "PostToolUse", 0, `{"decision":"block","reason":"lint"}`, "", kindSuccess, true, "", "lint", nil, false},
		{"PostToolUse exit 2 goes to Claude, no block", "PostToolUse", 2, "", "lint errors", kindNonBlocking, false, "", "lint errors", nil, false},
		{"decision other than block is invalid", "Stop", 0, `{"decision":"allow"}`, "", kindNonBlocking, false, "", "", nil, true},
		{"Notification ignores decision block", "Notification", 0, `{"decision":"block","reason":"x"}`, "", kindSuccess, false, "", "", nil, false},
		{"continue must be boolean", "Stop", 0, `{"continue":"no"}`, "", kindNonBlocking, false, "", "", nil, true},
		{"exit 2 + schema-invalid JSON still blocks", "PreToolUse", 2, `{"continue":"no"}`, "blocked", kindBlocking, true, "", "blocked", nil, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := interpretCommand(c.event, c.code, c.stdout, c.stderr)
			if v.Kind != c.kind || v.Block != c.block || v.Permission != c.permission || v.Reason != c.reason {
				t.Errorf("got kind %s block %v permission %q reason %q; want %s %v %q %q", v.Kind, v.Block, v.Permission, v.Reason, c.kind, c.block, c.permission, c.reason)
			}
			if !slices.Equal(v.Context, c.context) {
				t.Errorf("context %q, want %q", v.Context, c.context)
			}
			if (len(v.SchemaErrors) > 0) != c.schemaErrors {
				t.Errorf("schema errors %q, want some: %v", v.SchemaErrors, c.schemaErrors)
			}
		})
	}
}

func TestInterpretNonBlockingErrorText(t *testing.T) {
	v := interpretCommand("PreToolUse", 1, "", "first line\nsecond")
	if v.Error != "Failed with non-blocking status code: first line" {
		t.Errorf("error %q", v.Error)
	}
}

func TestContinueFalseStops(t *testing.T) {
	v := interpretCommand("PreToolUse", 0, `{"continue":false,"stopReason":"halt","systemMessage":"careful"}`, "")
	if !v.Stop || v.StopReason != "halt" || v.SystemMessage != "careful" {
		t.Errorf("got %+v", v)
	}
	d := merge("PreToolUse", []runResult{{Verdict: v}})
	if d.Effect != effectStopped {
		t.Errorf("effect %s", d.Effect)
	}
}

func TestInterpretHTTP(t *testing.T) {
	cases := []struct {
		status int
		body   string
		kind   string
		block  bool
	}{
		{200, "", kindSuccess, false},
		{204, "  ", kindSuccess, false},
		{200, `{"decision":"block","reason":"r"}`, kindSuccess, true},
		{200, "ok", kindNonBlocking, false},
		{500, `{"decision":"block","reason":"r"}`, kindNonBlocking, false},
		{403, "", kindNonBlocking, false},
	}
	for _, c := range cases {
		v := interpretHTTP("Stop", c.status, c.body)
		if v.Kind != c.kind || v.Block != c.block {
			t.Errorf("HTTP %d %q: kind %s block %v, want %s %v", c.status, c.body, v.Kind, v.Block, c.kind, c.block)
		}
	}
}

func TestMergePrecedence(t *testing.T) {
	perm := func(p string) runResult {
		return runResult{Hook: &hooks.Hook{Type: "command", Command: p}, Verdict: verdict{Kind: kindSuccess, Permission: p, Block: p == permissionDeny}}
	}
	cases := []struct {
		in   []string
		want string
		eff  string
	}{
		{[]string{"allow", "ask"}, permissionAsk, effectAsks},
		{[]string{"ask", "defer", "allow"}, permissionDefer, effectDefers},
		{[]string{"allow", "deny", "ask", "defer"}, permissionDeny, effectBlocked},
		{[]string{"allow"}, permissionAllow, effectAllowed},
		{[]string{""}, "", effectNothing},
	}
	for _, c := range cases {
		var rs []runResult
		for _, p := range c.in {
			rs = append(rs, perm(p))
		}
		d := merge("PreToolUse", rs)
		if d.Permission != c.want || d.Effect != c.eff {
			t.Errorf("%v: permission %q effect %s, want %q %s", c.in, d.Permission, d.Effect, c.want, c.eff)
		}
	}
}

func TestMergeKeepsEveryContextAndLastUpdatedInput(t *testing.T) {
	a, b := hooks.NewObject(1), hooks.NewObject(1)
	a.Set("command", "a")
	b.Set("command", "b")
	rs := []runResult{
		{Finished: 2, Verdict: verdict{Context: []string{"one"}, UpdatedInput: a}},
		{Finished: 1, Verdict: verdict{Context: []string{"two"}, UpdatedInput: b}},
	}
	d := merge("PreToolUse", rs)
	if !slices.Equal(d.Context, []string{"one", "two"}) || d.UpdatedInput != a {
		t.Errorf("context %q updated %v", d.Context, d.UpdatedInput)
	}
	o := runOutcome{Event: "PreToolUse", Results: rs}
	ws := analyze(&o)
	if !hasCode(ws, warnUpdatedInputRace) {
		t.Errorf("no race warning in %v", ws)
	}
}

func hasCode(ws []hooks.Warning, code string) bool {
	for _, w := range ws {
		if w.Code == code {
			return true
		}
	}
	return false
}

func TestWarnings(t *testing.T) {
	cases := []struct {
		name   string
		event  hooks.Event
		code   int
		stdout string
		stderr string
		want   string
	}{
		{"exit 1", "PreToolUse", 1, "", "x", warnExit1NeverBlocks},
		{"text before JSON", "PreToolUse", 0, "banner\n{\"decision\":\"block\"}", "", warnTextBeforeJSON},
		{"broken JSON", "PreToolUse", 0, "{\"decision\":", "", warnInvalidJSON},
		{"schema", "Stop", 0, `{"decision":"deny"}`, "", warnSchema},
		{"exit 2 on SessionStart", "SessionStart", 2, "", "x", warnExit2NoBlock},
		{"exit 127", "PreToolUse", 127, "", "sh: 1: nope: not found", warnCommandNotFound},
		{"JSON beats exit 1", "PreToolUse", 1, `{"decision":"block"}`, "", warnJSONBeatsExitCode},
		{"exit 2 beats allow", "PreToolUse", 2, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`, "x", warnExit2BeatsAllow},
		{"cap", "UserPromptSubmit", 0, strings.Repeat("x", outputCap+1), "", warnOutputCap},
		{"suppressOutput", "Stop", 0, `{"suppressOutput":true}`, "", warnSuppressNoEffect},
		{"stderr JSON", "PreToolUse", 0, "", `{"decision":"block"}`, warnStderrJSON},
		{"no decision control", "SessionEnd", 0, `{"decision":"block"}`, "", warnNoDecisionControl},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := runResult{Hook: &hooks.Hook{Type: "command", Command: "x"}, HasExitCode: true, ExitCode: c.code, Stdout: c.stdout, Stderr: c.stderr}
			r.Verdict = interpretCommand(c.event, c.code, c.stdout, c.stderr)
			ws := resultWarnings(c.event, 0, &r)
			if !hasCode(ws, c.want) {
				t.Errorf("no %s in %v", c.want, ws)
			}
		})
	}
	// and none for a clean allow
	r := runResult{Hook: &hooks.Hook{Type: "command"}, HasExitCode: true, Verdict: interpretCommand("PreToolUse", 0, "", "")}
	if ws := resultWarnings("PreToolUse", 0, &r); len(ws) != 0 {
		t.Errorf("clean run warns: %v", ws)
	}
}
