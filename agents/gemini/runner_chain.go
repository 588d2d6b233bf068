package gemini

import (
	"github.com/hookwarden/hookwarden/hooks"
)

// applyOutputToInput is HookRunner.applyHookOutputToInput: in a sequential
// run, the input of the next hook after a successful hook with output. The
// input is copied shallowly; then, if hookSpecificOutput is truthy:
//
//   - BeforeAgent: a string additionalContext is appended to prompt as
//     "\n\n" + additionalContext;
//   - BeforeModel: llm_request = {...llm_request, ...hso.llm_request};
//   - BeforeTool: tool_input = {...tool_input, ...hso.tool_input};
//
// other events are unchanged. A hookSpecificOutput that is a truthy
// primitive makes the reference throw (V8's "Cannot use 'in' operator"
// TypeError), returned as the error.
func applyOutputToInput(input *hooks.Object, output hooks.Value, event hooks.Event) (*hooks.Object, error) {
	next := input.Clone()
	specific := field(output, "hookSpecificOutput")
	if !hooks.Truthy(specific) {
		return next, nil
	}
	switch event {
	case beforeAgent:
		has, err := hooks.InOperator("additionalContext", specific)
		if err != nil || !has {
			return next, err
		}
		if ctx, ok := field(specific, "additionalContext").(string); ok && next.Has("prompt") {
			next.Set("prompt", hooks.ToJSString(next.Value("prompt"))+"\n\n"+ctx)
		}
	case beforeModel:
		next2, err := mergeInputField(next, specific, "llm_request")
		return next2, err
	case beforeTool:
		next2, err := mergeInputField(next, specific, "tool_input")
		return next2, err
	}
	return next, nil
}

func mergeInputField(next *hooks.Object, specific hooks.Value, key string) (*hooks.Object, error) {
	has, err := hooks.InOperator(key, specific)
	if err != nil || !has {
		return next, err
	}
	partial := field(specific, key)
	if !hooks.Truthy(partial) || !next.Has(key) {
		return next, nil
	}
	merged := hooks.NewObject(8)
	hooks.SpreadInto(merged, next.Value(key))
	hooks.SpreadInto(merged, partial)
	next.Set(key, merged)
	return next, nil
}
