package claude

import (
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// HookSpawn is agents.HookSpawner: Claude Code 2.1.332 starts a command
// handler in shell form as `/bin/sh -c COMMAND`, the command as written
// (the shell expands its placeholders from the environment), or, with
// $CLAUDE_CODE_SHELL_PREFIX, `/bin/sh -c 'PREFIX QUOTED-COMMAND'`; in exec
// form as the program with its arguments, each placeholder put into
// the text (runCommand). PowerShell handlers and handlers that are not
// commands (http, prompt, agent) are not told here.
func (p *project) HookSpawn(h *hooks.Hook) (func([]string) bool, bool) {
	c := HandlerOf(h)
	switch {
	case h.Command == "" || c != nil && c.Shell == "powershell":
		return nil, false
	case c != nil && c.HasArgs:
		want := append([]string{h.Command}, c.Args...)
		return func(argv []string) bool {
			if len(argv) != len(want) {
				return false
			}
			for i, w := range want {
				if !agents.ShellSpawn(w, placeholderWords(w)...)([]string{"", "-c", argv[i]}) {
					return false
				}
			}
			return true
		}, true
	}
	quoted := " " + shellQuote(h.Command)
	return func(argv []string) bool {
		if len(argv) < 3 || argv[len(argv)-2] != "-c" {
			return false
		}
		text := argv[len(argv)-1]
		return text == h.Command || strings.HasSuffix(text, quoted)
	}, true
}

// placeholderWords are the ${NAME} placeholders in s.
func placeholderWords(s string) []string {
	return placeholderPattern.FindAllString(s, -1)
}

// CommandSpawn is agents.CommandSpawner (observed with strace, 2.1.332,
// claude -p through the claude-live kit): Claude Code starts a stdio MCP
// server of .mcp.json as its command with its args, as written (execve's
// argv: "sh" or "./tools/srv.sh", not resolved), and an apiKeyHelper as
// `/bin/sh -c TEXT` (the shell prefix taken as for a hook). A server whose
// command or args hold a ${VAR} (Claude Code expands it from its own
// environment, which may not be Hookwarden's), or a plugin's, and the other
// helpers (not seen running headless) are not told: named as not held.
func (p *project) CommandSpawn(h *hooks.Hook) (func([]string) bool, bool) {
	c := HandlerOf(h)
	switch {
	case c == nil || h.Command == "" || h.Status == hooks.StatusInvalid:
		return nil, false
	case h.Kind == hooks.KindMCPServer && h.Type == TypeCommand && c.Plugin == "":
		want := append([]string{h.Command}, c.Args...)
		for _, w := range want {
			if strings.Contains(w, "$") {
				return nil, false
			}
		}
		return func(argv []string) bool { return slices.Equal(argv, want) }, true
	case h.Kind == hooks.KindHelper && h.Name == "apiKeyHelper":
		return p.HookSpawn(&hooks.Hook{Command: h.Command})
	}
	return nil, false
}
