package claudeschema

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// Spec is an entry as the shared review takes it: its definition field by
// field (event, matcher, sequential and every member of the handler
// object), its place in the file as its name (a hook edited in place reads
// "changed", with the diff of its fields), the label, and the command
// whose scripts are fingerprinted (hide names secrets an agent expanded
// into it and its env; nil: none).
func (e *Entry) Spec(label string, hide func(string) string) agents.CommandSpec {
	if hide == nil {
		hide = func(s string) string { return s }
	}
	named := *e.Hook
	// the shared review keys a spec by the hook's Name (the one use of
	// that field here): the place, so an edit in place reads "changed".
	named.Name = e.Hook.Origin.Path
	named.Env = map[string]string{}
	for k, v := range e.Hook.Env {
		named.Env[k] = hide(v)
	}
	s := agents.CommandSpec{Hook: &named, Label: label, Fields: trust.Definition{}}
	q := func(v any) string { return string(hooks.AppendJSON(nil, v)) }
	// an object or array member (env, args) as JSON with sorted keys:
	// AppendJSON knows neither form and wrote "null" whatever it held.
	member := func(n *settingsio.Node) string {
		if n.Is(settingsio.Object) || n.Is(settingsio.Array) {
			b, _ := json.Marshal(n.Interface())
			return string(b)
		}
		return q(n.Interface())
	}
	s.Fields[trust.FieldEvent] = q(e.Event)
	if e.HasMatcher {
		s.Fields[trust.FieldMatcher] = q(e.Matcher)
	}
	if e.Sequential {
		s.Fields[trust.FieldSequential] = "true"
	}
	if n := e.Hook.Node; n.Is(settingsio.Object) {
		for _, m := range n.Members {
			key := m.Key
			if key == trust.FieldEvent || key == trust.FieldMatcher || key == trust.FieldSequential || key == "" || strings.ContainsAny(key, `."`) {
				key = q(key)
			}
			s.Fields[key] = member(m.Value)
		}
	}
	if e.Hook.Command != "" && e.Hook.Type == "command" {
		s.ScriptCommand = hide(e.Hook.Command)
	}
	return s
}

// Review reviews specs against the section (the store read through env),
// filling base (project, folder trust, unreadable files, …): each hook's
// status, its risk (agents.ReviewedRisk, with env's agent facts and the
// files the review fingerprints), what the agent does with it (says) and
// notes.
func (s Section) Review(env agents.Env, p agents.Project, specs []agents.CommandSpec, base *agents.Review,
	says func(*hooks.Hook) (string, []string)) (*agents.Review, error) {
	if s.StoreErr != nil {
		return nil, s.StoreErr
	}
	data, err := env.LoadStore(s.Store)
	if err != nil {
		return nil, err
	}
	cr, err := agents.ReviewSpecs(data, s.Key, s.Agent, s.Project, s.withRuntime(specs))
	if err != nil {
		return nil, err
	}
	r := base
	r.Store, r.StorePath, r.Hooks, r.Gone = "Hookwarden's store ("+s.Title+" keeps no per-hook trust)", s.Store.Path(), []agents.HookReview{}, []agents.Gone{}
	if r.Unreadable == nil {
		r.Unreadable = []settingsio.FileError{}
	}
	r.AddCommands(cr, s.Store.Path())
	byID := map[string]*hooks.Hook{}
	for _, h := range p.Hooks() {
		byID[h.ID] = h
	}
	cache := risk.NewCache()
	for i := range r.Hooks {
		h := &r.Hooks[i]
		h.SettleUnwatched()
		hk := byID[h.HookID]
		if hk == nil {
			continue
		}
		if env.WantsRisk(h.NeedsReview()) {
			h.Risk = agents.ReviewedRisk(p, hk, s.Project, h.HookReview, env.RiskOptions(cache))
			agents.FloorUnwatchedRisk(h)
		}
		what, notes := says(hk)
		h.Fields = append(h.Fields, agents.Field{Key: s.Agent, Label: s.Title, Value: what})
		h.Notes = append(h.Notes, notes...)
	}
	r.NeedsReview = r.NeedsReview || len(r.Unreadable) > 0
	r.Files = []string{s.Store.Path()}
	return r, nil
}

// TrustStates is what Review says of each spec without the risk
// analysis, what the agent does with it and notes (an agent's
// agents.TrustStater): each hook's state is dropped as soon as keep (nil:
// every one) has seen it, and each spec is made when it is reviewed, so
// that a list of 100,000 hooks holds neither their reviews nor their
// specs.
func (s Section) TrustStates(env agents.Env, specs agents.SpecList, keep func(*agents.HookReview) bool) ([]agents.HookReview, error) {
	if s.StoreErr != nil {
		return nil, s.StoreErr
	}
	data, err := env.LoadStore(s.Store)
	if err != nil {
		return nil, err
	}
	made, put := specs.At, s.runtimeOf() // as Review's: one runtime for all
	specs.At = func(i int) agents.CommandSpec { return put(made(i)) }
	settled := func(h *agents.HookReview) bool { h.SettleUnwatched(); return keep == nil || keep(h) }
	cr, err := agents.ReviewSpecsKept(data, s.Key, s.Agent, s.Project, specs, settled)
	if err != nil {
		return nil, err
	}
	return cr.Hooks, nil
}

