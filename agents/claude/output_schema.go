package claude

import (
	"fmt"

	"github.com/hookwarden/hookwarden/hooks"
)

// validateOutput checks a hook's JSON output against the shape Claude Code
// accepts for the event and returns the problems in words (nil when it is
// valid). Claude Code treats output that fails validation as a
// non-blocking error: it decides nothing (an exit-2 block still blocks).
// Unknown top-level keys are not errors.
func validateOutput(event hooks.Event, o *hooks.Object) []string {
	var errs []string
	bad := func(format string, a ...any) { errs = append(errs, fmt.Sprintf(format, a...)) }
	typed := func(o *hooks.Object, prefix, key, kind string) {
		val, ok := o.Get(key)
		if !ok {
			return
		}
		okKind := false
		switch kind {
		case "boolean":
			_, okKind = val.(bool)
		case "string":
			_, okKind = val.(string)
		case "object":
			_, okKind = val.(*hooks.Object)
		}
		if !okKind {
			bad("%s%s must be a %s, not %s", prefix, key, kind, jsKind(val))
		}
	}
	typed(o, "", "continue", "boolean")
	typed(o, "", "suppressOutput", "boolean")
	typed(o, "", "stopReason", "string")
	typed(o, "", "systemMessage", "string")
	typed(o, "", "reason", "string")
	if d, ok := o.Get("decision"); ok {
		allowed := []string{"block"}
		if event == "PreToolUse" {
			allowed = []string{"approve", "block"}
		}
		if !oneOf(d, allowed) {
			bad("decision must be %s, not %s", quoteList(allowed), string(hooks.AppendJSON(nil, d)))
		}
	}
	hso, has := o.Get("hookSpecificOutput")
	if !has {
		return errs
	}
	specific, ok := hso.(*hooks.Object)
	if !ok {
		bad("hookSpecificOutput must be an object, not %s", jsKind(hso))
		return errs
	}
	name, _ := specific.Value("hookEventName").(string)
	if name != string(event) {
		bad("hookSpecificOutput.hookEventName must be %q, not %s", event, string(hooks.AppendJSON(nil, specific.Value("hookEventName"))))
		return errs
	}
	const p = "hookSpecificOutput."
	typed(specific, p, "additionalContext", "string")
	switch event {
	case "PreToolUse":
		if d, ok := specific.Get("permissionDecision"); ok {
			if all := []string{permissionAllow, permissionDeny, permissionAsk, permissionDefer}; !oneOf(d, all) {
				bad("hookSpecificOutput.permissionDecision must be %s, not %s", quoteList(all), string(hooks.AppendJSON(nil, d)))
			}
		}
		typed(specific, p, "permissionDecisionReason", "string")
		typed(specific, p, "updatedInput", "object")
	case "PermissionRequest":
		typed(specific, p, "decision", "object")
		if d, ok := specific.Value("decision").(*hooks.Object); ok {
			if b, ok := d.Get("behavior"); !ok || !oneOf(b, []string{"allow", "deny"}) {
				bad("hookSpecificOutput.decision.behavior must be \"allow\" or \"deny\"")
			}
		}
	case "PermissionDenied":
		typed(specific, p, "retry", "boolean")
	case "UserPromptSubmit", "SessionStart":
		typed(specific, p, "sessionTitle", "string")
	case "MessageDisplay":
		typed(specific, p, "displayContent", "string")
	}
	return errs
}

func oneOf(v hooks.Value, allowed []string) bool {
	s, ok := v.(string)
	if !ok {
		return false
	}
	for _, a := range allowed {
		if s == a {
			return true
		}
	}
	return false
}

func quoteList(list []string) string {
	out := ""
	for i, s := range list {
		switch {
		case i == 0:
		case i == len(list)-1:
			out += " or "
		default:
			out += ", "
		}
		out += fmt.Sprintf("%q", s)
	}
	return out
}

func jsKind(v hooks.Value) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64:
		return "a number"
	case string:
		return "a string"
	case []hooks.Value:
		return "an array"
	case *hooks.Object:
		return "an object"
	}
	return "a value"
}
