package agents

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math/rand"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// keyByEncodingJSON is CommandSpec.Key as it was written before it
// encoded its canonical JSON itself: every approval in a store was made
// with it, so the two must agree on every command, or approved commands
// would read as new.
func keyByEncodingJSON(c CommandSpec) string {
	raw, _ := json.Marshal(map[string]any{"kind": string(c.Hook.Kind), "name": c.Hook.Name, "fields": c.Fields})
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// TestCommandKeyIsEncodingJSONs: CommandSpec.Key gives the fingerprint
// encoding/json gave for the same command, for the texts encoding/json
// escapes (quotes, backslashes, <, >, &, control characters, DEL, U+2028,
// U+2029, invalid UTF-8, surrogate halves), nil and empty fields, and
// random commands. (A refactor: it passes on main; breaking the fast
// path's escaping makes it fail.)
func TestCommandKeyIsEncodingJSONs(t *testing.T) {
	texts := []string{"", "a", `bash "$CLAUDE_PROJECT_DIR"/hooks/s001.sh 1`, `"\"quoted\""`, `back\slash\\`, "<script>&amp;</script>",
		"tab\there", "nl\nhere", "cr\r", "\b\f", "\x00\x01\x1f", "del\x7f", "caf\u00e9", "line\u2028sep\u2029", "bad\xff\xfeutf8",
		"\xed\xa0\x80 surrogate", "emoji \U0001F600", "~!@#$%^*()_+{}|:?`-=[];',./", `{"k":"v"}`, "5", "null", "\u0080\u00a0"}
	rng := rand.New(rand.NewSource(28))
	random := func() string {
		b := make([]byte, rng.Intn(24))
		for i := range b {
			switch rng.Intn(4) {
			case 0:
				b[i] = byte(rng.Intn(256))
			default:
				b[i] = byte(0x20 + rng.Intn(0x5f))
			}
		}
		return string(b)
	}
	var specs []CommandSpec
	for _, f := range []trust.Definition{nil, {}} {
		specs = append(specs, CommandSpec{Hook: &hooks.Hook{Kind: hooks.KindMCPServer, Name: "srv"}, Fields: f})
	}
	for i, s := range texts {
		specs = append(specs,
			CommandSpec{Hook: &hooks.Hook{Kind: hooks.Kind(s), Name: s}, Fields: trust.Definition{"command": s}},
			CommandSpec{Hook: &hooks.Hook{Name: texts[(i+1)%len(texts)]}, Fields: trust.Definition{s: "x", "command": s, "args": texts[(i+2)%len(texts)]}})
	}
	for range 3000 {
		f := trust.Definition{}
		for range rng.Intn(5) {
			f[random()] = random()
		}
		specs = append(specs, CommandSpec{Hook: &hooks.Hook{Kind: hooks.Kind(random()), Name: random()}, Fields: f})
	}
	for _, c := range specs {
		if got, want := c.Key(), keyByEncodingJSON(c); got != want {
			t.Fatalf("Key of kind %q name %q fields %q: %s, encoding/json's %s", c.Hook.Kind, c.Hook.Name, c.Fields, got, want)
		}
	}
}
