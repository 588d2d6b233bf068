package copilot

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hookwarden/hookwarden/hooks"
)

// disableKey is Copilot's key of a hook in disabledHooks and in
// hooks.discover's disableKey: the sha256 of the event's camelCase name, a
// NUL byte and the entry in Copilot's canonical JSON (observed: every key
// hooks.discover gave for the kit's examples equals this). The canonical
// entry has the members type, bash, powershell, exec, args, cwd, env,
// timeoutSec, matcher and _vsCodeCompat, in that order, each only when
// set: "command" becomes both bash and powershell, "timeout" is
// timeoutSec, a missing type is "command", and an entry of a PascalCase
// event carries the event's name as written in _vsCodeCompat. The key does
// not depend on the file: the same hook in two layers has one key.
func disableKey(event hooks.Event, c canonical) string {
	sum := sha256.Sum256([]byte(string(event) + "\x00" + c.JSON()))
	return hex.EncodeToString(sum[:])
}

// canonical is an entry as Copilot normalises it for its key.
type canonical struct {
	Type       string
	Bash       *string
	PowerShell *string
	Exec       *string
	Args       []string
	HasArgs    bool
	Cwd        *string
	Env        [][2]string
	HasEnv     bool
	// TimeoutRaw is the timeout's number as written ("" when unset).
	TimeoutRaw string
	Matcher    *string
	VSCode     string
}

// JSON is the canonical entry as serde_json writes it (compact, members
// in struct order).
func (c canonical) JSON() string {
	var b strings.Builder
	b.WriteByte('{')
	n := 0
	member := func(k string) {
		if n > 0 {
			b.WriteByte(',')
		}
		n++
		writeJSONString(&b, k)
		b.WriteByte(':')
	}
	str := func(k string, v *string) {
		if v != nil {
			member(k)
			writeJSONString(&b, *v)
		}
	}
	typ := c.Type
	if typ == "" {
		typ = "command"
	}
	member("type")
	writeJSONString(&b, typ)
	str("bash", c.Bash)
	str("powershell", c.PowerShell)
	str("exec", c.Exec)
	if c.HasArgs {
		member("args")
		b.WriteByte('[')
		for i, a := range c.Args {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSONString(&b, a)
		}
		b.WriteByte(']')
	}
	str("cwd", c.Cwd)
	if c.HasEnv {
		member("env")
		b.WriteByte('{')
		for i, kv := range c.Env {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSONString(&b, kv[0])
			b.WriteByte(':')
			writeJSONString(&b, kv[1])
		}
		b.WriteByte('}')
	}
	if c.TimeoutRaw != "" {
		member("timeoutSec")
		b.WriteString(c.TimeoutRaw)
	}
	str("matcher", c.Matcher)
	if c.VSCode != "" {
		member("_vsCodeCompat")
		writeJSONString(&b, c.VSCode)
	}
	b.WriteByte('}')
	return b.String()
}

// writeJSONString writes s as serde_json does: only '"', '\\' and control
// characters are escaped (\b \t \n \f \r, else \u00xx); everything else,
// '<', '>', '&', U+2028 included, is written as is.
func writeJSONString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20:
			b.WriteString(`\u00`)
			h := strconv.FormatInt(int64(r), 16)
			if len(h) < 2 {
				b.WriteByte('0')
			}
			b.WriteString(h)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
}
