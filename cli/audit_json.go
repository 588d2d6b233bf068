package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
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
func auditDocument(info agents.Info, r *agents.Review, untraced []agents.UntracedHook, folders agents.StartFolders) (agents.Document, error) {
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
	// The hooks and the commands that are not hooks: each the contract's
	// review of it (agents.HookReview, one shape for every agent) with
	// what only the agent's own object of it says under "agent"
	// (hookObjects); the commands where the agent reviews them apart
	// (agents.WithCommands), else none.
	ownHooks, _ := own.get("hooks")
	ownCommands, hasCommands := own.get("commands")
	hooksValue, commandsValue, unpaired, err := hookObjects(r.Hooks, ownHooks, ownCommands, hasCommands)
	if err != nil {
		return nil, fmt.Errorf("%s's review document: %w", info.Title, err)
	}
	common = append(common, agents.Member("hooks", hooksValue), agents.Member("commands", commandsValue))
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
	said["hooks"], said["commands"] = nil, nil // the agent's own are in each hook's "agent"
	agent := agents.Document{agents.Member("name", info.Name), agents.Member("title", info.Title)}
	for _, m := range own {
		if !saidAlready(m, said, info.Name) {
			agent = append(agent, agents.Member(m.key, m.value))
		}
	}
	if len(unpaired) > 0 {
		// hooks the agent reports that it does not review (a user's own
		// hook with the agent's trust state), in its own shape
		agent = append(agent, agents.Member("hooks", unpaired))
	}
	doc := append(agents.Document{agents.Member("agent", agent)}, common...)
	if len(untraced) > 0 {
		doc = append(doc, agents.Member("untraced_user_hooks", untraced))
	}
	// The folders below a repository's top an agent may be started in
	// whose files need review there (agents.ReviewStartFolders): audit
	// exits 3 for them, so the document names them, in one shape for
	// every agent; start_folders_not_reviewed says why some were not.
	if dirty := folders.Dirty(); len(dirty) > 0 {
		doc = append(doc, agents.Member("start_folders", dirty))
	}
	if why := startFoldersNotReviewed(folders); why != "" {
		doc = append(doc, agents.Member("start_folders_not_reviewed", why))
	}
	return doc, nil
}

