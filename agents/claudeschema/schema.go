package claudeschema

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Schema is how one agent reads the Claude-schema "hooks" object.
type Schema struct {
	// Agent is set on every hook (hooks.Hook.Agent).
	Agent hooks.Agent
	// Events are the event names the agent accepts; others are kept as
	// hooks with Problem set and Known false.
	Events []string
	// Types are the handler types the agent runs ("command", "http", …);
	// a handler of another type is invalid. Command names the type whose
	// "command" string is required.
	Types   []string
	Command string
	// ConfigKeys are members of "hooks" that are settings, not events
	// (skipped without a word).
	ConfigKeys []string
	// DefaultTimeout applies when a handler has no valid "timeout";
	// MillisFrom, when > 0, makes a timeout of at least that value count
	// in milliseconds instead of seconds.
	DefaultTimeout time.Duration
	MillisFrom     float64
	// TimerMax, when > 0, is the longest delay the agent's timer takes;
	// a longer timeout fires after 1 ms (Node.js's setTimeout).
	TimerMax time.Duration
	// Expand, when set, is the agent's load-time expansion of strings
	// (commands and env values).
	Expand func(string) string
}

// Entry is one handler as the agent reads it: the neutral hook plus the
// schema's facts. Every handler of a file has one, also those the agent
// drops (Problem says why).
type Entry struct {
	Hook *hooks.Hook
	// Event is the event key as written; Known whether the agent accepts it.
	Event string
	Known bool
	// Def and Index place the handler: hooks.<Event>[Def].hooks[Index].
	Def, Index int
	// Matcher as written (HasMatcher: present and a string).
	Matcher    string
	HasMatcher bool
	// Sequential is the definition's "sequential": true; Async the
	// handler's "async": true; Name its "name".
	Sequential bool
	Async      bool
	Name       string
	// Timeout is what the agent applies; TimeoutNote says how it read the
	// value written ("" when plain).
	Timeout     time.Duration
	TimeoutNote string
	// Problem is why the agent drops the handler ("" when it keeps it).
	Problem string
}

// Valid reports whether the agent keeps the handler.
func (e *Entry) Valid() bool { return e.Problem == "" && e.Known }

// AsTrusted is a copy of e (its hook copied too) that runs where an
// untrusted folder held it back: a dry run as if the folder were trusted.
// The copy's Hook.Ext is still e's, for the agent to set.
func (e *Entry) AsTrusted() *Entry {
	c, h := *e, *e.Hook
	if c.Hook = &h; h.Status == hooks.StatusBlockedUntrustedFolder {
		h.Status, h.Reason = hooks.StatusRuns, ""
	}
	return &c
}

// Parse reads the "hooks" object of a parsed settings file. It returns
// every handler in file order, and findings about definitions that hold
// no handler (with file:line:column).
func (s Schema) Parse(f *settingsio.File) ([]*Entry, []hooks.Diagnostic) {
	if f == nil || f.Root == nil {
		return nil, nil
	}
	root := f.Root.Get("hooks")
	if root == nil {
		return nil, nil
	}
	var out []*Entry
	var diags []hooks.Diagnostic
	warn := func(n *settingsio.Node, msg string) {
		diags = append(diags, hooks.Diagnostic{File: f.Path, Line: n.Pos.Line, Column: n.Pos.Column, Severity: hooks.SeverityWarning, Message: msg})
	}
	if root.Kind != settingsio.Object {
		warn(root, `"hooks" is not an object: no hook of this file is read`)
		return nil, diags
	}
	for _, m := range root.Members {
		if slices.Contains(s.ConfigKeys, m.Key) {
			continue
		}
		known := slices.Contains(s.Events, m.Key)
		if m.Value.Kind != settingsio.Array {
			warn(m.Value, fmt.Sprintf("hooks.%s is not an array: skipped", m.Key))
			continue
		}
		for di, def := range m.Value.Items {
			if def.Kind != settingsio.Object {
				warn(def, fmt.Sprintf("hooks.%s[%d] is not an object: skipped", m.Key, di))
				continue
			}
			hs := def.Get("hooks")
			if hs == nil || hs.Kind != settingsio.Array {
				warn(def, fmt.Sprintf("hooks.%s[%d] has no \"hooks\" array: skipped", m.Key, di))
				continue
			}
			for hi, h := range hs.Items {
				out = append(out, s.entry(f, m.Key, known, di, def, hi, h))
			}
		}
	}
	return out, diags
}

