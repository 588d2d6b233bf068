package claude

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// The body of a skill (SKILL.md) or a custom slash command
// (.claude/commands/**/*.md, a plugin's skills/ and commands/) may hold
// shell commands Claude Code runs when the skill or command is invoked,
// pasting their output into the prompt: the inline form !`cmd` and the
// fenced form ```! … ```. Claude Code 2.1.332 (claude-live): /cmd and
// /sk as the prompt, and the model invoking the skill with its Skill
// tool, each ran both forms of a project's command and skill; in the
// default permission mode the run is refused unless a permission rule
// allows it, and the skill's own allowed-tools frontmatter
// (Bash(touch:*)) is such a rule; disableSkillShellExecution: true in the
// user settings stopped them, and so did true in any scope, managed ones
// included, the nearest scope winning (TestSkillShellSwitchAsClaudeCodeReadsIt
// has the observed cases). Each is listed as a prompt command of the
// file, reviewed and fingerprinted with its scripts like a hook.

// skillShellFenced and skillShellInline are Claude Code's own patterns
// (/```!\s*\n?([\s\S]*?)\n?```/g and /(?<=^|\s)!`([^`]+)`/gm, the inline
// one read after plain `code` spans are blanked), JavaScript's \s
// spelled out.
const jsSpaceClass = `[\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}]`

var (
	skillShellFenced = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("```!" + jsSpaceClass + "*\\n?((?s:.*?))\\n?```") })
	skillShellInline = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("!`([^`]+)`") })
	plainCodeSpan    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("`[^`\\n]+`") })
)

// skillShellCommand is one shell command of a skill or command body:
// the command as Claude Code runs it and its byte offset in the file.
type skillShellCommand struct {
	command string
	at      int
}

// skillShellCommands finds the shell commands of a skill or command file
// (the body after its frontmatter), in Claude Code's order: the fenced
// blocks, then the inline ones.
func skillShellCommands(data []byte) []skillShellCommand {
	start := 0
	if bytes.HasPrefix(data, []byte("\ufeff")) {
		start = 3
	}
	if fm, ok := frontmatterStart(data[start:]); ok {
		if end := bytes.Index(data[start+fm:], []byte("---")); end >= 0 {
			start += fm + end + 3
		}
	}
	body := string(data[start:])
	var out []skillShellCommand
	add := func(raw string, at int) {
		cmd := strings.ReplaceAll(strings.TrimFunc(raw, jsSpace), "\r\n", "\n")
		if cmd != "" {
			out = append(out, skillShellCommand{command: cmd, at: start + at})
		}
	}
	for _, m := range skillShellFenced().FindAllStringSubmatchIndex(body, -1) {
		add(body[m[2]:m[3]], m[0])
	}
	if !strings.Contains(body, "!`") {
		return out
	}
	// Plain code spans not opened right after a ! or a ` are blanked
	// (their length kept), so that a !` inside one is not a command.
	blank := []byte(body)
	for _, m := range plainCodeSpan().FindAllStringIndex(body, -1) {
		if m[0] > 0 && (body[m[0]-1] == '!' || body[m[0]-1] == '`') {
			continue
		}
		for i := m[0] + 1; i < m[1]-1; i++ {
			blank[i] = ' '
		}
	}
	text := string(blank)
	for _, m := range skillShellInline().FindAllStringSubmatchIndex(text, -1) {
		// (?<=^|\s): at the start or after JavaScript whitespace.
		if m[0] > 0 {
			r := []rune(text[:m[0]])
			if !jsSpace(r[len(r)-1]) {
				continue
			}
		}
		add(body[m[2]:m[3]], m[0])
	}
	return out
}

// skillShellKind says whether path is a skill's SKILL.md or a command
// file (and its name as Claude Code invokes it: "sk", "/sub:name");
// false for a subagent file. pluginRoot is the plugin's folder, "" for
// the project's.
func skillShellKind(path, pluginRoot string) (name string, skill, ok bool) {
	if filepath.Base(path) == "SKILL.md" {
		return filepath.Base(filepath.Dir(path)), true, true
	}
	slash := filepath.ToSlash(path)
	var rel string
	if pluginRoot != "" {
		r, err := filepath.Rel(pluginRoot, path)
		if err != nil {
			return "", false, false
		}
		rel = filepath.ToSlash(r)
	} else if i := strings.LastIndex(slash, "/.claude/"); i >= 0 {
		rel = slash[i+len("/.claude/"):]
	}
	after, found := strings.CutPrefix(rel, "commands/")
	if !found {
		return "", false, false
	}
	return "/" + strings.ReplaceAll(strings.TrimSuffix(after, ".md"), "/", ":"), false, true
}

