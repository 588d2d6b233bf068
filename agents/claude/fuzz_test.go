package claude

import (
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

// FuzzInterpretOutput: Claude Code's reading of a command or http
// handler's result never panics, whatever the event, exit code, status and
// output.
func FuzzInterpretOutput(f *testing.F) {
	for _, s := range []string{
		`{"decision":"block","reason":"no"}`, `{"continue":false,"stopReason":"s"}`,
		`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"r","updatedInput":{"a":1}}}`,
		"text\n{\"decision\":\"block\"}", `[1]`, `"s"`, "plain", `{"a":[1,]}`, "\xff{",
	} {
		f.Add("PreToolUse", 0, s, "")
		f.Add("Stop", 2, "", s)
		f.Add("UserPromptSubmit", 200, s, "")
	}
	f.Fuzz(func(t *testing.T, event string, code int, stdout, stderr string) {
		v := InterpretCommand(hooks.Event(event), code, hooks.DecodeUTF8([]byte(stdout)), hooks.DecodeUTF8([]byte(stderr)))
		_ = v
		_ = InterpretHTTP(hooks.Event(event), code, hooks.DecodeUTF8([]byte(stdout)))
	})
}
