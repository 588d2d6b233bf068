package claude

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/tailscale/hujson"
)

const claudePatchFixture = `{
  // team hooks
  "model": "opus",
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          { "type": "command", "command": "guard.sh" }, // first
          {
            "type": "command",
            "command": "audit.sh",
            "timeout": 5
          },
          { "type": "http", "url": "http://127.0.0.1:9/h" }
        ]
      },
      {
        "matcher": "Edit|Write",
        "hooks": [{ "type": "command", "command": "fmt.sh" }]
      }
    ],
    "Stop": [
      { "hooks": [ { "type": "command", "command": "notify.sh" } ] }
    ]
  }
}
`

func decodeStd(t *testing.T, data []byte) any {
	t.Helper()
	v, err := hujson.Standardize(append([]byte{}, data...))
	if err != nil {
		t.Fatalf("does not parse: %v\n%s", err, data)
	}
	var out any
	if err := json.Unmarshal(v, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestRemoveRestoreClaudeHandlerRoundTrip(t *testing.T) {
	crlf := strings.ReplaceAll(claudePatchFixture, "\n", "\r\n")
	cases := []struct {
		name  string
		file  string
		place handlerPlace
		scope string
		gone  string
	}{
		{"first handler", claudePatchFixture, handlerPlace{"PreToolUse", 0, 0}, "handler", "guard.sh"},
		{"middle handler", claudePatchFixture, handlerPlace{"PreToolUse", 0, 1}, "handler", "audit.sh"},
		{"last handler", claudePatchFixture, handlerPlace{"PreToolUse", 0, 2}, "handler", "127.0.0.1:9"},
		{"only handler of a group", claudePatchFixture, handlerPlace{"PreToolUse", 1, 0}, "group", "fmt.sh"},
		{"only handler of an event", claudePatchFixture, handlerPlace{"Stop", 0, 0}, "event", "notify.sh"},
		{"CRLF file", crlf, handlerPlace{"PreToolUse", 0, 1}, "handler", "audit.sh"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			orig := []byte(c.file)
			out, rm, err := removeHandler("s.json", orig, c.place)
			if err != nil {
				t.Fatal(err)
			}
			if rm.Scope != c.scope || strings.Contains(string(out), c.gone) {
				t.Fatalf("scope %s, file still has %q:\n%s", rm.Scope, c.gone, out)
			}
			if !strings.Contains(string(out), "// team hooks") {
				t.Error("comment lost")
			}
			decodeStd(t, out)
			back, exact, err := restoreHandler("s.json", out, true, rm)
			if err != nil || !exact || string(back) != c.file {
				t.Fatalf("exact %v err %v:\n%s", exact, err, back)
			}
		})
	}
}

func TestRestoreClaudeHandlersInReverseOrderIsExact(t *testing.T) {
	orig := []byte(claudePatchFixture)
	f1, a, err := removeHandler("s.json", orig, handlerPlace{"PreToolUse", 0, 1})
	if err != nil {
		t.Fatal(err)
	}
	f2, b, err := removeHandler("s.json", f1, handlerPlace{"Stop", 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	g1, exact, err := restoreHandler("s.json", f2, true, b)
	if err != nil || !exact || string(g1) != string(f1) {
		t.Fatalf("first restore: exact %v err %v", exact, err)
	}
	g0, exact, err := restoreHandler("s.json", g1, true, a)
	if err != nil || !exact || string(g0) != claudePatchFixture {
		t.Fatalf("second restore: exact %v err %v", exact, err)
	}
}

func TestRestoreClaudeHandlerAfterOtherEdits(t *testing.T) {
	orig := []byte(claudePatchFixture)
	cases := []struct {
		name   string
		place  handlerPlace
		edit   func(string) string
		exact  bool
		expect func(t *testing.T, doc map[string]any)
	}{
		{"handler back at its index after an unrelated edit", handlerPlace{"PreToolUse", 0, 1},
			func(s string) string { return strings.Replace(s, `"opus"`, `"sonnet"`, 1) }, false,
			func(t *testing.T, doc map[string]any) {
				hs := doc["hooks"].(map[string]any)["PreToolUse"].([]any)[0].(map[string]any)["hooks"].([]any)
				if len(hs) != 3 || hs[1].(map[string]any)["command"] != "audit.sh" || hs[1].(map[string]any)["timeout"] != 5.0 {
					t.Errorf("handlers %v", hs)
				}
			}},
		{"group re-created when the event was removed meanwhile", handlerPlace{"PreToolUse", 1, 0},
			func(s string) string {
				out, _, err := removeHandler("s.json", []byte(s), handlerPlace{"Stop", 0, 0})
				if err != nil {
					t.Fatal(err)
				}
				return string(out)
			}, false,
			func(t *testing.T, doc map[string]any) {
				gs := doc["hooks"].(map[string]any)["PreToolUse"].([]any)
				if len(gs) != 2 || gs[1].(map[string]any)["matcher"] != "Edit|Write" {
					t.Errorf("groups %v", gs)
				}
			}},
		{"event re-created when it is gone", handlerPlace{"Stop", 0, 0},
			func(s string) string { return strings.Replace(s, `"model": "opus",`, `"model": "opus", "x": 1,`, 1) }, false,
			func(t *testing.T, doc map[string]any) {
				if gs, ok := doc["hooks"].(map[string]any)["Stop"].([]any); !ok || len(gs) != 1 {
					t.Errorf("Stop %v", doc["hooks"])
				}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, rm, err := removeHandler("s.json", orig, c.place)
			if err != nil {
				t.Fatal(err)
			}
			edited := []byte(c.edit(string(out)))
			back, exact, err := restoreHandler("s.json", edited, true, rm)
			if err != nil || exact != c.exact {
				t.Fatalf("exact %v err %v", exact, err)
			}
			if !strings.Contains(string(back), "// team hooks") {
				t.Error("comment lost")
			}
			c.expect(t, decodeStd(t, back).(map[string]any))
		})
	}
}

func TestRemoveClaudeHandlerRefuses(t *testing.T) {
	cases := []struct {
		name  string
		file  string
		place handlerPlace
		want  string
	}{
		{"broken file", `{"hooks": {`, handlerPlace{"Stop", 0, 0}, "s.json:1"},
		{"no such event", claudePatchFixture, handlerPlace{"SessionEnd", 0, 0}, "no hooks for SessionEnd"},
		{"no such group", claudePatchFixture, handlerPlace{"Stop", 3, 0}, "no matcher group"},
		{"no such handler", claudePatchFixture, handlerPlace{"Stop", 0, 4}, "no handler"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := removeHandler("s.json", []byte(c.file), c.place)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err %v, want %q", err, c.want)
			}
		})
	}
}

func TestRestoreClaudeHandlerIntoMissingFile(t *testing.T) {
	_, rm, err := removeHandler("s.json", []byte(claudePatchFixture), handlerPlace{"PreToolUse", 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := restoreHandler("s.json", nil, false, rm)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"hooks": map[string]any{"PreToolUse": []any{map[string]any{"matcher": "Bash",
		"hooks": []any{map[string]any{"type": "command", "command": "guard.sh"}}}}}}
	if got := decodeStd(t, out); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v\n%s", got, out)
	}
}
