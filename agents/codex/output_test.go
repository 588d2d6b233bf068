package codex

import (
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

type outputCase struct {
	name           string
	event          hooks.Event
	end            ProcessEnd
	status         RunStatus
	block          bool
	reason         string
	stop           bool
	contexts       []string
	updated        string
	permission     string
	unsupported    bool
	invalid        bool
	errorSubstring string
}

func exit(code int, stdout, stderr string) ProcessEnd {
	return ProcessEnd{HasCode: true, Code: code, Stdout: stdout, Stderr: stderr}
}

func TestParseOutputPreToolUse(t *testing.T) {
	cases := []outputCase{
		{name: "exit 0 silent", end: exit(0, "", ""), status: RunCompleted},
		{name: "exit 0 plain text is ignored", end: exit(0, "all good\n", ""), status: RunCompleted},
		{name: "exit 0 JSON string is ignored", end: exit(0, `"block"`, ""), status: RunCompleted},
		{name: "exit 2 with stderr blocks, trimmed", end: exit(2, "", "  blocked by guard: no writes\n"), status: RunBlocked, block: true, reason: "blocked by guard: no writes"},
		{name: "exit 2 reads stderr, not stdout", end: exit(2, `{"decision":"approve"}`, "no"), status: RunBlocked, block: true, reason: "no"},
		{name: "exit 2 without stderr fails open", end: exit(2, "", " \n"), status: RunFailed, errorSubstring: "did not write a blocking reason"},
		{name: "exit 2 with the reason on stdout fails open", end: exit(2, "reason on stdout", ""), status: RunFailed},
		{name: "exit 1 fails open", end: exit(1, "", "guard failed"), status: RunFailed, errorSubstring: "hook exited with code 1"},
		{name: "exit 3 fails open", end: exit(3, "", "x"), status: RunFailed},
		{name: "timeout fails open", end: ProcessEnd{Error: "hook timed out after 1s"}, status: RunFailed, errorSubstring: "timed out"},
		{name: "signal fails open", end: ProcessEnd{}, status: RunFailed, errorSubstring: "without a status code"},
		{name: "deny with reason blocks", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":" denied by json "}}`, ""), status: RunBlocked, block: true, reason: "denied by json"},
		{name: "deny without reason fails open", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}`, ""), status: RunFailed, unsupported: true},
		{name: "deny with blank reason fails open", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"  "}}`, ""), status: RunFailed, unsupported: true},
		{name: "hookEventName of another event still counts", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","permissionDecision":"deny","permissionDecisionReason":"mismatch"}}`, ""), status: RunBlocked, block: true, reason: "mismatch"},
		{name: "hookSpecificOutput without hookEventName is invalid", end: exit(0, `{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"r"}}`, ""), status: RunFailed, invalid: true},
		{name: "unknown hookEventName is invalid", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"BeforeTool","permissionDecision":"deny","permissionDecisionReason":"r"}}`, ""), status: RunFailed, invalid: true},
		{name: "legacy block", end: exit(0, `{"decision":"block","reason":"legacy block"}`, ""), status: RunBlocked, block: true, reason: "legacy block"},
		{name: "legacy block without reason", end: exit(0, `{"decision":"block"}`, ""), status: RunFailed, unsupported: true},
		{name: "approve is unsupported", end: exit(0, `{"decision":"approve"}`, ""), status: RunFailed, unsupported: true, errorSubstring: "decision:approve"},
		{name: "reason without decision", end: exit(0, `{"reason":"r"}`, ""), status: RunFailed, unsupported: true},
		{name: "unknown decision value is invalid JSON", end: exit(0, `{"decision":"deny","reason":"r"}`, ""), status: RunFailed, invalid: true},
		{name: "allow with updatedInput rewrites", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"echo rewritten"}}}`, ""), status: RunCompleted, updated: `{"command":"echo rewritten"}`},
		{name: "allow without updatedInput is unsupported", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`, ""), status: RunFailed, unsupported: true, errorSubstring: "permissionDecision:allow"},
		{name: "allow with null updatedInput is unsupported", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":null}}`, ""), status: RunFailed, unsupported: true},
		{name: "updatedInput without allow", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"x"}}}`, ""), status: RunFailed, unsupported: true},
		{name: "deny with updatedInput", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"r","updatedInput":{"command":"x"}}}`, ""), status: RunFailed, unsupported: true},
		{name: "ask is unsupported", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"r"}}`, ""), status: RunFailed, unsupported: true, errorSubstring: "permissionDecision:ask"},
		{name: "continue false is unsupported", end: exit(0, `{"continue":false,"stopReason":"s"}`, ""), status: RunFailed, unsupported: true, errorSubstring: "continue:false"},
		{name: "stopReason is unsupported", end: exit(0, `{"stopReason":"s"}`, ""), status: RunFailed, unsupported: true},
		{name: "suppressOutput is unsupported", end: exit(0, `{"suppressOutput":true,"decision":"block","reason":"r"}`, ""), status: RunFailed, unsupported: true},
		{name: "continue false beats a block", end: exit(0, `{"continue":false,"decision":"block","reason":"r"}`, ""), status: RunFailed, unsupported: true},
		{name: "an unknown field invalidates a block (observed)", end: exit(0, `{"decision":"block","reason":"unknown field","extra":1}`, ""), status: RunFailed, invalid: true},
		{name: "field names are case-sensitive", end: exit(0, `{"Decision":"block","reason":"r"}`, ""), status: RunFailed, invalid: true},
		{name: "a wrong type is invalid", end: exit(0, `{"decision":"block","reason":5}`, ""), status: RunFailed, invalid: true},
		{name: "null continue is invalid", end: exit(0, `{"continue":null,"decision":"block","reason":"r"}`, ""), status: RunFailed, invalid: true},
		{name: "null reason reads as absent", end: exit(0, `{"decision":"block","reason":null}`, ""), status: RunFailed, unsupported: true},
		{name: "invalid JSON starting with {", end: exit(0, `{"decision":"block",`, ""), status: RunFailed, invalid: true},
		{name: "a JSON array fails", end: exit(0, `[{"decision":"block","reason":"r"}]`, ""), status: RunFailed, invalid: true},
		{name: "text before JSON is plain text", end: exit(0, "note\n{\"decision\":\"block\",\"reason\":\"r\"}", ""), status: RunCompleted},
		{name: "duplicate keys: the last wins", end: exit(0, `{"decision":"approve","decision":"block","reason":"r"}`, ""), status: RunBlocked, block: true, reason: "r"},
		{name: "a lone surrogate escape is invalid for serde_json", end: exit(0, `{"decision":"block","reason":"\ud800"}`, ""), status: RunFailed, invalid: true},
		{name: "a lone low surrogate escape is invalid", end: exit(0, `{"decision":"block","reason":"x\udc00"}`, ""), status: RunFailed, invalid: true},
		{name: "a surrogate pair is fine", end: exit(0, `{"decision":"block","reason":"\ud83d\ude00 \\ud800"}`, ""), status: RunBlocked, block: true, reason: "😀 \\ud800"},
		{name: "nesting serde_json refuses", end: exit(0, `{"decision":"block","reason":"r","hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":`+strings.Repeat("[", 126)+strings.Repeat("]", 126)+`}}`, ""), status: RunFailed, invalid: true},
		{name: "nesting serde_json still takes", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":`+strings.Repeat("[", 125)+strings.Repeat("]", 125)+`}}`, ""), status: RunFailed, unsupported: true},
		{name: "additionalContext is a developer message (observed)", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"CTX-PRE"}}`, ""), status: RunCompleted, contexts: []string{"CTX-PRE"}},
		{name: "context and deny together", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"r","additionalContext":"c"}}`, ""), status: RunBlocked, block: true, reason: "r", contexts: []string{"c"}},
		{name: "systemMessage alone", end: exit(0, `{"systemMessage":"hi"}`, ""), status: RunCompleted},
	}
	runOutputCases(t, "PreToolUse", cases)
}

