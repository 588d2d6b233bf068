package gemini

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
)

// explain describes the outcome of an event as Gemini CLI would act on it.
// label names the event and its context ("BeforeTool write_file").
func explain(label string, o *outcome) hooks.Verdict {
	v := hooks.Verdict{Details: []string{}}
	say := func(effect, format string, a ...any) {
		v.Effect = effect
		v.Headline = label + ": " + effect + fmt.Sprintf(format, a...)
	}
	detail := func(format string, a ...any) { v.Details = append(v.Details, fmt.Sprintf(format, a...)) }
	final := o.Aggregated.FinalOutput
	switch {
	case o.Aborted != "":
		say(hooks.EffectFailed, " — Gemini's own code fails on these outputs (%s); it goes on as if no hook had decided anything", o.Aborted)
	case final == nil:
		say(hooks.EffectNothing, " — no hook produced output; Gemini goes ahead")
	default:
		explainFinal(o, final, say, detail)
	}
	if msg := final.Value("systemMessage"); hooks.Truthy(msg) && strategyFor(o.Event) != strategyToolSelection {
		detail("Shown to the user: %s", hooks.OneLine(hooks.ToJSString(msg)))
	}
	var failed []string
	for i := range o.Results {
		if !o.Results[i].Success {
			failed = append(failed, hookName(&o.Results[i]))
		}
	}
	if len(failed) > 0 {
		detail("Gemini warns: Hook(s) [%s] failed for event %s.", strings.Join(failed, ", "), o.Event)
	}
	return v
}

type sayFunc func(effect, format string, a ...any)

func explainFinal(o *outcome, final *hooks.Object, say sayFunc, detail func(string, ...any)) {
	specific, _ := final.Value("hookSpecificOutput").(*hooks.Object)
	reason := hooks.ToJSString(firstTruthy(final.Value("stopReason"), final.Value("reason"), "No reason provided"))
	by := deciders(o)
	switch strategyFor(o.Event) {
	case strategyToolSelection:
		tc, _ := specific.Value("toolConfig").(*hooks.Object)
		say(hooks.EffectChanged, " — tool calling mode %s, allowed tools %s", hooks.ToJSString(tc.Value("mode")), string(hooks.AppendJSON(nil, tc.Value("allowedFunctionNames"))))
		return
	case strategySimpleMerge:
		say(hooks.EffectIgnored, " — Gemini acts on nothing a %s hook returns except its systemMessage", o.Event)
		return
	}
	if c, ok := final.Value("continue").(bool); ok && !c && o.Event != sessionStart {
		say(hooks.EffectStopped, " by %s — %s", by("continue"), reason)
		detail("The agent stops: %q.", "Agent execution stopped by hook: "+reason)
		return
	}
	switch d := final.Value("decision"); {
	case o.Event == sessionStart:
		say(hooks.EffectAllowed, " — SessionStart ignores decisions and continue")
	case d == "deny" || d == "block":
		say(hooks.EffectBlocked, " by %s — reason: %s", by("block"), hooks.OneLine(reason))
		switch o.Event {
		case beforeTool:
			detail("The tool does not run; the model is told %q.", "Tool execution blocked: "+reason)
		case afterTool:
			detail("The tool's result is replaced by %q.", "Tool result blocked: "+reason)
		case beforeAgent:
			detail("The prompt is not sent to the model and is not added to the history.")
		case afterAgent:
			detail("Gemini re-prompts the model with the reason as a new user message (stop_hook_active: true).")
		case beforeModel:
			detail("The model call is blocked (a hookSpecificOutput.llm_response is used as a synthetic answer).")
		case afterModel:
			detail("The chunk is reported as blocked, then still passed on.")
		}
	case d == "ask" && o.Event == beforeTool:
		say(hooks.EffectAsks, " — %s asks the user to confirm the tool call, even in YOLO mode", by("ask"))
	default:
		say(hooks.EffectAllowed, "")
	}
	if specific == nil {
		return
	}
	switch o.Event {
	case beforeTool:
		if ti, ok := specific.Value("tool_input").(*hooks.Object); ok {
			detail("The tool's arguments are changed: %s merged over them.", string(hooks.AppendJSON(nil, ti)))
		}
	case beforeModel:
		if specific.Has("llm_request") {
			detail("The model request is changed: %s.", hooks.OneLine(string(hooks.AppendJSON(nil, specific.Value("llm_request")))))
		}
	case afterModel:
		if specific.Has("llm_response") {
			detail("The model response chunk is replaced (when it has candidate parts).")
		}
	}
	if ctx, ok := specific.Value("additionalContext").(string); ok && o.Event != beforeTool {
		detail("Added to the model's context: <hook_context>%s</hook_context>", hooks.OneLine(ctx))
	}
	if specific.Value("clearContext") == true && o.Event == afterAgent {
		detail("The chat history is cleared (only together with a stop or block).")
	}
}

// deciders returns a function naming the hooks whose own output made the
// given kind of decision.
func deciders(o *outcome) func(kind string) string {
	return func(kind string) string {
		var names []string
		for i := range o.Results {
			out := o.Results[i].Output
			hit := false
			switch kind {
			case "block":
				d := field(out, "decision")
				hit = d == "deny" || d == "block"
			case "ask":
				hit = field(out, "decision") == "ask"
			case "continue":
				hit = field(out, "continue") == false
			}
			if hit {
				names = append(names, hookName(&o.Results[i]))
			}
		}
		if len(names) == 0 {
			return "a hook"
		}
		return strings.Join(names, ", ")
	}
}

func firstTruthy(vs ...hooks.Value) hooks.Value {
	for _, v := range vs {
		if hooks.Truthy(v) {
			return v
		}
	}
	return nil
}