// collectSkillShell lists the shell commands of every skill and command
// body, the project's and the enabled plugins'.
func (r *registry) collectSkillShell() {
	off, offBy := r.Snapshot.Setting("disableSkillShellExecution")
	collect := func(fs []*settingsio.File, pl *plugin, root string) {
		if pl != nil {
			root = pl.Root
		}
		for _, f := range fs {
			if f == nil || f.Raw == nil {
				continue
			}
			name, skill, ok := skillShellKind(f.Path, root)
			if !ok && pl != nil && pl.CustomCommands[filepath.Clean(f.Path)] {
				// a command file plugin.json's "commands" names
				name, ok = "/"+strings.TrimSuffix(filepath.Base(f.Path), ".md"), true
			}
			if !ok {
				continue
			}
			frontmatter := ""
			if f.Root != nil {
				raw, err := f.Root.MarshalJSON()
				if err != nil {
					raw = []byte(fmt.Sprintf("%q", "unreadable frontmatter: "+err.Error()))
				}
				frontmatter = string(raw)
			}
			for i, c := range skillShellCommands(f.Raw) {
				line := bytes.Count(f.Raw[:c.at], []byte("\n")) + 1
				col := c.at - (bytes.LastIndexByte(f.Raw[:c.at], '\n') + 1) + 1
				n := &settingsio.Node{Kind: settingsio.String, Str: c.command, Raw: c.command, Pos: settingsio.Pos{Line: line, Column: col}}
				h := r.commandEntry(f, hooks.KindPromptCommand, name, n, fmt.Sprintf("body.shell[%d]", i))
				h.Type, h.RawCommand = TypeCommand, c.command
				HandlerOf(h).Frontmatter = frontmatter
				h.Command = c.command
				if skill {
					h.Command = strings.ReplaceAll(h.Command, "${CLAUDE_SKILL_DIR}", filepath.Dir(f.Path))
					h.When = "every time the skill " + name + " is invoked (by you as /" + name + " or by the model), before its text reaches the model"
				} else {
					h.When = "every time you run " + name + ", before its text reaches the model"
				}
				if nested := skillNote(&hooks.Hook{Origin: hooks.Origin{Layer: layerSkill, File: f.Path}}, r.Snapshot.ProjectDir); skill && strings.HasPrefix(nested, "only once the session reads") {
					h.When += "; " + nested
				}
				h.Gate = "Claude Code's Bash permission check: it runs without asking when the file's allowed-tools or a permission rule allows it (or in bypassPermissions mode); otherwise an interactive session asks and claude -p refuses it"
				if pl != nil {
					h.Origin.Extension = pl.ID
					c := HandlerOf(h)
					c.Plugin, c.PluginRoot = pl.ID, pl.Root
				}
				switch {
				case off.Is(settingsio.Bool) && off.Bool:
					h.Status, h.Reason = hooks.StatusDisabled, "disableSkillShellExecution is true in "+offBy.Path+"; Claude Code runs no shell command of a skill or command"
				case pl != nil && !pl.Enabled:
					h.Status, h.Reason = hooks.StatusDisabled, "plugin "+pl.ID+" is disabled in enabledPlugins"
				default:
					h.Status, h.Reason = hooks.StatusRuns, "runs "+h.When
				}
				r.Hooks = append(r.Hooks, h)
			}
		}
	}
	collect(r.Snapshot.Skills, nil, "")
	// The user's own commands and skills run their shell in the project
	// too (claude-live: ~/.claude/commands/lint.md's !`sh scripts/lint.sh`
	// ran the project's script in the default mode, its allowed-tools
	// allowing it): reviewed for the project when they run its code.
	collect(r.Snapshot.UserSkills, nil, r.Snapshot.Paths.ConfigDir)
	for _, p := range r.Snapshot.Plugins {
		if p.Root != "" {
			collect(p.Skills, p, "")
		}
	}
}

// skillShellIndex is the place of a skill or command body's shell
// command among the file's (0 for any other entry).
func skillShellIndex(h *hooks.Hook) int {
	var i int
	if h.Kind == hooks.KindPromptCommand {
		fmt.Sscanf(h.Origin.Path, "body.shell[%d]", &i)
	}
	return i
}
