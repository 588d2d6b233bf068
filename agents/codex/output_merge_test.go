package codex

import (
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

func bashCall(cmd string) ToolCall {
	in := hooks.NewObject(1)
	in.Set("command", cmd)
	return ToolCall{Name: "Bash", Input: in}
}

func parsed(event hooks.Event, code int, stdout, stderr string) hookOutput {
	return parseOutput(event, exit(code, stdout, stderr))
}

func TestMergePreToolUse(t *testing.T) {
	allow := func(cmd string) hookOutput {
		return parsed("PreToolUse", 0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"`+cmd+`"}}}`, "")
	}
	block := func(r string) hookOutput { return parsed("PreToolUse", 2, "", r) }
	none := parsed("PreToolUse", 0, "", "")
	call := bashCall("echo hi > out.txt")

	t.Run("any block wins; the first configured reason, whichever finished first (observed)", func(t *testing.T) {
		e := mergeOutputs("PreToolUse", []hookOutput{none, block("first"), block("second")}, []int{0, 2, 1}, call, nil)
		if !e.Blocked || e.Reason != "first" || e.ModelMessage != "Command blocked by PreToolUse hook: first. Command: echo hi > out.txt" {
			t.Fatalf("%+v", e)
		}
	})
	t.Run("a block beats a rewrite", func(t *testing.T) {
		e := mergeOutputs("PreToolUse", []hookOutput{allow("echo x"), block("no")}, []int{1, 0}, call, nil)
		if !e.Blocked || e.UpdatedInput != nil || e.RewrittenCommand != "" {
			t.Fatalf("%+v", e)
		}
	})
	t.Run("the last rewrite to finish wins", func(t *testing.T) {
		e := mergeOutputs("PreToolUse", []hookOutput{allow("echo A"), allow("echo B"), none}, []int{2, 0, 1}, call, nil)
		if e.RewrittenCommand != "echo A" {
			t.Fatalf("got %q, want the one that finished last", e.RewrittenCommand)
		}
		e = mergeOutputs("PreToolUse", []hookOutput{allow("echo A"), allow("echo B")}, []int{0, 1}, call, nil)
		if e.RewrittenCommand != "echo B" {
			t.Fatalf("got %q", e.RewrittenCommand)
		}
	})
	t.Run("a shell rewrite without a string command fails the call (observed)", func(t *testing.T) {
		bad := parsed("PreToolUse", 0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"cmd":"echo other > o.txt"}}}`, "")
		e := mergeOutputs("PreToolUse", []hookOutput{bad}, nil, call, nil)
		if !e.RewriteRejected || e.ModelMessage != "hook returned updatedInput without string field `command`" || e.RewrittenCommand != "" {
			t.Fatalf("%+v", e)
		}
		e = mergeOutputs("PreToolUse", []hookOutput{bad}, nil, ToolCall{Name: "mcp__fs__write"}, nil)
		if e.RewriteRejected || string(e.UpdatedInput) != `{"cmd":"echo other > o.txt"}` {
			t.Fatalf("another tool takes any input: %+v", e)
		}
	})
	t.Run("the wording for other tools", func(t *testing.T) {
		in := hooks.NewObject(1)
		in.Set("message", "say hi")
		e := mergeOutputs("PreToolUse", []hookOutput{block("no agents")}, nil, ToolCall{Name: "spawn_agent", Input: in}, nil)
		if e.ModelMessage != "Tool call blocked by PreToolUse hook: no agents. Tool: spawn_agent" {
			t.Fatal(e.ModelMessage)
		}
		patch := hooks.NewObject(1)
		patch.Set("command", "*** Begin Patch")
		e = mergeOutputs("PreToolUse", []hookOutput{block("no")}, nil, ToolCall{Name: "apply_patch", Input: patch}, nil)
		if e.ModelMessage != "Command blocked by PreToolUse hook: no. Command: *** Begin Patch" {
			t.Fatal(e.ModelMessage)
		}
	})
	t.Run("failed hooks decide nothing", func(t *testing.T) {
		e := mergeOutputs("PreToolUse", []hookOutput{parsed("PreToolUse", 1, "", "x"), parsed("PreToolUse", 2, "", "")}, nil, call, nil)
		if e.Blocked || e.UpdatedInput != nil {
			t.Fatalf("%+v", e)
		}
	})
	t.Run("contexts in configured order", func(t *testing.T) {
		ctx := func(s string) hookOutput {
			return parsed("PreToolUse", 0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"`+s+`"}}`, "")
		}
		e := mergeOutputs("PreToolUse", []hookOutput{ctx("a"), ctx("b")}, []int{1, 0}, call, nil)
		if !slices.Equal(e.Contexts, []string{"a", "b"}) {
			t.Fatal(e.Contexts)
		}
	})
}

func TestMergeOtherEvents(t *testing.T) {
	perm := func(behavior string) hookOutput {
		return parsed("PermissionRequest", 0, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"`+behavior+`","message":"m-`+behavior+`"}}}`, "")
	}
	if e := mergeOutputs("PermissionRequest", []hookOutput{perm("allow"), perm("deny"), perm("allow")}, nil, ToolCall{}, nil); e.Permission != permissionDeny || e.PermissionMessage != "m-deny" || !e.Blocked {
		t.Errorf("any deny wins: %+v", e)
	}
	// Observed: exit 2 "perm via exit 2" on an escalated exec_command.
	if e := mergeOutputs("PermissionRequest", []hookOutput{parsed("PermissionRequest", 2, "", "perm via exit 2")}, nil, ToolCall{Name: "Bash"}, nil); e.ModelMessage != `exec_command failed: CreateProcess { message: "Rejected(\"perm via exit 2\")" }` {
		t.Errorf("%s", e.ModelMessage)
	}
	if got := rustDebug("a\"b\\c\nd\x1b"); got != `"a\"b\\c\nd\u{1b}"` {
		t.Errorf("rustDebug: %s", got)
	}
	if e := mergeOutputs("PermissionRequest", []hookOutput{perm("allow"), parsed("PermissionRequest", 0, "", "")}, nil, ToolCall{}, nil); e.Permission != permissionAllow || e.Blocked {
		t.Errorf("allow: %+v", e)
	}
	if e := mergeOutputs("PermissionRequest", []hookOutput{parsed("PermissionRequest", 1, "", "")}, nil, ToolCall{}, nil); e.Permission != "" {
		t.Errorf("no decision: %+v", e)
	}

	post := mergeOutputs("PostToolUse", []hookOutput{parsed("PostToolUse", 0, `{"decision":"block","reason":"A"}`, ""), parsed("PostToolUse", 2, "", "B")}, nil, bashCall("x"), nil)
	if !post.Blocked || post.ModelMessage != "A\n\nB" {
		t.Errorf("PostToolUse feedback is joined: %+v", post)
	}

	ups := mergeOutputs("UserPromptSubmit", []hookOutput{parsed("UserPromptSubmit", 0, "ctx", ""), parsed("UserPromptSubmit", 2, "", "no")}, nil, ToolCall{}, nil)
	if !ups.Blocked || ups.Reason != "no" || !slices.Equal(ups.Contexts, []string{"ctx"}) {
		t.Errorf("UserPromptSubmit: %+v", ups)
	}

	ids := []string{"stop:0:/p/.codex/hooks.json", "stop:1:/p/.codex/hooks.json"}
	stop := mergeOutputs("Stop", []hookOutput{parsed("Stop", 0, `{"decision":"block","reason":"run the tests"}`, ""), parsed("Stop", 2, "", "and lint")}, nil, ToolCall{}, ids)
	// Observed with two blocking Stop hooks: one user message, the
	// fragments back to back.
	want := `<hook_prompt hook_run_id="stop:0:/p/.codex/hooks.json">run the tests</hook_prompt><hook_prompt hook_run_id="stop:1:/p/.codex/hooks.json">and lint</hook_prompt>`
	if !stop.Blocked || stop.Reason != "run the tests\n\nand lint" || stop.Continuation != want {
		t.Errorf("Stop: %+v", stop)
	}
	stopped := mergeOutputs("Stop", []hookOutput{parsed("Stop", 0, `{"decision":"block","reason":"R"}`, ""), parsed("Stop", 0, `{"continue":false,"stopReason":"enough"}`, "")}, nil, ToolCall{}, ids)
	if stopped.Blocked || !stopped.Stopped || stopped.StopReason != "enough" {
		t.Errorf("continue:false beats a Stop block: %+v", stopped)
	}
	if e := mergeOutputs("PreModelRequest", []hookOutput{parsed("PreModelRequest", 2, "", "x")}, nil, ToolCall{}, nil); e.Blocked || e.Stopped {
		t.Errorf("stateless events decide nothing: %+v", e)
	}
}
