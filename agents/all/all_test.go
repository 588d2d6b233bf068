package all

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/internal/testenv"
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

// The shared packages' tests read the registry's facts from
// internal/testenv (they cannot import this package): it must be the
// registry's own. HOOKWARDEN_UPDATE_TESTDATA=1 rewrites it.
func TestAgentFactsTestData(t *testing.T) {
	want, err := json.MarshalIndent(Registry().Facts(), "", "\t")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	const file = "../../internal/testenv/testdata/agent_facts.json"
	if os.Getenv("HOOKWARDEN_UPDATE_TESTDATA") == "1" {
		if err := os.WriteFile(file, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not the registry's facts; run HOOKWARDEN_UPDATE_TESTDATA=1 go test ./agents/all -run TestAgentFactsTestData", file)
	}
	if f := testenv.Agents(); !slices.Equal(f.HomeVars, Registry().Facts().HomeVars) {
		t.Errorf("testenv.Agents().HomeVars = %v", f.HomeVars)
	}
}
