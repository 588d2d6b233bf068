package agents

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

// TestHookUsesAreTheMapTheyReplace checks the compact uses of a file
// against the map they replace (the first hook at a place wins), with
// places repeated, out of order and past an int32.
func TestHookUsesAreTheMapTheyReplace(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	u := newHookUses("a", "A")
	want := map[HookPlace]HookUse{}
	statuses := []hooks.Status{hooks.StatusRuns, hooks.StatusDisabled, hooks.StatusInvalid}
	var places []HookPlace
	for i := range 5000 {
		p := HookPlace{Line: r.IntN(300), Column: r.IntN(5)}
		switch i % 997 {
		case 3:
			p.Line = math.MaxInt32 + 7 + r.IntN(3)
		case 5:
			p.Column = math.MinInt32 - 1
		}
		places = append(places, p)
		h := &hooks.Hook{Status: statuses[r.IntN(len(statuses))], Reason: fmt.Sprintf("reason %d", r.IntN(4)), Event: hooks.Event(fmt.Sprint("E", r.IntN(3)))}
		h.Origin.Line, h.Origin.Column = p.Line, p.Column
		u.add(h)
		if _, dup := want[p]; !dup {
			want[p] = HookUse{Agent: "a", Title: "A", Status: h.Status, Reason: h.Reason, Event: h.Event}
		}
	}
	u.done()
	if len(u.uses) > len(statuses)*4*3 {
		t.Errorf("%d distinct uses kept, want at most %d", len(u.uses), len(statuses)*4*3)
	}
	for _, p := range append(places, HookPlace{Line: 301}, HookPlace{Line: -1, Column: 2}, HookPlace{Line: math.MaxInt32 + 100}) {
		got, ok := u.lookup(p)
		w, wok := want[p]
		if ok != wok || got != w {
			t.Fatalf("lookup(%v) = %v, %v; want %v, %v", p, got, ok, w, wok)
		}
	}
	var none *hookUses
	if _, ok := none.lookup(HookPlace{Line: 1, Column: 1}); ok {
		t.Error("a file without uses found one")
	}
}
