package claudeschema

import (
	"encoding/json"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
)

// Exits is what an agent makes of a command hook's exit code and streams.
type Exits struct {
	// Blocking is the exit code that blocks (2 in the schema).
	Blocking int
	// NeedsStderr: a Blocking exit with empty stderr does not block.
	NeedsStderr bool
	// StderrJSON: a Blocking exit whose stderr is a JSON object is read as
	// the hook's answer (and does not block by itself).
	StderrJSON bool
	// StdoutJSON: a zero exit's stdout that is a JSON object is the
	// answer; other stdout is plain text (Output.Text).
	StdoutJSON bool
}

// kind is what an exit means.
type kind string

// Kinds of result.
const (
	// Success: exit 0; the answer is Output.
	Success kind = "success"
	// blocking: the blocking exit; Output.Decision is "block" with stderr
	// as the reason.
	blocking kind = "blocking"
	// NonBlocking: another exit code; the agent logs stderr and goes on.
	NonBlocking kind = "non-blocking"
	// Failed: the hook did not exit (timed out, killed, not started).
	Failed kind = "failed"
)

// Output is a hook's answer as the schema spells it.
type Output struct {
	// JSON: the answer was a JSON object; Text is plain stdout otherwise.
	JSON bool
	Text string
	// Continue is false for "continue": false (StopReason its reason).
	Continue   bool
	StopReason string
	// Decision and Reason are the top-level "decision" and "reason".
	Decision string
	Reason   string
	// SystemMessage is "systemMessage".
	SystemMessage string
	// PermissionDecision, PermissionReason, AdditionalContext are members
	// of "hookSpecificOutput"; Specific says it was there, and Ignored
	// names the members the caller's agent ignores (filled by the agent).
	Specific           bool
	PermissionDecision string
	PermissionReason   string
	AdditionalContext  string
	UpdatedInput       bool
}

// Result is one hook's end as the agent reads it.
type Result struct {
	Kind   kind
	Output Output
}

// read reads a finished hook: its exit code (ok false when it did not
// exit: a timeout, a signal), stdout and stderr.
func (x Exits) read(code int, exited bool, stdout, stderr string) Result {
	switch {
	case !exited:
		return Result{Kind: Failed}
	case code == 0:
		if x.StdoutJSON {
			if o, ok := parseOutput(stdout); ok {
				return Result{Kind: Success, Output: o}
			}
		}
		return Result{Kind: Success, Output: Output{Continue: true, Text: strings.TrimSpace(stdout)}}
	case code == x.Blocking:
		if x.StderrJSON {
			if o, ok := parseOutput(stderr); ok {
				return Result{Kind: Success, Output: o}
			}
		}
		reason := strings.TrimSpace(stderr)
		if x.NeedsStderr && reason == "" {
			return Result{Kind: NonBlocking, Output: Output{Continue: true}}
		}
		return Result{Kind: blocking, Output: Output{Continue: true, Decision: "block", Reason: reason}}
	}
	return Result{Kind: NonBlocking, Output: Output{Continue: true, Text: strings.TrimSpace(stderr)}}
}

// parseOutput reads text as a JSON answer object (ok false when it is
// not one).
func parseOutput(text string) (Output, bool) {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "{") {
		return Output{}, false
	}
	v, err := hooks.ParseJSON(t)
	if err != nil {
		return Output{}, false
	}
	obj, ok := v.(*hooks.Object)
	if !ok {
		return Output{}, false
	}
	o := Output{JSON: true, Continue: true}
	str := func(ob *hooks.Object, k string) string { s, _ := ob.Value(k).(string); return s }
	if c, ok := obj.Get("continue"); ok && c == false {
		o.Continue = false
	}
	o.StopReason, o.Decision, o.Reason, o.SystemMessage = str(obj, "stopReason"), str(obj, "decision"), str(obj, "reason"), str(obj, "systemMessage")
	if sp, ok := obj.Value("hookSpecificOutput").(*hooks.Object); ok {
		o.Specific = true
		o.PermissionDecision, o.PermissionReason = str(sp, "permissionDecision"), str(sp, "permissionDecisionReason")
		o.AdditionalContext = str(sp, "additionalContext")
		o.UpdatedInput = sp.Has("updatedInput")
	}
	return o, true
}

// Blocks reports whether a top-level decision blocks ("block", "deny").
func (o Output) Blocks() bool { return o.Decision == "block" || o.Decision == "deny" }

// merge is how an agent combines the answers of several hooks of one
// event into one permission decision.
type merge int

// The rules of merge.
const (
	// LastWins: answers are merged in plan order; the last
	// hookSpecificOutput.permissionDecision wins and beats every top-level
	// decision (an exit 2 is one); without one, a top-level block wins.
	LastWins merge = iota
	// mostRestrictive: deny beats ask beats allow, whatever the order.
	mostRestrictive
)

// decision is the combined permission answer of an event's hooks.
type decision struct {
	// Effect is "deny", "ask", "allow" or "" (no hook decided).
	Effect string
	// Reason is the deciding answer's reason; By indexes the deciding
	// result (-1 for none).
	Reason string
	By     int
	// Overruled indexes the results whose own block or deny lost.
	Overruled []int
}

// Combine merges results (in plan order) by the rule. A "continue":
// false answer denies with its stop reason whatever the rule.
func (m merge) Combine(results []Result) decision {
	d := decision{By: -1}
	rank := map[string]int{"allow": 1, "approve": 1, "ask": 2, "deny": 3, "block": 3}
	norm := func(s string) string {
		switch s {
		case "approve":
			return "allow"
		case "block":
			return "deny"
		}
		return s
	}
	specific := -1
	for i, r := range results {
		if r.Output.PermissionDecision != "" && rank[r.Output.PermissionDecision] > 0 {
			if m == LastWins || specific < 0 || rank[r.Output.PermissionDecision] > rank[results[specific].Output.PermissionDecision] {
				specific = i
			}
		}
	}
	top := -1
	for i, r := range results {
		if rank[r.Output.Decision] > 0 && (top < 0 || rank[r.Output.Decision] > rank[results[top].Output.Decision]) {
			top = i
		}
	}
	switch {
	case specific >= 0 && (m == LastWins || top < 0 || rank[results[specific].Output.PermissionDecision] >= rank[results[top].Output.Decision]):
		o := results[specific].Output
		d.Effect, d.Reason, d.By = norm(o.PermissionDecision), o.PermissionReason, specific
	case top >= 0:
		o := results[top].Output
		d.Effect, d.Reason, d.By = norm(o.Decision), o.Reason, top
	}
	for i, r := range results {
		if !r.Output.Continue {
			d.Effect, d.Reason, d.By = "deny", r.Output.StopReason, i
			break
		}
	}
	if d.Effect != "deny" {
		for i, r := range results {
			if r.Output.Blocks() || r.Output.PermissionDecision == "deny" {
				d.Overruled = append(d.Overruled, i)
			}
		}
	}
	return d
}

// Deny is the schema's deny answer to a tool call (event: the agent's
// PreToolUse): JSON on stdout, exit 0; the reason reaches the model.
func Deny(event, reason string) ([]byte, int) {
	out, _ := json.Marshal(map[string]any{"hookSpecificOutput": map[string]any{
		"hookEventName": event, "permissionDecision": "deny", "permissionDecisionReason": reason}})
	return append(out, '\n'), 0
}
