package risk

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDestinationIsNotTheDataArgument: a call's destination is its first
// argument (the URL, the options object), never a variable in the data it
// sends. disler/claude-code-hooks-multi-agent-observability's send_event.py
// posts Request(server_url, data=json.dumps(event_data)) to its local
// server (server_url defaults to http://localhost:4000/events); the
// analysis took event_data — a variable of the file — for the address and
// reviewed the hook as sending its input "to the address in event_data".
// The same code to a host of the Internet is still found, by that host.
func TestDestinationIsNotTheDataArgument(t *testing.T) {
	const body = `import json, sys, urllib.request

def send_event_to_server(event_data, server_url='%s'):
    try:
        req = urllib.request.Request(
            server_url,
            data=json.dumps(event_data).encode('utf-8'),
            headers={'Content-Type': 'application/json'}
        )
        with urllib.request.urlopen(req, timeout=5) as response:
            return response.status == 200
    except Exception:
        return False

def main():
    input_data = json.load(sys.stdin)
    event_data = {'session_id': input_data.get('session_id'), 'hook_event_type': 'Stop'}
    send_event_to_server(event_data)

main()
`
	for _, tc := range []struct {
		url      string
		want     Level
		mentions string
	}{
		{"http://localhost:4000/events", LevelNone, ""},
		{"https://events.example-telemetry.io/v1", LevelReview, "events.example-telemetry.io"},
	} {
		dir := t.TempDir()
		p := filepath.Join(dir, ".claude", "hooks", "send_event.py")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(body, "%s", tc.url, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		r := Analyze(Hook{Agent: "claude", Event: "Stop", Command: "python3 .claude/hooks/send_event.py", ProjectDir: dir}, Options{Agents: testAgents})
		if r.Level != tc.want {
			t.Errorf("%s: level %s (%v), want %s", tc.url, r.Level, r.Findings, tc.want)
		}
		for _, f := range r.Findings {
			if strings.Contains(f.Summary, "event_data") {
				t.Errorf("%s: %q names the data sent as the address", tc.url, f.Summary)
			}
		}
		if tc.mentions != "" {
			found := false
			for _, f := range r.Findings {
				found = found || strings.Contains(f.Summary, tc.mentions)
			}
			if !found {
				t.Errorf("%s: no finding names %s: %v", tc.url, tc.mentions, r.Findings)
			}
		}
	}
}
