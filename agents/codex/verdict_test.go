package codex

import (
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

// verdictOf runs the verdict code on a made-up finished run.
func verdictOf(t *testing.T, event hooks.Event, res runResult, input *hooks.Object) (hooks.Verdict, []hooks.Warning, hooks.Verdict) {
	t.Helper()
	if res.Hook == nil {
		res.Hook = command(event, "guard.sh")
	}
	if res.HasExitCode || res.TimedOut {
		end := processEnd{HasCode: res.HasExitCode, Code: res.ExitCode, Stdout: res.Stdout, Stderr: res.Stderr}
		if res.TimedOut {
			end = processEnd{Error: "hook timed out after 1s"}
		}
		res.Output = parseOutput(event, end)
	}
	call := toolCallOf(input)
	res.Verdict = explainHook(event, &res, call)
	res.Warnings = hookWarnings(event, 0, &res, input)
	o := runOutcome{Event: event, Results: []runResult{res}}
	o.Effect = mergeOutputs(event, []hookOutput{res.Output}, []int{0}, call, []string{runID(event, 0, res.Hook)})
	o.Warnings = eventWarnings(&o)
	return res.Verdict, o.Warnings, explainEvent(event, o.Results, o.Effect, call)
}

func TestVerdictWords(t *testing.T) {
	pre := sampleFor(t, "PreToolUse", "/home/user/project")
	cases := []struct {
		name                   string
		event                  hooks.Event
		res                    runResult
		effect, headline       string
		warning                string
		eventEffect, eventLine string
	}{
		{name: "exit 2 blocks", event: "PreToolUse", res: runResult{HasExitCode: true, ExitCode: 2, Stderr: "no writes\n"},
			effect: hooks.EffectBlocked, headline: "Codex blocks the command: no writes",
			eventEffect: hooks.EffectBlocked, eventLine: "PreToolUse Bash: Codex blocks the command: no writes"},
		{name: "exit 2 without stderr", event: "PreToolUse", res: runResult{HasExitCode: true, ExitCode: 2},
			effect: hooks.EffectFailed, headline: "fails open: exit 2 with empty stderr is not a block in Codex — the command runs",
			warning: warnExit2NoStderr, eventEffect: hooks.EffectFailed},
		{name: "exit 1 meant as a block", event: "PreToolUse", res: runResult{HasExitCode: true, ExitCode: 1, Stderr: "guard failed"},
			effect: hooks.EffectFailed, headline: "fails open: exit 1 is not a block in Codex (only exit 2 with a reason on stderr blocks) — the command runs",
			warning: hooks.WarnExit1NeverBlocks, eventEffect: hooks.EffectFailed},
		{name: "exit 3", event: "PreToolUse", res: runResult{HasExitCode: true, ExitCode: 3}, effect: hooks.EffectFailed, warning: warnOtherExitCode},
		{name: "ask", event: "PreToolUse", res: runResult{HasExitCode: true, Stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"r"}}`},
			effect: hooks.EffectFailed, headline: "fails open: PreToolUse hook returned unsupported permissionDecision:ask (Codex ignores the whole output) — the command runs",
			warning: warnUnsupportedOutput},
		{name: "allow without updatedInput", event: "PreToolUse", res: runResult{HasExitCode: true, Stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`},
			effect: hooks.EffectFailed, warning: warnUnsupportedOutput},
		{name: "invalid JSON", event: "PreToolUse", res: runResult{HasExitCode: true, Stdout: `{"decision":"block","reason":"r",}`},
			effect: hooks.EffectFailed, warning: warnInvalidJSON},
		{name: "unknown field", event: "PreToolUse", res: runResult{HasExitCode: true, Stdout: `{"decision":"block","reason":"r","why":"x"}`},
			effect: hooks.EffectFailed, headline: "fails open: the output is not valid PreToolUse JSON for Codex (why: unknown field) — the command runs", warning: warnInvalidJSON},
		{name: "timeout", event: "PreToolUse", res: runResult{TimedOut: true, Error: "hook timed out after 1s"},
			effect: hooks.EffectFailed, warning: warnTimeout},
		{name: "rewrite", event: "PreToolUse", res: runResult{HasExitCode: true, Stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"echo safe"}}}`},
			effect: hooks.EffectChanged, headline: "Codex runs the rewritten command: echo safe",
			eventEffect: hooks.EffectChanged, eventLine: "PreToolUse Bash: Codex runs the rewritten command: echo safe"},
		{name: "rewrite without command", event: "PreToolUse", res: runResult{HasExitCode: true, Stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"cmd":"x"}}}`},
			effect: hooks.EffectBlocked, warning: warnRewriteRejected, eventEffect: hooks.EffectBlocked},
		{name: "exit 2 ignores stdout", event: "PreToolUse", res: runResult{HasExitCode: true, ExitCode: 2, Stdout: `{"decision":"approve"}`, Stderr: "no"},
			effect: hooks.EffectBlocked, warning: warnStdoutIgnored},
		{name: "silent", event: "PreToolUse", res: runResult{HasExitCode: true}, effect: hooks.EffectNothing, headline: "no effect; the command runs",
			eventEffect: hooks.EffectNothing, eventLine: "PreToolUse Bash: no hook decided anything; the command runs"},
		{name: "pipes held", event: "PreToolUse", res: runResult{HasExitCode: true, PipesHeld: true}, effect: hooks.EffectNothing, warning: warnPipesHeld},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, ws, ev := verdictOf(t, c.event, c.res, pre)
			if v.Effect != c.effect || (c.headline != "" && v.Headline != c.headline) {
				t.Errorf("hook verdict %q %q, want %q %q", v.Effect, v.Headline, c.effect, c.headline)
			}
			if c.warning != "" && !hasWarning(ws, c.warning) {
				t.Errorf("warnings %+v lack %s", ws, c.warning)
			}
			if c.warning == "" && len(ws) > 0 {
				t.Errorf("unexpected warnings %+v", ws)
			}
			if c.eventEffect != "" && ev.Effect != c.eventEffect || c.eventLine != "" && ev.Headline != c.eventLine {
				t.Errorf("event verdict %q %q, want %q %q", ev.Effect, ev.Headline, c.eventEffect, c.eventLine)
			}
		})
	}
}

