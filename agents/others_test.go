package agents

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// sharingFake may read every file but cannot open any folder.
type sharingFake struct{ fakeAgent }

func (sharingFake) SharesFile(string, string) bool { return true }

// projectOf is a Project of one agent with hooks (only what
// AddOtherReaders asks).
type projectOf struct {
	Project
	agent Info
	dir   string
	hooks []*hooks.Hook
}

func (p projectOf) Agent() Info          { return p.agent }
func (p projectOf) Dir() string          { return p.dir }
func (p projectOf) Hooks() []*hooks.Hook { return p.hooks }

// An agent that may read a reviewed hook's file but cannot open the
// folder counts as needing review: its silence is not an approval. An
// agent that is not asked (no Others), or one that is the reviewing agent
// itself, adds nothing.
func TestAddOtherReadersFailsClosed(t *testing.T) {
	dir := t.TempDir()
	h := &hooks.Hook{ID: "a:1", Event: "PreToolUse", Command: "echo hi", Origin: hooks.Origin{File: filepath.Join(dir, "settings.json"), Line: 3, Column: 5}}
	self := projectOf{agent: Info{Name: "self", Title: "Self"}, dir: dir, hooks: []*hooks.Hook{h}}
	if !h.IsHook() {
		t.Fatal("the fixture is not a hook")
	}
	review := func(env Env) []HookReview {
		hs := []HookReview{{HookID: "a:1", HookReview: trust.HookReview{Status: trust.StatusTrusted}}}
		AddOtherReaders(context.Background(), env, self, hs)
		return hs
	}
	if hs := review(Env{}); len(hs[0].AlsoReadBy) != 0 {
		t.Fatalf("no Others: %+v", hs[0].AlsoReadBy)
	}
	reg := NewRegistry(sharingFake{fakeAgent{"self", "Self"}}, sharingFake{fakeAgent{"other", "Other"}})
	hs := review(Env{Others: reg})
	if len(hs[0].AlsoReadBy) != 1 {
		t.Fatalf("also read by %+v (want the other agent only)", hs[0].AlsoReadBy)
	}
	o := hs[0].AlsoReadBy[0]
	if o.Agent != "other" || !o.NeedsReview || o.Status == "runs" {
		t.Fatalf("an agent that cannot open the folder: %+v", o)
	}
	if w := o.Words(); !strings.HasPrefix(w, "needs review") {
		t.Fatalf("words %q", w)
	}
}
