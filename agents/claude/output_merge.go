package claude

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
)

// decision is what Claude Code does with an event once all its handlers
// finished: the most restrictive PreToolUse permission (deny > defer > ask
// > allow), any block, every additionalContext, continue:false over all.
type decision struct {
	// Effect is one word: ALLOWED, BLOCKED, ASKS, DEFERS, STOPPED,
	// NOTHING (no handler decided anything) or IGNORED (the event has no
	// decision control).
	Effect   string   `json:"effect"`
	Headline string   `json:"headline"`
	Details  []string `json:"details"`
	// Permission is PreToolUse's merged permission ("" when none).
	Permission string `json:"permission,omitempty"`
	// Reasons of the deciding handlers, in plan order.
	Reasons []string `json:"reasons,omitempty"`
	// DecidedBy names the deciding handlers.
	DecidedBy      []string      `json:"decidedBy,omitempty"`
	Context        []string      `json:"context,omitempty"`
	SystemMessages []string      `json:"systemMessages,omitempty"`
	UpdatedInput   *hooks.Object `json:"updatedInput,omitempty"`
	Stop           bool          `json:"stop,omitempty"`
	StopReason     string        `json:"stopReason,omitempty"`
}

// Effects.
const (
	effectAllowed = "ALLOWED"
	effectBlocked = "BLOCKED"
	effectAsks    = "ASKS"
	effectDefers  = "DEFERS"
	effectStopped = "STOPPED"
	effectNothing = "NOTHING"
	effectIgnored = "IGNORED"
)

var permissionRank = map[string]int{permissionAllow: 1, permissionAsk: 2, permissionDefer: 3, permissionDeny: 4}

// merge combines the handlers' verdicts for event.
func merge(event hooks.Event, results []runResult) decision {
	d := decision{Details: []string{}}
	lastFinished := 0
	blocked := false
	for i := range results {
		r := &results[i]
		v := r.Verdict
		d.Context = append(d.Context, v.Context...)
		if v.SystemMessage != "" {
			d.SystemMessages = append(d.SystemMessages, v.SystemMessage)
		}
		if v.Stop && !d.Stop {
			d.Stop, d.StopReason = true, v.StopReason
		}
		if v.UpdatedInput != nil && r.Finished > lastFinished {
			d.UpdatedInput, lastFinished = v.UpdatedInput, r.Finished
		}
		perm := v.Permission
		if event == "PreToolUse" && v.Block {
			perm = permissionDeny
		}
		if perm != "" && permissionRank[perm] > permissionRank[d.Permission] {
			d.Permission = perm
		}
		if v.Block {
			blocked = true
		}
	}
	// the deciding handlers and their reasons, in plan order
	for i := range results {
		v := results[i].Verdict
		decides := v.Block
		if event == "PreToolUse" && !blocked {
			decides = v.Permission != "" && v.Permission == d.Permission
		}
		if decides {
			d.DecidedBy = append(d.DecidedBy, handlerLabel(results[i].Hook))
			reason := v.Reason
			if event == "PreToolUse" && v.PermissionReason != "" && !blocked {
				reason = v.PermissionReason
			}
			if reason != "" {
				d.Reasons = append(d.Reasons, reason)
			}
		}
	}
	explainDecision(event, blocked, &d)
	return d
}

func explainDecision(event hooks.Event, blocked bool, d *decision) {
	by := strings.Join(d.DecidedBy, ", ")
	reason := strings.Join(d.Reasons, "; ")
	say := func(effect, format string, a ...any) {
		d.Effect = effect
		d.Headline = string(event) + ": " + effect + fmt.Sprintf(format, a...)
	}
	detail := func(format string, a ...any) { d.Details = append(d.Details, fmt.Sprintf(format, a...)) }
	switch {
	case d.Stop:
		say(effectStopped, " — continue:false: Claude stops (%s)", orNone(d.StopReason))
		detail("continue:false overrides every other decision; the stop reason is shown to the user.")
	case noDecisionControl[event]:
		say(effectIgnored, " — %s has no decision control; its handlers only have side effects", event)
	case event == "PreToolUse":
		switch d.Permission {
		case permissionDeny:
			say(effectBlocked, " by %s — reason: %s", by, orNone(reason))
			detail("The tool does not run; Claude is told %q.", "PreToolUse:<tool> hook error: "+orNone(reason))
		case permissionDefer:
			say(effectDefers, " by %s", by)
			detail("In -p mode Claude Code stops and hands this one tool call back to the caller to decide; elsewhere defer is not honoured.")
		case permissionAsk:
			say(effectAsks, " by %s — the user is asked to confirm the tool call", by)
		case permissionAllow:
			say(effectAllowed, " by %s — the permission prompt is skipped", by)
			detail("Deny and ask rules of the settings still apply over a hook's allow (since 2.1.77).")
		default:
			say(effectNothing, " — no handler decided; Claude Code's permission rules decide as usual")
		}
		if d.UpdatedInput != nil {
			detail("The tool input is replaced by %s.", string(hooks.AppendJSON(nil, d.UpdatedInput)))
		}
	case blocked:
		say(effectBlocked, " by %s — reason: %s", by, orNone(reason))
		switch event {
		case "UserPromptSubmit", "UserPromptExpansion":
			detail("The prompt is erased: it is not sent to Claude; the reason is shown to the user.")
		case "Stop", "SubagentStop":
			detail("Claude does not stop: it goes on with the reason as its next instruction (at most 8 blocks in a row, CLAUDE_CODE_STOP_HOOK_BLOCK_CAP).")
		case "PostToolUse", "PostToolUseFailure":
			detail("The tool already ran; the reason is shown to Claude.")
		case "PostToolBatch":
			detail("The agent loop stops after this batch of tool calls.")
		case "PreCompact":
			detail("The compaction does not happen.")
		case "WorktreeCreate":
			detail("The worktree is not created.")
		}
	default:
		say(effectAllowed, "")
	}
	if len(d.Context) > 0 {
		for _, c := range d.Context {
			detail("Added to Claude's context: %s", hooks.OneLine(c))
		}
	}
	for _, m := range d.SystemMessages {
		detail("Shown to the user: %s", hooks.OneLine(m))
	}
}

func orNone(s string) string {
	if s == "" {
		return "(none given)"
	}
	return s
}

// handlerLabel names a handler in messages (Label, or "a handler" for nil).
func handlerLabel(h *hooks.Hook) string {
	if h == nil {
		return "a handler"
	}
	return Label(h)
}
