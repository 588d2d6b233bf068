package agents

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/sandbox"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// Agent is one coding agent.
type Agent interface {
	// Info names the agent.
	Info() Info
	// Events are the agent's hook events in its lifecycle order, with a
	// description, what their matcher is compared with, and a sample
	// payload. The slice is the caller's.
	Events() []EventInfo
	// Open reads every file the agent reads for the project folder dir
	// (absolute) in env. It fails only when dir itself cannot be used: a
	// file that cannot be read or parsed is a Layer with an error and a
	// diagnostic, and counts as needing review.
	Open(ctx context.Context, env Env, dir string) (Project, error)
}

// Info names an agent.
type Info struct {
	// Name is the agent's short name: the value of --agent, the key of
	// its approvals in Hookwarden's store ("gemini", "claude", "codex").
	Name string `json:"name"`
	// Title is how people call it ("Gemini CLI", "Claude Code").
	Title string `json:"title"`
	// Version is the agent version whose behaviour the package models
	// ("0.61.0").
	Version string `json:"version,omitempty"`
	// Types are the hook (handler) types the agent runs; the faces name
	// a hook's type when there is more than one.
	Types []string `json:"types,omitempty"`
	// Statuses are the hook statuses the agent gives beyond the neutral
	// ones of hooks/ (hooks.Status*), in the order views count them; each
	// is a reason a hook does not run.
	Statuses []hooks.Status `json:"statuses,omitempty"`
	// Tones say what each of Statuses means for the user, for the colour
	// of its badge (StatusTone gives the neutral statuses' own).
	Tones map[hooks.Status]Tone `json:"tones,omitempty"`
	// Layers say who controls each of the agent's settings layers, for
	// the colour of its badge.
	Layers map[settingsio.Layer]LayerRole `json:"layers,omitempty"`
	// Facts are the agent's files and variables, as data for the shared
	// packages (see Facts).
	Facts Facts `json:"-"`
	// Lacks says, per optional capability its projects do not have, why,
	// in a sentence the faces show as it is (Lacking).
	Lacks map[Capability]string `json:"-"`
}

// EventSuggester is an Agent that can name the event a misspelt event
// name probably meant (optional).
type EventSuggester interface {
	// SuggestEvent returns the agent's event closest to name ("" for none).
	SuggestEvent(name string) hooks.Event
}

// Env is the environment a project is opened in: the machine as the agent
// would see it. Tests set every field; nothing reads the real machine
// behind the caller's back.
type Env struct {
	// Vars is the process environment the agent would get.
	Vars settingsio.Env
	// GOOS selects the platform's file locations.
	GOOS string
	// Home is the user's home folder.
	Home string
	// Init is the executable that answers sandbox.InitCommand (hookwarden
	// itself); "" starts hooks directly and the sandbox is unavailable.
	Init string
	// Warm, when set, is the dry run's sandbox.Warm (Supervisor puts it in
	// the sandbox configuration): the sandbox its probe sets up runs its
	// first sandboxed hook. The face that makes it closes it after the run.
	Warm *sandbox.Warm
	// Now is the clock approvals are stamped with (nil: time.Now).
	Now func() time.Time
	// Check, when set, is the read-only check the project is opened for:
	// the agents share one read of Hookwarden's store and analyse the risk
	// only of what needs review (see Check; nil: a command or a view).
	Check *Check
	// Stores, when set, are the command's reads of Hookwarden's store: the
	// agents it opens and their reviews share one decode of the file
	// while its bytes do not change (trust.StoreReads; nil: each read
	// decodes). A Check's one read comes first.
	Stores *trust.StoreReads
	// Others, when set, are the registered agents a review asks what they
	// do with the hooks of a file they read too (AddOtherReaders); the
	// agents it opens get no Others, so they do not ask back (nil: no one
	// is asked).
	Others *Registry
	// Facts are every registered agent's files and variables (the
	// registry's union, Registry.Facts), for the risk analysis and the
	// sandbox's report: a hook of one agent that writes another's settings
	// tampers with it too. The faces set them from the registry main.go
	// hands them; zero, the analysis knows no agent's files.
	Facts Facts
}

