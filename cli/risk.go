package cli

import (
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
)

// hookRisk analyses a hook of either agent (the command as the agent runs
// it, its env and, for a Claude Code http hook, its URL) in its project.
func hookRisk(c *risk.Cache, h *hooks.Hook, projectDir string) risk.Report {
	in := risk.Hook{Agent: string(h.Agent), Event: string(h.Event), Matcher: h.Matcher, Command: h.Command, Env: h.Env, ProjectDir: projectDir}
	if in.Agent == "" {
		in.Agent = "gemini"
	}
	if c := h.Claude; c != nil {
		in.Args = c.Args
		in.URL = c.URL
	}
	return risk.Analyze(in, risk.Options{Cache: c})
}

// riskLabel is the level and the first finding, for text output.
func riskLabel(r risk.Report) string {
	f, ok := r.First()
	if !ok {
		return "risk: none"
	}
	return "risk: " + r.Level.String() + " — " + f.Summary
}
