package copilot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Copilot CLI's own record of its hook runs
// (<copilot home>/session-state/<session>/events.jsonl, 1.0.102) for
// `hookwarden history import` (agents.LogImporter): each hook.start line
// holds the dispatcher's input of one hook event; the payloads the hooks
// got are rebuilt from it.

// ImportAgent names Copilot CLI in imported records (agents.LogImporter).
func (a agent) ImportAgent() (string, string) { return a.Info().Name, a.Info().Title }

// LogFiles are $COPILOT_HOME/session-state/*/events.jsonl (default
// ~/.copilot) (agents.LogImporter).
func (agent) LogFiles(env agents.Env) ([]string, error) {
	dir := settingsio.EnvNonEmpty(env.Vars, env.GOOS, "COPILOT_HOME")
	if dir == "" {
		dir = filepath.Join(env.Home, ".copilot")
	}
	return agents.SortedGlob(filepath.Join(dir, "session-state", "*", "events.jsonl"))
}

// sessionEventLine is a line of events.jsonl.
type sessionEventLine struct {
	Type      string    `json:"type"`
	Timestamp time.Time `json:"timestamp"`
	Data      struct {
		HookType string          `json:"hookType"`
		Input    json.RawMessage `json:"input"`
	} `json:"data"`
}

// ImportLog rebuilds one payload per hook.start (one per tool call of a
// preToolUse batch: the dispatcher gets {sessionId, cwd, toolCalls}, each
// hook {sessionId, timestamp, cwd, toolName, toolArgs}, the timestamp
// being the dispatch's); postToolUse's toolResult is trimmed to what the
// hooks get (resultType, textResultForLlm); other events' inputs are the
// payload as recorded.
func (agent) ImportLog(path string, data []byte) ([]agents.ImportedEvent, []error) {
	var out []agents.ImportedEvent
	errs := agents.ReadJSONLines(path, data, func(n int, l *sessionEventLine, fail func(error)) {
		if l.Type != "hook.start" || l.Data.HookType == "" || len(l.Data.Input) == 0 {
			return
		}
		add := func(d any, rebuilt ...string) {
			b, err := json.Marshal(d)
			if err != nil {
				fail(err)
				return
			}
			var f struct {
				SessionID string `json:"sessionId"`
				Cwd       string `json:"cwd"`
				ToolName  string `json:"toolName"`
			}
			_ = json.Unmarshal(b, &f)
			out = append(out, agents.ImportedEvent{Time: l.Timestamp, Event: hooks.Event(l.Data.HookType), Payload: b, Rebuilt: rebuilt, Line: n,
				Project: f.Cwd, Tool: f.ToolName, Session: f.SessionID})
		}
		var in struct {
			SessionID string          `json:"sessionId"`
			Timestamp json.RawMessage `json:"timestamp"`
			Cwd       string          `json:"cwd"`
			ToolCalls []struct {
				Name string          `json:"name"`
				Args json.RawMessage `json:"args"`
			} `json:"toolCalls"`
			ToolName   string          `json:"toolName"`
			ToolArgs   json.RawMessage `json:"toolArgs"`
			ToolResult struct {
				ResultType       *string `json:"resultType"`
				TextResultForLlm *string `json:"textResultForLlm"`
			} `json:"toolResult"`
		}
		if err := json.Unmarshal(l.Data.Input, &in); err != nil {
			fail(fmt.Errorf("hook.start input: %w", err))
			return
		}
		switch l.Data.HookType {
		case "preToolUse":
			for _, c := range in.ToolCalls {
				add(agents.Document{agents.Member("sessionId", in.SessionID), agents.Member("timestamp", l.Timestamp.UnixMilli()),
					agents.Member("cwd", in.Cwd), agents.Member("toolName", c.Name), agents.Member("toolArgs", orEmpty(c.Args))},
					"timestamp (the dispatch's time)", "one payload per tool call of the batch")
			}
		case "postToolUse":
			res := agents.Document{}
			if in.ToolResult.ResultType != nil {
				res = append(res, agents.Member("resultType", *in.ToolResult.ResultType))
			}
			if in.ToolResult.TextResultForLlm != nil {
				res = append(res, agents.Member("textResultForLlm", *in.ToolResult.TextResultForLlm))
			}
			add(agents.Document{agents.Member("sessionId", in.SessionID), agents.Member("timestamp", orEmpty(in.Timestamp)),
				agents.Member("cwd", in.Cwd), agents.Member("toolName", in.ToolName), agents.Member("toolArgs", orEmpty(in.ToolArgs)),
				agents.Member("toolResult", res)}, "toolResult (trimmed to what hooks get)")
		default:
			add(json.RawMessage(l.Data.Input))
		}
	})
	return out, errs
}

// orEmpty is r, or {} when r is empty.
func orEmpty(r json.RawMessage) json.RawMessage {
	if len(bytes.TrimSpace(r)) == 0 {
		return json.RawMessage("{}")
	}
	return r
}
