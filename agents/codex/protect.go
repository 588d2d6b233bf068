package codex

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// protectMatcher is the tools whose calls the protective hook checks:
// shell calls and apply_patch (which Edit|Write match too, observed).
const protectMatcher = "Bash|apply_patch"

// protectEvent is the event the protective hook answers.
const protectEvent hooks.Event = "PreToolUse"

// ProtectEdits puts the protective handler into the user hooks.json (a
// PreToolUse group of its own, appended) and trusts it in the user
// config.toml (Codex runs no user hook it does not trust, and skips it
// without a word): [hooks.state."<key>"] trusted_hash, computed as Codex
// computes it (agents.Protector).
func (agent) ProtectEdits(env agents.Env, command string) ([]agents.ProtectEdit, error) {
	paths, err := resolvePaths(options{Cwd: env.Home, Getenv: func(k string) string { v, _ := settingsio.EnvLookup(env.Vars, env.GOOS, k); return v }})
	if err != nil {
		return nil, err
	}
	hooksPath, configPath := paths.UserHooksJSON, paths.UserConfigTOML
	ev, _ := lookupEvent(protectEvent)
	matcher := protectMatcher
	id := Identity{Event: protectEvent, Matcher: &matcher, Handler: IdentityHandler{Type: "command", Command: command, TimeoutSec: ev.DefaultTimeoutSec}}
	group := map[string]any{"matcher": protectMatcher, "hooks": []any{map[string]any{"type": "command", "command": command}}}
	groupJSON, _ := json.Marshal(group)
	// key is the trust key of the protective handler as hooks.json holds
	// it now (ok false: it holds none).
	key := func() (string, bool, error) {
		data, err := os.ReadFile(hooksPath)
		if errors.Is(err, fs.ErrNotExist) {
			return "", false, nil
		}
		if err != nil {
			return "", false, err
		}
		g, ok, err := protectGroup(hooksPath, data, command)
		if err != nil || !ok {
			return "", false, err
		}
		return trustKey(hooksPath, protectEvent, g, 0), true, nil
	}
	return []agents.ProtectEdit{
		{
			Path: hooksPath,
			Add: func(data []byte, exists bool) ([]byte, error) {
				return agents.AddProtectGroup(hooksPath, data, exists, string(protectEvent), groupJSON, agents.CheckJSON, func(err error) error { return err })
			},
			Remove: func(data []byte) ([]byte, bool, error) {
				g, ok, err := protectGroup(hooksPath, data, command)
				if err != nil || !ok {
					return nil, false, err
				}
				return agents.RemoveHookGroup(data, string(protectEvent), g)
			},
		},
		{
			Path: configPath,
			Add: func(data []byte, exists bool) ([]byte, error) {
				k, ok, err := key()
				if err != nil || !ok {
					return nil, fmt.Errorf("trusting the protective hook: %s does not hold it (%v)", hooksPath, err)
				}
				return settingsio.EditTOML(configPath, data, settingsio.TOMLSetString(stateTable(k), "trusted_hash", id.Hash()))
			},
			Remove: func(data []byte) ([]byte, bool, error) {
				k, ok, err := key()
				if err != nil || !ok {
					return nil, false, err
				}
				doc, perr := settingsio.ParseTOML(configPath, data)
				if perr != nil {
					return nil, false, perr
				}
				if tomlString(doc.Root, append(stateTable(k), "trusted_hash")...) != id.Hash() {
					return nil, false, nil
				}
				out, err := settingsio.EditTOML(configPath, data, settingsio.TOMLRemove(stateTable(k), "trusted_hash"))
				return out, err == nil, err
			},
		},
	}, nil
}

// protectGroup is the index of the PreToolUse group of hooks.json whose
// first handler runs command.
func protectGroup(path string, data []byte, command string) (int, bool, error) {
	if err := agents.CheckJSON(path, data); err != nil {
		return 0, false, err
	}
	if !codexShape(data) {
		return 0, false, nil // a shape Codex rejects holds no protective hook
	}
	g, ok := agents.SoleCommandGroup(data, string(protectEvent), command)
	return g, ok, nil
}

// ToolCall reads a Codex PreToolUse payload (agents.Protector): shell
// calls are tool_name "Bash" with tool_input.command; apply_patch carries
// the patch text in tool_input.command, whose "*** Add File:", "*** Update
// File:", "*** Delete File:" and "*** Move to:" lines name what it writes.
func (agent) ToolCall(payload []byte) (agents.ToolCall, error) {
	var in struct {
		ToolName  string `json:"tool_name"`
		Cwd       string `json:"cwd"`
		ToolInput struct {
			Command string `json:"command"`
		} `json:"tool_input"`
	}
	if err := json.Unmarshal(payload, &in); err != nil {
		return agents.ToolCall{}, fmt.Errorf("reading the PreToolUse payload: %w", err)
	}
	c := agents.ToolCall{Tool: in.ToolName, Cwd: in.Cwd}
	switch in.ToolName {
	case "apply_patch":
		for _, line := range strings.Split(in.ToolInput.Command, "\n") {
			line = strings.TrimRight(line, "\r")
			for _, p := range []string{"*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Move to: "} {
				if rest, ok := strings.CutPrefix(line, p); ok && strings.TrimSpace(rest) != "" {
					c.Writes = append(c.Writes, strings.TrimSpace(rest))
				}
			}
		}
		if len(c.Writes) == 0 && strings.TrimSpace(in.ToolInput.Command) != "" {
			// a patch whose files cannot be told: judged by what it names
			c.Command = in.ToolInput.Command
		}
	case "Bash":
		c.Command = in.ToolInput.Command
	}
	return c, nil
}

// Deny is Codex's PreToolUse deny answer (observed: blocks the call, the
// model gets the reason): JSON on stdout, exit 0 (agents.Protector).
func (agent) Deny(reason string) ([]byte, int) { return claudeschema.Deny("PreToolUse", reason) }

// tomlString is the string at the key path under t ("" when none).
func tomlString(t *settingsio.TOMLTable, path ...string) string {
	for i, k := range path {
		if t == nil {
			return ""
		}
		v := t.Value(k)
		if v == nil {
			return ""
		}
		if i == len(path)-1 {
			if v.Kind == settingsio.TOMLString {
				return v.Str
			}
			return ""
		}
		if v.Kind != settingsio.TOMLTableValue {
			return ""
		}
		t = v.Table
	}
	return ""
}
