package gemini

import (
	"strings"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/assets"
)

func TestSampleInputForEveryEvent(t *testing.T) {
	now := time.Date(2026, 11, 30, 9, 5, 7, 123e6, time.UTC)
	for _, e := range eventList() {
		in, err := sampleInput(sampleOptions{Event: e, ProjectDir: "/home/u/proj", Home: "/home/u", SessionID: "abcdef12-0000-4000-8000-000000000000", Now: now})
		if err != nil {
			t.Fatalf("%s: %v", e, err)
		}
		keys := in.Keys()
		if strings.Join(keys[:5], ",") != "session_id,transcript_path,cwd,hook_event_name,timestamp" || len(keys) < 6 {
			t.Errorf("%s: keys %v", e, keys)
		}
		if in.Value("hook_event_name") != string(e) || in.Value("cwd") != "/home/u/proj" || in.Value("timestamp") != "2026-11-30T09:05:07.123Z" {
			t.Errorf("%s: base fields %s", e, hooks.AppendJSON(nil, in))
		}
		if s := string(hooks.AppendJSON(nil, in)); strings.Contains(s, "${") {
			t.Errorf("%s: unfilled placeholder in %s", e, s)
		}
	}
}

func TestSampleInputTools(t *testing.T) {
	tools := assets.PayloadTools()
	for _, want := range []string{"read_file", "write_file", "replace", "run_shell_command", "mcp_github_create_issue"} {
		found := false
		for _, tool := range tools {
			found = found || tool == want
		}
		if !found {
			t.Errorf("no sample for %s in %v", want, tools)
		}
	}
	for _, ev := range []hooks.Event{beforeTool, afterTool} {
		in, err := sampleInput(sampleOptions{Event: ev, Tool: "mcp_github_create_issue", ProjectDir: "/p", Home: "/h"})
		if err != nil {
			t.Fatal(err)
		}
		ctx, _ := in.Value("mcp_context").(*hooks.Object)
		if ctx.Value("server_name") != "github" || ctx.Value("tool_name") != "create_issue" {
			t.Errorf("%s mcp_context: %s", ev, hooks.AppendJSON(nil, in))
		}
		if ev == afterTool && !in.Has("tool_response") {
			t.Errorf("AfterTool without tool_response")
		}
	}
	in, err := sampleInput(sampleOptions{Event: beforeTool, Tool: "mcp_jira_search_issues", ProjectDir: "/p"})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(hooks.AppendJSON(nil, in.Value("mcp_context"))); got != `{"server_name":"jira","tool_name":"search_issues"}` || in.Value("tool_name") != "mcp_jira_search_issues" {
		t.Errorf("unknown MCP tool: %s", hooks.AppendJSON(nil, in))
	}
	in, _ = sampleInput(sampleOptions{Event: beforeTool, Tool: "write_file", ProjectDir: "/work/p"})
	if ti, _ := in.Value("tool_input").(*hooks.Object); ti.Value("file_path") != "/work/p/docs/RELEASING.md" {
		t.Errorf("write_file path: %s", hooks.AppendJSON(nil, ti))
	}
	in, _ = sampleInput(sampleOptions{Event: sessionEnd, Trigger: "clear", ProjectDir: "/p"})
	if in.Value("reason") != "clear" {
		t.Errorf("trigger not applied: %s", hooks.AppendJSON(nil, in))
	}
	if _, err := sampleInput(sampleOptions{Event: "Nope"}); err == nil {
		t.Error("unknown event accepted")
	}
}
