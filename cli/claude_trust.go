package cli

import (
	"strings"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// claudeStore is Hookwarden's store for this environment.
func (io *IO) claudeStore() (trust.Store, error) {
	dir, err := trust.StoreDirFromEnv(io.Env, io.GOOS)
	if err != nil {
		return trust.Store{}, err
	}
	return trust.Store{Dir: dir}, nil
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

// reviewedClaudeHooks are the handlers Hookwarden reviews.
func reviewedClaudeHooks(hs []*hooks.Hook) []*hooks.Hook {
	var out []*hooks.Hook
	for _, h := range hs {
		if claude.Reviewed(h) {
			out = append(out, h)
		}
	}
	return out
}
