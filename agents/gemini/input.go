package gemini

import (
	"time"

	"github.com/hookwarden/hookwarden/hooks"
)

// inputBase is the common part of every hook input (createBaseInput).
type inputBase struct {
	SessionID      string
	TranscriptPath string
	// Cwd is the agent's working folder (the project folder).
	Cwd       string
	Event     hooks.Event
	Timestamp time.Time
}

// timestampString formats t as JavaScript's Date.prototype.toISOString.
func timestampString(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05.000Z")
}

// newInput returns the hook input Gemini CLI sends: the base fields
// session_id, transcript_path, cwd, hook_event_name, timestamp, then the
// event's own fields (which may override them, as {...base, ...fields}).
// fields may be nil.
func newInput(base inputBase, fields *hooks.Object) *hooks.Object {
	in := hooks.NewObject(5 + fields.Len())
	in.Set("session_id", base.SessionID)
	in.Set("transcript_path", base.TranscriptPath)
	in.Set("cwd", base.Cwd)
	in.Set("hook_event_name", string(base.Event))
	in.Set("timestamp", timestampString(base.Timestamp))
	if fields != nil {
		hooks.SpreadInto(in, fields)
	}
	return in
}

// spreadInto copies v's own enumerable properties into dst as {...dst,
// ...v} does (objects by key, arrays and strings by index).
func spreadInto(dst *hooks.Object, v hooks.Value) { hooks.SpreadInto(dst, v) }
