package gemini

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/assets"
)

// sampleOptions chooses a sample hook input.
type sampleOptions struct {
	Event hooks.Event
	// Tool is the tool for BeforeTool/AfterTool ("" = read_file). A tool
	// without a sample gets its name with empty tool_input (and, for
	// mcp_<server>_<tool>, an mcp_context naming the server and tool).
	Tool string
	// Trigger sets SessionStart's source, SessionEnd's reason or
	// PreCompress's trigger ("" = the sample's).
	Trigger string
	// ProjectDir is the project (the hook's cwd); Home the user's home.
	ProjectDir string
	Home       string
	// SessionID and TranscriptPath default to a fresh UUID and Gemini's
	// chat file for it.
	SessionID      string
	TranscriptPath string
	// Now is the timestamp (zero = time.Now()).
	Now time.Time
}

// sampleInput builds a realistic hook input for o.Event from the embedded
// samples, with the base fields filled for the chosen project.
func sampleInput(o sampleOptions) (*hooks.Object, error) {
	if !validEvent(o.Event) {
		return nil, fmt.Errorf("unknown event %q", o.Event)
	}
	if o.Now.IsZero() {
		o.Now = time.Now()
	}
	if o.SessionID == "" {
		o.SessionID = hooks.NewUUID()
	}
	if o.TranscriptPath == "" {
		o.TranscriptPath = transcriptPathFor(o.Home, o.ProjectDir, o.SessionID, o.Now)
	}
	fields, err := sampleFields(o)
	if err != nil {
		return nil, err
	}
	return newInput(inputBase{SessionID: o.SessionID, TranscriptPath: o.TranscriptPath, Cwd: o.ProjectDir, Event: o.Event, Timestamp: o.Now}, fields), nil
}

func sampleFields(o sampleOptions) (*hooks.Object, error) {
	tool := ""
	if matcherKindOf(o.Event) == matchToolName {
		tool = o.Tool
		if tool == "" {
			tool = "read_file"
		}
	}
	sampleTool := tool
	if tool != "" && !slices.Contains(assets.PayloadTools(), tool) {
		sampleTool = "read_file"
	}
	data, err := assets.Payload(string(o.Event), sampleTool)
	if err != nil {
		return nil, err
	}
	v, err := hooks.ParseJSON(string(data))
	if err != nil {
		return nil, fmt.Errorf("sample payload for %s: %w", o.Event, err)
	}
	fields, ok := hooks.FillTemplate(v, map[string]string{"PROJECT": o.ProjectDir, "HOME": o.Home}).(*hooks.Object)
	if !ok {
		return nil, fmt.Errorf("sample payload for %s is not an object", o.Event)
	}
	if tool != sampleTool {
		fields.Set("tool_name", tool)
		fields.Set("tool_input", hooks.NewObject(0))
		if fields.Has("tool_response") {
			resp := hooks.NewObject(2)
			resp.Set("llmContent", "")
			resp.Set("returnDisplay", "")
			fields.Set("tool_response", resp)
		}
		if server, name, ok := splitMCPName(tool); ok {
			ctx := hooks.NewObject(2)
			ctx.Set("server_name", server)
			ctx.Set("tool_name", name)
			fields.Set("mcp_context", ctx)
		}
	}
	if o.Trigger != "" {
		switch o.Event {
		case sessionStart:
			fields.Set("source", o.Trigger)
		case sessionEnd:
			fields.Set("reason", o.Trigger)
		case preCompress:
			fields.Set("trigger", o.Trigger)
		}
	}
	return fields, nil
}

// splitMCPName splits mcp_<server>_<tool> at the first underscore after
// the prefix (server names with underscores are ambiguous in Gemini too).
func splitMCPName(tool string) (server, name string, ok bool) {
	rest, found := strings.CutPrefix(tool, "mcp_")
	if !found {
		return "", "", false
	}
	server, name, ok = strings.Cut(rest, "_")
	return server, name, ok && server != "" && name != ""
}

// geminiProjectTempDir is <home>/.gemini/tmp/<project folder name>, where
// Gemini CLI keeps a project's chats and plans.
func geminiProjectTempDir(home, projectDir string) string {
	return filepath.Join(home, ".gemini", "tmp", filepath.Base(projectDir))
}

// transcriptPathFor is the chat file Gemini CLI records a session in.
func transcriptPathFor(home, projectDir, sessionID string, t time.Time) string {
	short := sessionID
	if len(short) > 8 {
		short = short[:8]
	}
	name := "session-" + t.UTC().Format("2006-01-02T15-04") + "-" + short + ".jsonl"
	return filepath.Join(geminiProjectTempDir(home, projectDir), "chats", name)
}

// plansDirFor is GEMINI_PLANS_DIR for a session.
func plansDirFor(home, projectDir, sessionID string) string {
	return filepath.Join(geminiProjectTempDir(home, projectDir), sessionID, "plans")
}
