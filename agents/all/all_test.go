package all

import (
	"context"
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
)

// Every registered agent opens an empty project in an empty home without
// touching the real machine, and names itself.
func TestEveryAgentOpensAnEmptyProject(t *testing.T) {
	home, dir := t.TempDir(), t.TempDir()
	env := agents.Env{Vars: []string{"HOME=" + home, "HOOKWARDEN_CONFIG_DIR=" + t.TempDir(), "XDG_CONFIG_HOME=" + home + "/.config"}, GOOS: "linux", Home: home}
	r := Registry()
	if len(r.All()) < 2 {
		t.Fatalf("registry has %d agents", len(r.All()))
	}
	for _, a := range r.All() {
		p, err := a.Open(context.Background(), env, dir)
		if err != nil {
			t.Fatalf("%s: Open: %v", a.Info().Name, err)
		}
		if p.Agent().Name != a.Info().Name || a.Info().Title == "" {
			t.Errorf("%s: project names agent %q, title %q", a.Info().Name, p.Agent().Name, a.Info().Title)
		}
		if len(p.Hooks()) != 0 {
			t.Errorf("%s: empty project has %d hooks", a.Info().Name, len(p.Hooks()))
		}
	}
}

// Every registered agent that reads its own logs is a log importer of the
// registry (Copilot CLI's session records among them).
func TestRegisteredAgentsImportTheirLogs(t *testing.T) {
	var names []string
	for _, imp := range Registry().Importers() {
		name, _ := imp.ImportAgent()
		names = append(names, name)
	}
	for _, want := range []string{"claude", "codex", "copilot"} {
		if !slices.Contains(names, want) {
			t.Errorf("importers %v: no %s", names, want)
		}
	}
}
