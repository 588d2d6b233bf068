package claude

import (
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

func TestSampleInputs(t *testing.T) {
	need := []hooks.Event{"PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "SessionStart", "SessionEnd", "Notification", "PreCompact", "SubagentStop"}
	for _, e := range need {
		in, err := sampleInput(sampleOptions{Event: e, ProjectDir: "/w/my proj", Home: "/h", SessionID: "s1", PromptID: "p1"})
		if err != nil {
			t.Fatalf("%s: %v", e, err)
		}
		js := string(hooks.AppendJSON(nil, in))
		if in.Value("hook_event_name") != string(e) || in.Value("cwd") != "/w/my proj" || in.Value("session_id") != "s1" {
			t.Errorf("%s: base fields wrong: %s", e, js)
		}
		if in.Value("transcript_path") != "/h/.claude/projects/-w-my-proj/s1.jsonl" {
			t.Errorf("%s: transcript %v", e, in.Value("transcript_path"))
		}
		if strings.Contains(js, "${") || strings.Contains(js, "/home/user") {
			t.Errorf("%s: unfilled placeholder: %s", e, js)
		}
		if keys := in.Keys(); keys[0] != "session_id" {
			t.Errorf("%s: key order %v", e, keys)
		}
	}
}

func TestSampleInputToolsAndTriggers(t *testing.T) {
	in, _ := sampleInput(sampleOptions{Event: "PreToolUse", Tool: "Edit", ProjectDir: "/p", Home: "/h"})
	if ti, _ := in.Value("tool_input").(*hooks.Object); in.Value("tool_name") != "Edit" || ti.Value("file_path") != "/p/notes.txt" {
		t.Errorf("Edit sample: %s", hooks.AppendJSON(nil, in))
	}
	in, _ = sampleInput(sampleOptions{Event: "PreToolUse", Tool: "mcp__memory__create", ProjectDir: "/p", Home: "/h"})
	if ti, _ := in.Value("tool_input").(*hooks.Object); in.Value("tool_name") != "mcp__memory__create" || ti.Len() != 0 {
		t.Errorf("unknown tool: %s", hooks.AppendJSON(nil, in))
	}
	in, _ = sampleInput(sampleOptions{Event: "SessionStart", Trigger: "resume", ProjectDir: "/p", Home: "/h"})
	if in.Value("source") != "resume" {
		t.Errorf("trigger: %s", hooks.AppendJSON(nil, in))
	}
	if _, err := sampleInput(sampleOptions{Event: "Nope"}); err == nil {
		t.Error("unknown event accepted")
	}
}
