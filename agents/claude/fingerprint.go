package claude

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

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
// with Claude Code's placeholders filled.
func claudeScriptCommand(h *hooks.Hook, projectDir string) string {
	if h.Type != "command" || h.Command == "" {
		return ""
	}
	vars := map[string]string{"CLAUDE_PROJECT_DIR": projectDir}
	if HandlerOf(h) != nil && HandlerOf(h).PluginRoot != "" {
		vars["CLAUDE_PLUGIN_ROOT"] = HandlerOf(h).PluginRoot
	}
	fill := func(s string) string {
		for k, v := range vars {
			s = strings.ReplaceAll(s, "${"+k+"}", v)
		}
		return s
	}
	if HandlerOf(h) != nil && HandlerOf(h).HasArgs {
		words := []string{shellWord(fill(h.Command))}
		for _, a := range HandlerOf(h).Args {
			words = append(words, shellWord(fill(a)))
		}
		return strings.Join(words, " ")
	}
	return fill(h.Command)
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
