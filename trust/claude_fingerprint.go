package trust

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// ClaudeReviewedLayers are the layers whose handlers Hookwarden fingerprints
// and gates: the ones that arrive with the repository or a plugin update
// (the user's own and managed files are not reviewed).
var ClaudeReviewedLayers = []settingsio.Layer{settingsio.LayerProject, settingsio.LayerLocal, settingsio.LayerPlugin}

// ClaudeReviewed reports whether a Claude Code handler is one Hookwarden
// reviews.
func ClaudeReviewed(h *hooks.Hook) bool {
	for _, l := range ClaudeReviewedLayers {
		if h.Origin.Layer == l {
			return true
		}
	}
	return false
}

// ClaudeDefinition is a handler's definition as canonical JSON: the event,
// the group's matcher and the handler object, keys sorted, no spaces.
func ClaudeDefinition(h *hooks.Hook) (string, error) {
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
	if h.HasMatcher {
		def["matcher"] = h.Matcher
	}
	out, err := json.Marshal(def)
	if err != nil {
		return "", err
	}
	return string(out), nil
}

// ClaudeFingerprint is the sha256 (hex) of ClaudeDefinition: the key of a
// handler's approval.
func ClaudeFingerprint(h *hooks.Hook) (string, error) {
	def, err := ClaudeDefinition(h)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(def))
	return hex.EncodeToString(sum[:]), nil
}

var claudePathRE = regexp.MustCompile(`^hooks\.([^.\[]+)\[(\d+)\]\.hooks\[(\d+)\]$`)

// ClaudePlace is where a handler sits in its settings file.
func ClaudePlace(h *hooks.Hook) (settingsio.ClaudeHandlerPlace, bool) {
	m := claudePathRE.FindStringSubmatch(h.Origin.Path)
	if m == nil {
		return settingsio.ClaudeHandlerPlace{}, false
	}
	g, _ := strconv.Atoi(m[2])
	i, _ := strconv.Atoi(m[3])
	return settingsio.ClaudeHandlerPlace{Event: m[1], Group: g, Index: i}, true
}

// claudeLabel names a handler: command (with args), URL, MCP tool or
// prompt.
func claudeLabel(h *hooks.Hook) string {
	c := h.Claude
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
	if h.Claude != nil && h.Claude.PluginRoot != "" {
		vars["CLAUDE_PLUGIN_ROOT"] = h.Claude.PluginRoot
	}
	fill := func(s string) string {
		for k, v := range vars {
			s = strings.ReplaceAll(s, "${"+k+"}", v)
		}
		return s
	}
	if h.Claude != nil && h.Claude.HasArgs {
		words := []string{shellWord(fill(h.Command))}
		for _, a := range h.Claude.Args {
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
