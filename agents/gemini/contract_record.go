package gemini

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/tailscale/hujson"
)

// recordName is the name of every observer hook: one entry in
// hooksConfig.disabled switches them all off, and it keeps them apart
// from the user's hooks (Gemini CLI de-duplicates by name and command).
const recordName = "hookwarden-observer"

// recordTimeoutMs bounds one observer run.
const recordTimeoutMs = 10000

// RecordEvents are all 11 events: an observer that prints nothing and
// exits 0 changes no decision of Gemini CLI's (agents.Recorder).
func (agent) RecordEvents() ([]hooks.Event, []agents.Skipped) { return Events(), nil }

// RecordEdits puts one observer group (no matcher: every tool and
// trigger) per event into the user's settings.json, in the hooks object
// Gemini CLI reads, every other byte of the file kept. Gemini CLI runs
// hooks in the foreground only (agents.Recorder).
func (a agent) RecordEdits(env agents.Env, obs agents.Observer) ([]agents.UserEdit, error) {
	path := ResolvePaths(env.Home, env.Vars, env.GOOS, env.Home).User
	evs, _ := a.RecordEvents()
	// observers are the group indexes of each event's observer groups.
	observers := func(data []byte) (map[hooks.Event][]int, error) {
		if _, perr := settingsio.ParseJSONC(path, data); perr != nil {
			return nil, perr
		}
		var doc struct {
			Hooks map[string]json.RawMessage `json:"hooks"`
		}
		out := map[hooks.Event][]int{}
		if std, err := hujson.Standardize(append([]byte(nil), data...)); err != nil || json.Unmarshal(std, &doc) != nil {
			return out, nil // a shape Gemini CLI rejects holds no observer
		}
		for _, e := range evs {
			var groups []struct {
				Hooks []struct {
					Command string `json:"command"`
				} `json:"hooks"`
			}
			if json.Unmarshal(doc.Hooks[string(e)], &groups) != nil {
				continue
			}
			for g, grp := range groups {
				if len(grp.Hooks) == 1 && obs.Is(grp.Hooks[0].Command, e) {
					out[e] = append(out[e], g)
				}
			}
		}
		return out, nil
	}
	return []agents.UserEdit{{
		Path: path,
		Add: func(data []byte, exists bool) ([]byte, error) {
			fresh := !exists || len(bytes.TrimSpace(data)) == 0
			if fresh {
				data = []byte("{}\n")
			}
			have, err := observers(data)
			if err != nil {
				return nil, fmt.Errorf("Gemini CLI cannot read %v; fix the file first", err)
			}
			for _, e := range evs {
				if len(have[e]) > 0 {
					continue
				}
				group, _ := json.Marshal(struct {
					Hooks []observerHandler `json:"hooks"`
				}{[]observerHandler{{Type: "command", Name: recordName, Command: obs.Command(e), Timeout: recordTimeoutMs}}})
				if data, err = settingsio.JSONAppend(path, data, []string{"hooks", string(e)}, group); err != nil {
					return nil, err
				}
			}
			if fresh {
				data = indentJSON(data) // a file of Hookwarden's own: laid out as JSON usually is
			}
			if _, perr := settingsio.ParseJSONC(path, data); perr != nil {
				return nil, fmt.Errorf("%s: adding the observer hooks would break the file (%v); nothing written", path, perr)
			}
			return data, nil
		},
		Remove: func(data []byte) ([]byte, bool, error) {
			have, err := observers(data)
			if err != nil {
				return nil, false, err
			}
			return agents.RemoveObserverGroups(path, data, evs, have)
		},
		Holds: func(data []byte) (bool, error) {
			have, err := observers(data)
			if err != nil {
				return false, err
			}
			return agents.HoldsObserverGroups(evs, have), nil
		},
	}}, nil
}

// PayloadFacts reads a Gemini CLI payload: cwd, tool_name, session_id,
// and the trigger of SessionStart (source), SessionEnd (reason) and
// PreCompress (trigger) (agents.Recorder).
func (agent) PayloadFacts(event hooks.Event, payload []byte) agents.PayloadFacts {
	var in map[string]json.RawMessage
	if json.Unmarshal(payload, &in) != nil {
		return agents.PayloadFacts{}
	}
	str := func(k string) string {
		var s string
		_ = json.Unmarshal(in[k], &s)
		return s
	}
	f := agents.PayloadFacts{Project: str("cwd"), Tool: str("tool_name"), Session: str("session_id"), Event: hooks.Event(str("hook_event_name"))}
	switch matcherKindOf(event) {
	case matchToolName:
		f.Query.Tool = f.Tool
	case matchTrigger:
		f.Query.Trigger = str(map[hooks.Event]string{SessionStart: "source", SessionEnd: "reason", PreCompress: "trigger"}[event])
	}
	return f
}

// indentJSON lays out a JSON document two spaces deep, keys in their
// order (data when it is not plain JSON).
func indentJSON(data []byte) []byte {
	var b bytes.Buffer
	if json.Indent(&b, data, "", "  ") != nil {
		return data
	}
	return append(bytes.TrimRight(b.Bytes(), "\n"), '\n')
}

// observerHandler is the observer's handler as written.
type observerHandler struct {
	Type    string `json:"type"`
	Name    string `json:"name"`
	Command string `json:"command"`
	Timeout int    `json:"timeout"`
}
