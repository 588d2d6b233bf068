package copilot

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

// TestPascalPayloadEqualsCaptured: the PascalCase payload built from the
// captured camelCase one equals the PascalCase one Copilot was captured
// sending (same session, same timestamp).
func TestPascalPayloadEqualsCaptured(t *testing.T) {
	for _, c := range []struct{ camel, pascal string }{
		{"preToolUse", "PreToolUse-vscode"}, {"postToolUse", "PostToolUse-vscode"}, {"agentStop", "Stop-vscode"},
		{"userPromptSubmitted", "UserPromptSubmit-vscode"}, {"sessionStart", "SessionStart-vscode"},
		{"permissionRequest", "PermissionRequest-vscode"},
	} {
		raw, _ := payloadFS.ReadFile("payloads/" + c.camel + ".json")
		v, err := hooks.ParseJSON(string(raw))
		if err != nil {
			t.Fatal(err)
		}
		info, _, _ := lookupEvent(c.camel)
		got := hooks.AppendJSON(nil, pascalPayload(info, v.(*hooks.Object)))
		want, _ := payloadFS.ReadFile("payloads/" + c.pascal + ".json")
		var g, w any
		_ = json.Unmarshal(got, &g)
		_ = json.Unmarshal(want, &w)
		if !reflect.DeepEqual(g, w) {
			t.Errorf("%s:\n got %s\nwant %s", c.camel, got, want)
		}
	}
}
