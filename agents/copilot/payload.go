package copilot

import (
	"embed"
	"fmt"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// payloadFS holds the payloads Copilot CLI 1.0.102 was captured sending
// (the conformance kit's copilot-live/payloads, paths neutral:
// /home/user/project, /home/user): <event>[-variant].json for camelCase
// hooks, <PascalName>-vscode.json for the same events configured under
// PascalCase names.
//
//go:embed payloads/*.json
var payloadFS embed.FS

// sampleOptions chooses a sample payload.
type sampleOptions struct {
	Event hooks.Event
	// Tool is the tool of a tool event ("" = bash; apply_patch and task
	// have their own captured payloads, other tools get the bash one with
	// their name).
	Tool string
	// ProjectDir and Home replace /home/user/project and /home/user.
	ProjectDir, Home string
	Now              time.Time
}

// sampleInput is the camelCase payload Copilot sends for the event.
func sampleInput(o sampleOptions) (*hooks.Object, error) {
	info, _, ok := lookupEvent(string(o.Event))
	if !ok {
		return nil, fmt.Errorf("%q is not a Copilot CLI hook event", o.Event)
	}
	name := string(info.Name)
	if info.Tool && o.Tool != "" && o.Tool != "bash" {
		if _, err := payloadFS.ReadFile("payloads/" + name + "-" + o.Tool + ".json"); err == nil {
			name += "-" + o.Tool
		}
	}
	data, err := payloadFS.ReadFile("payloads/" + name + ".json")
	if err != nil {
		return nil, fmt.Errorf("no sample payload for %s", o.Event)
	}
	text := string(data)
	if o.ProjectDir != "" {
		text = strings.ReplaceAll(text, "/home/user/project", o.ProjectDir)
	}
	if o.Home != "" {
		text = strings.ReplaceAll(text, "/home/user", o.Home)
	}
	v, err := hooks.ParseJSON(text)
	if err != nil {
		return nil, err
	}
	in := v.(*hooks.Object)
	if info.Tool && o.Tool != "" {
		if in.Has("toolName") && !strings.Contains(name, "-") {
			in.Set("toolName", o.Tool)
		}
	}
	if !o.Now.IsZero() && in.Has("timestamp") {
		in.Set("timestamp", float64(o.Now.UnixMilli()))
	}
	return in, nil
}

// pascalPayload is what a hook configured under the event's PascalCase
// name gets instead of the camelCase payload in (observed): first
// hook_event_name, then every member with its name in snake_case
// (toolArgs is tool_input, inner objects too), the timestamp as an ISO
// string and the tool's Claude name (bash → Bash, …), the argument names
// kept. permissionRequest payloads stay camelCase.
func pascalPayload(info eventInfo, in *hooks.Object) *hooks.Object {
	if info.Pascal == "" || info.Name == "permissionRequest" || in == nil {
		return in
	}
	out := hooks.NewObject(in.Len() + 1)
	out.Set("hook_event_name", string(info.Pascal))
	for _, k := range in.Keys() {
		v := in.Value(k)
		switch k {
		case "hook_event_name", "hookName":
			continue
		case "timestamp":
			if ms, ok := v.(float64); ok {
				v = time.UnixMilli(int64(ms)).UTC().Format("2006-01-02T15:04:05.000Z")
			}
		case "toolName":
			if s, ok := v.(string); ok {
				v = claudeToolName(s)
			}
		case "toolArgs":
			out.Set("tool_input", v)
			continue
		case "toolResult":
			v = snakeKeys(v)
		}
		out.Set(agents.SnakeCase(k), v)
	}
	return out
}

func snakeKeys(v any) any {
	o, ok := v.(*hooks.Object)
	if !ok {
		return v
	}
	out := hooks.NewObject(o.Len())
	for _, k := range o.Keys() {
		out.Set(agents.SnakeCase(k), snakeKeys(o.Value(k)))
	}
	return out
}
