package agents

import (
	"bytes"
	"encoding/json"
)

// Document is a JSON object whose members keep their order: the fields'
// Key and JSON (Value when JSON is nil). The faces build the agent's own
// documents from it, so that an agent decides their members and their
// order, and the documents stay byte for byte what they are.
type Document []Field

// Slot is a member of a document that the face fills in.
func Slot(key string) Field { return Field{Key: key, Slot: true} }

// Member is a document member of a value.
func Member(key string, v any) Field { return Field{Key: key, JSON: v} }

// Fill returns the document with each Slot replaced by the face's value
// of its key; a slot the face has no value for is left out.
func (d Document) Fill(values map[string]any) Document {
	out := make(Document, 0, len(d))
	for _, f := range d {
		if f.Slot {
			v, ok := values[f.Key]
			if !ok {
				continue
			}
			f = Member(f.Key, v)
		}
		out = append(out, f)
	}
	return out
}

// MarshalJSON writes the members in order, HTML characters unescaped (as
// the faces' encoders write every document).
func (d Document) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	out := []byte{'{'}
	for i, f := range d {
		if i > 0 {
			out = append(out, ',')
		}
		b.Reset()
		if err := enc.Encode(f.Key); err != nil {
			return nil, err
		}
		out = append(out, bytes.TrimSpace(b.Bytes())...)
		out = append(out, ':')
		var v any = f.Value
		if f.JSON != nil {
			v = f.JSON
		}
		b.Reset()
		if err := enc.Encode(v); err != nil {
			return nil, err
		}
		out = append(out, bytes.TrimSpace(b.Bytes())...)
	}
	return append(out, '}'), nil
}
