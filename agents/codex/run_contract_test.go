package codex

import (
	"context"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

func TestContractResult(t *testing.T) {
	r := testRunner(t)
	h := command("PreToolUse", "echo 'no writes' >&2; exit 2")
	h.ID = "project:/p/.codex/hooks.json#hooks.PreToolUse[0].hooks[0]"
	out := r.Run(context.Background(), runRequest{Event: "PreToolUse", Hooks: []*hooks.Hook{h, command("PreToolUse", "exit 1")},
		Input: sampleFor(t, "PreToolUse", t.TempDir())})
	res := out.ContractResult()
	if res.Verdict.Effect != hooks.EffectBlocked || len(res.Hooks) != 2 || res.Hooks[0].ID != h.ID || !res.Hooks[0].Ran ||
		res.Hooks[0].Command != "/bin/sh -c echo 'no writes' >&2; exit 2" || res.Payload != out.Results[0].Stdin {
		t.Fatalf("%+v", res)
	}
	if f := res.Hooks[0].Facts; len(f) < 2 || f[0].Value != "Blocked" || f[1].Value != "no writes" {
		t.Errorf("facts %+v", f)
	}
	if !strings.Contains(strings.Join(res.Warnings, "\n"), "exit 1 is not a block in Codex") {
		t.Errorf("warnings %q", res.Warnings)
	}
	p, err := samplePayload("PostToolUse", agents.Query{Tool: "apply_patch"}, "/p", "/h/.codex")
	if err != nil || !strings.Contains(string(p), `"tool_name":"apply_patch"`) || !strings.Contains(string(p), `"cwd":"/p"`) {
		t.Errorf("%s %v", p, err)
	}
}

// samplePayload is the payload Codex would send for event and q (tool,
// trigger) in the project folder, as JSON.
func samplePayload(event hooks.Event, q agents.Query, project, codexHome string) ([]byte, error) {
	in, err := sampleInput(sampleOptions{Event: event, Tool: q.Tool, Trigger: q.Trigger, ProjectDir: project, CodexHome: codexHome})
	if err != nil {
		return nil, err
	}
	return hooks.AppendJSON(nil, in), nil
}
