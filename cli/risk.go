package cli

import (
	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
)

// hookRisk analyses a hook of p (nil: none at hand) in its project folder;
// Hookwarden's own observer obs reads as no risk (agents.HookRisk).
func hookRisk(opt risk.Options, p agents.Project, h *hooks.Hook, projectDir string, obs agents.Observer) risk.Report {
	return agents.HookRisk(p, h, projectDir, obs, opt)
}

// hookRisks analyses every hook of a listing with one cache (a script
// many hooks run is read and analysed once). Sequential: in a benchmark on
// this 2-core machine, spreading the hooks over goroutines was slower.
func hookRisks(ra risk.Agents, p agents.Project, hs []*hooks.Hook, projectDir string, obs agents.Observer) []risk.Report {
	out := make([]risk.Report, len(hs))
	opt := risk.Options{Cache: risk.NewCache(), Agents: ra}
	for i, h := range hs {
		out[i] = hookRisk(opt, p, h, projectDir, obs)
	}
	return out
}

// riskLabel is the level and the first finding, for text output.
func riskLabel(r risk.Report) string {
	f, ok := r.First()
	if !ok {
		return "risk: none"
	}
	return "risk: " + r.Level.String() + " — " + f.Summary
}
