package gemini

import (
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/hookwarden/hookwarden/agents"
)

// protectMatcher is the tools whose calls the protective hook checks:
// Gemini CLI's tools that write files (write_file, replace) and its shell.
// Gemini compares a BeforeTool matcher as an unanchored JavaScript regular
// expression, so it is anchored here.
const protectMatcher = "^(write_file|replace|run_shell_command)$"

// ProtectEdits puts the protective handler into the user's settings.json
// (agents.Protector): a BeforeTool group of its own, appended, with every
// other byte of the file (comments, layout) kept. The handler has no name:
// Gemini identifies an unnamed hook by its whole command in
// hooksConfig.disabled, so a project cannot switch it off by a name it
// guesses. Gemini CLI registers settings hooks only in a folder it
// trusts; in another it runs no project settings hook either.
func (agent) ProtectEdits(env agents.Env, command string) ([]agents.ProtectEdit, error) {
	path := resolvePaths(env.Home, env.Vars, env.GOOS, env.Home).User
	group, _ := json.Marshal(map[string]any{"matcher": protectMatcher, "hooks": []any{map[string]any{"type": "command", "command": command}}})
	return []agents.ProtectEdit{{
		Path: path,
		Add: func(data []byte, exists bool) ([]byte, error) {
			return agents.AddProtectGroup(path, data, exists, "BeforeTool", group, agents.CheckJSONC, func(err error) error {
				return fmt.Errorf("Gemini CLI cannot read %v, so a hook added to it would never run; fix the file first", err)
			})
		},
		Remove: func(data []byte) ([]byte, bool, error) {
			if err := agents.CheckJSONC(path, data); err != nil {
				return nil, false, err
			}
			g, ok := agents.SoleCommandGroup(data, "BeforeTool", command)
			if !ok {
				return nil, false, nil
			}
			return agents.RemoveHookGroup(data, "BeforeTool", g)
		},
	}}, nil
}

// ToolCall reads a Gemini CLI BeforeTool payload (agents.Protector):
// write_file and replace name their file in tool_input.file_path
// (relative to the workspace, cwd), run_shell_command its command in
// tool_input.command, run in tool_input.dir_path when given.
func (agent) ToolCall(payload []byte) (agents.ToolCall, error) {
	var in struct {
		ToolName  string `json:"tool_name"`
		Cwd       string `json:"cwd"`
		ToolInput struct {
			FilePath string `json:"file_path"`
			Command  string `json:"command"`
			DirPath  string `json:"dir_path"`
		} `json:"tool_input"`
	}
	if err := json.Unmarshal(payload, &in); err != nil {
		return agents.ToolCall{}, fmt.Errorf("reading the BeforeTool payload: %w", err)
	}
	c := agents.ToolCall{Tool: in.ToolName, Cwd: in.Cwd}
	switch in.ToolName {
	case "write_file", "replace":
		if in.ToolInput.FilePath != "" {
			c.Writes = append(c.Writes, in.ToolInput.FilePath)
		}
	case "run_shell_command":
		c.Command = in.ToolInput.Command
		if d := in.ToolInput.DirPath; d != "" {
			if !filepath.IsAbs(d) {
				d = filepath.Join(in.Cwd, d)
			}
			c.Dir = filepath.Clean(d)
		}
	}
	return c, nil
}

// Deny is Gemini CLI's BeforeTool deny answer (agents.Protector): JSON
// on stdout, exit 0; Gemini fails the call with "Tool execution blocked:
// <reason>", and the reason goes to the model.
func (agent) Deny(reason string) ([]byte, int) {
	out, _ := json.Marshal(map[string]any{"decision": "deny", "reason": reason})
	return append(out, '\n'), 0
}
