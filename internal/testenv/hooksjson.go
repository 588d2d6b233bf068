package testenv

import "strings"

// CommandHook is the JSON text of a command hook {"type": "command",
// "command": c}, as the hooks objects of Claude Code, Gemini CLI and
// Codex CLI write it.
func CommandHook(c string) string {
	return `{"type": "command", "command": ` + quote(c) + `}`
}

// HooksJSON is the JSON text of a settings file whose "hooks" object has
// one matcher group for event ("" matcher: none written) with handlers.
func HooksJSON(event, matcher string, handlers ...string) string {
	m := ""
	if matcher != "" {
		m = `"matcher": ` + quote(matcher) + `, `
	}
	return `{"hooks": {"` + event + `": [{` + m + `"hooks": [` + strings.Join(handlers, ", ") + `]}]}}`
}

func quote(s string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
}
