package codex

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strconv"

	"github.com/hookwarden/hookwarden/hooks"
)

// The trust key and hash, exactly as Codex 0.171.0 computes them (observed:
// equal to hooks/list's key and currentHash for all 14 events, with and
// without matcher, timeout, async, statusMessage and clamped timeouts;
// source: codex-rs/hooks/src/engine/discovery.rs command_hook_hash and
// NormalizedHookIdentity, codex-rs/config fingerprint.rs version_for_toml).
//
//	key  = <absolute path of hooks.json or config.toml>:<event_key>:<group>:<handler>
//	hash = "sha256:" + hex(sha256(canonical JSON of the identity))
//
// The identity of a command handler is {"event_name", "matcher" (only when
// the event keeps matchers and one is written), "hooks": [{"type":
// "command", "command", "timeout" (effective), "async", "statusMessage"
// (only when set)}]}; canonical JSON sorts every object's keys and has no
// whitespace. The identity goes through TOML first, which has no null: an
// absent value is left out, never written as null.

// trustKey is Codex's key of the handler at group/handler of event in the
// file at path (absolute, as Codex names it).
func trustKey(path string, event hooks.Event, group, handler int) string {
	return fmt.Sprintf("%s:%s:%d:%d", path, eventKey(event), group, handler)
}

// Identity is the normalized definition Codex hashes.
type Identity struct {
	Event hooks.Event // as written ("PreToolUse")
	// Matcher is the matcher Codex keeps (nil when absent or dropped for
	// the event).
	Matcher *string
	Handler IdentityHandler
}

// IdentityHandler is the normalized handler inside an Identity.
type IdentityHandler struct {
	Type          string // "command" or "mcp_tool"
	Command       string
	TimeoutSec    uint64 // effective
	Async         bool
	StatusMessage *string
	// Server, Tool and Input belong to mcp_tool handlers; Input is the
	// "input" value as decoded (map[string]any, []any, string, float64 as
	// json.Number text via jsonNumber, bool); nil means {}.
	Server, Tool string
	Input        any
}

// mcpTool is what an mcp_tool handler adds to its Identity.
type mcpTool struct {
	Server, Tool string
	Input        any
}

// Identity is the handler's normalized definition, made from what the
// handler keeps (the same values newHandler read), so that a project of
// many hooks does not hold a second copy of each definition.
func (h *handler) Identity() Identity {
	id := Identity{Event: h.Hook.Event, Matcher: h.Matcher, Handler: IdentityHandler{
		Type: h.Hook.Type, Command: h.Hook.RawCommand, TimeoutSec: h.TimeoutSec, Async: h.Async, StatusMessage: h.StatusMessage}}
	if h.mcp != nil {
		id.Handler.Server, id.Handler.Tool, id.Handler.Input = h.mcp.Server, h.mcp.Tool, h.mcp.Input
	}
	return id
}

// jsonNumber is a number kept as its literal text.
type jsonNumber string

// Value returns the identity as a JSON-like value (maps, slices, strings).
func (id Identity) Value() map[string]any {
	h := map[string]any{"type": id.Handler.Type, "timeout": id.Handler.TimeoutSec}
	switch id.Handler.Type {
	case "mcp_tool":
		// Observed for one handler (server, tool, no input, no timeout):
		// {"input":{},"server","timeout","tool","type":"mcp_tool"}; the
		// rest of the mcp_tool form (statusMessage, async) is unverified.
		h["server"] = id.Handler.Server
		h["tool"] = id.Handler.Tool
		input := id.Handler.Input
		if input == nil {
			input = map[string]any{}
		}
		h["input"] = input
		if id.Handler.StatusMessage != nil {
			h["statusMessage"] = *id.Handler.StatusMessage
		}
	default:
		h["command"] = id.Handler.Command
		h["async"] = id.Handler.Async
		if id.Handler.StatusMessage != nil {
			h["statusMessage"] = *id.Handler.StatusMessage
		}
	}
	v := map[string]any{"event_name": eventKey(id.Event), "hooks": []any{h}}
	if id.Matcher != nil {
		v["matcher"] = *id.Matcher
	}
	return v
}

// CanonicalJSON is the identity as Codex serializes it before hashing.
func (id Identity) CanonicalJSON() string { return string(appendCanonical(nil, id.Value())) }

// Hash is "sha256:<hex>" of CanonicalJSON.
func (id Identity) Hash() string {
	sum := sha256.Sum256([]byte(id.CanonicalJSON()))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// appendCanonical writes v as JSON with sorted keys and no whitespace, the
// way serde_json (and JSON.stringify) write it: strings escape only '"',
// '\\' and control characters (\b \f \n \r \t, the others as \u00XX), and
// leave '<', '>', '&', U+2028 and U+2029 as they are (encoding/json would
// escape them and change the hash).
func appendCanonical(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case bool:
		return strconv.AppendBool(b, x)
	case uint64:
		return strconv.AppendUint(b, x, 10)
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case jsonNumber:
		return append(b, x...)
	case float64:
		return strconv.AppendFloat(b, x, 'g', -1, 64)
	case string:
		return appendJSONString(b, x)
	case []any:
		b = append(b, '[')
		for i, it := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendCanonical(b, it)
		}
		return append(b, ']')
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, k)
			b = append(b, ':')
			b = appendCanonical(b, x[k])
		}
		return append(b, '}')
	}
	panic(fmt.Sprintf("codex: canonical JSON of %T", v))
}

func appendJSONString(b []byte, s string) []byte {
	const hexdigits = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c >= 0x20:
			b = append(b, c)
		case c == '\n':
			b = append(b, '\\', 'n')
		case c == '\r':
			b = append(b, '\\', 'r')
		case c == '\t':
			b = append(b, '\\', 't')
		case c == '\b':
			b = append(b, '\\', 'b')
		case c == '\f':
			b = append(b, '\\', 'f')
		default:
			b = append(b, '\\', 'u', '0', '0', hexdigits[c>>4], hexdigits[c&0xf])
		}
	}
	return append(b, '"')
}
