package codex

import (
	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// Name is the value of hooks.Hook.Agent for Codex hooks (and the agent's
// name in the contract).
const Name hooks.Agent = "codex"

// source is a hook's layer as Codex's hooks/list names it.
type source string

// Sources (observed: user, project, sessionFlags, and system for
// /etc/codex/config.toml, /etc/codex/hooks.json and the managed hooks of
// /etc/codex/requirements.toml; plugin from source: discovery.rs).
const (
	sourceSystem   source = "system"
	sourceUser     source = "user"
	sourceProject  source = "project"
	sourcePlugin   source = "plugin"
	sourceSessionF source = "sessionFlags"
)

// Layers Codex hooks come from, as settingsio.Layer values.
const (
	layerSystem                   = settingsio.LayerSystem
	layerUser                     = settingsio.LayerUser
	layerProject settingsio.Layer = "project"
	layerManaged settingsio.Layer = "managed"
)

// trustStatus is hooks/list's trustStatus.
type trustStatus string

// Trust statuses (observed; source: discovery.rs hook_trust_status).
const (
	trusted   trustStatus = "trusted"   // the stored trusted_hash equals the current hash
	modified  trustStatus = "modified"  // a different hash is stored
	untrusted trustStatus = "untrusted" // no hash is stored
	managed   trustStatus = "managed"   // system / requirements hooks: always trusted
)

// Statuses a Codex hook can have in hooks.Hook.Status, besides
// hooks.StatusRuns, hooks.StatusDisabled and hooks.StatusInvalid.
const (
	statusUntrusted         hooks.Status = "untrusted"
	statusModified          hooks.Status = "modified"
	statusProjectUntrusted  hooks.Status = "project-untrusted"
	statusManagedOnly       hooks.Status = "managed-hooks-only"
	statusUnsupported       hooks.Status = "unsupported"
	statusSkipped           hooks.Status = "skipped"
	statusUnknownEvent      hooks.Status = "unknown-event"
	statusInvalidMatcher    hooks.Status = "invalid-matcher"
	statusInvalidDefinition              = hooks.StatusInvalid
)

// handler is one Codex hook handler: the neutral hook plus the facts only
// Codex has. Every handler written in a file has one, also the ones Codex
// skips (Hook.Status and Hook.Reason say why).
type handler struct {
	Hook *hooks.Hook
	// Key is Codex's trust key; Group and Index its two positions.
	Key          string
	Group, Index int
	// Listed: Codex shows the handler in hooks/list (command and mcp_tool
	// handlers of a loaded file with a valid matcher).
	Listed bool
	// CurrentHash is the hash of the normalized definition (Identity);
	// mcp holds what only an mcp_tool handler adds to it (nil for others).
	CurrentHash string
	mcp         *mcpTool
	// TrustedHash is the stored trusted_hash ("" when none) and StateAt the
	// place of its [hooks.state."<key>"] table (zero when none).
	TrustedHash string
	StateAt     settingsio.Pos
	Trust       trustStatus
	// Enabled is false when hooks.state sets enabled = false (managed hooks
	// are always enabled).
	Enabled bool
	// Matcher is the matcher Codex applies (nil: matches everything, also
	// when the event drops the written one).
	Matcher       *string
	TimeoutSec    uint64
	Async         bool
	StatusMessage *string
	Source        source
	IsManaged     bool
	// Runs: Codex runs the handler when its event fires and its matcher
	// matches.
	Runs bool
}

// project is one session folder as Codex CLI reads it (load): every
// layer's hooks.json and [hooks], the hook trust and project trust of the
// user config.toml; and, once opened (Open), Hookwarden's store, which
// keeps the definitions and script fingerprints of what was approved
// (Codex keeps only a hash). It is the contract's Project, a snapshot.
type project struct {
	Paths paths
	// Files are every file that can hold hooks or hook trust, in Codex's
	// layer order (lowest precedence first).
	Files []*file
	// Projects are the .codex folders between the project root and the
	// session folder, root first.
	Projects []projectDir
	// RootTrust is the trust of the project root, the folder `codex exec
	// --trust` trusts, whether or not it has a .codex folder.
	RootTrust projectDir
	// Handlers in Codex's order: layer by layer (hooks.json before
	// config.toml), event by event, group by group.
	Handlers []*handler
	// CodexWarnings are the warnings Codex itself prints for this
	// configuration, in its words (hooks/list "warnings").
	CodexWarnings []string
	// diags are findings about files (parse errors, unknown events,
	// unreadable files), each with file:line:col.
	diags []hooks.Diagnostic
	// rules are the exec policy files (rules.go) as read, for KeptFiles.
	rules []*settingsio.File
	// States are the [hooks.state."<key>"] entries Codex reads (the user
	// config.toml's, with session flags merged in), by key.
	States map[string]HookState
	// AllowManagedHooksOnly is requirements.toml's allow_managed_hooks_only.
	AllowManagedHooksOnly bool
	// Fatal is set when Codex refuses the configuration as a whole (a
	// config.toml it cannot parse or type-check): it then runs no hook.
	Fatal string
	// Commands are the commands Codex runs that are not hooks (MCP
	// servers, notify; see commands.go).
	Commands []*hooks.Hook

	// What Open adds: the environment, a neutral hook's handler (byHook),
	// the first reviewed handler of each trust key (byKey), and
	// Hookwarden's store (storeErr says why it cannot be used).
	env      agents.Env
	byHook   map[*hooks.Hook]*handler
	byKey    map[string]*handler
	store    trust.Store
	storeErr error
}

// Hooks returns the neutral model of every handler, in Handlers' order.
func (s *project) handlerHooks() []*hooks.Hook {
	out := make([]*hooks.Hook, len(s.Handlers))
	for i, h := range s.Handlers {
		out[i] = h.Hook
	}
	return out
}

// Unreadable returns the files that exist but were not fully understood:
// a configuration with one of them is never clean.
func (s *project) unreadableFiles() []*file {
	var out []*file
	for _, f := range s.Files {
		if !f.State.Clean() {
			out = append(out, f)
		}
	}
	return out
}

// HandlerByKey returns the handler with Codex's trust key, or nil.
func (s *project) HandlerByKey(key string) *handler {
	for _, h := range s.Handlers {
		if h.Listed && h.Key == key {
			return h
		}
	}
	return nil
}
