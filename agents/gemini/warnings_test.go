package gemini

import (
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

func textResult(name, stdout, stderr string, code int) result {
	p := parseHookOutput(stdout, stderr, code)
	return result{Hook: &hooks.Hook{Name: name, Type: "command", Command: "x"}, Success: code == 0, ExitCode: code, HasExitCode: true,
		Stdout: stdout, Stderr: stderr, HasStreams: true, Output: p.Output, OutputFormat: p.Format, Parsed: p}
}

func TestWarnings(t *testing.T) {
	timedOut := result{Hook: &hooks.Hook{Name: "slow"}, TimedOut: true, HasStreams: true, Stdout: `{"decision":"deny"}`, Error: "Hook timed out after 5ms"}
	signalled := textResult("sig", "bye", "", 0)
	signalled.Signal, signalled.Success = "SIGKILL", false
	for _, tc := range []struct {
		name       string
		event      hooks.Event
		sequential bool
		results    []result
		code       string
		contains   string
	}{
		{"text before JSON loses the deny", beforeTool, false, []result{textResult("a", "checking...\n{\"decision\":\"deny\"}\n", "", 0)}, hooks.WarnTextBeforeJSON, "Gemini ignores your deny"},
		{"exit 2 with no output", beforeTool, false, []result{textResult("a", "", "", 2)}, hooks.WarnNoOutputNoBlock, "does not block"},
		{"exit 1 never blocks", beforeTool, false, []result{textResult("a", "", "bad thing", 1)}, hooks.WarnExit1NeverBlocks, "never blocks"},
		{"JSON beats exit 2", beforeTool, false, []result{textResult("a", `{"decision":"allow"}`, "", 2)}, hooks.WarnJSONBeatsExitCode, "decision allow"},
		{"stderr JSON ignored", beforeTool, false, []result{textResult("a", "hello", `{"decision":"deny"}`, 0)}, hooks.WarnStderrJSONIgnored, "stdout is not empty"},
		{"stderr used", beforeTool, false, []result{textResult("a", "", `{"decision":"deny"}`, 0)}, hooks.WarnStderrUsed, "JSON"},
		{"timed out decides nothing", beforeTool, false, []result{timedOut}, hooks.WarnTimedOut, `"deny" it printed`},
		{"non-object JSON", beforeTool, false, []result{textResult("a", "true", "", 0)}, hooks.WarnNonObjectJSON, "(true)"},
		{"array output", beforeTool, false, []result{textResult("a", `["deny"]`, "", 0)}, hooks.WarnArrayOutput, "decides nothing"},
		{"suppressOutput keeps systemMessage", afterTool, false, []result{textResult("a", `{"suppressOutput":true,"systemMessage":"hi"}`, "", 0)}, hooks.WarnSuppressNotHiding, "still shows"},
		{"unknown decision", beforeTool, false, []result{textResult("a", `{"decision":"Deny"}`, "", 0)}, hooks.WarnUnknownDecision, `"Deny"`},
		{"approve", beforeTool, false, []result{textResult("a", `{"decision":"approve"}`, "", 0)}, hooks.WarnUnknownDecision, "acts like \"allow\""},
		{"ask outside BeforeTool", afterTool, false, []result{textResult("a", `{"decision":"ask"}`, "", 0)}, hooks.WarnAskIgnored, "only honoured by BeforeTool"},
		{"signal", beforeTool, false, []result{signalled}, hooks.WarnKilledBySignal, "SIGKILL"},
		{"exit 127 blocks", beforeTool, false, []result{textResult("a", "", "bash: foo: command not found", 127)}, hooks.WarnCommandNotFound, "missing script blocks"},
		{"event ignores decision", sessionEnd, false, []result{textResult("a", `{"decision":"deny"}`, "", 0)}, hooks.WarnEventIgnores, "SessionEnd ignores decision"},
		{"failed output not chained", beforeTool, true, []result{textResult("a", `{"hookSpecificOutput":{"tool_input":{}}}`, "", 1)}, hooks.WarnFailedNotChained, "not passed on"},
		{"ask overridden by a later block", beforeTool, false, []result{textResult("a", `{"decision":"ask"}`, "", 0), textResult("b", `{"decision":"block"}`, "", 0)}, hooks.WarnAskOverridden, "a asked for confirmation, but b blocks"},
		{"field replacement drops a deny", beforeModel, false, []result{textResult("a", `{"decision":"deny"}`, "", 0), textResult("b", `{"decision":"allow"}`, "", 0)}, hooks.WarnDecisionReplaced, "last hook's fields win"},
		{"continue false without decision", beforeAgent, false, []result{textResult("a", `{"continue":false}`, "", 0)}, hooks.WarnContinueNoDecision, "sets no decision"},
	} {
		o := &outcome{Event: tc.event, Sequential: tc.sequential, Results: tc.results}
		agg, err := aggregate(tc.event, o.Results)
		o.Aggregated = agg
		if err != nil {
			o.Aborted = err.Error()
		}
		ws := analyze(o)
		found := false
		for _, w := range ws {
			if w.Code == tc.code && strings.Contains(w.Message, tc.contains) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no %s warning containing %q in %+v", tc.name, tc.code, tc.contains, ws)
		}
	}
}

func TestNoWarningsForCleanHooks(t *testing.T) {
	o := &outcome{Event: beforeTool, Results: []result{
		textResult("a", `{"decision":"deny","reason":"no"}`, "", 0),
		textResult("b", "all good", "", 0),
	}}
	o.Aggregated, _ = aggregate(beforeTool, o.Results)
	if ws := analyze(o); len(ws) != 0 {
		t.Fatalf("unexpected warnings: %+v", ws)
	}
}

func TestAbortedWarning(t *testing.T) {
	o := &outcome{Event: beforeTool, Results: []result{textResult("a", `{"hookSpecificOutput":"x"}`, "", 0)}}
	agg, err := aggregate(beforeTool, o.Results)
	o.Aggregated, o.Aborted = agg, err.Error()
	if !hasWarning(analyze(o), hooks.WarnAborted) {
		t.Fatal("no aborted warning")
	}
}

func hasWarning(ws []hooks.Warning, code string) bool {
	for _, w := range ws {
		if w.Code == code {
			return true
		}
	}
	return false
}
