package codex

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/hookwarden/hookwarden/internal/testenv"
)

// A real 0.171.0 rollout (codex-live, paths neutral, long instructions
// trimmed) rebuilds the run's UserPromptSubmit, PreToolUse and
// PostToolUse with the fields, order and values of the payloads Codex
// sent its hooks (codex-live/payloads, captured from the same kind of
// run): only the ids differ.
func TestImportRollout(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "rollout-0.171.0.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	path := "/home/user/.codex/sessions/2026/12/01/rollout-2026-12-01T21-19-40-01a2337a-4426-7cc3-95ef-77ddf093b2f9.jsonl"
	evs, errs := agent{}.ImportLog(path, data)
	if len(errs) != 0 || len(evs) != 3 {
		t.Fatalf("%d events, errors %v", len(evs), errs)
	}
	ids := map[string]bool{"session_id": true, "turn_id": true, "transcript_path": true}
	for i, name := range []string{"UserPromptSubmit", "PreToolUse", "PostToolUse"} {
		ev := evs[i]
		if string(ev.Event) != name || ev.Project != "/home/user/project" || ev.Line == 0 {
			t.Errorf("%d: %+v", i, ev)
			continue
		}
		real, err := os.ReadFile(filepath.Join(testenv.KitDir(t), "codex-live", "payloads", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var got, want map[string]any
		json.Unmarshal(ev.Payload, &got)
		json.Unmarshal(real, &want)
		for k := range ids {
			if got[k] == nil || got[k] == "" {
				t.Errorf("%s: no %s", name, k)
			}
			delete(got, k)
			delete(want, k)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: rebuilt\n%v\nCodex sent\n%v", name, got, want)
		}
	}
}
