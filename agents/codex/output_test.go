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
	end            processEnd
	status         runStatus
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

func exit(code int, stdout, stderr string) processEnd {
	return processEnd{HasCode: true, Code: code, Stdout: stdout, Stderr: stderr}
}

func TestParseOutputPreToolUse(t *testing.T) {
	cases := []outputCase{
		{name: "exit 0 silent", end: exit(0, "", ""), status: runCompleted},
		{name: "exit 0 plain text is ignored", end: exit(0, "all good\n", ""), status: runCompleted},
		{name: "exit 0 JSON string is ignored", end: exit(0, `"block"`, ""), status: runCompleted},
		{name: "exit 2 with stderr blocks, trimmed", end: exit(2, "", "  blocked by guard: no writes\n"), status: runBlocked, block: true, reason: "blocked by guard: no writes"},
		{name: "exit 2 reads stderr, not stdout", end: exit(2, `{"decision":"approve"}`, "no"), status: runBlocked, block: true, reason: "no"},
		{name: "exit 2 without stderr fails open", end: exit(2, "", " \n"), status: runFailed, errorSubstring: "did not write a blocking reason"},
		{name: "exit 2 with the reason on stdout fails open", end: exit(2, "reason on stdout", ""), status: runFailed},
		{name: "exit 1 fails open", end: exit(1, "", "guard failed"), status: runFailed, errorSubstring: "hook exited with code 1"},
		{name: "exit 3 fails open", end: exit(3, "", "x"), status: runFailed},
		{name: "timeout fails open", end: processEnd{Error: "hook timed out after 1s"}, status: runFailed, errorSubstring: "timed out"},
		{name: "signal fails open", end: processEnd{}, status: runFailed, errorSubstring: "without a status code"},
		{name: "deny with reason blocks", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":" denied by json "}}`, ""), status: runBlocked, block: true, reason: "denied by json"},
		{name: "deny without reason fails open", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}`, ""), status: runFailed, unsupported: true},
		{name: "deny with blank reason fails open", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"  "}}`, ""), status: runFailed, unsupported: true},
		{name: "hookEventName of another event still counts", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","permissionDecision":"deny","permissionDecisionReason":"mismatch"}}`, ""), status: runBlocked, block: true, reason: "mismatch"},
		{name: "hookSpecificOutput without hookEventName is invalid", end: exit(0, `{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"r"}}`, ""), status: runFailed, invalid: true},
		{name: "unknown hookEventName is invalid", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"BeforeTool","permissionDecision":"deny","permissionDecisionReason":"r"}}`, ""), status: runFailed, invalid: true},
		{name: "legacy block", end: exit(0, `{"decision":"block","reason":"legacy block"}`, ""), status: runBlocked, block: true, reason: "legacy block"},
		{name: "legacy block without reason", end: exit(0, `{"decision":"block"}`, ""), status: runFailed, unsupported: true},
		{name: "approve is unsupported", end: exit(0, `{"decision":"approve"}`, ""), status: runFailed, unsupported: true, errorSubstring: "decision:approve"},
		{name: "reason without decision", end: exit(0, `{"reason":"r"}`, ""), status: runFailed, unsupported: true},
		{name: "unknown decision value is invalid JSON", end: exit(0, `{"decision":"deny","reason":"r"}`, ""), status: runFailed, invalid: true},
		{name: "allow with updatedInput rewrites", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"echo rewritten"}}}`, ""), status: runCompleted, updated: `{"command":"echo rewritten"}`},
		{name: "allow without updatedInput is unsupported", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`, ""), status: runFailed, unsupported: true, errorSubstring: "permissionDecision:allow"},
		{name: "allow with null updatedInput is unsupported", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":null}}`, ""), status: runFailed, unsupported: true},
		{name: "updatedInput without allow", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"x"}}}`, ""), status: runFailed, unsupported: true},
		{name: "deny with updatedInput", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"r","updatedInput":{"command":"x"}}}`, ""), status: runFailed, unsupported: true},
		{name: "ask is unsupported", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"r"}}`, ""), status: runFailed, unsupported: true, errorSubstring: "permissionDecision:ask"},
		{name: "continue false is unsupported", end: exit(0, `{"continue":false,"stopReason":"s"}`, ""), status: runFailed, unsupported: true, errorSubstring: "continue:false"},
		{name: "stopReason is unsupported", end: exit(0, `{"stopReason":"s"}`, ""), status: runFailed, unsupported: true},
		{name: "suppressOutput is unsupported", end: exit(0, `{"suppressOutput":true,"decision":"block","reason":"r"}`, ""), status: runFailed, unsupported: true},
		{name: "continue false beats a block", end: exit(0, `{"continue":false,"decision":"block","reason":"r"}`, ""), status: runFailed, unsupported: true},
		{name: "an unknown field invalidates a block (observed)", end: exit(0, `{"decision":"block","reason":"unknown field","extra":1}`, ""), status: runFailed, invalid: true},
		{name: "field names are case-sensitive", end: exit(0, `{"Decision":"block","reason":"r"}`, ""), status: runFailed, invalid: true},
		{name: "a wrong type is invalid", end: exit(0, `{"decision":"block","reason":5}`, ""), status: runFailed, invalid: true},
		{name: "null continue is invalid", end: exit(0, `{"continue":null,"decision":"block","reason":"r"}`, ""), status: runFailed, invalid: true},
		{name: "null reason reads as absent", end: exit(0, `{"decision":"block","reason":null}`, ""), status: runFailed, unsupported: true},
		{name: "invalid JSON starting with {", end: exit(0, `{"decision":"block",`, ""), status: runFailed, invalid: true},
		{name: "a JSON array fails", end: exit(0, `[{"decision":"block","reason":"r"}]`, ""), status: runFailed, invalid: true},
		{name: "text before JSON is plain text", end: exit(0, "note\n{\"decision\":\"block\",\"reason\":\"r\"}", ""), status: runCompleted},
		{name: "duplicate keys: the last wins", end: exit(0, `{"decision":"approve","decision":"block","reason":"r"}`, ""), status: runBlocked, block: true, reason: "r"},
		{name: "a lone surrogate escape is invalid for serde_json", end: exit(0, `{"decision":"block","reason":"\ud800"}`, ""), status: runFailed, invalid: true},
		{name: "a lone low surrogate escape is invalid", end: exit(0, `{"decision":"block","reason":"x\udc00"}`, ""), status: runFailed, invalid: true},
		{name: "a surrogate pair is fine", end: exit(0, `{"decision":"block","reason":"\ud83d\ude00 \\ud800"}`, ""), status: runBlocked, block: true, reason: "😀 \\ud800"},
		{name: "nesting serde_json refuses", end: exit(0, `{"decision":"block","reason":"r","hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":`+strings.Repeat("[", 126)+strings.Repeat("]", 126)+`}}`, ""), status: runFailed, invalid: true},
		{name: "nesting serde_json still takes", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":`+strings.Repeat("[", 125)+strings.Repeat("]", 125)+`}}`, ""), status: runFailed, unsupported: true},
		{name: "additionalContext is a developer message (observed)", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"CTX-PRE"}}`, ""), status: runCompleted, contexts: []string{"CTX-PRE"}},
		{name: "context and deny together", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"r","additionalContext":"c"}}`, ""), status: runBlocked, block: true, reason: "r", contexts: []string{"c"}},
		{name: "systemMessage alone", end: exit(0, `{"systemMessage":"hi"}`, ""), status: runCompleted},
	}
	runOutputCases(t, "PreToolUse", cases)
}

