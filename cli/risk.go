package cli

import (
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
)

// hookRisk analyses a hook of either agent in its project.
func hookRisk(c *risk.Cache, h *hooks.Hook, projectDir string) risk.Report {
	return risk.Analyze(risk.FromHook(h, projectDir), risk.Options{Cache: c})
}

// riskLabel is the level and the first finding, for text output.
func riskLabel(r risk.Report) string {
	f, ok := r.First()
	if !ok {
		return "risk: none"
	}
	return "risk: " + r.Level.String() + " — " + f.Summary
}
