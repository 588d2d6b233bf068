package codex

import (
	"encoding/json"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// ImportAgent names Codex in imported records (agents.LogImporter).
func (a agent) ImportAgent() (string, string) { return a.Info().Name, a.Info().Title }

// LogFiles are Codex's session rollouts,
// $CODEX_HOME/sessions/**/rollout-*.jsonl (agents.LogImporter).
func (agent) LogFiles(env agents.Env) ([]string, error) {
	paths, err := resolvePaths(options{Cwd: string(filepath.Separator), Getenv: func(k string) string { v, _ := settingsio.EnvLookup(env.Vars, env.GOOS, k); return v }})
	if err != nil {
		return nil, err
	}
	var out []string
	root := filepath.Join(paths.CodexHome, "sessions")
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root {
				return filepath.SkipAll // no sessions yet
			}
			return nil
		}
		if !d.IsDir() && strings.HasPrefix(d.Name(), "rollout-") && strings.HasSuffix(d.Name(), ".jsonl") {
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// rolloutLine is a rollout line (0.171.0).
type rolloutLine struct {
	Timestamp time.Time       `json:"timestamp"`
	Type      string          `json:"type"`
	Payload   json.RawMessage `json:"payload"`
}

// rolloutPayload is the part of a line's payload the import reads.
type rolloutPayload struct {
	Type              string                `json:"type"`
	SessionID         string                `json:"session_id"`
	ID                string                `json:"id"`
	Cwd               string                `json:"cwd"`
	TurnID            string                `json:"turn_id"`
	Model             string                `json:"model"`
	PermissionProfile struct{ Type string } `json:"permission_profile"`
	Name              string                `json:"name"`
	Arguments         string                `json:"arguments"`
	Input             string                `json:"input"`
	CallID            string                `json:"call_id"`
	Output            json.RawMessage       `json:"output"`
	Item              struct {
		Type             string          `json:"type"`
		ID               string          `json:"id"`
		Content          json.RawMessage `json:"content"`
		AggregatedOutput *string         `json:"aggregated_output"`
	} `json:"item"`
}

// ImportLog rebuilds a rollout's UserPromptSubmit (a UserMessage item),
// PreToolUse (a function or custom tool call: exec_command as Bash with
// its cmd, apply_patch with its patch) and PostToolUse (the command's
// aggregated output; a tool's output text otherwise) payloads in Codex's
// field order. permission_mode is inferred from the turn's permission
// profile ("disabled": bypassPermissions, as the observed runs sent it)
// (agents.LogImporter).
func (a agent) ImportLog(path string, data []byte) ([]agents.ImportedEvent, []error) {
	var out []agents.ImportedEvent
	var session, cwd, turn, model, mode string
	calls := map[string][2]any{} // call id: tool name, tool input
	errs := agents.ReadJSONLines(path, data, func(n int, l *rolloutLine, fail func(error)) {
		var p rolloutPayload
		if json.Unmarshal(l.Payload, &p) != nil {
			return
		}
		base := func(event hooks.Event) agents.Document {
			return agents.Document{agents.Member("session_id", session), agents.Member("turn_id", turn), agents.Member("transcript_path", path),
				agents.Member("cwd", cwd), agents.Member("hook_event_name", event), agents.Member("model", model), agents.Member("permission_mode", mode)}
		}
		add := func(event hooks.Event, d agents.Document, rebuilt ...string) {
			b, err := json.Marshal(d)
			if err != nil {
				fail(err)
				return
			}
			out = append(out, agents.ImportedEvent{Time: l.Timestamp, Event: event, Payload: b, Rebuilt: append([]string{"permission_mode"}, rebuilt...), Line: n})
		}
		switch {
		case l.Type == "session_meta":
			session, cwd = firstOf(p.SessionID, p.ID), p.Cwd
		case l.Type == "turn_context":
			turn, model = p.TurnID, p.Model
			if p.Cwd != "" {
				cwd = p.Cwd
			}
			mode = "default"
			if p.PermissionProfile.Type == "disabled" {
				mode = "bypassPermissions"
			}
		case l.Type == "event_msg" && p.Type == "item_completed" && p.Item.Type == "UserMessage":
			var parts []struct {
				Type, Text string
			}
			_ = json.Unmarshal(p.Item.Content, &parts)
			var text []string
			for _, c := range parts {
				if c.Type == "text" {
					text = append(text, c.Text)
				}
			}
			add("UserPromptSubmit", append(base("UserPromptSubmit"), agents.Member("prompt", strings.Join(text, "\n"))))
		case l.Type == "response_item" && (p.Type == "function_call" || p.Type == "custom_tool_call"):
			name, input, rebuilt := toolCall(p)
			calls[p.CallID] = [2]any{name, input}
			add("PreToolUse", append(base("PreToolUse"), agents.Member("tool_name", name), agents.Member("tool_input", input),
				agents.Member("tool_use_id", p.CallID)), rebuilt...)
		case l.Type == "event_msg" && p.Type == "item_completed" && p.Item.Type == "CommandExecution" && p.Item.AggregatedOutput != nil:
			c, ok := calls[p.Item.ID]
			if !ok {
				return
			}
			delete(calls, p.Item.ID)
			add("PostToolUse", append(base("PostToolUse"), agents.Member("tool_name", c[0]), agents.Member("tool_input", c[1]),
				agents.Member("tool_response", *p.Item.AggregatedOutput), agents.Member("tool_use_id", p.Item.ID)))
		case l.Type == "response_item" && (p.Type == "function_call_output" || p.Type == "custom_tool_call_output"):
			c, ok := calls[p.CallID]
			if !ok || c[0] == "Bash" {
				return // a shell call's output comes with its CommandExecution item
			}
			delete(calls, p.CallID)
			var text string
			if json.Unmarshal(p.Output, &text) != nil {
				text = string(p.Output)
			}
			add("PostToolUse", append(base("PostToolUse"), agents.Member("tool_name", c[0]), agents.Member("tool_input", c[1]),
				agents.Member("tool_response", text), agents.Member("tool_use_id", p.CallID)), "tool_response (the text the model got)")
		}
	})
	for i := range out {
		f := a.PayloadFacts(out[i].Event, out[i].Payload)
		out[i].Project, out[i].Tool, out[i].Session = f.Project, f.Tool, f.Session
	}
	return out, errs
}

// toolCall is a call's tool name and input as Codex's hooks see them:
// exec_command is Bash {"command": cmd}, apply_patch {"command": patch}
// (observed); another tool keeps its name and arguments (inferred).
func toolCall(p rolloutPayload) (string, any, []string) {
	var args map[string]any
	_ = json.Unmarshal([]byte(p.Arguments), &args)
	switch {
	case p.Name == "exec_command":
		if cmd, ok := args["cmd"].(string); ok {
			return "Bash", map[string]any{"command": cmd}, nil
		}
	case p.Name == "apply_patch" && p.Type == "custom_tool_call":
		return "apply_patch", map[string]any{"command": p.Input}, nil
	}
	if args == nil {
		args = map[string]any{}
		if p.Input != "" {
			args["input"] = p.Input
		}
	}
	return p.Name, args, []string{"tool_name and tool_input (as the model called the tool)"}
}

// firstOf is the first non-empty string.
func firstOf(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
