package claude

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/hookwarden/hookwarden/internal/testenv"
)

// A real 2.1.332 transcript (claude-live, paths neutral) rebuilds the
// run's UserPromptSubmit, PreToolUse and PostToolUse with the fields and
// order of the payloads Claude Code sent (claude-live/payloads), all but
// effort, which the transcript does not hold and is named as missing.
func TestImportTranscript(t *testing.T) {
	path := filepath.Join("testdata", "transcript-2.1.332.jsonl")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	evs, errs := agent{}.ImportLog("/home/user/.claude/projects/-home-user-project/12708f05-c181-48cb-b210-03a9a2a21bdd.jsonl", data)
	if len(errs) != 0 || len(evs) != 3 {
		t.Fatalf("%d events, errors %v", len(evs), errs)
	}
	want := []struct {
		event string
		keys  []string
	}{
		{"UserPromptSubmit", []string{"session_id", "transcript_path", "cwd", "prompt_id", "permission_mode", "hook_event_name", "prompt"}},
		{"PreToolUse", []string{"session_id", "transcript_path", "cwd", "prompt_id", "permission_mode", "hook_event_name", "tool_name", "tool_input", "tool_use_id"}},
		{"PostToolUse", []string{"session_id", "transcript_path", "cwd", "prompt_id", "permission_mode", "hook_event_name", "tool_name", "tool_input", "tool_response", "tool_use_id"}},
	}
	for i, w := range want {
		ev := evs[i]
		if string(ev.Event) != w.event || !reflect.DeepEqual(keyOrder(t, ev.Payload), w.keys) {
			t.Errorf("%d: %s %v", i, ev.Event, keyOrder(t, ev.Payload))
		}
		if ev.Project != "/home/user/project" || ev.Session != "12708f05-c181-48cb-b210-03a9a2a21bdd" || ev.Line == 0 || ev.Time.IsZero() {
			t.Errorf("%d: facts %+v", i, ev)
		}
	}
	var pre map[string]any
	json.Unmarshal(evs[1].Payload, &pre)
	if pre["tool_name"] != "Bash" || pre["tool_use_id"] != "toolu_standin_1" || pre["permission_mode"] != "bypassPermissions" ||
		!reflect.DeepEqual(pre["tool_input"], map[string]any{"command": "echo hi > out.txt", "description": "write"}) {
		t.Errorf("PreToolUse %s", evs[1].Payload)
	}
	if len(evs[0].Rebuilt) != 0 || len(evs[1].Rebuilt) == 0 {
		t.Errorf("rebuilt: %v / %v", evs[0].Rebuilt, evs[1].Rebuilt)
	}
	// the kit's captured PreToolUse has the same fields, and effort
	real, err := os.ReadFile(filepath.Join(testenv.KitDir(t), "claude-live", "payloads", "PreToolUse.json"))
	if err != nil {
		t.Fatal(err)
	}
	{
		got := keyOrder(t, evs[1].Payload)
		var kit []string
		for _, k := range keyOrder(t, real) {
			if k != "effort" {
				kit = append(kit, k)
			}
		}
		if !reflect.DeepEqual(got, kit) {
			t.Errorf("fields %v, Claude Code sends %v", got, kit)
		}
	}
}

// A broken line is an error naming file and line; the rest still count.
func TestImportTranscriptBrokenLine(t *testing.T) {
	data, _ := os.ReadFile(filepath.Join("testdata", "transcript-2.1.332.jsonl"))
	data = append([]byte("{\"type\": \"user\", \n"), data...)
	evs, errs := agent{}.ImportLog("t.jsonl", data)
	if len(errs) != 1 || len(evs) != 3 {
		t.Fatalf("%d events, %v", len(evs), errs)
	}
}

// keyOrder is the top-level keys of a JSON object in order.
func keyOrder(t *testing.T, b []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytesReader(b))
	var keys []string
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %s", b)
	}
	for dec.More() {
		k, _ := dec.Token()
		keys = append(keys, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
