package claude

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// ImportAgent names Claude Code in imported records (agents.LogImporter).
func (a agent) ImportAgent() (string, string) { return a.Info().Name, a.Info().Title }

// LogFiles are Claude Code's session transcripts,
// <config dir>/projects/*/*.jsonl (agents.LogImporter).
func (agent) LogFiles(env agents.Env) ([]string, error) {
	dir := resolvePaths(env.Home, "", env.Vars, env.GOOS, env.Home).ConfigDir
	return agents.SortedGlob(filepath.Join(dir, "projects", "*", "*.jsonl"))
}

// transcriptLine is the part of a transcript line the import reads
// (2.1.332).
type transcriptLine struct {
	Type           string          `json:"type"`
	IsMeta         bool            `json:"isMeta"`
	IsSidechain    bool            `json:"isSidechain"`
	Timestamp      time.Time       `json:"timestamp"`
	SessionID      string          `json:"sessionId"`
	Cwd            string          `json:"cwd"`
	PromptID       string          `json:"promptId"`
	PermissionMode string          `json:"permissionMode"`
	ToolUseResult  json.RawMessage `json:"toolUseResult"`
	Message        struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"message"`
}

// contentBlock is one block of a message's content.
type contentBlock struct {
	Type      string          `json:"type"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
	IsError   bool            `json:"is_error"`
}

// ImportLog rebuilds a transcript's UserPromptSubmit (a user line whose
// content is text), PreToolUse (an assistant tool_use block),
// PostToolUse and PostToolUseFailure (a user tool_result block, with the
// line's toolUseResult as tool_response) payloads in Claude Code's field
// order. A tool event's prompt_id and permission_mode are the prompt's
// (inferred); effort, and a failure's is_interrupt and duration, are not
// in the transcript (agents.LogImporter).
func (a agent) ImportLog(path string, data []byte) ([]agents.ImportedEvent, []error) {
	var out []agents.ImportedEvent
	var promptID, mode string
	tools := map[string]contentBlock{}
	errs := agents.ReadJSONLines(path, data, func(n int, l *transcriptLine, fail func(error)) {
		if l.IsSidechain || (l.Type != "user" && l.Type != "assistant") {
			return
		}
		base := func(event string, inferred bool) agents.Document {
			d := agents.Document{agents.Member("session_id", l.SessionID), agents.Member("transcript_path", path), agents.Member("cwd", l.Cwd)}
			if promptID != "" {
				d = append(d, agents.Member("prompt_id", promptID))
			}
			m := mode
			if !inferred && l.PermissionMode != "" {
				m = l.PermissionMode
			}
			if m != "" {
				d = append(d, agents.Member("permission_mode", m))
			}
			return append(d, agents.Member("hook_event_name", event))
		}
		add := func(event string, d agents.Document, rebuilt ...string) {
			b, err := json.Marshal(d)
			if err != nil {
				fail(err)
				return
			}
			out = append(out, agents.ImportedEvent{Time: l.Timestamp, Event: hooks.Event(event), Payload: b, Rebuilt: rebuilt, Line: n})
		}
		var text string
		if l.Type == "user" && json.Unmarshal(l.Message.Content, &text) == nil {
			if l.IsMeta {
				return
			}
			if l.PromptID != "" {
				promptID = l.PromptID
			}
			if l.PermissionMode != "" {
				mode = l.PermissionMode
			}
			add(string(UserPromptSubmit), append(base(string(UserPromptSubmit), false), agents.Member("prompt", text)))
			return
		}
		var blocks []contentBlock
		if json.Unmarshal(l.Message.Content, &blocks) != nil {
			return
		}
		tool := []string{"prompt_id", "permission_mode", "effort (not in the transcript)"}
		for _, b := range blocks {
			switch {
			case l.Type == "assistant" && b.Type == "tool_use":
				tools[b.ID] = b
				add(string(PreToolUse), append(base(string(PreToolUse), true), agents.Member("tool_name", b.Name),
					agents.Member("tool_input", rawOr(b.Input, "{}")), agents.Member("tool_use_id", b.ID)), tool...)
			case l.Type == "user" && b.Type == "tool_result":
				use, ok := tools[b.ToolUseID]
				if !ok {
					continue // a call from an earlier transcript
				}
				d := base(string(PostToolUse), true)
				if b.IsError {
					d = base(string(postToolUseFailure), true)
				}
				d = append(d, agents.Member("tool_name", use.Name), agents.Member("tool_input", rawOr(use.Input, "{}")))
				if b.IsError {
					var msg string
					if json.Unmarshal(b.Content, &msg) != nil {
						msg = string(b.Content)
					}
					add(string(postToolUseFailure), append(d, agents.Member("tool_use_id", b.ToolUseID), agents.Member("error", msg)),
						append(tool, "is_interrupt and duration_ms (not in the transcript)")...)
					continue
				}
				rebuilt := tool
				resp := l.ToolUseResult
				if len(resp) == 0 {
					resp, rebuilt = rawOr(b.Content, `""`), append(tool, "tool_response (the text the model got)")
				}
				add(string(PostToolUse), append(d, agents.Member("tool_response", resp), agents.Member("tool_use_id", b.ToolUseID)), rebuilt...)
			}
		}
	})
	for i := range out {
		f := a.PayloadFacts(out[i].Event, out[i].Payload)
		out[i].Project, out[i].Tool, out[i].Session = f.Project, f.Tool, f.Session
	}
	return out, errs
}

// rawOr is r, or def when r is empty.
func rawOr(r json.RawMessage, def string) json.RawMessage {
	if len(bytes.TrimSpace(r)) == 0 {
		return json.RawMessage(def)
	}
	return r
}
