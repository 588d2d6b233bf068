package claude

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/assets"
	"github.com/hookwarden/hookwarden/hooks"
)

// sampleOptions chooses a sample Claude Code hook input.
type sampleOptions struct {
	Event hooks.Event
	// Tool is the tool of PreToolUse/PostToolUse ("" = Bash). A tool
	// without a sample gets its name with an empty tool_input.
	Tool string
	// Trigger sets the field the event's matcher is compared with
	// (SessionStart source, SessionEnd reason, PreCompact trigger,
	// Notification notification_type, SubagentStop agent_type).
	Trigger string
	// ProjectDir is the project (cwd); Home the user's home; ConfigDir
	// Claude Code's folder ("" = Home/.claude).
	ProjectDir string
	Home       string
	ConfigDir  string
	// SessionID and PromptID default to fresh UUIDs; PermissionMode to
	// "default".
	SessionID      string
	PromptID       string
	PermissionMode string
}

// sampleEvents lists the events that have a sample.
func sampleEvents() []string { return assets.ClaudePayloadEvents() }

// sampleTools lists the tools with samples for a tool event.
func sampleTools(event hooks.Event) []string { return assets.ClaudePayloadTools(string(event)) }

// triggerField is the input field an event's matcher looks at.
var triggerField = map[hooks.Event]string{
	"SessionStart": "source", "SessionEnd": "reason", "PreCompact": "trigger",
	"Notification": "notification_type", "SubagentStop": "agent_type",
	"InstructionsLoaded": "load_reason",
}

// sampleInput builds a realistic Claude Code hook input for o.Event from the
// embedded samples (real 2.1.332 captures where the harness can drive the
// event), with the base fields filled for the chosen project.
func sampleInput(o sampleOptions) (*hooks.Object, error) {
	if !slices.Contains(sampleEvents(), string(o.Event)) {
		return nil, fmt.Errorf("no Claude Code sample payload for %q (there are: %s)", o.Event, strings.Join(sampleEvents(), ", "))
	}
	tools := sampleTools(o.Event)
	tool, sampleTool := o.Tool, o.Tool
	if tools != nil {
		if tool == "" {
			tool = "Bash"
		}
		sampleTool = tool
		if !slices.Contains(tools, tool) {
			sampleTool = "Bash"
		}
	}
	data, err := assets.ClaudePayload(string(o.Event), sampleTool)
	if err != nil {
		return nil, err
	}
	if o.SessionID == "" {
		o.SessionID = hooks.NewUUID()
	}
	if o.PromptID == "" {
		o.PromptID = hooks.NewUUID()
	}
	if o.PermissionMode == "" {
		o.PermissionMode = "default"
	}
	if o.ConfigDir == "" {
		o.ConfigDir = filepath.Join(o.Home, ".claude")
	}
	slug := projectSlug(o.ProjectDir)
	vars := map[string]string{
		"SESSION_ID": o.SessionID, "PROMPT_ID": o.PromptID, "PERMISSION_MODE": o.PermissionMode,
		"PROJECT": o.ProjectDir, "PROJECT_SLUG": slug, "HOME": o.Home, "CONFIG_DIR": o.ConfigDir,
		"TRANSCRIPT_PATH": filepath.Join(o.ConfigDir, "projects", slug, o.SessionID+".jsonl"),
	}
	v, err := hooks.ParseJSON(string(data))
	if err != nil {
		return nil, fmt.Errorf("Claude Code sample payload for %s: %w", o.Event, err)
	}
	in, ok := hooks.FillTemplate(v, vars).(*hooks.Object)
	if !ok {
		return nil, fmt.Errorf("Claude Code sample payload for %s is not an object", o.Event)
	}
	if tool != sampleTool {
		in.Set("tool_name", tool)
		in.Set("tool_input", hooks.NewObject(0))
		if in.Has("tool_response") {
			in.Set("tool_response", hooks.NewObject(0))
		}
	}
	if f, ok := triggerField[o.Event]; ok && o.Trigger != "" {
		in.Set(f, o.Trigger)
	}
	return in, nil
}

// projectSlug is how Claude Code names a project's folder under
// ~/.claude/projects: every character but ASCII letters and digits
// becomes "-".
func projectSlug(dir string) string { return nonAlnum.ReplaceAllString(dir, "-") }

var nonAlnum = regexp.MustCompile(`[^A-Za-z0-9]`)
