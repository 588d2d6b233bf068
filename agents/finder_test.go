package agents

import (
	"errors"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

func TestFinderNamesAloneOrAll(t *testing.T) {
	a := &hooks.Hook{ID: "a", Command: "echo x"}
	b := &hooks.Hook{ID: "b", Command: "echo x"}
	f := Finder{Trim: true, Miss: "no hook %q",
		Alone: func(h *hooks.Hook, ref string) bool { return h.ID == ref },
		Names: func(h *hooks.Hook, ref string) bool { return h.Command == ref || h.ID == "b" && ref == "a" }}
	if got, err := f.Find([]*hooks.Hook{a, b}, " echo x "); err != nil || len(got) != 2 {
		t.Fatalf("command: %v %v", got, err)
	}
	// b is named by "a" too, but a is named alone: a is the answer
	if got, err := f.Find([]*hooks.Hook{b, a}, "a"); err != nil || len(got) != 1 || got[0] != a {
		t.Fatalf("alone: %v %v", got, err)
	}
	var in *InputError
	if _, err := f.Find([]*hooks.Hook{a, b}, "nope"); !errors.As(err, &in) || in.Msg != `no hook "nope"` {
		t.Fatalf("miss: %v", err)
	}
	f.Trim = false
	if _, err := f.Find([]*hooks.Hook{a, b}, " echo x "); err == nil {
		t.Fatal("untrimmed reference found a hook")
	}
}
