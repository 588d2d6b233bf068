package claude

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/tailscale/hujson"
)

// recordLeftOut are the events that get no observer: a hook there
// changes what Claude Code does.
var recordLeftOut = []agents.Skipped{
	{Event: worktreeCreate, Reason: "a WorktreeCreate hook replaces Claude Code's own worktree creation"},
	{Event: worktreeRemove, Reason: "a WorktreeRemove hook replaces Claude Code's own worktree removal"},
	{Event: fileChanged, Reason: "a FileChanged matcher names the files Claude Code then watches; an observer would make it watch files"},
}

// recordSync are the events whose observer runs in the foreground: at the
// end of a session or turn Claude Code cancels background hooks still
// running (-p teardown), and the event would be lost.
var recordSync = map[hooks.Event]bool{SessionEnd: true, Stop: true, stopFailure: true, subagentStop: true}

// recordTimeoutSec bounds one observer run.
const recordTimeoutSec = 10

// RecordEvents are every event Claude Code knows but those whose hook
// replaces its own handling or makes it watch files (agents.Recorder).
func (agent) RecordEvents() ([]hooks.Event, []agents.Skipped) {
	var out []hooks.Event
	for _, e := range events {
		left := false
		for _, s := range recordLeftOut {
			left = left || s.Event == e.Name
		}
		if !left {
			out = append(out, e.Name)
		}
	}
	return out, append([]agents.Skipped(nil), recordLeftOut...)
}

// RecordEdits puts one observer group (no matcher: every tool or value)
// per event into the user's settings.json, async where Claude Code lets a
// background hook finish, every other byte of the file kept
// (agents.Recorder).
func (a agent) RecordEdits(env agents.Env, obs agents.Observer) ([]agents.UserEdit, error) {
	path := resolvePaths(env.Home, "", env.Vars, env.GOOS, env.Home).User
	evs, _ := a.RecordEvents()
	has := func(data []byte, e hooks.Event) (bool, error) {
		_, ok, err := findHandler(path, data, string(e), func(c string) bool { return obs.Is(c, e) })
		return ok, err
	}
	return []agents.UserEdit{{
		Path: path,
		Add: func(data []byte, exists bool) ([]byte, error) {
			if !exists || len(bytes.TrimSpace(data)) == 0 {
				data = []byte("{}\n")
			}
			if err := claudeReads(path, data); err != nil {
				return nil, err
			}
			for _, e := range evs {
				if ok, err := has(data, e); err != nil {
					return nil, err
				} else if ok {
					continue
				}
				handler := `{"type": "command", "command": ` + jsonString(obs.Command(e)) + `, "timeout": ` + fmt.Sprint(recordTimeoutSec)
				if !recordSync[e] {
					handler += `, "async": true`
				}
				handler += `}`
				out, err := insertHandler(path, data, &removedHandler{Place: handlerPlace{Event: string(e), Group: 1 << 30}, Handler: handler, Scope: "group"})
				if err != nil {
					return nil, err
				}
				data = out
			}
			if _, err := parseForPatch(path, data); err != nil {
				return nil, fmt.Errorf("%s: adding the observer hooks would break the file (%v); nothing written", path, err)
			}
			return data, nil
		},
		Remove: func(data []byte) ([]byte, bool, error) {
			found := false
			for _, e := range evs {
				for {
					place, ok, err := findHandler(path, data, string(e), func(c string) bool { return obs.Is(c, e) })
					if err != nil {
						return nil, false, err
					}
					if !ok {
						break
					}
					out, _, err := removeHandler(path, data, place)
					if err != nil {
						return nil, false, err
					}
					data, found = out, true
				}
			}
			return data, found, nil
		},
		Holds: func(data []byte) (bool, error) {
			for _, e := range evs {
				if ok, err := has(data, e); err != nil || !ok {
					return false, err
				}
			}
			return true, nil
		},
	}}, nil
}

// claudeReads refuses a settings file Claude Code cannot read: it ignores
// such a file, so a hook added to it would never run.
func claudeReads(path string, data []byte) error {
	if _, perr := settingsio.ParseJSON(path, data); perr != nil {
		return fmt.Errorf("Claude Code cannot read %v, so a hook added to it would never run; fix the file first", perr)
	}
	return nil
}

// findHandler finds the first handler of event whose command is
// accepted by is.
func findHandler(path string, data []byte, event string, is func(string) bool) (handlerPlace, bool, error) {
	root, err := parseForPatch(path, data)
	if err != nil {
		return handlerPlace{}, false, err
	}
	rootObj, ok := root.Value.(*hujson.Object)
	if !ok {
		return handlerPlace{}, false, fmt.Errorf("%s: the file is not a JSON object", path)
	}
	if _, ok := memberValue(rootObj, "hooks").(*hujson.Object); !ok {
		return handlerPlace{}, false, nil
	}
	_, member, _, err := findEvent(path, root, event)
	if err != nil || member == nil {
		return handlerPlace{}, false, err
	}
	groups, ok := member.Value.Value.(*hujson.Array)
	if !ok {
		return handlerPlace{}, false, nil
	}
	for g, gv := range groups.Elements {
		obj, ok := gv.Value.(*hujson.Object)
		if !ok {
			continue
		}
		hs, ok := memberValue(obj, "hooks").(*hujson.Array)
		if !ok {
			continue
		}
		for i, hv := range hs.Elements {
			ho, ok := hv.Value.(*hujson.Object)
			if !ok {
				continue
			}
			if lit, ok := memberValue(ho, "command").(hujson.Literal); ok {
				var s string
				if json.Unmarshal(lit, &s) == nil && is(s) {
					return handlerPlace{Event: event, Group: g, Index: i}, true, nil
				}
			}
		}
	}
	return handlerPlace{}, false, nil
}

// recordTriggerField is the payload field an event's matcher value is
// read from (Claude Code's hooks reference and the 2.1.332 captures).
var recordTriggerField = map[hooks.Event]string{
	SessionStart: "source", SessionEnd: "reason", PreCompact: "trigger", postCompact: "trigger", setup: "trigger",
	Notification: "notification_type", subagentStart: "agent_type", subagentStop: "agent_type",
	instructionsLoaded: "load_reason", stopFailure: "error", elicitation: "mcp_server_name",
	elicitationResult: "mcp_server_name", userPromptExpansion: "command_name", configChange: "source",
}

// PayloadFacts reads a Claude Code payload: cwd, tool_name, session_id,
// and the matcher value of a value event (agents.Recorder).
func (agent) PayloadFacts(event hooks.Event, payload []byte) agents.PayloadFacts {
	in, ok := agents.ParsePayload(payload)
	if !ok {
		return agents.PayloadFacts{}
	}
	f := in.Facts()
	info, ok := LookupEvent(event)
	if !ok {
		return f
	}
	switch info.Matcher {
	case matchToolName:
		f.Query.Tool = f.Tool
		if ti, ok := in["tool_input"]; ok && len(ti) > 0 && ti[0] == '{' {
			f.Query.ToolInput = append([]byte(nil), ti...)
		}
	case MatchNone:
	default:
		if k, ok := recordTriggerField[event]; ok {
			f.Query.Trigger = in.Str(k)
		}
	}
	return f
}
