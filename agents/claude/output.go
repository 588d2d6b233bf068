package claude

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/hookwarden/hookwarden/hooks"
)

// Outcome kinds of one handler, as Claude Code classifies them.
const (
	// kindSuccess: exit 0 (or a 2xx HTTP answer).
	kindSuccess = "success"
	// kindBlocking: exit 2 on an event that can block.
	kindBlocking = "blocking-error"
	// kindNonBlocking: any other exit code, a failure to start, a schema
	// error, or exit 2 on an event that cannot block.
	kindNonBlocking = "non-blocking-error"
	// kindDiscarded: timed out or cancelled; Claude Code ignores the hook.
	kindDiscarded = "discarded"
	// kindNotRun: shown with what it would send, not run (prompt, agent,
	// mcp_tool, a refused http host, a hook filtered by "if").
	kindNotRun = "not-run"
)

// Permission decisions of PreToolUse, from least to most restrictive.
const (
	permissionAllow = "allow"
	permissionAsk   = "ask"
	permissionDefer = "defer"
	permissionDeny  = "deny"
)

// verdict is what Claude Code makes of one handler's output.
type verdict struct {
	Kind string `json:"kind"`
	// JSON is stdout parsed as JSON (stdout starts with "{" and parses);
	// nil for plain text. SchemaErrors lists why Claude Code rejects it
	// (then it decides nothing but an exit-2 block).
	JSON         *hooks.Object `json:"json,omitempty"`
	SchemaErrors []string      `json:"schemaErrors,omitempty"`
	// Block: the handler blocks (exit 2 on a blocking event, or a
	// decision "block"); Reason is what Claude Code shows for it.
	Block  bool   `json:"block,omitempty"`
	Reason string `json:"reason,omitempty"`
	// Permission is PreToolUse's permissionDecision (deprecated top-level
	// "approve"/"block" mapped to allow/deny).
	Permission       string        `json:"permission,omitempty"`
	PermissionReason string        `json:"permissionReason,omitempty"`
	UpdatedInput     *hooks.Object `json:"updatedInput,omitempty"`
	// Context is what is added to Claude's context: additionalContext, or
	// plain stdout on the events that take it.
	Context []string `json:"context,omitempty"`
	// Stop: continue:false, which stops Claude (StopReason shown to the
	// user).
	Stop       bool   `json:"stop,omitempty"`
	StopReason string `json:"stopReason,omitempty"`
	// SystemMessage is shown to the user as a warning.
	SystemMessage string `json:"systemMessage,omitempty"`
	// Error is the non-blocking error text Claude Code shows ("Failed with
	// non-blocking status code: <first stderr line>").
	Error string `json:"error,omitempty"`
	// ShownTo says where stderr / the error goes: "claude", "user" or
	// "debug log".
	ShownTo string `json:"shownTo,omitempty"`
}

// nonBlockingPrefix is Claude Code's text for a non-blocking error.
const nonBlockingPrefix = "Failed with non-blocking status code: "

// interpretCommand applies Claude Code's rules to a finished command
// handler: exit 0 is success, exit 2 a blocking error on events that can
// block (the reason is the JSON's, else stderr), any other code a
// non-blocking error; stdout whose first non-blank character is "{" is
// parsed as JSON, and valid JSON decides whatever the exit code.
func interpretCommand(event hooks.Event, code int, stdout, stderr string) verdict {
	v := verdict{Kind: kindSuccess, ShownTo: "debug log"}
	obj, isJSON := parseStdoutJSON(stdout)
	if isJSON {
		v.SchemaErrors = validateOutput(event, obj)
	}
	validJSON := isJSON && len(v.SchemaErrors) == 0
	switch {
	case code == 0:
	case code == 2 && blocksOnExit2(event):
		v.Kind, v.Block = kindBlocking, true
		v.Reason = strings.TrimSpace(stderr)
		v.ShownTo = "claude"
		if event == "UserPromptSubmit" || event == "UserPromptExpansion" {
			v.ShownTo = "user"
		}
	case code == 2:
		v.Kind = kindNonBlocking
		v.Reason = strings.TrimSpace(stderr)
		v.ShownTo = "user"
		if stderrToClaude[event] {
			v.ShownTo = "claude"
		}
	default:
		v.Kind = kindNonBlocking
		v.Error = nonBlockingPrefix + firstLine(stderr)
		v.ShownTo = "user"
	}
	if event == "WorktreeCreate" && code != 0 {
		v.Block = true
	}
	if isJSON {
		v.JSON = obj
	}
	if validJSON {
		if code != 0 && code != 2 {
			// valid JSON decides; the exit code only makes it an error
			v.Error = ""
		}
		applyJSON(event, obj, &v)
	} else if len(v.SchemaErrors) > 0 && v.Kind == kindSuccess {
		v.Kind = kindNonBlocking
		v.Error = "Hook JSON output validation failed: " + strings.Join(v.SchemaErrors, "; ")
		v.ShownTo = "user"
	}
	if !isJSON && code == 0 && plainStdoutIsContext[event] {
		if t := strings.TrimSpace(stdout); t != "" {
			v.Context = append(v.Context, t)
		}
	}
	return v
}

