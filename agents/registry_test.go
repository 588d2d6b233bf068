package agents

import (
	"context"
	"testing"
)

type fakeAgent struct{ name, title string }

func (f fakeAgent) Info() Info          { return Info{Name: f.name, Title: f.title} }
func (f fakeAgent) Events() []EventInfo { return nil }
func (f fakeAgent) Open(context.Context, Env, string) (Project, error) {
	return nil, NotSupported("open", "a fake")
}

func TestRegistryOrderAndLookup(t *testing.T) {
	r := NewRegistry(fakeAgent{"gemini", "Gemini CLI"}, fakeAgent{"claude", "Claude Code"}, fakeAgent{"codex", "Codex CLI"})
	if got := r.Default().Info().Name; got != "gemini" {
		t.Fatalf("default = %q, want the first agent", got)
	}
	if a, ok := r.Get("claude"); !ok || a.Info().Title != "Claude Code" {
		t.Fatalf("Get(claude) = %v, %v", a, ok)
	}
	if _, ok := r.Get("Claude"); ok {
		t.Fatal("names are exact")
	}
	if a, ok := r.ByTitle("Codex CLI"); !ok || a.Info().Name != "codex" {
		t.Fatalf("ByTitle = %v, %v", a, ok)
	}
	if got := r.NameList("or"); got != "gemini, claude or codex" {
		t.Fatalf("NameList = %q", got)
	}
	all := r.All()
	all[0] = nil
	if r.Default() == nil {
		t.Fatal("All must return a copy")
	}
}

func TestRegistryRefusesDuplicateNames(t *testing.T) {
	for _, names := range [][]string{{"a", "a"}, {""}, {"all"}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("NewRegistry(%q) did not panic", names)
				}
			}()
			var as []Agent
			for _, n := range names {
				as = append(as, fakeAgent{n, n})
			}
			NewRegistry(as...)
		}()
	}
}

func TestUnsupportedCarriesItsReason(t *testing.T) {
	_, err := fakeAgent{"x", "X"}.Open(context.Background(), Env{}, "/")
	reason, ok := IsUnsupported(err)
	if !ok || reason != "a fake" {
		t.Fatalf("IsUnsupported(%v) = %q, %v", err, reason, ok)
	}
}
