package codex

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// recordTimeoutSec bounds one observer run (less where Codex clamps an
// event's timeout, so that it warns of nothing).
const recordTimeoutSec = 10

// RecordEvents are all 14 events: an observer that prints nothing and
// exits 0 changes no decision of Codex's (agents.Recorder).
func (agent) RecordEvents() ([]hooks.Event, []agents.Skipped) {
	var out []hooks.Event
	for _, e := range events {
		out = append(out, e.Name)
	}
	return out, nil
}

// recordHandler is the observer's handler for event and the identity
// Codex hashes for it.
func recordHandler(e eventInfo, command string) (observerHandler, Identity) {
	timeout := uint64(recordTimeoutSec)
	if e.MaxTimeoutSec > 0 {
		timeout = min(timeout, e.MaxTimeoutSec)
	}
	sec, _ := effectiveTimeout(e, &timeout)
	h := observerHandler{Type: "command", Command: command, Timeout: timeout}
	return h, Identity{Event: e.Name, Handler: IdentityHandler{Type: "command", Command: command, TimeoutSec: sec}}
}

// RecordEdits puts one observer group per event (no matcher: every tool
// and value) into the user hooks.json and trusts each in the user
// config.toml as Codex computes the hash (Codex skips an untrusted user
// hook without a word). Codex skips async hooks ("async hooks are not
// supported"), so the observers run in the foreground (agents.Recorder).
func (a agent) RecordEdits(env agents.Env, obs agents.Observer) ([]agents.UserEdit, error) {
	paths, err := resolvePaths(options{Cwd: string(filepath.Separator), Getenv: func(k string) string { v, _ := settingsio.EnvLookup(env.Vars, env.GOOS, k); return v }})
	if err != nil {
		return nil, err
	}
	hooksPath, configPath := paths.UserHooksJSON, paths.UserConfigTOML
	evs, _ := a.RecordEvents()
	// observers are the group indexes of each event's observer groups in
	// data.
	observers := func(data []byte) (map[hooks.Event][]int, error) {
		if err := agents.CheckJSON(hooksPath, data); err != nil {
			return nil, err
		}
		if !codexShape(data) {
			return map[hooks.Event][]int{}, nil // a shape Codex rejects holds no observer
		}
		return agents.ObserverGroups(data, evs, obs), nil
	}
	// onDisk are the observer groups of hooks.json as it is now.
	onDisk := func() (map[hooks.Event][]int, error) {
		data, err := os.ReadFile(hooksPath)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		return observers(data)
	}
	// trust are the observers' [hooks.state] keys with their hashes.
	trust := func(have map[hooks.Event][]int) (keys, hashes []string) {
		for _, e := range evs {
			info, _ := lookupEvent(e)
			_, id := recordHandler(info, obs.Command(e))
			for _, g := range have[e] {
				keys, hashes = append(keys, trustKey(hooksPath, e, g, 0)), append(hashes, id.Hash())
			}
		}
		return keys, hashes
	}
	group := func(e hooks.Event) []byte {
		info, _ := lookupEvent(e)
		h, _ := recordHandler(info, obs.Command(e))
		g, _ := json.Marshal(struct {
			Hooks []observerHandler `json:"hooks"`
		}{[]observerHandler{h}})
		return g
	}
	return []agents.UserEdit{
		agents.ObserverEdit(hooksPath, evs, observers, group, func(err error) error { return err }, agents.CheckJSON),
		{
			Path: configPath,
			Add: func(data []byte, exists bool) ([]byte, error) {
				have, err := onDisk()
				if err != nil {
					return nil, err
				}
				keys, hashes := trust(have)
				if len(keys) == 0 {
					return nil, fmt.Errorf("trusting the observer hooks: %s holds none", hooksPath)
				}
				var edits []settingsio.TOMLEdit
				for i, k := range keys {
					edits = append(edits, settingsio.TOMLSetString(stateTable(k), "trusted_hash", hashes[i]))
				}
				return settingsio.EditTOML(configPath, data, edits...)
			},
			Remove: func(data []byte) ([]byte, bool, error) {
				have, err := onDisk()
				if err != nil {
					return nil, false, err
				}
				doc, perr := settingsio.ParseTOML(configPath, data)
				if perr != nil {
					return nil, false, perr
				}
				keys, hashes := trust(have)
				var edits []settingsio.TOMLEdit
				for i, k := range keys {
					if tomlString(doc.Root, append(stateTable(k), "trusted_hash")...) == hashes[i] {
						edits = append(edits, settingsio.TOMLRemove(stateTable(k), "trusted_hash"))
					}
				}
				if len(edits) == 0 {
					return nil, false, nil
				}
				// the groups after an observer's move up when it goes: their
				// trust and switch (keyed by index) move with them, or Codex
				// would skip a hook the user trusted without a word
				edits = append(edits, rekey(doc, hooksPath, evs, have)...)
				out, err := settingsio.EditTOML(configPath, data, edits...)
				return out, err == nil, err
			},
			Holds: func(data []byte) (bool, error) {
				have, err := onDisk()
				if err != nil {
					return false, err
				}
				doc, perr := settingsio.ParseTOML(configPath, data)
				if perr != nil {
					return false, perr
				}
				keys, hashes := trust(have)
				for i, k := range keys {
					if tomlString(doc.Root, append(stateTable(k), "trusted_hash")...) != hashes[i] {
						return false, nil
					}
				}
				return len(keys) == len(evs), nil
			},
		},
	}, nil
}

