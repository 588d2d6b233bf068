package claude

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// definitionByRoundTrip is a hook's definition as it was made before
// definition wrote plain handlers itself: the handler's JSON decoded into
// Go values and encoded again by encoding/json. Every Claude Code approval
// in a store is keyed by its sha256, so the two must agree on every
// handler, or approved hooks would read as new.
func definitionByRoundTrip(h *hooks.Hook) (string, error) {
	var handler any
	if h.Node != nil {
		raw, err := h.Node.MarshalJSON()
		if err != nil {
			return "", err
		}
		if err := json.Unmarshal(raw, &handler); err != nil {
			return "", fmt.Errorf("reading the handler at %s: %w", h.ID, err)
		}
	} else {
		handler = map[string]any{"type": h.Type, "command": h.Command}
	}
	def := map[string]any{"event": string(h.Event), "handler": handler}
	if h.HasMatcher {
		def["matcher"] = h.Matcher
	}
	out, err := json.Marshal(def)
	return string(out), err
}

// TestDefinitionIsTheRoundTrips: definition gives the text the round trip
// through encoding/json gave, for handlers with every kind of value:
// numbers written every way (5, 5.0, -0, 1e3, 1E+2, 0.1, 1e21, 2^53+1,
// 15 and 16 digits), texts encoding/json escapes (<, >, &, quotes,
// backslashes, control characters, DEL, U+2028, non-ASCII), repeated keys
// (last wins), nested objects and arrays, null, booleans; a handler with
// no node; and 2,000 random handlers. (A refactor: it passes on main;
// breaking the plain path's number or key handling makes it fail.)
func TestDefinitionIsTheRoundTrips(t *testing.T) {
	values := []string{`5`, `5.0`, `-0`, `0`, `-7`, `1e3`, `1E+2`, `0.1`, `1e21`, `1e-7`, `9007199254740993`, `123456789012345`, `1234567890123456`,
		`-123456789012345`, `100000000000000000000`, `"plain"`, `"<b>&amp;</b>"`, `"q\"uote"`, `"back\\slash"`, `"tab\t"`, `"\u0000\u001f"`,
		`"del\u007f"`, `"line\u2028"`, `"caf\u00e9"`, `"\ud800"`, `""`, `null`, `true`, `false`, `[]`, `{}`, `[1,"a",null,[2.50]]`,
		`{"b":1,"a":{"d":[true],"c":"x"}}`, `{"k":1,"k":2}`, `{"k":{"a":1},"k":"last"}`, `{"K":1,"k":2}`}
	var handlers []string
	for _, v := range values {
		handlers = append(handlers,
			`{"type":"command","command":"bash \"$CLAUDE_PROJECT_DIR\"/hooks/s.sh","timeout":`+v+`}`,
			`{"type":"command","command":`+v+`,"x":`+v+`}`,
			`{"command":"run","command":`+v+`}`)
	}
	rng := rand.New(rand.NewSource(28))
	var value func(depth int) string
	value = func(depth int) string {
		switch n := rng.Intn(9); {
		case n < 3 || depth > 2:
			return values[rng.Intn(len(values))]
		case n < 5:
			var items []string
			for range rng.Intn(4) {
				items = append(items, value(depth+1))
			}
			return "[" + strings.Join(items, ",") + "]"
		default:
			var members []string
			for range rng.Intn(5) {
				key, _ := json.Marshal(string(rune('a' + rng.Intn(6))))
				members = append(members, string(key)+":"+value(depth+1))
			}
			return "{" + strings.Join(members, ",") + "}"
		}
	}
	for range 2000 {
		handlers = append(handlers, `{"type":"command","command":"x","v":`+value(0)+`}`)
	}
	var hs []*hooks.Hook
	for i, text := range handlers {
		node, perr := settingsio.ParseJSON("settings.json", []byte(text))
		if perr != nil {
			t.Fatalf("parsing %s: %v", text, perr)
		}
		hs = append(hs, &hooks.Hook{Event: "PreToolUse", Type: "command", Command: "x", Node: node, HasMatcher: i%2 == 0, Matcher: "Bash|<Edit>"})
	}
	hs = append(hs, &hooks.Hook{Event: "Stop", Type: "command", Command: "echo <&>"}, &hooks.Hook{Event: "Stop", Type: "http", HasMatcher: true},
		&hooks.Hook{Event: "Stop", Node: &settingsio.Node{Kind: settingsio.Object, Members: []settingsio.Member{{Key: "command"}}}},
		&hooks.Hook{Event: "Stop", Node: &settingsio.Node{Kind: settingsio.Array, Items: []*settingsio.Node{nil}}})
	for _, h := range hs {
		got, gerr := definition(h)
		want, werr := definitionByRoundTrip(h)
		if got != want || (gerr == nil) != (werr == nil) {
			raw, _ := h.Node.MarshalJSON()
			t.Fatalf("definition of %s:\n got %s (%v)\nwant %s (%v)", raw, got, gerr, want, werr)
		}
	}
}
