package claude

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// reviewedLayers are the layers whose handlers Hookwarden fingerprints
// and gates: the ones that arrive with the repository or a plugin update
// (the user's own and managed files are not reviewed).
var reviewedLayers = []settingsio.Layer{LayerProject, LayerLocal, layerPlugin, layerSkill}

// reviewed reports whether a Claude Code handler is one Hookwarden
// reviews.
func reviewed(h *hooks.Hook) bool {
	for _, l := range reviewedLayers {
		if h.Origin.Layer == l {
			return true
		}
	}
	return false
}

// definition is a handler's definition as canonical JSON: the event,
// the group's matcher and the handler object, keys sorted, no spaces.
func definition(h *hooks.Hook) (string, error) {
	if def, ok := plainDefinition(h); ok {
		return def, nil
	}
	var handler any
	if h.Node != nil {
		raw, err := h.Node.MarshalJSON()
		if err != nil {
			return "", err
		}
		if err := json.Unmarshal(raw, &handler); err != nil {
			return "", fmt.Errorf("reading the handler at %s: %w", h.ID, err)
		}
	} else {
		handler = map[string]any{"type": h.Type, "command": h.Command}
	}
	def := map[string]any{"event": string(h.Event), "handler": handler}
	if !h.IsHook() {
		// A command of another kind: its kind, its name (server or key)
		// and its value as written (command, args, env, url, headers…).
		def = map[string]any{"kind": string(h.Kind), "name": h.Name, "value": handler}
		if c := HandlerOf(h); c != nil && c.Frontmatter != "" {
			var fm any
			if err := json.Unmarshal([]byte(c.Frontmatter), &fm); err != nil {
				return "", fmt.Errorf("reading the frontmatter of %s: %w", h.Origin.File, err)
			}
			def["frontmatter"] = fm
		}
	}
	if h.HasMatcher {
		def["matcher"] = h.Matcher
	}
	out, err := json.Marshal(def)
	if err != nil {
		return "", err
	}
	return string(out), nil
}

// plainDefinition is definition written directly, for a hook whose
// handler is plain (plainJSON): the same text the round trip through
// encoding/json gives, without it (the guard's check fingerprints every
// handler of the project). ok is false for any other handler.
func plainDefinition(h *hooks.Hook) (string, bool) {
	if !h.IsHook() || h.Node == nil {
		return "", false
	}
	b := make([]byte, 0, 256)
	b = append(b, `{"event":`...)
	b = agents.AppendMarshaledString(b, string(h.Event))
	b = append(b, `,"handler":`...)
	b, ok := appendPlainJSON(b, h.Node)
	if !ok {
		return "", false
	}
	if h.HasMatcher {
		b = append(b, `,"matcher":`...)
		b = agents.AppendMarshaledString(b, h.Matcher)
	}
	return string(append(b, '}')), true
}

// plainNumber is a number literal that encoding/json decodes to a float64
// and encodes back as the same text: an integer of at most 15 digits (so
// exact in a float64, and below 1e21, where encoding/json would switch to
// an exponent), no leading zero, not -0.
var plainNumber = regexp.MustCompile(`^(0|-?[1-9][0-9]{0,14})$`)

// appendPlainJSON appends what json.Marshal writes for the value that
// json.Unmarshal reads from n's MarshalJSON into an any, when n is plain:
// its numbers plainNumber, its keys and texts printable ASCII other than
// <, > and & (so the text json.Marshal writes decodes to itself), and no
// object with a key twice. Object keys are then sorted, as encoding/json
// writes a map. ok is false, and b to be dropped, for any other n.
func appendPlainJSON(b []byte, n *settingsio.Node) ([]byte, bool) {
	if n == nil {
		return b, false // built by hand, not parsed: the round trip says
	}
	switch n.Kind {
	case settingsio.Null:
		return append(b, "null"...), true
	case settingsio.Bool:
		return strconv.AppendBool(b, n.Bool), true
	case settingsio.Number:
		if !plainNumber.MatchString(n.Raw) {
			return b, false
		}
		return append(b, n.Raw...), true
	case settingsio.String:
		if !plainText(n.Str) {
			return b, false
		}
		return agents.AppendMarshaledString(b, n.Str), true
	case settingsio.Array:
		b = append(b, '[')
		for i, it := range n.Items {
			if i > 0 {
				b = append(b, ',')
			}
			var ok bool
			if b, ok = appendPlainJSON(b, it); !ok {
				return b, false
			}
		}
		return append(b, ']'), true
	case settingsio.Object:
		members := slices.Clone(n.Members)
		slices.SortFunc(members, func(x, y settingsio.Member) int { return strings.Compare(x.Key, y.Key) })
		b = append(b, '{')
		for i, m := range members {
			if !plainText(m.Key) || i > 0 && members[i-1].Key == m.Key {
				return b, false
			}
			if i > 0 {
				b = append(b, ',')
			}
			b = agents.AppendMarshaledString(b, m.Key)
			b = append(b, ':')
			var ok bool
			if b, ok = appendPlainJSON(b, m.Value); !ok {
				return b, false
			}
		}
		return append(b, '}'), true
	}
	return b, false
}