// recordTriggerField is the payload field a value matcher of an event is
// compared with (observed, 0.171.0 payloads).
var recordTriggerField = map[hooks.Event]string{
	"SessionStart": "source", "SessionEnd": "reason", "PreCompact": "trigger", "PostCompact": "trigger",
	"SubagentStart": "agent_type", "SubagentStop": "agent_type",
}

// PayloadFacts reads a Codex payload: cwd, tool_name, session_id, and the
// matcher value of its event (agents.Recorder).
func (agent) PayloadFacts(event hooks.Event, payload []byte) agents.PayloadFacts {
	in, ok := agents.ParsePayload(payload)
	if !ok {
		return agents.PayloadFacts{}
	}
	f := in.Facts()
	info, ok := lookupEvent(event)
	switch {
	case !ok:
	case info.IsToolEvent():
		f.Query.Tool = f.Tool
	case info.MatcherInput != "":
		if k, ok := recordTriggerField[event]; ok {
			f.Query.Trigger = in.Str(k)
		}
	}
	return f
}

// observerHandler is the observer's handler as written.
type observerHandler struct {
	Type    string `json:"type"`
	Command string `json:"command"`
	Timeout uint64 `json:"timeout"`
}

// rekey moves the [hooks.state] entries of the groups of path that follow
// observer groups (have) to the indexes they get once those are removed,
// in ascending order so that no entry lands on one not moved yet.
func rekey(doc *settingsio.TOMLDocument, path string, evs []hooks.Event, have map[hooks.Event][]int) []settingsio.TOMLEdit {
	state := doc.Root
	for _, k := range []string{"hooks", "state"} {
		if state == nil {
			return nil
		}
		v := state.Value(k)
		if v == nil || v.Kind != settingsio.TOMLTableValue {
			return nil
		}
		state = v.Table
	}
	type move struct {
		from, to string
		fields   *settingsio.TOMLTable
		g        int
	}
	var moves []move
	for _, e := range state.Entries {
		key := e.Key.Name
		if e.Value == nil || e.Value.Kind != settingsio.TOMLTableValue || !strings.HasPrefix(key, path+":") {
			continue
		}
		parts := strings.Split(strings.TrimPrefix(key, path+":"), ":")
		if len(parts) != 3 {
			continue
		}
		g, err1 := strconv.Atoi(parts[1])
		h, err2 := strconv.Atoi(parts[2])
		if err1 != nil || err2 != nil {
			continue
		}
		for _, ev := range evs {
			if eventKey(ev) != parts[0] {
				continue
			}
			shift := 0
			for _, o := range have[ev] {
				if o == g {
					shift = -1
					break
				}
				if o < g {
					shift++
				}
			}
			if shift > 0 {
				moves = append(moves, move{from: key, to: trustKey(path, ev, g-shift, h), fields: e.Value.Table, g: g})
			}
		}
	}
	sort.SliceStable(moves, func(i, j int) bool { return moves[i].g < moves[j].g })
	var edits []settingsio.TOMLEdit
	for _, m := range moves {
		for _, f := range m.fields.Entries {
			switch f.Value.Kind {
			case settingsio.TOMLString:
				edits = append(edits, settingsio.TOMLRemove(stateTable(m.from), f.Key.Name), settingsio.TOMLSetString(stateTable(m.to), f.Key.Name, f.Value.Str))
			case settingsio.TOMLBool:
				edits = append(edits, settingsio.TOMLRemove(stateTable(m.from), f.Key.Name), settingsio.TOMLSetBool(stateTable(m.to), f.Key.Name, f.Value.Bool))
			}
		}
	}
	return edits
}

// codexShape reports whether data's hooks have the shape Codex reads
// (every event a list of groups with a list of handlers): a file of
// another shape holds no hook of Hookwarden's.
func codexShape(data []byte) bool {
	var doc struct {
		Hooks map[string][]struct {
			Hooks []struct {
				Command string `json:"command"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	return json.Unmarshal(data, &doc) == nil
}
