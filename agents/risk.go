package agents

import (
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
)

// RiskSubjecter is an optional interface of a Project whose hooks carry
// facts of their own that the risk analysis reads (exec-form arguments, a
// URL, placeholders the agent fills before the shell runs). RiskSubject is
// the analyser's input for one of its hooks in projectDir.
type RiskSubjecter interface {
	RiskSubject(h *hooks.Hook, projectDir string) risk.Hook
}

// RiskSubject is the analyser's input for a hook of p in projectDir: what
// p's agent says of it when it implements RiskSubjecter, else the neutral
// risk.FromHook. p may be nil.
func RiskSubject(p Project, h *hooks.Hook, projectDir string) risk.Hook {
	if rs, ok := p.(RiskSubjecter); ok {
		return rs.RiskSubject(h, projectDir)
	}
	return risk.FromHook(h, projectDir)
}
