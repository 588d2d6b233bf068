package codex

import (
	"crypto/rand"
	"embed"
	"encoding/binary"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/assets"
	"github.com/hookwarden/hookwarden/hooks"
)

// payloadFS holds Codex CLI sample hook inputs, one per event and, for
// PreToolUse and PostToolUse, one per tool under <Event>/<tool>.json.
// They are written from the shapes Codex 0.171.0 was captured sending
// (the conformance kit's codex-live payloads: same keys in the same
// order), with neutral values; SubagentStop, which the kit could not
// drive, follows SubagentStopCommandInput in codex-rs/hooks/src/schema.rs.
// Strings may hold placeholders filled by SampleInput: ${SESSION_ID},
// ${TURN_ID}, ${TRANSCRIPT_PATH}, ${AGENT_TRANSCRIPT_PATH}, ${AGENT_ID},
// ${PROJECT}, ${MODEL}, ${PERMISSION_MODE}, ${TOOL_USE_ID}, ${COMMAND},
// ${PROMPT}, ${REQUEST_ID} and ${RESPONSE_ID}.
//
//go:embed payloads
var payloadFS embed.FS

// sampleOptions chooses a sample Codex hook input.
type sampleOptions struct {
	Event hooks.Event
	// Tool is the tool of PreToolUse/PostToolUse ("" = Bash; one of
	// SampleTools). A tool without a sample gets its name with an empty
	// tool_input.
	Tool string
	// Command is the shell command of Bash tool inputs ("" = "echo hi >
	// out.txt", the kit's).
	Command string
	// Prompt is UserPromptSubmit's prompt ("" = "write hi to out.txt").
	Prompt string
	// Trigger sets the field the event's matcher is compared with:
	// SessionStart source, PreCompact/PostCompact trigger,
	// SubagentStart/SubagentStop agent_type.
	Trigger string
	// StopHookActive sets Stop's and SubagentStop's stop_hook_active:
	// true is the payload of the Stop Codex fires again after a hook
	// blocked.
	StopHookActive bool
	// ProjectDir is the session's cwd; CodexHome is $CODEX_HOME (for the
	// transcript path).
	ProjectDir string
	CodexHome  string
	// Model ("" = gpt-5.5) and PermissionMode ("" = default).
	Model          string
	PermissionMode string
	// Now dates the transcript path and the ids (zero = now).
	Now time.Time
}

// sampleEvents lists the events that have a sample, sorted.
func sampleEvents() []string { return assets.SampleNames(payloadFS, "payloads") }

// sampleTools lists the tools with samples for a tool event, sorted; nil
// for other events.
func sampleTools(event hooks.Event) []string {
	return assets.SampleNames(payloadFS, path.Join("payloads", string(event)))
}

// triggerFields are the payload fields Codex matches matchers against.
var triggerFields = map[hooks.Event]string{"SessionStart": "source", "PreCompact": "trigger",
	"PostCompact": "trigger", "SubagentStart": "agent_type", "SubagentStop": "agent_type"}

// sampleInput builds a Codex hook input for o.Event from the embedded
// samples, with fresh ids and the chosen project.
func sampleInput(o sampleOptions) (*hooks.Object, error) {
	if !slices.Contains(sampleEvents(), string(o.Event)) {
		return nil, fmt.Errorf("no Codex sample payload for %q (there are: %s)", o.Event, strings.Join(sampleEvents(), ", "))
	}
	file := path.Join("payloads", string(o.Event)+".json")
	tool := o.Tool
	if tools := sampleTools(o.Event); tools != nil {
		if tool == "" {
			tool = "Bash"
		}
		sample := tool
		if !slices.Contains(tools, tool) {
			sample = "Bash"
		}
		file = path.Join("payloads", string(o.Event), sample+".json")
	}
	data, err := payloadFS.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("Codex sample payload for %s: %w", o.Event, err)
	}
	v, err := hooks.ParseJSON(string(data))
	if err != nil {
		return nil, fmt.Errorf("Codex sample payload %s: %w", file, err)
	}
	in, ok := v.(*hooks.Object)
	if !ok {
		return nil, fmt.Errorf("Codex sample payload %s is not an object", file)
	}
	in = hooks.FillTemplate(in, o.vars()).(*hooks.Object)
	if name, _ := in.Value("tool_name").(string); tool != "" && name != tool {
		in.Set("tool_name", tool)
		in.Set("tool_input", hooks.NewObject(0))
		if in.Has("tool_response") {
			in.Set("tool_response", "")
		}
	}
	if f, ok := triggerFields[o.Event]; ok && o.Trigger != "" {
		in.Set(f, o.Trigger)
	}
	if in.Has("stop_hook_active") {
		in.Set("stop_hook_active", o.StopHookActive)
	}
	return in, nil
}

// vars are the placeholder values for o.
func (o sampleOptions) vars() map[string]string {
	now := o.Now
	if now.IsZero() {
		now = time.Now()
	}
	now = now.UTC()
	session, turn, agent := uuidV7(now), uuidV7(now.Add(20*time.Millisecond)), uuidV7(now.Add(time.Second))
	home := o.CodexHome
	if home == "" {
		home = "~/.codex"
	}
	transcript := func(id string) string {
		return filepath.Join(home, "sessions", now.Format("2006/01/02"),
			"rollout-"+now.Format("2006-01-02T15-04-05")+"-"+id+".jsonl")
	}
	pick := func(v, def string) string {
		if v == "" {
			return def
		}
		return v
	}
	return map[string]string{
		"SESSION_ID": session, "TURN_ID": turn, "AGENT_ID": agent,
		"TRANSCRIPT_PATH": transcript(session), "AGENT_TRANSCRIPT_PATH": transcript(agent),
		"PROJECT": o.ProjectDir, "MODEL": pick(o.Model, "gpt-5.5"),
		"PERMISSION_MODE": pick(o.PermissionMode, "default"),
		"TOOL_USE_ID":     "call_" + strings.ReplaceAll(uuidV7(now)[24:], "-", ""),
		"COMMAND":         pick(o.Command, "echo hi > out.txt"), "PROMPT": pick(o.Prompt, "write hi to out.txt"),
		"REQUEST_ID": uuidV7(now.Add(30 * time.Millisecond)), "RESPONSE_ID": "resp_" + strings.ReplaceAll(uuidV7(now)[24:], "-", ""),
	}
}

// uuidV7 is a time-ordered UUID like the session and turn ids Codex uses.
func uuidV7(t time.Time) string {
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], uint64(t.UnixMilli())<<16)
	_, _ = rand.Read(b[6:])
	b[6] = b[6]&0x0f | 0x70
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
