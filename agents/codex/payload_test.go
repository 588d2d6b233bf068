package codex

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/internal/testenv"
)

// codexEvents are the 14 events Codex 0.171.0 knows.
var codexEvents = []string{"Interrupt", "PermissionRequest", "PostCompact", "PostModelRequest", "PostToolUse",
	"PreCompact", "PreModelRequest", "PreToolUse", "SessionEnd", "SessionStart", "Stop", "SubagentStart",
	"SubagentStop", "UserPromptSubmit"}

func TestSampleEventsAndTools(t *testing.T) {
	if got := sampleEvents(); !slices.Equal(got, codexEvents) {
		t.Errorf("SampleEvents() = %q", got)
	}
	if got := sampleTools("PreToolUse"); !slices.Equal(got, []string{"Bash", "apply_patch", "spawn_agent"}) {
		t.Errorf("PreToolUse tools %q", got)
	}
	if got := sampleTools("PostToolUse"); !slices.Equal(got, []string{"Bash", "apply_patch"}) {
		t.Errorf("PostToolUse tools %q", got)
	}
	if sampleTools("Stop") != nil {
		t.Error("Stop has no tools")
	}
	if _, err := sampleInput(sampleOptions{Event: "Notification"}); err == nil {
		t.Error("an event Codex does not have")
	}
}

var uuidV7Pattern = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

func TestSampleInputFilled(t *testing.T) {
	now := time.Date(2026, 12, 1, 8, 56, 34, 0, time.UTC)
	for _, ev := range codexEvents {
		for _, tool := range append([]string{""}, sampleTools(hooks.Event(ev))...) {
			in, err := sampleInput(sampleOptions{Event: hooks.Event(ev), Tool: tool, ProjectDir: "/work/p", CodexHome: "/h/.codex", Now: now})
			if err != nil {
				t.Fatal(err)
			}
			text := string(hooks.AppendJSON(nil, in))
			if strings.Contains(text, "${") {
				t.Errorf("%s %s: placeholder left: %s", ev, tool, text)
			}
			if in.Value("hook_event_name") != ev || in.Value("cwd") != "/work/p" {
				t.Errorf("%s: %s", ev, text)
			}
			if id, _ := in.Value("session_id").(string); !uuidV7Pattern.MatchString(id) {
				t.Errorf("%s: session_id %q", ev, id)
			}
			if tp, _ := in.Value("transcript_path").(string); !strings.HasPrefix(tp, "/h/.codex/sessions/2026/12/01/rollout-2026-12-01T08-56-34-") {
				t.Errorf("%s: transcript_path %q", ev, tp)
			}
		}
	}
	a, _ := sampleInput(sampleOptions{Event: "Stop"})
	b, _ := sampleInput(sampleOptions{Event: "Stop"})
	if a.Value("session_id") == b.Value("session_id") {
		t.Error("ids must be fresh")
	}
}

func TestSampleInputOptions(t *testing.T) {
	in, _ := sampleInput(sampleOptions{Event: "PreToolUse", Command: "rm -rf build"})
	if c, _ := in.Value("tool_input").(*hooks.Object); c == nil || c.Value("command") != "rm -rf build" || in.Value("tool_name") != "Bash" {
		t.Errorf("%s", hooks.AppendJSON(nil, in))
	}
	in, _ = sampleInput(sampleOptions{Event: "PostToolUse", Tool: "mcp__fs__write"})
	if in.Value("tool_name") != "mcp__fs__write" || in.Value("tool_input").(*hooks.Object).Len() != 0 || in.Value("tool_response") != "" {
		t.Errorf("%s", hooks.AppendJSON(nil, in))
	}
	in, _ = sampleInput(sampleOptions{Event: "SessionStart", Trigger: "compact"})
	if in.Value("source") != "compact" {
		t.Errorf("%s", hooks.AppendJSON(nil, in))
	}
	in, _ = sampleInput(sampleOptions{Event: "Stop", StopHookActive: true})
	if in.Value("stop_hook_active") != true {
		t.Errorf("%s", hooks.AppendJSON(nil, in))
	}
}

// TestSamplesMatchCapturedShapes compares each sample's keys, in order,
// with the payload the conformance kit captured from Codex 0.171.0.
func TestSamplesMatchCapturedShapes(t *testing.T) {
	dir := filepath.Join(testenv.KitDir(t), "codex-live", "payloads")
	captured := map[string][2]string{ // capture file -> event, tool
		"PreToolUse.json": {"PreToolUse", "Bash"}, "PreToolUse-apply_patch.json": {"PreToolUse", "apply_patch"},
		"PreToolUse-spawn_agent.json": {"PreToolUse", "spawn_agent"}, "PostToolUse.json": {"PostToolUse", "Bash"},
		"PostToolUse-apply_patch.json": {"PostToolUse", "apply_patch"}, "PermissionRequest.json": {"PermissionRequest"},
		"PreCompact.json": {"PreCompact"}, "PostCompact.json": {"PostCompact"}, "SessionStart.json": {"SessionStart"},
		"SessionEnd.json": {"SessionEnd"}, "UserPromptSubmit.json": {"UserPromptSubmit"}, "SubagentStart.json": {"SubagentStart"},
		"Stop.json": {"Stop"}, "PreModelRequest.json": {"PreModelRequest"}, "PostModelRequest.json": {"PostModelRequest"},
		"Interrupt.json": {"Interrupt"},
	}
	for file, et := range captured {
		data, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		v, err := hooks.ParseJSON(string(data))
		if err != nil {
			t.Fatal(err)
		}
		want := v.(*hooks.Object)
		got, err := sampleInput(sampleOptions{Event: hooks.Event(et[0]), Tool: et[1]})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Keys(), want.Keys()) {
			t.Errorf("%s: keys %q, captured %q", file, got.Keys(), want.Keys())
		}
		for _, k := range []string{"tool_name", "source", "reason", "trigger", "kind", "agent_type"} {
			if want.Has(k) && got.Value(k) != want.Value(k) {
				t.Errorf("%s: %s = %v, captured %v", file, k, got.Value(k), want.Value(k))
			}
		}
	}
}
