package gemini

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tailscale/hujson"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/settingsio"
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
	path := ResolvePaths(env.Home, env.Vars, env.GOOS, env.Home).User
	group, _ := json.Marshal(map[string]any{"matcher": protectMatcher, "hooks": []any{map[string]any{"type": "command", "command": command}}})
	return []agents.ProtectEdit{{
		Path: path,
		Add: func(data []byte, exists bool) ([]byte, error) {
			if !exists || strings.TrimSpace(string(data)) == "" {
				data = []byte("{}\n")
			}
			if _, perr := settingsio.ParseJSONC(path, data); perr != nil {
				return nil, fmt.Errorf("Gemini CLI cannot read %v, so a hook added to it would never run; fix the file first", perr)
			}
			v, err := hujson.Parse(data)
			if err != nil {
				return nil, fmt.Errorf("%s: %w; nothing written", path, err)
			}
			obj, ok := v.Value.(*hujson.Object)
			if !ok {
				return nil, fmt.Errorf("%s: the file is not a JSON object; nothing written", path)
			}
			op := `[{"op": "add", "path": "/hooks", "value": {"BeforeTool": [` + string(group) + `]}}]`
			if hv := protectMember(obj, "hooks"); hv != nil {
				hooksObj, ok := hv.(*hujson.Object)
				if !ok {
					return nil, fmt.Errorf("%s: \"hooks\" is not an object; nothing written", path)
				}
				op = `[{"op": "add", "path": "/hooks/BeforeTool", "value": [` + string(group) + `]}]`
				if bv := protectMember(hooksObj, "BeforeTool"); bv != nil {
					if _, ok := bv.(*hujson.Array); !ok {
						return nil, fmt.Errorf("%s: \"hooks.BeforeTool\" is not an array; nothing written", path)
					}
					op = `[{"op": "add", "path": "/hooks/BeforeTool/-", "value": ` + string(group) + `}]`
				}
			}
			if err := v.Patch([]byte(op)); err != nil {
				return nil, fmt.Errorf("%s: adding the protective hook: %w", path, err)
			}
			if !exists {
				v.Format() // a file of Hookwarden's own: laid out as JSON usually is
			}
			out := v.Pack()
			if _, perr := settingsio.ParseJSONC(path, out); perr != nil {
				return nil, fmt.Errorf("%s: adding the protective hook would break the file (%v); nothing written", path, perr)
			}
			return out, nil
		},
		Remove: func(data []byte) ([]byte, bool, error) {
			g, ok, err := protectGroup(path, data, command)
			if err != nil || !ok {
				return nil, false, err
			}
			v, err := hujson.Parse(data)
			if err != nil {
				return nil, false, err
			}
			if err := v.Patch([]byte(`[{"op": "remove", "path": "/hooks/BeforeTool/` + strconv.Itoa(g) + `"}]`)); err != nil {
				return nil, false, err
			}
			return v.Pack(), true, nil
		},
	}}, nil
}

// protectMember is the value of an object's member (the last one of the
// name, as JSON.parse keeps it; nil when none).
func protectMember(obj *hujson.Object, name string) hujson.ValueTrimmed {
	var out hujson.ValueTrimmed
	for _, m := range obj.Members {
		var k string
		if lit, ok := m.Name.Value.(hujson.Literal); ok && json.Unmarshal(lit, &k) == nil && k == name {
			out = m.Value.Value
		}
	}
	return out
}

// protectGroup is the index of the BeforeTool group whose only handler
// runs command.
func protectGroup(path string, data []byte, command string) (int, bool, error) {
	if _, perr := settingsio.ParseJSONC(path, data); perr != nil {
		return 0, false, perr
	}
	std, err := hujson.Standardize(append([]byte(nil), data...))
	if err != nil {
		return 0, false, err
	}
	var doc struct {
		Hooks map[string]json.RawMessage `json:"hooks"`
	}
	if json.Unmarshal(std, &doc) != nil {
		return 0, false, nil
	}
	var groups []struct {
		Hooks []struct {
			Command string `json:"command"`
		} `json:"hooks"`
	}
	if json.Unmarshal(doc.Hooks["BeforeTool"], &groups) != nil {
		return 0, false, nil
	}
	for g, grp := range groups {
		if len(grp.Hooks) == 1 && grp.Hooks[0].Command == command {
			return g, true, nil
		}
	}
	return 0, false, nil
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
