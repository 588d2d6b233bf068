package claude

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/settingsio"
)

// protectMatcher is the tools whose calls the protective hook checks:
// those that write files, and the shell.
const protectMatcher = "Write|Edit|MultiEdit|NotebookEdit|Bash"

// ProtectEdits puts the protective handler into the user's settings.json
// (agents.Protector): a PreToolUse group of its own, appended, with every
// other byte of the file kept.
func (agent) ProtectEdits(env agents.Env, command string) ([]agents.ProtectEdit, error) {
	paths := resolvePaths(env.Home, "", env.Vars, env.GOOS, env.Home)
	path := paths.User
	handler := `{"type": "command", "command": ` + jsonString(command) + `}`
	return []agents.ProtectEdit{{
		Path: path,
		Add: func(data []byte, exists bool) ([]byte, error) {
			if !exists || len(bytes.TrimSpace(data)) == 0 {
				data = []byte("{}\n")
			}
			if _, perr := settingsio.ParseJSON(path, data); perr != nil {
				// Claude Code reads settings as strict JSON and ignores a
				// file it cannot: a hook added to it would never run
				return nil, fmt.Errorf("Claude Code cannot read %v, so a hook added to it would never run; fix the file first", perr)
			}
			rm := &removedHandler{Place: handlerPlace{Event: "PreToolUse", Group: 1 << 30}, Matcher: protectMatcher, HasMatcher: true,
				Handler: handler, Scope: "group"}
			out, err := insertHandler(path, data, rm)
			if err != nil {
				return nil, err
			}
			if _, err := parseForPatch(path, out); err != nil {
				return nil, fmt.Errorf("%s: adding the protective hook would break the file (%v); nothing written", path, err)
			}
			return out, nil
		},
		Remove: func(data []byte) ([]byte, bool, error) {
			place, ok, err := findCommandHandler(path, data, "PreToolUse", command)
			if err != nil || !ok {
				return nil, false, err
			}
			out, _, err := removeHandler(path, data, place)
			return out, err == nil, err
		},
	}}, nil
}

// findCommandHandler finds the handler of event whose command is command.
func findCommandHandler(path string, data []byte, event, command string) (handlerPlace, bool, error) {
	return findHandler(path, data, event, func(c string) bool { return c == command })
}

// ToolCall reads a PreToolUse payload (agents.Protector): the edit tools
// (protectMatcher) name their file in tool_input.file_path
// (notebook_path), Bash its command; other tools write nothing.
func (agent) ToolCall(payload []byte) (agents.ToolCall, error) {
	var in struct {
		ToolName  string `json:"tool_name"`
		Cwd       string `json:"cwd"`
		ToolInput struct {
			FilePath     string `json:"file_path"`
			NotebookPath string `json:"notebook_path"`
			Command      string `json:"command"`
		} `json:"tool_input"`
	}
	if err := json.Unmarshal(payload, &in); err != nil {
		return agents.ToolCall{}, fmt.Errorf("reading the PreToolUse payload: %w", err)
	}
	c := agents.ToolCall{Tool: in.ToolName, Cwd: in.Cwd}
	switch in.ToolName {
	case "Write", "Edit", "MultiEdit", "NotebookEdit":
		for _, p := range []string{in.ToolInput.FilePath, in.ToolInput.NotebookPath} {
			if p != "" {
				c.Writes = append(c.Writes, p)
			}
		}
	case "Bash":
		c.Command = in.ToolInput.Command
	}
	return c, nil
}

// Deny is Claude Code's PreToolUse deny answer (agents.Protector): JSON
// on stdout, exit 0; the reason reaches the model.
func (agent) Deny(reason string) ([]byte, int) { return claudeschema.Deny("PreToolUse", reason) }
