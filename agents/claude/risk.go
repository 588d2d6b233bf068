package claude

import (
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
)

var _ agents.RiskSubjecter = (*project)(nil)

// RiskSubject is the analyser's input for a Claude Code handler: the
// neutral part, the exec-form args and the URL of an http handler, with
// ${CLAUDE_PLUGIN_ROOT} filled in a plugin's or skill's hook
// (agents.RiskSubjecter).
func (p *project) RiskSubject(h *hooks.Hook, projectDir string) risk.Hook {
	in := risk.FromHook(h, projectDir)
	if c := HandlerOf(h); c != nil {
		in.Args = c.Args
		in.URL = c.URL
		root := hookRoot(h)
		if root != "" {
			// Claude Code sets the plugin's (or a skill hook's skill's)
			// folder, so its scripts can be followed.
			fill := strings.NewReplacer("${CLAUDE_PLUGIN_ROOT}", root, "$CLAUDE_PLUGIN_ROOT", root)
			in.Command = fill.Replace(in.Command)
		}
		if c.HasArgs {
			// exec form: Claude Code replaces the placeholders in each
			// word by text and runs no shell (claudeScriptCommand); the
			// analysis quotes each word, so any folder name is safe here
			vars := map[string]string{"CLAUDE_PROJECT_DIR": projectDir, "CLAUDE_PLUGIN_ROOT": root}
			in.Args = make([]string, len(c.Args))
			for i, a := range c.Args {
				in.Args[i] = execPlaceholders.ReplaceAllStringFunc(a, func(m string) string {
					if v := vars[m[2:len(m)-1]]; v != "" {
						return v
					}
					return m
				})
				if root != "" {
					in.Args[i] = strings.ReplaceAll(in.Args[i], "$CLAUDE_PLUGIN_ROOT", root)
				}
			}
		}
	}
	return in
}