// Details are an entry's rows for the detail pane: command, name,
// matcher, timeout, async, sequential, env (values through hide).
func (e *Entry) Details(command string, hide func(string) string) []agents.Field {
	out := []agents.Field{{Key: "command", Label: "Command", Value: command, Code: true, Lines: true}}
	set := func(key, value string, v any) {
		out = append(out, agents.Field{Key: key, Label: "Settings", Value: value, JSON: v})
	}
	if e.Name != "" {
		set("name", "name "+e.Name, e.Name)
	}
	if e.HasMatcher {
		set("matcher", "matcher "+e.Matcher, e.Matcher)
	}
	set("timeout", "timeout "+e.Timeout.String(), e.Timeout.Seconds())
	if e.TimeoutNote != "" {
		set("timeout_note", e.TimeoutNote, e.TimeoutNote)
	}
	if e.Async {
		set("async", "async: runs in the background; its answer is unused", true)
	}
	if e.Sequential {
		set("sequential", "sequential: the event's hooks run one after another", true)
	}
	for k, v := range e.Hook.Env {
		out = append(out, agents.Field{Key: "env", Label: "Env", Value: k + "=" + hide(v), Code: true})
	}
	return out
}

// Document is an entry's object in the list document, with the command
// as the agent wants it shown (as written: no value it expanded into it).
func (e *Entry) Document(command string) agents.Document {
	d := agents.Document{agents.Slot("id"), agents.Slot("event"), agents.Slot("matcher"), agents.Slot("type"), agents.Member("command", command),
		agents.Slot("origin"), agents.Slot("file"), agents.Slot("line"), agents.Slot("column"), agents.Slot("json_path"), agents.Slot("status"), agents.Slot("reason")}
	d = append(d, agents.Member("name", e.Name), agents.Member("timeout_sec", e.Timeout.Seconds()), agents.Member("async", e.Async), agents.Member("sequential", e.Sequential))
	return append(d, agents.Slot("risk"))
}

// Sample is a captured payload (paths neutral: /home/user/project and
// /home/user) for project and home, with the event's subject under key
// and input's fields spread over it.
func Sample(captured []byte, project, home, key, subject string, input []byte) (*hooks.Object, error) {
	text := strings.ReplaceAll(string(captured), "/home/user/project", project)
	if home != "" {
		text = strings.ReplaceAll(text, "/home/user", home)
	}
	in, err := agents.ParseObject([]byte(text), "sample payload")
	if err != nil {
		return nil, err
	}
	if key != "" && subject != "" {
		in.Set(key, subject)
	}
	if input != nil {
		fields, err := agents.ParseObject(input, "input")
		if err != nil {
			return nil, fmt.Errorf("%w", err)
		}
		for _, k := range fields.Keys() {
			in.Set(k, fields.Value(k))
		}
	}
	return in, nil
}

// secretName is a variable name that holds a credential.
var secretName = regexp.MustCompile(`(?i)key|token|secret|passw|credential`)

// withSettingsEnv is s with the "env" object of the settings file root
// (nil: none) as a field of its definition: an agent that sets every
// string of it in its own environment (when the name is unset), which each
// hook inherits, runs something else when a pull adds PYTHONPATH there, so
// a change to it changes every hook of the file. A value whose name looks
// like a credential is kept as its sha256.
func withSettingsEnv(s agents.CommandSpec, root *settingsio.Node) agents.CommandSpec {
	env := root.Get("env")
	if env == nil {
		return s
	}
	v := env.Interface()
	if m, ok := v.(map[string]any); ok {
		for k, x := range m {
			if str, ok := x.(string); ok && secretName.MatchString(k) {
				m[k] = fmt.Sprintf("sha256:%x", sha256.Sum256([]byte(str)))
			}
		}
	}
	fields := maps.Clone(s.Fields)
	if fields == nil {
		fields = trust.Definition{}
	}
	b, _ := json.Marshal(v)
	fields[`"settings env"`] = string(b)
	s.Fields = fields
	return s
}

// WithSettings is withSettingsEnv and every other member of the settings
// file root besides its hooks and the names in skip, each as a field of
// s's definition ("settings NAME"): an agent that reads commands from its
// settings file outside the hooks (MCP servers it starts, tool discovery
// commands, a status line) runs something else when a pull adds or
// changes one while the hooks stay as they are, and Hookwarden does not
// model them, so a change to any of them changes every hook of the file.
// A member whose text names a credential is kept as its sha256.
func WithSettings(s agents.CommandSpec, root *settingsio.Node, skip ...string) agents.CommandSpec {
	s = withSettingsEnv(s, root)
	if !root.Is(settingsio.Object) {
		return s
	}
	fields := maps.Clone(s.Fields)
	if fields == nil {
		fields = trust.Definition{}
	}
	for _, m := range root.Members { // a name given twice: the last, as JSON.parse reads it
		if m.Key == "hooks" || m.Key == "env" || slices.Contains(skip, m.Key) {
			continue
		}
		// The node's own rendering, never json.Marshal of its Go value: that
		// fails on a number past float64 (1e999 is +Inf), and a member whose
		// encoding failed read the same whatever it held.
		b, _ := m.Value.MarshalJSON() // never an error: it renders the number's raw text
		text := string(b)
		if secretName.MatchString(text) {
			text = fmt.Sprintf(`"sha256:%x"`, sha256.Sum256(b))
		}
		fields[string(hooks.AppendJSON(nil, "settings "+m.Key))] = text
	}
	s.Fields = fields
	return s
}