func TestVerdictStopLoops(t *testing.T) {
	block := runResult{HasExitCode: true, Stdout: `{"decision":"block","reason":"keep going"}`}
	first := sampleFor(t, "Stop", "/p")
	_, ws, ev := verdictOf(t, "Stop", block, first)
	if !hasWarning(ws, warnStopReprompts) || hasWarning(ws, warnStopLoops) {
		t.Errorf("first Stop: %+v", ws)
	}
	if ev.Effect != hooks.EffectBlocked || !strings.Contains(strings.Join(ev.Details, "\n"), `<hook_prompt hook_run_id="stop:0:">keep going</hook_prompt>`) ||
		!strings.Contains(strings.Join(ev.Details, "\n"), "loops") {
		t.Errorf("%+v", ev)
	}
	again, err := sampleInput(sampleOptions{Event: "Stop", StopHookActive: true})
	if err != nil {
		t.Fatal(err)
	}
	_, ws, _ = verdictOf(t, "Stop", block, again)
	if !hasWarning(ws, warnStopLoops) {
		t.Errorf("a Stop hook that blocks with stop_hook_active true loops: %+v", ws)
	}
}

func TestVerdictEventWarnings(t *testing.T) {
	pre := sampleFor(t, "PreToolUse", "/p")
	mk := func(stdout string, code int, stderr string) runResult {
		return runResult{Hook: command("PreToolUse", "h"), Output: parseOutput("PreToolUse", exit(code, stdout, stderr))}
	}
	rw := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"x"}}}`
	o := runOutcome{Event: "PreToolUse", Results: []runResult{mk(rw, 0, ""), mk(rw, 0, "")}}
	o.Effect = mergeOutputs("PreToolUse", []hookOutput{o.Results[0].Output, o.Results[1].Output}, []int{0, 1}, toolCallOf(pre), nil)
	if !hasWarning(eventWarnings(&o), warnRewriteRace) {
		t.Error("two rewrites race")
	}
	o = runOutcome{Event: "PreToolUse", Results: []runResult{mk("", 2, "a"), mk("", 2, "b")}}
	o.Effect = mergeOutputs("PreToolUse", []hookOutput{o.Results[0].Output, o.Results[1].Output}, []int{0, 1}, toolCallOf(pre), nil)
	if !hasWarning(eventWarnings(&o), warnBlockReasonsHidden) {
		t.Error("two blocks: only one reason reaches the model")
	}
}