func TestParseOutputOtherEvents(t *testing.T) {
	cases := []outputCase{
		{event: "PostToolUse", name: "block replaces output", end: exit(0, `{"decision":"block","reason":"R"}`, ""), status: runBlocked, block: true, reason: "R"},
		{event: "PostToolUse", name: "exit 2 with stderr (observed Blocked)", end: exit(2, "", "R\n"), status: runBlocked, block: true, reason: "R"},
		{event: "PostToolUse", name: "exit 2 without stderr", end: exit(2, "", ""), status: runFailed},
		{event: "PostToolUse", name: "additionalContext", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"C"}}`, ""), status: runCompleted, contexts: []string{"C"}},
		{event: "PostToolUse", name: "continue false stops with feedback", end: exit(0, `{"continue":false,"stopReason":"S","reason":"F"}`, ""), status: runStopped, stop: true, block: true, reason: "F"},
		{event: "PostToolUse", name: "continue false without reasons", end: exit(0, `{"continue":false}`, ""), status: runStopped, stop: true, block: true, reason: "PostToolUse hook stopped execution"},
		{event: "PostToolUse", name: "reason without decision", end: exit(0, `{"reason":"R"}`, ""), status: runFailed, unsupported: true},
		{event: "PostToolUse", name: "permissionDecision is unknown here", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","permissionDecision":"deny"}}`, ""), status: runFailed, invalid: true},
		{event: "PostToolUse", name: "updatedMCPToolOutput is accepted and ignored", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedMCPToolOutput":{"ok":true}}}`, ""), status: runCompleted},
		{event: "PostToolUse", name: "plain text ignored", end: exit(0, "hello", ""), status: runCompleted},

		{event: "UserPromptSubmit", name: "block", end: exit(0, `{"decision":"block","reason":"R"}`, ""), status: runBlocked, block: true, reason: "R"},
		{event: "UserPromptSubmit", name: "exit 2", end: exit(2, "", "R"), status: runBlocked, block: true, reason: "R"},
		{event: "UserPromptSubmit", name: "plain stdout is context", end: exit(0, " remember X \n", ""), status: runCompleted, contexts: []string{"remember X"}},
		{event: "UserPromptSubmit", name: "additionalContext", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"C"}}`, ""), status: runCompleted, contexts: []string{"C"}},
		{event: "UserPromptSubmit", name: "block keeps context", end: exit(0, `{"decision":"block","reason":"R","hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"C"}}`, ""), status: runBlocked, block: true, reason: "R", contexts: []string{"C"}},
		{event: "UserPromptSubmit", name: "block without reason", end: exit(0, `{"decision":"block"}`, ""), status: runFailed, unsupported: true},
		{event: "UserPromptSubmit", name: "continue false stops", end: exit(0, `{"continue":false,"stopReason":"pause"}`, ""), status: runStopped, stop: true},
		{event: "UserPromptSubmit", name: "exit 1", end: exit(1, "", "x"), status: runFailed},

		{event: "SessionStart", name: "plain stdout is context", end: exit(0, "ctx", ""), status: runCompleted, contexts: []string{"ctx"}},
		{event: "SessionStart", name: "additionalContext", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"C"}}`, ""), status: runCompleted, contexts: []string{"C"}},
		{event: "SessionStart", name: "decision is unknown here", end: exit(0, `{"decision":"block","reason":"R"}`, ""), status: runFailed, invalid: true},
		{event: "SessionStart", name: "exit 2 fails", end: exit(2, "", "R"), status: runFailed},

		{event: "Stop", name: "block", end: exit(0, `{"decision":"block","reason":"keep going: run the tests"}`, ""), status: runBlocked, block: true, reason: "keep going: run the tests"},
		{event: "Stop", name: "exit 2 with stderr", end: exit(2, "", "go on\n"), status: runBlocked, block: true, reason: "go on"},
		{event: "Stop", name: "exit 2 without stderr", end: exit(2, "", ""), status: runFailed},
		{event: "Stop", name: "plain text fails", end: exit(0, "done", ""), status: runFailed, invalid: true},
		{event: "Stop", name: "block without reason", end: exit(0, `{"decision":"block","reason":" "}`, ""), status: runFailed, unsupported: true},
		{event: "Stop", name: "continue false beats block", end: exit(0, `{"continue":false,"decision":"block","reason":"R"}`, ""), status: runStopped, stop: true},
		{event: "Stop", name: "hookSpecificOutput is unknown here", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"C"}}`, ""), status: runFailed, invalid: true},
		{event: "SubagentStop", name: "block", end: exit(0, `{"decision":"block","reason":"R"}`, ""), status: runBlocked, block: true, reason: "R"},

		{event: "PermissionRequest", name: "deny with message", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"perm hook says no"}}}`, ""), status: runBlocked, block: true, reason: "perm hook says no", permission: permissionDeny},
		{event: "PermissionRequest", name: "deny without message", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny"}}}`, ""), status: runBlocked, block: true, reason: "PermissionRequest hook denied approval", permission: permissionDeny},
		{event: "PermissionRequest", name: "allow", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}`, ""), status: runCompleted, permission: permissionAllow},
		{event: "PermissionRequest", name: "no decision", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest"}}`, ""), status: runCompleted},
		{event: "PermissionRequest", name: "behavior missing", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"message":"m"}}}`, ""), status: runFailed, invalid: true},
		{event: "PermissionRequest", name: "updatedInput unsupported", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow","updatedInput":{}}}}`, ""), status: runFailed, unsupported: true},
		{event: "PermissionRequest", name: "interrupt unsupported", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","interrupt":true}}}`, ""), status: runFailed, unsupported: true},
		{event: "PermissionRequest", name: "exit 2 denies", end: exit(2, "", "no"), status: runBlocked, block: true, reason: "no", permission: permissionDeny},

		{event: "PreCompact", name: "continue false stops compaction", end: exit(0, `{"continue":false}`, ""), status: runStopped, stop: true},
		{event: "PreCompact", name: "exit 2 fails", end: exit(2, "", "x"), status: runFailed, errorSubstring: "x"},
		{event: "PostCompact", name: "plain text ignored", end: exit(0, "x", ""), status: runCompleted},
		{event: "SubagentStart", name: "context", end: exit(0, `{"hookSpecificOutput":{"hookEventName":"SubagentStart","additionalContext":"C"}}`, ""), status: runCompleted, contexts: []string{"C"}},
		{event: "SubagentStart", name: "plain text fails", end: exit(0, "C", ""), status: runFailed, invalid: true},
		{event: "PreModelRequest", name: "continue false unsupported", end: exit(0, `{"continue":false}`, ""), status: runFailed, unsupported: true},
		{event: "PostModelRequest", name: "universal only", end: exit(0, `{"systemMessage":"m"}`, ""), status: runCompleted},
		{event: "SessionEnd", name: "decision unknown", end: exit(0, `{"decision":"block","reason":"r"}`, ""), status: runFailed, invalid: true},
		{event: "Interrupt", name: "exit 2 fails", end: exit(2, "", "x"), status: runFailed},
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
			got := parseOutput(ev, c.end)
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
