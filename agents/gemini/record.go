package gemini

import (
	"encoding/json"
	"fmt"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// recordName is the name of every observer hook: one entry in
// hooksConfig.disabled switches them all off, and it keeps them apart
// from the user's hooks (Gemini CLI de-duplicates by name and command).
const recordName = "hookwarden-observer"

// recordTimeoutMs bounds one observer run.
const recordTimeoutMs = 10000

// RecordEvents are all 11 events: an observer that prints nothing and
// exits 0 changes no decision of Gemini CLI's (agents.Recorder).
func (agent) RecordEvents() ([]hooks.Event, []agents.Skipped) { return eventList(), nil }

// RecordEdits puts one observer group (no matcher: every tool and
// trigger) per event into the user's settings.json, in the hooks object
// Gemini CLI reads, every other byte of the file kept. Gemini CLI runs
// hooks in the foreground only (agents.Recorder).
func (a agent) RecordEdits(env agents.Env, obs agents.Observer) ([]agents.UserEdit, error) {
	path := resolvePaths(env.Home, env.Vars, env.GOOS, env.Home).User
	evs, _ := a.RecordEvents()
	// observers are the group indexes of each event's observer groups (a
	// shape Gemini CLI rejects holds none).
	observers := func(data []byte) (map[hooks.Event][]int, error) {
		if err := agents.CheckJSONC(path, data); err != nil {
			return nil, err
		}
		return agents.ObserverGroups(data, evs, obs), nil
	}
	group := func(e hooks.Event) []byte {
		g, _ := json.Marshal(struct {
			Hooks []observerHandler `json:"hooks"`
		}{[]observerHandler{{Type: "command", Name: recordName, Command: obs.Command(e), Timeout: recordTimeoutMs}}})
		return g
	}
	return []agents.UserEdit{agents.ObserverEdit(path, evs, observers, group,
		func(err error) error { return fmt.Errorf("Gemini CLI cannot read %v; fix the file first", err) }, agents.CheckJSONC)}, nil
}

// PayloadFacts reads a Gemini CLI payload: cwd, tool_name, session_id,
// and the trigger of SessionStart (source), SessionEnd (reason) and
// PreCompress (trigger) (agents.Recorder).
func (agent) PayloadFacts(event hooks.Event, payload []byte) agents.PayloadFacts {
	in, ok := agents.ParsePayload(payload)
	if !ok {
		return agents.PayloadFacts{}
	}
	f := in.Facts()
	switch matcherKindOf(event) {
	case matchToolName:
		f.Query.Tool = f.Tool
	case matchTrigger:
		f.Query.Trigger = in.Str(map[hooks.Event]string{sessionStart: "source", sessionEnd: "reason", preCompress: "trigger"}[event])
	}
	return f
}

// observerHandler is the observer's handler as written.
type observerHandler struct {
	Type    string `json:"type"`
	Name    string `json:"name"`
	Command string `json:"command"`
	Timeout int    `json:"timeout"`
}