// hookObjects are the hooks and the commands of `audit --json`: each
// reviewed hook (rs) as the contract's agents.HookReview, and under
// "agent" the members of the agent's own object of it (from its review
// document's "hooks" or "commands", paired by key, else by place in the
// list when there are as many) that the common ones do not say. A hook
// goes under commands when it pairs with one of the agent's commands (or,
// without a pair, is a command and the agent lists commands apart).
// unpaired are the agent's own objects that match no reviewed hook. An
// agent whose review has no hooks keeps its own objects as they are.
func hookObjects(rs []agents.HookReview, ownHooks, ownCommands json.RawMessage, hasCommands bool) (hooksOut, commandsOut []agents.Document, unpaired []json.RawMessage, err error) {
	var ownH, ownC []json.RawMessage
	if len(ownHooks) > 0 {
		if err := json.Unmarshal(ownHooks, &ownH); err != nil {
			return nil, nil, nil, fmt.Errorf("its hooks: %w", err)
		}
	}
	if len(ownCommands) > 0 {
		if err := json.Unmarshal(ownCommands, &ownC); err != nil {
			return nil, nil, nil, fmt.Errorf("its commands: %w", err)
		}
	}
	if len(rs) == 0 {
		// an agent whose review gives no hooks of the contract: its own
		// objects, as they are (nothing it says is lost)
		return docsOf(ownH), docsOf(ownC), nil, nil
	}
	type ownObj struct {
		members jsonObject
		command bool
		used    bool
	}
	var objs []*ownObj
	byKey := map[string][]*ownObj{}
	for i, raw := range append(slices.Clone(ownH), ownC...) {
		m, err := jsonMembers(raw)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("a hook: %w", err)
		}
		o := &ownObj{members: m, command: i >= len(ownH)}
		objs = append(objs, o)
		if k, ok := m.get("key"); ok {
			var key string
			if json.Unmarshal(k, &key) == nil && key != "" {
				byKey[key] = append(byKey[key], o)
			}
		}
	}
	byPlace := len(objs) == len(rs)
	hooksOut, commandsOut = []agents.Document{}, []agents.Document{}
	for i := range rs {
		var o *ownObj
		for _, c := range byKey[rs[i].Key] {
			if !c.used {
				o = c
				break
			}
		}
		if o == nil && byPlace && !objs[i].used {
			if _, keyed := objs[i].members.get("key"); !keyed {
				o = objs[i]
			}
		}
		common, err := jsonMembers(rs[i])
		if err != nil {
			return nil, nil, nil, err
		}
		doc := agents.Document{}
		said := map[string]json.RawMessage{}
		add := func(key string, v any) {
			raw := mustJSON(v)
			doc, said[key] = append(doc, agents.Member(key, raw)), raw
		}
		for _, m := range common {
			switch m.key {
			case "unresolved":
			case "command_diff": // in words, and as spans
				add("command_diff", trust.RenderWordDiff(rs[i].CommandDiff))
				add("command_diff_spans", rs[i].CommandDiff)
			case "scripts":
				add("scripts", scriptObjects(rs[i].Scripts))
			default:
				doc, said[m.key] = append(doc, agents.Member(m.key, m.value)), m.value
			}
		}
		if len(rs[i].FieldChanges) > 0 {
			words := []string{}
			for _, c := range rs[i].FieldChanges {
				words = append(words, c.String())
			}
			add("field_changes_words", words)
		}
		// what it runs that Hookwarden cannot see, for every agent
		doc = append(doc, agents.Member("unresolved", nonNil(rs[i].Unresolved)), agents.Member("unseen_code", rs[i].RunsUnseenCode()))
		said["unresolved"], said["unseen_code"] = mustJSON(nonNil(rs[i].Unresolved)), mustJSON(rs[i].RunsUnseenCode())
		command := hasCommands && rs[i].Kind != hooks.KindHook
		if o != nil {
			o.used, command = true, o.command
			agent := agents.Document{}
			for _, m := range o.members {
				if v, ok := said[m.key]; !ok && !emptyJSON(m.value) || ok && !jsonEqual(v, m.value) {
					agent = append(agent, agents.Member(m.key, m.value))
				}
			}
			if len(agent) > 0 {
				doc = append(doc, agents.Member("agent", agent))
			}
		}
		if command {
			commandsOut = append(commandsOut, doc)
		} else {
			hooksOut = append(hooksOut, doc)
		}
	}
	for i, o := range objs {
		if !o.used {
			unpaired = append(unpaired, append(slices.Clone(ownH), ownC...)[i])
		}
	}
	return hooksOut, commandsOut, unpaired, nil
}

// docsOf are raw JSON objects as documents, in their order.
func docsOf(objs []json.RawMessage) []agents.Document {
	out := []agents.Document{}
	for _, o := range objs {
		members, _ := jsonMembers(o)
		doc := agents.Document{}
		for _, m := range members {
			doc = append(doc, agents.Member(m.key, m.value))
		}
		out = append(out, doc)
	}
	return out
}

// scriptObjects are a hook's scripts as the contract reviews them
// (trust.ScriptReview), each diff in words ("diff") and as spans
// ("diff_spans").
func scriptObjects(ss []trust.ScriptReview) []agents.Document {
	out := []agents.Document{}
	for _, s := range ss {
		members, _ := jsonMembers(s)
		doc := agents.Document{}
		for _, m := range members {
			if m.key == "diff" {
				doc = append(doc, agents.Member("diff", trust.RenderLineDiff(s.Diff)), agents.Member("diff_spans", s.Diff))
				continue
			}
			doc = append(doc, agents.Member(m.key, m.value))
		}
		out = append(out, doc)
	}
	return out
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

// startFoldersNotReviewed says why some start folders below the top were
// not reviewed ("" when all were).
func startFoldersNotReviewed(s agents.StartFolders) string {
	switch {
	case s.ListError != "":
		return s.ListError
	case s.More:
		return fmt.Sprintf("more than %d folders below the top hold agent files; only the first %d were reviewed", agents.MaxStartFolders, agents.MaxStartFolders)
	}
	return ""
}
