package claude

import (
	"encoding/json"
	"unicode/utf8"
)

// removedRecord is the JSON form of a RemovedHandler. JSON strings
// hold only valid UTF-8 (encoding/json turns any other byte into U+FFFD),
// so the removed bytes and the handler's text also go as base64 when they
// are not valid UTF-8; without that, a handler with such a byte could not
// be put back byte for byte (found by FuzzClaudeRemoveRestore).
type removedRecord struct {
	removedPlain
	TextBytes    []byte `json:"text_bytes,omitempty"`
	HandlerBytes []byte `json:"handler_bytes,omitempty"`
}

type removedPlain removedHandler

// MarshalJSON writes the record, with the exact bytes of Text and Handler
// when JSON strings cannot hold them.
func (rm removedHandler) MarshalJSON() ([]byte, error) {
	rec := removedRecord{removedPlain: removedPlain(rm)}
	if !utf8.ValidString(rm.Text) {
		rec.TextBytes = []byte(rm.Text)
	}
	if !utf8.ValidString(rm.Handler) {
		rec.HandlerBytes = []byte(rm.Handler)
	}
	return json.Marshal(rec)
}

// UnmarshalJSON reads a record written by MarshalJSON (or by a Hookwarden
// that wrote strings only).
func (rm *removedHandler) UnmarshalJSON(data []byte) error {
	var rec removedRecord
	if err := json.Unmarshal(data, &rec); err != nil {
		return err
	}
	*rm = removedHandler(rec.removedPlain)
	if rec.TextBytes != nil {
		rm.Text = string(rec.TextBytes)
	}
	if rec.HandlerBytes != nil {
		rm.Handler = string(rec.HandlerBytes)
	}
	return nil
}
