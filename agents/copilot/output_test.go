package copilot

import (
	"context"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// TestInterpretAsCopilot: the answers of the kit's examples, without the
// kit (the live test compares them with the real CLI).
func TestInterpretAsCopilot(t *testing.T) {
	pre, _, _ := lookupEvent("preToolUse")
	stop, _, _ := lookupEvent("agentStop")
	post, _, _ := lookupEvent("postToolUse")
	for _, c := range []struct {
		name   string
		info   eventInfo
		pascal bool
		end    processEnd
		effect string
		msg    string
		stops  bool
	}{
		{"exit 2", pre, false, processEnd{HasCode: true, Code: 2, Stdout: `{"permissionDecision":"allow"}`}, hooks.EffectBlocked, "Denied by preToolUse hook: hook exited with code 2", true},
		{"exit 1", pre, false, processEnd{HasCode: true, Code: 1, File: "/h/g.json"}, hooks.EffectBlocked, `Denied by preToolUse hook from "/h/g.json" (hook errored)`, true},
		{"timeout", pre, false, processEnd{TimedOut: true, TimeoutSec: 1}, hooks.EffectFailed, "HookTimeoutError: Hook command timed out after 1 seconds", false},
		{"json deny", pre, false, processEnd{HasCode: true, Stdout: `{"permissionDecision":"deny","permissionDecisionReason":"no"}`}, hooks.EffectBlocked, "Denied by preToolUse hook: no", true},
		{"ask", pre, false, processEnd{HasCode: true, Stdout: `{"permissionDecision":"ask","permissionDecisionReason":"sure?"}`}, hooks.EffectBlocked, "Denied by preToolUse hook (unable to ask user for confirmation): sure?", true},
		{"camel hookSpecificOutput ignored", pre, false, processEnd{HasCode: true, Stdout: `{"hookSpecificOutput":{"permissionDecision":"deny"}}`}, hooks.EffectNothing, "", false},
		{"pascal hookSpecificOutput honoured", pre, true, processEnd{HasCode: true, Stdout: `{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"c"}}`}, hooks.EffectBlocked, "Denied by preToolUse hook: c", true},
		{"decision block ignored", pre, true, processEnd{HasCode: true, Stdout: `{"decision":"block","reason":"r"}`}, hooks.EffectNothing, "", false},
		{"not json", pre, false, processEnd{HasCode: true, Stdout: "deny please"}, hooks.EffectNothing, "", false},
		{"stop block", stop, false, processEnd{HasCode: true, Stdout: `{"decision":"block","reason":"go on"}`}, hooks.EffectStopped, "", false},
		{"stop exit 2", stop, false, processEnd{HasCode: true, Code: 2, Stderr: "w"}, "WARNS", "! w", false},
		{"post exit 1", post, false, processEnd{HasCode: true, Code: 1}, hooks.EffectFailed, "", false},
	} {
		a := interpret(c.info, c.pascal, c.end)
		if a.Effect != c.effect || (c.msg != "" && a.Message != c.msg) || a.Stops != c.stops {
			t.Errorf("%s: %+v, want %s %q stops=%v", c.name, a, c.effect, c.msg, c.stops)
		}
	}
}

// TestRunnerStopsAfterTheFirstDeny: hooks run one after another; a deny
// stops the rest; modifiedArgs reach later hooks.
func TestRunnerStopsAfterTheFirstDeny(t *testing.T) {
	root := tree(t, map[string]string{
		"home/.copilot/hooks/a.json": `{"hooks": {"preToolUse": [` +
			`{"bash": "echo '{\"permissionDecision\":\"allow\",\"modifiedArgs\":{\"command\":\"changed\"}}'"},` +
			`{"bash": "grep -q changed && echo '{\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"saw it\"}'"},` +
			`{"bash": "touch ran-third"}]}}`,
		"p/.keep": "",
	})
	s := load(t, root, "p", nil)
	info, _, _ := lookupEvent("preToolUse")
	in, err := sampleInput(sampleOptions{Event: "preToolUse", ProjectDir: root + "/p"})
	if err != nil {
		t.Fatal(err)
	}
	r := &runner{Spawn: agents.Spawn{Env: []string{"PATH=/usr/bin:/bin"}}}
	ran, skipped := r.Run(context.Background(), info, s.Hooks(), in, root+"/p")
	if len(ran) != 2 || len(skipped) != 1 {
		t.Fatalf("%d ran, %d skipped", len(ran), len(skipped))
	}
	v := verdict(info, "preToolUse bash", ran, len(skipped))
	if v.Effect != hooks.EffectBlocked || !strings.Contains(v.Headline, "Denied by preToolUse hook: saw it") {
		t.Errorf("verdict %+v", v)
	}
}
