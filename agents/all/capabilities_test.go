package all

import (
	"context"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/assets"
)

// What an agent can do beyond the required contract is a small interface
// its project has or has not; an agent whose project has not one of them
// says why in its own words (Info.Lacks), which is what the faces show
// (agents.Lacking) — never a required method answering "unsupported", and
// never a sentence of the face naming the agent. An agent that has one
// declares no reason for lacking it.
func TestEveryAgentHasACapabilityOrSaysWhyNot(t *testing.T) {
	demo, err := assets.MaterializeDemo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	env := agents.Env{Vars: demo.Overlay(nil), GOOS: "linux", Home: demo.Home}
	for _, a := range Registry().All() {
		info := a.Info()
		p, err := a.Open(context.Background(), env, demo.ProjectDir)
		if err != nil {
			t.Fatal(err)
		}
		_, truster := p.(agents.FolderTruster)
		_, repairer := p.(agents.Repairer)
		_, carrier := p.(agents.CarryOver)
		for c, has := range map[agents.Capability]bool{agents.CapFolderTrust: truster, agents.CapRepair: repairer, agents.CapCarryOver: carrier} {
			reason := info.Lacks[c]
			switch {
			case has && reason != "":
				t.Errorf("%s has %s but says it lacks it: %q", info.Name, c, reason)
			case !has && reason == "":
				t.Errorf("%s has no %s and does not say why (Info.Lacks)", info.Name, c)
			case !has:
				r, ok := agents.IsUnsupported(agents.Lacking(info, c))
				if !ok || r != reason {
					t.Errorf("%s: Lacking(%s) = %q, %v; want its own words %q", info.Name, c, r, ok, reason)
				}
			}
		}
		if ft := p.Summary().FolderTrust; truster != (len(ft.Levels) > 0) {
			t.Errorf("%s: FolderTruster %v, but the summary's levels are %q", info.Name, truster, ft.Levels)
		}
		if _, ok := p.(agents.FolderTrustReader); !ok && p.Summary().FolderTrust.Supported {
			t.Errorf("%s: a folder trust of its own (Supported), but no FolderTrustReader", info.Name)
		}
	}
}