// plainText reports whether s is printable ASCII other than <, > and &.
func plainText(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

// fingerprint is the sha256 (hex) of Definition: the key of a
// handler's approval.
func fingerprint(h *hooks.Hook) (string, error) {
	def, err := definition(h)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(def))
	return hex.EncodeToString(sum[:]), nil
}

var claudePathRE = regexp.MustCompile(`^hooks\.([^.\[]+)\[(\d+)\]\.hooks\[(\d+)\]$`)

// place is where a handler sits in its settings file.
func place(h *hooks.Hook) (handlerPlace, bool) {
	m := claudePathRE.FindStringSubmatch(h.Origin.Path)
	if m == nil {
		return handlerPlace{}, false
	}
	g, _ := strconv.Atoi(m[2])
	i, _ := strconv.Atoi(m[3])
	return handlerPlace{Event: m[1], Group: g, Index: i}, true
}

// claudeLabel names a handler: command (with args), URL, MCP tool or
// prompt.
func claudeLabel(h *hooks.Hook) string {
	if !h.IsHook() {
		return commandLabel(h)
	}
	c := HandlerOf(h)
	switch {
	case h.Command != "":
		if c != nil && len(c.Args) > 0 {
			return h.Command + " " + strings.Join(c.Args, " ")
		}
		return h.Command
	case c == nil:
		return h.Type
	case c.URL != "":
		return c.URL
	case c.Server != "" || c.Tool != "":
		return "mcp " + c.Server + "/" + c.Tool
	}
	return h.Type + ": " + c.Prompt
}

// claudeScriptCommand is the command line whose scripts are fingerprinted,
// with Claude Code's placeholders filled where that is safe. Shell form:
// Claude Code 2.1.332 hands the command to the shell as it is, with
// CLAUDE_PROJECT_DIR and CLAUDE_PLUGIN_ROOT (a plugin's or a skill's
// folder) in the hook's environment, and the shell expands them whatever
// the folder's name holds. A value put into the command's text would be
// parsed as shell text (a folder named a$(id)b, a"b or with bytes that are
// not UTF-8 made `trust` fail or read a command substitution), so only a
// value with no character the shell treats specially is put in; any other
// ${NAME} stays a variable, which discovery reads as a value
// (scriptRuntime's ProjectVars, the review's ScriptVars). Exec form
// (args): Claude Code replaces ${CLAUDE_PROJECT_DIR}, ${CLAUDE_PLUGIN_ROOT}
// and ${CLAUDE_PLUGIN_DATA} in each word and runs no shell: each word is
// written with its literal parts quoted and each placeholder it cannot
// fill safely a quoted variable.
func claudeScriptCommand(h *hooks.Hook, projectDir string) string {
	if h.Type != "command" || h.Command == "" {
		return ""
	}
	vars := map[string]string{"CLAUDE_PROJECT_DIR": projectDir}
	if root := hookRoot(h); root != "" {
		vars["CLAUDE_PLUGIN_ROOT"] = root
	}
	if HandlerOf(h) != nil && HandlerOf(h).HasArgs {
		words := []string{execWord(h.Command, vars)}
		for _, a := range HandlerOf(h).Args {
			words = append(words, execWord(a, vars))
		}
		return strings.Join(words, " ")
	}
	return execPlaceholders.ReplaceAllStringFunc(h.Command, func(m string) string {
		if v, ok := vars[m[2:len(m)-1]]; ok && shellInert(v) {
			return v
		}
		return m
	})
}

// execPlaceholders are the ${…} Claude Code fills: in an exec-form word by
// text, in a shell-form command through the environment.
var execPlaceholders = regexp.MustCompile(`\$\{(CLAUDE_PROJECT_DIR|CLAUDE_PLUGIN_ROOT|CLAUDE_PLUGIN_DATA)\}`)

// shellInert reports whether v reads the same as shell text as it is: a
// non-empty UTF-8 path with no character sh or bash treat specially
// (quotes, $, backquote, backslash, blanks, globs, braces, operators,
// controls).
func shellInert(v string) bool {
	if v == "" || !utf8.ValidString(v) {
		return false
	}
	for _, r := range v {
		if r < 0x20 || r == 0x7f || unicode.IsSpace(r) || strings.ContainsRune("$`\\\"'!#&;|<>(){}[]*?~^", r) {
			return false
		}
	}
	return true
}

