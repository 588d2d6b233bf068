package cli

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/hookwarden/hookwarden/agents"
)

// auditDocument is `audit --json`, one schema for every agent: the
// review's common members (agents.Review), the hooks and the commands that
// are not hooks as the agent reviews them, the approvals gone (agents.Gone,
// one shape), and under "agent" the agent's name and title with what only
// it reports: each member of its own review document (Review.Document)
// that the common members do not say, under its own key — a member of a
// common name whose value differs (Gemini CLI's folder trust with its rule
// and level, its gone trust keys) included, so that nothing the agent says
// is lost.
func auditDocument(info agents.Info, r *agents.Review, untraced []agents.UntracedHook) (agents.Document, error) {
	own, err := jsonMembers(r.Document)
	if err != nil {
		return nil, fmt.Errorf("%s's review document: %w", info.Title, err)
	}
	common := []agents.Field{
		agents.Member("project", r.Project),
		agents.Member("folder_trust", r.FolderTrust),
		agents.Member("store", r.Store),
		agents.Member("store_path", r.StorePath),
	}
	if r.StoreError != "" {
		common = append(common, agents.Member("store_error", r.StoreError))
	}
	common = append(common, agents.Member("needs_review", r.NeedsReview))
	// The hooks (and the commands that are not hooks) as the agent
	// reviews them, else the contract's review of each.
	hooksValue := any(nonNil(r.Hooks))
	if v, ok := own.get("hooks"); ok {
		hooksValue = v
	}
	common = append(common, agents.Member("hooks", hooksValue))
	// The commands that are not hooks, where the agent reviews them apart
	// (agents.WithCommands), else none.
	commandsValue := any([]any{})
	if v, ok := own.get("commands"); ok {
		commandsValue = v
	}
	common = append(common, agents.Member("commands", commandsValue))
	// The approvals that match no hook any more, in one shape for every
	// agent (agents.Gone: key, label, file, event, matcher); the agent's
	// own form of them, where it says more or says it otherwise (Gemini
	// CLI: its trust keys; Claude Code: the approval's place and time), is
	// under "agent".
	common = append(common,
		agents.Member("gone", nonNil(r.Gone)),
		agents.Member("unreadable", nonNil(r.Unreadable)),
		agents.Member("critical", nonNil(r.Critical)),
		agents.Member("warnings", nonNil(r.Warnings)),
	)
	said := map[string]json.RawMessage{"hooks": nil, "commands": nil}
	for _, f := range common {
		raw, err := json.Marshal(f.JSON)
		if err != nil {
			return nil, err
		}
		said[f.Key] = raw
	}
	agent := agents.Document{agents.Member("name", info.Name), agents.Member("title", info.Title)}
	for _, m := range own {
		if !saidAlready(m, said, info.Name) {
			agent = append(agent, agents.Member(m.key, m.value))
		}
	}
	doc := append(agents.Document{agents.Member("agent", agent)}, common...)
	if len(untraced) > 0 {
		doc = append(doc, agents.Member("untraced_user_hooks", untraced))
	}
	return doc, nil
}

// saidAlready says whether a member of the agent's own document says
// nothing the common members do not: it is one the face takes as it is
// (hooks), holds the value of the common member of its key, or holds,
// under a name of its own, a value one of them holds (the store's path
// named "store", the agent's warnings under its own name). Its name, as
// the agent's own document gives it, is said too.
func saidAlready(m jsonMember, said map[string]json.RawMessage, name string) bool {
	if m.key == "agent" && jsonEqual(m.value, mustJSON(name)) {
		return true
	}
	if v, ok := said[m.key]; ok && (v == nil || jsonEqual(m.value, v)) {
		return true
	}
	if emptyJSON(m.value) {
		return false
	}
	for _, v := range said {
		if v != nil && jsonEqual(m.value, v) {
			return true
		}
	}
	return false
}

// emptyJSON says whether a JSON value is null, false, "", 0, [] or {}.
func emptyJSON(raw json.RawMessage) bool {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return false
	}
	switch v := v.(type) {
	case nil:
		return true
	case bool:
		return !v
	case string:
		return v == ""
	case float64:
		return v == 0
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	}
	return false
}

// nonNil is s, or an empty slice for nil (an empty list prints as []).
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// jsonMember is one member of a JSON object, in its order.
type jsonMember struct {
	key   string
	value json.RawMessage
}

type jsonObject []jsonMember

func (o jsonObject) get(key string) (json.RawMessage, bool) {
	for _, m := range o {
		if m.key == key {
			return m.value, true
		}
	}
	return nil, false
}

// jsonMembers are the members of v's JSON object, in order (none for nil).
func jsonMembers(v any) (jsonObject, error) {
	if v == nil {
		return nil, nil
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("not a JSON object")
	}
	var out jsonObject
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, err
		}
		out = append(out, jsonMember{key: key, value: value})
	}
	return out, nil
}

// jsonEqual says whether two JSON texts hold the same value.
func jsonEqual(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return bytes.Equal(xa, ya)
}

func mustJSON(v any) json.RawMessage {
	raw, _ := json.Marshal(v)
	return raw
}
