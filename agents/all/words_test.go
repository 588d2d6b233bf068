package all

import (
	"context"
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/assets"
)

// The words an agent gives the command line for folder-trust and --scope
// are exactly what its projects accept: the folder-trust levels and the
// switch scopes, in order, each explained.
func TestAgentWordsAreWhatItsProjectsTake(t *testing.T) {
	demo, err := assets.MaterializeDemo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	env := agents.Env{Vars: demo.Overlay(nil), GOOS: "linux", Home: demo.Home}
	values := func(ws []agents.Word) []string {
		var out []string
		for _, w := range ws {
			if len(w.Meaning) < 20 {
				t.Errorf("%q: %q does not explain it", w.Value, w.Meaning)
			}
			out = append(out, w.Value)
		}
		return out
	}
	for _, a := range Registry().All() {
		name := a.Info().Name
		p, err := a.Open(context.Background(), env, demo.ProjectDir)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got, want := values(agents.WordsFor(a, agents.WordsFolderTrust)), p.Summary().FolderTrust.Levels; !slices.Equal(got, want) {
			t.Errorf("%s: folder-trust words %v, project levels %v", name, got, want)
		}
		if got, want := values(agents.WordsFor(a, agents.WordsScope)), p.Switches().Scopes; !slices.Equal(got, want) {
			t.Errorf("%s: scope words %v, switch scopes %v", name, got, want)
		}
	}
}
