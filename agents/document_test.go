package agents

import (
	"bytes"
	"encoding/json"
	"testing"
)

// A document keeps its members in the agent's order, fills the face's
// slots, leaves out a slot without a value, and writes <, > and & as they
// are (as the faces' encoders do); an explicit typed nil is null.
func TestDocumentKeepsOrderAndFillsSlots(t *testing.T) {
	var none *struct{ A int }
	d := Document{Member("z", 1), Slot("project"), Member("cmd", "a <b> & c"), Slot("missing"), Member("nil", none),
		{Key: "text", Value: "v"}}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(d.Fill(map[string]any{"project": "/p"})); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), `{"z":1,"project":"/p","cmd":"a <b> & c","nil":null,"text":"v"}`+"\n"; got != want {
		t.Errorf("document %s, want %s", got, want)
	}
	if len(d) != 6 || !d[1].Slot {
		t.Error("Fill changed the agent's document")
	}
}