func (s Schema) entry(f *settingsio.File, event string, known bool, di int, def *settingsio.Node, hi int, n *settingsio.Node) *Entry {
	path := fmt.Sprintf("hooks.%s[%d].hooks[%d]", event, di, hi)
	h := &hooks.Hook{ID: string(f.Layer) + ":" + f.Path + "#" + path, Event: hooks.Event(event), Agent: s.Agent, Node: n,
		Origin: hooks.Origin{Layer: f.Layer, File: f.Path, Line: n.Pos.Line, Column: n.Pos.Column, Path: path}, Status: hooks.StatusRuns}
	e := &Entry{Hook: h, Event: event, Known: known, Def: di, Index: hi, Timeout: s.DefaultTimeout}
	if m := def.Get("matcher"); m != nil && m.Kind == settingsio.String {
		e.Matcher, e.HasMatcher = m.Str, true
		h.Matcher, h.HasMatcher = m.Str, true
	}
	e.Sequential = def.Get("sequential").Is(settingsio.Bool) && def.Get("sequential").Bool
	if !known {
		e.Problem = "unknown event " + strconv.Quote(event) + ": never fires"
	}
	if n.Kind != settingsio.Object {
		e.Problem = "not an object"
		return s.settle(e)
	}
	if t := n.Get("type"); t != nil && t.Kind == settingsio.String {
		h.Type = t.Str
	}
	if c := n.Get("command"); c != nil && c.Kind == settingsio.String {
		h.Command = c.Str
		if s.Expand != nil {
			h.Command = s.Expand(c.Str)
		}
	}
	if nm := n.Get("name"); nm != nil && nm.Kind == settingsio.String {
		e.Name = nm.Str
	}
	e.Async = n.Get("async").Is(settingsio.Bool) && n.Get("async").Bool
	if env := n.Get("env"); env.Is(settingsio.Object) {
		h.Env = map[string]string{}
		for _, kv := range env.Members {
			v := kv.Value.JSString()
			if s.Expand != nil && kv.Value.Kind == settingsio.String {
				v = s.Expand(kv.Value.Str)
			}
			h.Env[kv.Key] = v
		}
	}
	s.timeout(e, n.Get("timeout"))
	switch {
	case e.Problem != "":
	case h.Type == "":
		e.Problem = `no "type": skipped`
	case !slices.Contains(s.Types, h.Type):
		e.Problem = "type " + strconv.Quote(h.Type) + " is not one the agent runs: skipped"
	case h.Type == s.Command && n.Get("command") == nil:
		e.Problem = `a command hook without "command": skipped`
	}
	return s.settle(e)
}

func (s Schema) timeout(e *Entry, t *settingsio.Node) {
	if t == nil {
		return
	}
	if t.Kind != settingsio.Number || math.IsNaN(t.Number) || t.Number <= 0 || math.IsInf(t.Number, 0) {
		e.TimeoutNote = fmt.Sprintf("timeout %s is not a positive number: the default %s applies", t.Raw, s.DefaultTimeout)
		return
	}
	unit, ms := float64(time.Second), s.MillisFrom > 0 && t.Number >= s.MillisFrom
	if ms {
		unit = float64(time.Millisecond)
		e.TimeoutNote = fmt.Sprintf("timeout %s read as milliseconds", t.Raw)
	}
	switch d := t.Number * unit; {
	case s.TimerMax > 0 && d > float64(s.TimerMax):
		e.Timeout = time.Millisecond
		e.TimeoutNote = fmt.Sprintf("timeout %s is longer than the agent's timer takes (%s): it fires after 1 ms", t.Raw, s.TimerMax)
	case d > float64(math.MaxInt64):
		e.Timeout = time.Duration(math.MaxInt64)
	default:
		e.Timeout = time.Duration(d)
	}
}

func (s Schema) settle(e *Entry) *Entry {
	if e.Problem != "" {
		e.Hook.Status, e.Hook.Reason = hooks.StatusInvalid, e.Problem
	}
	return e
}