// RiskOptions are the risk analysis's options for a hook opened in e: the
// agents' facts, sharing cache (nil: none).
func (e Env) RiskOptions(cache *risk.Cache) risk.Options {
	return risk.Options{Cache: cache, Agents: e.Facts.Risk()}
}

// Lookup is a variable of e.Vars, HOME being e.Home where Vars has none
// (or an empty one): how an agent finds its files.
func (e Env) Lookup(k string) (string, bool) {
	if k == "HOME" && e.Home != "" {
		if v, ok := e.Vars.Lookup(k); !ok || v == "" {
			return e.Home, true
		}
	}
	return e.Vars.Lookup(k)
}

// Get is Lookup's value ("" for none).
func (e Env) Get(k string) string {
	v, _ := e.Lookup(k)
	return v
}

// Clock is e.Now, or time.Now.
func (e Env) Clock() time.Time {
	if e.Now != nil {
		return e.Now()
	}
	return time.Now()
}

// ContextKind says what an event's matcher is compared with.
type ContextKind string

// Context kinds.
const (
	// ContextNone: the event has no matcher (or the agent ignores it).
	ContextNone ContextKind = ""
	// ContextTool: the matcher is compared with the tool name.
	ContextTool ContextKind = "tool"
	// ContextTrigger: the matcher is compared with a trigger, source or
	// reason word.
	ContextTrigger ContextKind = "trigger"
	// ContextUnknown: the agent applies a matcher, but what it compares
	// it with is not known (an undocumented event).
	ContextUnknown ContextKind = "unknown"
)

// EventInfo is one hook event of an agent.
type EventInfo struct {
	Name hooks.Event `json:"name"`
	// Aliases are other names the agent fires this event for when a file
	// writes them (hooks configured under an alias run for the event,
	// perhaps with other payload and output rules; see Notes).
	Aliases []hooks.Event `json:"aliases,omitempty"`
	// Description is one line: when the agent fires it.
	Description string `json:"description"`
	// Context is what the matcher is compared with; ContextLabel names it
	// in the agent's words ("tool name", "source"), and Values are the
	// values the agent is known to send (suggestions, not a limit).
	Context      ContextKind `json:"context,omitempty"`
	ContextLabel string      `json:"context_label,omitempty"`
	Values       []string    `json:"values,omitempty"`
	// Sample is a payload as the agent sends it for this event, for dry
	// runs (JSON).
	Sample []byte `json:"-"`
	// CanBlock says whether an answer of a hook can stop what the event
	// is about.
	CanBlock bool `json:"can_block"`
	// Notes are further facts for the views, in a few words each ("exit
	// 2 blocks").
	Notes []string `json:"notes,omitempty"`
}

// LookupEvent returns the event of a name, or of an alias, among events.
func LookupEvent(events []EventInfo, name hooks.Event) (EventInfo, bool) {
	for _, e := range events {
		if e.Name == name {
			return e, true
		}
	}
	for _, e := range events {
		if slices.Contains(e.Aliases, name) {
			return e, true
		}
	}
	return EventInfo{}, false
}

// Unsupported is the error of an operation an agent does not have. Reason
// is a sentence for the user, e.g. "Claude Code has no per-hook trust:
// approvals are Hookwarden's own".
type Unsupported struct {
	Op     string
	Reason string
}

func (e *Unsupported) Error() string { return e.Op + ": " + e.Reason }

// NotSupported returns an *Unsupported error.
func NotSupported(op, reason string) error { return &Unsupported{Op: op, Reason: reason} }

// IsUnsupported reports whether err says an operation is not supported,
// and why.
func IsUnsupported(err error) (reason string, ok bool) {
	var u *Unsupported
	if errors.As(err, &u) {
		return u.Reason, true
	}
	return "", false
}