// interpretHTTP applies Claude Code's rules to an HTTP handler's answer: a
// 2xx with an empty body is success, a 2xx with a JSON object is read like
// command stdout; anything else is a non-blocking error (an HTTP hook
// cannot block through its status code).
func interpretHTTP(event hooks.Event, status int, body string) verdict {
	if status < 200 || status > 299 {
		return verdict{Kind: kindNonBlocking, Error: fmt.Sprintf("HTTP %d", status), ShownTo: "user"}
	}
	if strings.TrimSpace(body) == "" {
		return verdict{Kind: kindSuccess, ShownTo: "debug log"}
	}
	obj, isJSON := parseStdoutJSON(body)
	if !isJSON {
		return verdict{Kind: kindNonBlocking, Error: "the response body is not a JSON object", ShownTo: "user"}
	}
	v := verdict{Kind: kindSuccess, JSON: obj, SchemaErrors: validateOutput(event, obj), ShownTo: "debug log"}
	if len(v.SchemaErrors) > 0 {
		v.Kind = kindNonBlocking
		v.Error = "Hook JSON output validation failed: " + strings.Join(v.SchemaErrors, "; ")
		return v
	}
	applyJSON(event, obj, &v)
	return v
}

// parseStdoutJSON is the "{" rule: stdout whose first non-blank character
// is "{" is parsed; JSON that does not parse, or does not start with "{",
// is plain text.
func parseStdoutJSON(stdout string) (*hooks.Object, bool) {
	t := strings.TrimLeftFunc(stdout, unicode.IsSpace)
	if !strings.HasPrefix(t, "{") {
		return nil, false
	}
	val, err := hooks.ParseJSON(strings.TrimSpace(t))
	if err != nil {
		return nil, false
	}
	obj, ok := val.(*hooks.Object)
	return obj, ok
}

// applyJSON reads the fields of a schema-valid output.
func applyJSON(event hooks.Event, o *hooks.Object, v *verdict) {
	if c, ok := o.Value("continue").(bool); ok && !c {
		v.Stop = true
		v.StopReason, _ = o.Value("stopReason").(string)
	}
	v.SystemMessage, _ = o.Value("systemMessage").(string)
	specific, _ := o.Value("hookSpecificOutput").(*hooks.Object)
	reason, _ := o.Value("reason").(string)
	decision, _ := o.Value("decision").(string)
	switch {
	case event == "PreToolUse":
		switch decision {
		case "approve":
			v.Permission, v.PermissionReason = permissionAllow, reason
		case "block":
			v.Permission, v.PermissionReason = permissionDeny, reason
		}
		if specific != nil {
			if d, ok := specific.Value("permissionDecision").(string); ok {
				v.Permission = d
				v.PermissionReason, _ = specific.Value("permissionDecisionReason").(string)
			}
			v.UpdatedInput, _ = specific.Value("updatedInput").(*hooks.Object)
		}
		if v.Permission == permissionDeny {
			v.Block = true
			if v.PermissionReason != "" {
				v.Reason = v.PermissionReason
			}
		}
	case topLevelBlock[event] && decision == "block":
		v.Block = true
		if reason != "" {
			v.Reason = reason
		}
	}
	if v.Block && v.Kind == kindBlocking && reason != "" && event != "PreToolUse" {
		v.Reason = reason
	}
	if specific != nil && additionalContextEvents[event] {
		if ctx, ok := specific.Value("additionalContext").(string); ok && ctx != "" {
			v.Context = append(v.Context, ctx)
		}
	}
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return strings.TrimSpace(s[:i])
	}
	return s
}
