package gemini

import (
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

func TestExplain(t *testing.T) {
	for _, tc := range []struct {
		event    hooks.Event
		results  []result
		effect   string
		headline string
		detail   string
	}{
		{beforeTool, []result{textResult("guard", `{"decision":"deny","reason":"no"}`, "", 0), textResult("log", "fine", "", 0)},
			hooks.EffectBlocked, "X: BLOCKED by guard — reason: no", `Tool execution blocked: no`},
		{beforeTool, []result{textResult("a", `{"decision":"ask"}`, "", 0)}, hooks.EffectAsks, "X: ASKS — a asks the user", ""},
		{beforeAgent, []result{textResult("s", `{"continue":false,"stopReason":"halt"}`, "", 0)}, hooks.EffectStopped, "X: STOPPED by s — halt", "Agent execution stopped by hook: halt"},
		{beforeTool, []result{textResult("m", `{"hookSpecificOutput":{"tool_input":{"x":1}}}`, "", 0)}, hooks.EffectAllowed, "X: ALLOWED", `{"x":1} merged`},
		{sessionStart, []result{textResult("s", `{"decision":"deny","hookSpecificOutput":{"additionalContext":"hi"}}`, "", 0)}, hooks.EffectAllowed, "X: ALLOWED — SessionStart ignores", "<hook_context>hi</hook_context>"},
		{beforeToolSelection, []result{textResult("t", `{"hookSpecificOutput":{"toolConfig":{"mode":"ANY","allowedFunctionNames":["b","a"]}}}`, "", 0)}, hooks.EffectChanged, `X: CHANGED — tool calling mode ANY, allowed tools ["a","b"]`, ""},
		{sessionEnd, []result{textResult("e", `{"systemMessage":"bye"}`, "", 0)}, hooks.EffectIgnored, "X: IGNORED", "Shown to the user: bye"},
		{beforeTool, []result{textResult("f", "", "", 2)}, hooks.EffectNothing, "X: NOTHING", "Hook(s) [f] failed for event BeforeTool"},
	} {
		o := &outcome{Event: tc.event, Results: tc.results}
		o.Aggregated, _ = aggregate(tc.event, o.Results)
		v := explain("X", o)
		if v.Effect != tc.effect || !strings.HasPrefix(v.Headline, tc.headline) {
			t.Errorf("%s: got %s %q", tc.event, v.Effect, v.Headline)
		}
		if tc.detail != "" && !strings.Contains(strings.Join(v.Details, "\n"), tc.detail) {
			t.Errorf("%s: no detail %q in %q", tc.event, tc.detail, v.Details)
		}
	}
}