func TestParseOutputOtherEvents(t *testing.T) {
	cases := []outputCase{
		{event: "PostToolUse", name: "block replaces output", end: exit(0, `{"decision":"block","reason":"R"}`, ""), status: RunBlocked, block: true, reason: "R"},
		{event: "PostToolUse", name: "exit 2 with stderr (observed Blocked)", end: exit(2, "", "R\n"), status: RunBlocked, block: true, reason: "R"},
		{event: "PostToolUse", name: "exit 2 without stderr", end: exit(2, "", ""), status: RunFailed},
		{event: "PostToolUse", name: "additionalContext", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"C"}}`, ""), status: RunCompleted, contexts: []string{"C"}},
		{event: "PostToolUse", name: "continue false stops with feedback", end: exit(0, `{"continue":false,"stopReason":"S","reason":"F"}`, ""), status: RunStopped, stop: true, block: true, reason: "F"},
		{event: "PostToolUse", name: "continue false without reasons", end: exit(0, `{"continue":false}`, ""), status: RunStopped, stop: true, block: true, reason: "PostToolUse hook stopped execution"},
		{event: "PostToolUse", name: "reason without decision", end: exit(0, `{"reason":"R"}`, ""), status: RunFailed, unsupported: true},
		{event: "PostToolUse", name: "permissionDecision is unknown here", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","permissionDecision":"deny"}}`, ""), status: RunFailed, invalid: true},
		{event: "PostToolUse", name: "updatedMCPToolOutput is accepted and ignored", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedMCPToolOutput":{"ok":true}}}`, ""), status: RunCompleted},
		{event: "PostToolUse", name: "plain text ignored", end: exit(0, "hello", ""), status: RunCompleted},

		{event: "UserPromptSubmit", name: "block", end: exit(0, `{"decision":"block","reason":"R"}`, ""), status: RunBlocked, block: true, reason: "R"},
		{event: "UserPromptSubmit", name: "exit 2", end: exit(2, "", "R"), status: RunBlocked, block: true, reason: "R"},
		{event: "UserPromptSubmit", name: "plain stdout is context", end: exit(0, " remember X \n", ""), status: RunCompleted, contexts: []string{"remember X"}},
		{event: "UserPromptSubmit", name: "additionalContext", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"C"}}`, ""), status: RunCompleted, contexts: []string{"C"}},
		{event: "UserPromptSubmit", name: "block keeps context", end: exit(0, `{"decision":"block","reason":"R","hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"C"}}`, ""), status: RunBlocked, block: true, reason: "R", contexts: []string{"C"}},
		{event: "UserPromptSubmit", name: "block without reason", end: exit(0, `{"decision":"block"}`, ""), status: RunFailed, unsupported: true},
		{event: "UserPromptSubmit", name: "continue false stops", end: exit(0, `{"continue":false,"stopReason":"pause"}`, ""), status: RunStopped, stop: true},
		{event: "UserPromptSubmit", name: "exit 1", end: exit(1, "", "x"), status: RunFailed},

		{event: "SessionStart", name: "plain stdout is context", end: exit(0, "ctx", ""), status: RunCompleted, contexts: []string{"ctx"}},
		{event: "SessionStart", name: "additionalContext", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"C"}}`, ""), status: RunCompleted, contexts: []string{"C"}},
		{event: "SessionStart", name: "decision is unknown here", end: exit(0, `{"decision":"block","reason":"R"}`, ""), status: RunFailed, invalid: true},
		{event: "SessionStart", name: "exit 2 fails", end: exit(2, "", "R"), status: RunFailed},

		{event: "Stop", name: "block", end: exit(0, `{"decision":"block","reason":"keep going: run the tests"}`, ""), status: RunBlocked, block: true, reason: "keep going: run the tests"},
		{event: "Stop", name: "exit 2 with stderr", end: exit(2, "", "go on\n"), status: RunBlocked, block: true, reason: "go on"},
		{event: "Stop", name: "exit 2 without stderr", end: exit(2, "", ""), status: RunFailed},
		{event: "Stop", name: "plain text fails", end: exit(0, "done", ""), status: RunFailed, invalid: true},
		{event: "Stop", name: "block without reason", end: exit(0, `{"decision":"block","reason":" "}`, ""), status: RunFailed, unsupported: true},
		{event: "Stop", name: "continue false beats block", end: exit(0, `{"continue":false,"decision":"block","reason":"R"}`, ""), status: RunStopped, stop: true},
		{event: "Stop", name: "hookSpecificOutput is unknown here", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"C"}}`, ""), status: RunFailed, invalid: true},
		{event: "SubagentStop", name: "block", end: exit(0, `{"decision":"block","reason":"R"}`, ""), status: RunBlocked, block: true, reason: "R"},

		{event: "PermissionRequest", name: "deny with message", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"perm hook says no"}}}`, ""), status: RunBlocked, block: true, reason: "perm hook says no", permission: PermissionDeny},
		{event: "PermissionRequest", name: "deny without message", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny"}}}`, ""), status: RunBlocked, block: true, reason: "PermissionRequest hook denied approval", permission: PermissionDeny},
		{event: "PermissionRequest", name: "allow", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}`, ""), status: RunCompleted, permission: PermissionAllow},
		{event: "PermissionRequest", name: "no decision", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest"}}`, ""), status: RunCompleted},
		{event: "PermissionRequest", name: "behavior missing", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"message":"m"}}}`, ""), status: RunFailed, invalid: true},
		{event: "PermissionRequest", name: "updatedInput unsupported", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow","updatedInput":{}}}}`, ""), status: RunFailed, unsupported: true},
		{event: "PermissionRequest", name: "interrupt unsupported", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","interrupt":true}}}`, ""), status: RunFailed, unsupported: true},
		{event: "PermissionRequest", name: "exit 2 denies", end: exit(2, "", "no"), status: RunBlocked, block: true, reason: "no", permission: PermissionDeny},

		{event: "PreCompact", name: "continue false stops compaction", end: exit(0, `{"continue":false}`, ""), status: RunStopped, stop: true},
		{event: "PreCompact", name: "exit 2 fails", end: exit(2, "", "x"), status: RunFailed, errorSubstring: "x"},
		{event: "PostCompact", name: "plain text ignored", end: exit(0, "x", ""), status: RunCompleted},
		{event: "SubagentStart", name: "context", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"SubagentStart","additionalContext":"C"}}`, ""), status: RunCompleted, contexts: []string{"C"}},
		{event: "SubagentStart", name: "plain text fails", end: exit(0, "C", ""), status: RunFailed, invalid: true},
		{event: "PreModelRequest", name: "continue false unsupported", end: exit(0, `{"continue":false}`, ""), status: RunFailed, unsupported: true},
		{event: "PostModelRequest", name: "universal only", end: exit(0, `{"systemMessage":"m"}`, ""), status: RunCompleted},
		{event: "SessionEnd", name: "decision unknown", end: exit(0, `{"decision":"block","reason":"r"}`, ""), status: RunFailed, invalid: true},
		{event: "Interrupt", name: "exit 2 fails", end: exit(2, "", "x"), status: RunFailed},
	}
	runOutputCases(t, "", cases)
}

func runOutputCases(t *testing.T, event hooks.Event, cases []outputCase) {
	t.Helper()
	for _, c := range cases {
		ev := c.event
		if ev == "" {
			ev = event
		}
		t.Run(string(ev)+"/"+c.name, func(t *testing.T) {
			got := ParseOutput(ev, c.end)
			if got.Status != c.status || got.Block != c.block || got.Reason != c.reason || got.Stop != c.stop ||
				got.Permission != c.permission || got.Unsupported != c.unsupported || got.InvalidJSON != c.invalid ||
				string(got.UpdatedInput) != c.updated || !slices.Equal(got.Contexts, c.contexts) {
				t.Errorf("got %+v\nwant status %s block %v reason %q stop %v permission %q unsupported %v invalid %v updated %q contexts %q",
					got, c.status, c.block, c.reason, c.stop, c.permission, c.unsupported, c.invalid, c.updated, c.contexts)
			}
			if c.errorSubstring != "" && !strings.Contains(lastError(&got), c.errorSubstring) {
				t.Errorf("error %q, want it to contain %q", lastError(&got), c.errorSubstring)
			}
		})
	}
}