// execWord is one exec-form word as a shell word: the placeholders of vars
// it can fill safely filled, its literal parts single-quoted, any other
// placeholder "${NAME}".
func execWord(s string, vars map[string]string) string {
	var b, lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			b.WriteString(shellWord(lit.String()))
			lit.Reset()
		}
	}
	at := 0
	for _, m := range execPlaceholders.FindAllStringSubmatchIndex(s, -1) {
		lit.WriteString(s[at:m[0]])
		if v, ok := vars[s[m[2]:m[3]]]; ok && shellInert(v) {
			lit.WriteString(v)
		} else {
			flush()
			b.WriteString(`"` + s[m[0]:m[1]] + `"`)
		}
		at = m[1]
	}
	lit.WriteString(s[at:])
	if lit.Len() > 0 || b.Len() == 0 {
		b.WriteString(shellWord(lit.String()))
	}
	return b.String()
}

// scriptVars are the variables Claude Code sets for h alone that its
// scripts' paths may name: CLAUDE_PLUGIN_ROOT (hookRoot).
func scriptVars(h *hooks.Hook) map[string]string {
	if root := hookRoot(h); root != "" {
		return map[string]string{"CLAUDE_PLUGIN_ROOT": root}
	}
	return nil
}

// hookRoot is what Claude Code sets CLAUDE_PLUGIN_ROOT to for h: a
// plugin's hook (and a plugin skill's frontmatter hook) gets the plugin's
// folder; a skill's frontmatter hook gets the skill's own folder, the one
// holding its SKILL.md (claude-live 2.1.332: "$CLAUDE_PLUGIN_ROOT" and
// "${CLAUDE_PLUGIN_ROOT}" in a project skill's Stop hook were
// .claude/skills/<name>, the hook ran in the project folder, and
// ${CLAUDE_SKILL_DIR}, which Claude Code fills only in a skill's body and
// allowed-tools, was empty). "" for any other hook (a settings file's, a
// command's or a subagent's: Claude Code refuses to run one that names
// ${CLAUDE_PLUGIN_ROOT}).
func hookRoot(h *hooks.Hook) string {
	if c := HandlerOf(h); c != nil && c.PluginRoot != "" {
		return c.PluginRoot
	}
	if h.IsHook() && inFrontmatter(h) && filepath.Base(h.Origin.File) == "SKILL.md" {
		return filepath.Dir(h.Origin.File)
	}
	return ""
}

func shellWord(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`;&|<>()*?[]#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// claudeSettingsKeys are the members of a Claude Code settings file, beside
// "hooks", that change what a handler runs: "env" is set on the session,
// whose environment every hook process inherits (BASH_ENV, PATH,
// NODE_OPTIONS, CLAUDE_CODE_SHELL_PREFIX…); the HTTP lists decide which
// variables a header may send and to which URLs.
var claudeSettingsKeys = []string{"env", "httpHookAllowedEnvVars", "allowedHttpHookUrls",
	// commands Claude Code runs from settings besides hooks
	"apiKeyHelper", "statusLine", "awsAuthRefresh", "awsCredentialExport", "otelHeadersHelper", "fileSuggestion",
	"proxyAuthHelper", "gcpAuthRefresh", "subagentStatusLine"}

// projectSettingsKeys are the members of the project's shared settings
// file (the one a pull changes) recorded with each approval: every member
// but "hooks" (each handler's own definition) and "$schema", so that
// anything a pull adds or changes there (an apiKeyHelper, a statusLine, a
// member Hookwarden does not know yet) needs review and never reads as
// clean.
func projectSettingsKeys(root *settingsio.Node) []string {
	var keys []string
	for _, m := range root.Members {
		if m.Key != "hooks" && m.Key != "$schema" && !slices.Contains(keys, m.Key) {
			keys = append(keys, m.Key)
		}
	}
	return keys
}

// claudeSettingsFields is what the project's own Claude Code settings
// files (reviewedLayers that are settings files: project and local)
// set of claudeSettingsKeys, as Definition fields named after the layer:
// "project env.BASH_ENV", "local httpHookAllowedEnvVars". Hookwarden
// records it with each approved handler: a change needs review of every
// handler, since the handler's own definition did not change.
func claudeSettingsFields(snap *project) trust.Definition {
	d := trust.Definition{}
	for _, f := range snap.Settings {
		if f == nil || f.Root == nil || (f.Layer != LayerProject && f.Layer != LayerLocal) {
			continue
		}
		keys := claudeSettingsKeys
		if f.Layer == LayerProject {
			keys = projectSettingsKeys(f.Root)
		}
		for _, k := range keys {
			v := f.Root.Get(k)
			if v == nil {
				continue
			}
			if k == "env" && v.Is(settingsio.Object) {
				d.AddEnv(string(f.Layer)+" ", v)
				continue
			}
			d[string(f.Layer)+" "+k] = trust.CanonicalJSON(v)
		}
	}
	return d
}
