package all

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/assets"
)

// Every agent reads the demo project (it has hooks of every agent) and
// says what the faces need through the contract: the heading facts, the
// list document's members, its layers with their states, its events in
// order with a sample each, the details and document of every hook, and
// the files to watch.
func TestEveryAgentDescribesTheDemoThroughTheContract(t *testing.T) {
	demo, err := assets.MaterializeDemo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	env := agents.Env{Vars: demo.Overlay(nil), GOOS: "linux", Home: demo.Home}
	for _, a := range Registry().All() {
		name := a.Info().Name
		p, err := a.Open(context.Background(), env, demo.ProjectDir)
		if err != nil {
			t.Fatalf("%s: Open: %v", name, err)
		}
		if len(p.Hooks()) == 0 {
			t.Errorf("%s: the demo has no hooks", name)
		}
		s := p.Summary()
		for _, key := range []string{"project", "folder_trust", "hooks"} {
			if f := s.Fact(key); f.Label == "" || f.Text == "" || len(f.Cells) == 0 {
				t.Errorf("%s: heading fact %q = %+v", name, key, f)
			}
		}
		if !s.FolderTrust.Supported || !s.FolderTrust.Trusted || s.Files == "" {
			t.Errorf("%s: the demo folder is trusted by every agent; summary %+v", name, s)
		}
		var slots []string
		for _, f := range s.Document {
			if f.Slot {
				slots = append(slots, f.Key)
			}
		}
		if !slices.Equal(slots, []string{"project", "layers", "hooks", "diagnostics"}) {
			t.Errorf("%s: list document slots %v", name, slots)
		}
		watch := p.Watch()
		reviewed := false
		for _, l := range p.Layers() {
			reviewed = reviewed || l.Reviewed
			if l.State == "" || l.Kind == "" {
				t.Errorf("%s: layer %+v has no state or kind", name, l)
			}
			if l.File != nil && l.File.Exists && !slices.Contains(watch, l.File.Path) {
				t.Errorf("%s: %s is not watched", name, l.File.Path)
			}
		}
		if !reviewed {
			t.Errorf("%s: no layer is reviewed", name)
		}
		events := a.Events()
		if len(events) == 0 {
			t.Fatalf("%s: no events", name)
		}
		for _, e := range events {
			if e.Description == "" {
				t.Errorf("%s: %s has no description", name, e.Name)
			}
			if e.Sample != nil && !json.Valid(e.Sample) {
				t.Errorf("%s: the sample of %s is not JSON", name, e.Name)
			}
		}
		for _, h := range p.Hooks() {
			if p.Title(h) == "" {
				t.Errorf("%s: hook %s has no title", name, h.ID)
			}
			var labels []string
			for _, f := range p.Details(h) {
				labels = append(labels, f.Label)
			}
			if !slices.Contains(labels, "Command") || !slices.Contains(labels, "Settings") {
				t.Errorf("%s: details of %s have the rows %v", name, h.ID, labels)
			}
			if _, err := json.Marshal(p.HookDocument(h)); err != nil {
				t.Errorf("%s: document of %s: %v", name, h.ID, err)
			}
		}
	}
}
