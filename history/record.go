package history

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Sources of a record.
const (
	// SourceObserver is a payload the agent sent to the observer hook.
	SourceObserver = "observer"
	// SourceImport is an event rebuilt from an agent's own log.
	SourceImport = "import"
)

// Record is one event an agent fired.
type Record struct {
	// ID names the record (time-ordered; any unique prefix finds it).
	ID   string    `json:"id"`
	Time time.Time `json:"time"`
	// Agent is the agent's name (as --agent takes it); Event the event
	// as the agent's hook files name it.
	Agent string `json:"agent"`
	Event string `json:"event"`
	// Project is the folder the agent worked in; Tool the tool of a
	// tool event; Session the agent's session id.
	Project string `json:"project,omitempty"`
	// Cwd is the working folder the observer ran in (the agent runs hooks
	// in the session's folder); the project when the payload names none.
	Cwd     string `json:"cwd,omitempty"`
	Tool    string `json:"tool,omitempty"`
	Session string `json:"session,omitempty"`
	// Payload is the payload as the agent sent it, secrets redacted
	// (PayloadBase64 instead when it is not UTF-8).
	Payload       string `json:"payload,omitempty"`
	PayloadBase64 string `json:"payload_base64,omitempty"`
	// Size is the payload's size as received; Truncated: it was longer
	// than the cap and only its start is kept (it no longer parses).
	Size      int  `json:"size"`
	Truncated bool `json:"truncated,omitempty"`
	// Redacted are the kinds of secret replaced in the payload.
	Redacted []string `json:"redacted,omitempty"`
	// Source is SourceObserver or SourceImport; Origin the log file an
	// import read (with its line).
	Source string `json:"source"`
	Origin string `json:"origin,omitempty"`
	// Rebuilt are the payload fields an import inferred rather than read
	// (nil: every field is as the agent sent it).
	Rebuilt []string `json:"rebuilt,omitempty"`
}

// PayloadBytes is the payload as stored.
func (r Record) PayloadBytes() []byte {
	if r.PayloadBase64 != "" {
		b, _ := base64.StdEncoding.DecodeString(r.PayloadBase64)
		return b
	}
	return []byte(r.Payload)
}

// IsJSON reports whether the stored payload is a JSON object.
func (r Record) IsJSON() bool {
	var m map[string]json.RawMessage
	return json.Unmarshal(r.PayloadBytes(), &m) == nil
}

// SetPayload stores payload in r: cut to max bytes (0: no cap), secrets
// redacted.
func (r *Record) SetPayload(payload []byte, max int) {
	r.Size = len(payload)
	if max > 0 && len(payload) > max {
		payload, r.Truncated = payload[:max], true
	}
	text, kinds := Redact(string(payload))
	r.Redacted = kinds
	if utf8.ValidString(text) {
		r.Payload, r.PayloadBase64 = text, ""
		return
	}
	r.Payload, r.PayloadBase64 = "", base64.StdEncoding.EncodeToString([]byte(text))
}

// NewID is a record id for t: the time in hex milliseconds and six
// random hex digits, so ids sort by time and two observers never share
// one.
func NewID(t time.Time) string {
	var b [3]byte
	_, _ = rand.Read(b[:])
	return strconv.FormatInt(t.UnixMilli(), 16) + "-" + hex.EncodeToString(b[:])
}

// Matches reports whether id names r (the whole id or a prefix of it).
func (r Record) Matches(id string) bool {
	return id != "" && strings.HasPrefix(r.ID, id)
}
