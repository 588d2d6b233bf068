package cli

import (
	"encoding/json"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
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
func (io *IO) trustContext(dir string) (*settingsio.Snapshot, trust.Options, error) {
	p := io.loadProject(dir)
	storeDir, err := trust.StoreDirFromEnv(io.Env, io.GOOS)
	if err != nil {
		return nil, trust.Options{}, err
	}
	return p.snap, trust.Options{Store: trust.Store{Dir: storeDir}, Registry: p.reg}, nil
}

// selectClaude picks handlers by selector: a hook ID, a fingerprint (or a
// prefix of at least 8 characters), or a label (command with args, URL,
// MCP tool) — every handler with that label. It returns the selectors that
// matched nothing.
func selectClaude(hs []*hooks.Hook, selectors []string) ([]*hooks.Hook, []string) {
	picked := make([]bool, len(hs))
	var missing []string
	for _, sel := range selectors {
		found := false
		for i, h := range hs {
			fp, _ := claude.Fingerprint(h)
			if h.ID == sel || fp == sel || (len(sel) >= 8 && strings.HasPrefix(fp, sel)) || claudeHookLabel(h) == sel {
				picked[i], found = true, true
			}
		}
		if !found {
			missing = append(missing, sel)
		}
	}
	var out []*hooks.Hook
	for i, h := range hs {
		if picked[i] {
			out = append(out, h)
		}
	}
	return out, missing
}

func claudeHookLabel(h *hooks.Hook) string {
	if h.Claude != nil && h.Claude.HasArgs {
		return strings.TrimSpace(h.Command + " " + strings.Join(h.Claude.Args, " "))
	}
	if h.Command != "" || h.Claude == nil {
		return h.Command
	}
	switch {
	case h.Claude.URL != "":
		return h.Claude.URL
	case h.Claude.Server != "" || h.Claude.Tool != "":
		return "mcp " + h.Claude.Server + "/" + h.Claude.Tool
	}
	return h.Type + ": " + h.Claude.Prompt
}

func matcherLabel(m string) string {
	if m == "" {
		return "(all)"
	}
	return "[" + m + "]"
}

// quoteForShell quotes s for a POSIX shell when it needs it.
func quoteForShell(s string) string { return agents.ShellQuote(s) }

// auditRisk is the risk of an audited workspace hook: its command and its
// env (the audit keeps env values as JSON texts).
func auditRisk(cache *risk.Cache, h trust.HookReview, projectDir string) risk.Report {
	env := map[string]string{}
	for k, v := range h.Env {
		var s string
		if json.Unmarshal([]byte(v), &s) == nil {
			env[k] = s
		} else {
			env[k] = v
		}
	}
	return risk.Analyze(risk.Hook{Agent: "gemini", Event: h.Event, Matcher: h.Matcher, Command: h.Command, Env: env, ProjectDir: projectDir}, risk.Options{Cache: cache})
}
