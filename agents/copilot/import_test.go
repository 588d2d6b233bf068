package copilot

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/internal/testenv"
)

// A real 1.0.102 events.jsonl (copilot-live, paths neutral) rebuilds one
// payload per hook dispatch; preToolUse's batch becomes the per-call
// payload and postToolUse's result is trimmed, so that each has the
// fields Copilot CLI sends its hooks (copilot-live/payloads).
func TestImportSessionEvents(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "events-1.0.102.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	evs, errs := agent{}.ImportLog("/home/user/.copilot/session-state/b3692fe5-c91e-4cca-8715-94fe21fbd970/events.jsonl", data)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	var names []string
	for _, e := range evs {
		names = append(names, string(e.Event))
	}
	if !reflect.DeepEqual(names, []string{"sessionStart", "preToolUse", "postToolUse", "agentStop", "sessionEnd"}) {
		t.Fatalf("events %v", names)
	}
	for _, e := range evs {
		if e.Project != "/home/user/project" || e.Session != "b3692fe5-c91e-4cca-8715-94fe21fbd970" {
			t.Errorf("%s: %+v", e.Event, e)
		}
		real, err := os.ReadFile(filepath.Join(testenv.KitDir(t), "copilot-live", "payloads", string(e.Event)+".json"))
		if err != nil {
			continue // no capture of this event
		}
		var got, want map[string]any
		json.Unmarshal(e.Payload, &got)
		json.Unmarshal(real, &want)
		if !reflect.DeepEqual(sortedKeys(got), sortedKeys(want)) {
			t.Errorf("%s: fields %v, Copilot CLI sends %v", e.Event, sortedKeys(got), sortedKeys(want))
		}
		if e.Event == "preToolUse" && (got["toolName"] != "bash" || len(e.Rebuilt) == 0) {
			t.Errorf("preToolUse %s %v", e.Payload, e.Rebuilt)
		}
	}
}

func sortedKeys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// The registered agent is its own log importer: its session records are
// under $COPILOT_HOME (else ~/.copilot), one events.jsonl per session.
func TestLogFilesFollowCopilotHome(t *testing.T) {
	home, moved := t.TempDir(), t.TempDir()
	for _, dir := range []string{filepath.Join(home, ".copilot"), moved} {
		for _, s := range []string{"b", "a"} {
			if err := os.MkdirAll(filepath.Join(dir, "session-state", s), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "session-state", s, "events.jsonl"), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	var imp agents.LogImporter = New()
	if name, title := imp.ImportAgent(); name != string(Name) || title != New().Info().Title {
		t.Fatalf("ImportAgent = %q, %q", name, title)
	}
	for _, c := range []struct {
		vars []string
		dir  string
	}{{[]string{"HOME=" + home}, filepath.Join(home, ".copilot")}, {[]string{"HOME=" + home, "COPILOT_HOME=" + moved}, moved}} {
		got, err := imp.LogFiles(agents.Env{Vars: c.vars, GOOS: "linux", Home: home})
		want := []string{filepath.Join(c.dir, "session-state", "a", "events.jsonl"), filepath.Join(c.dir, "session-state", "b", "events.jsonl")}
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%v: LogFiles = %v, %v (want %v)", c.vars, got, err, want)
		}
	}
}
