package cli

import (
	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/agents/gemini"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/trust"
)

// Helpers of the review commands that the commands not yet written over
// the agent contract still use (run, enable/disable, guard); they go with
// those commands when their owners move them onto agents.Project.

// claudeStore is Hookwarden's store for this environment.
func (io *IO) claudeStore() (trust.Store, error) {
	dir, err := trust.StoreDirFromEnv(io.Env, io.GOOS)
	if err != nil {
		return trust.Store{}, err
	}
	return trust.Store{Dir: dir}, nil
}

// trustContext loads the project and locates Hookwarden's store.
func (io *IO) trustContext(dir string) (*gemini.Snapshot, gemini.Options, error) {
	p := io.loadProject(dir)
	storeDir, err := trust.StoreDirFromEnv(io.Env, io.GOOS)
	if err != nil {
		return nil, gemini.Options{}, err
	}
	return p.snap, gemini.Options{Store: trust.Store{Dir: storeDir}, Registry: p.reg}, nil
}

// selectClaude picks handlers by selector (claude.SelectHandlers).
func selectClaude(hs []*hooks.Hook, selectors []string) ([]*hooks.Hook, []string) {
	return claude.SelectHandlers(hs, selectors)
}

// claudeHookLabel is the label a selector names a handler by.
func claudeHookLabel(h *hooks.Hook) string { return claude.SelectionLabel(h) }

func matcherLabel(m string) string {
	if m == "" {
		return "(all)"
	}
	return "[" + m + "]"
}

// quoteForShell quotes s for a POSIX shell when it needs it.
func quoteForShell(s string) string { return agents.ShellQuote(s) }

// auditRisk is the risk of an audited workspace hook (gemini.ReviewRisk).
func auditRisk(cache *risk.Cache, h trust.HookReview, projectDir string) risk.Report {
	return gemini.ReviewRisk(cache, h, projectDir)
}
