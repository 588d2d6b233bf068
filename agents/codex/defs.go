package codex

import (
	"fmt"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// The hook definitions of one file (hooks.json or the [hooks] table of a
// config.toml), as Codex decodes them, with where each value stands. Both
// forms decode to this, so the rest of the package does not care which
// one a hook came from.

// defFile is one file's hook definitions.
type defFile struct {
	path   string
	events []defEvent
	// errs are decode errors. Codex loads no hook at all from a file with
	// one (observed: one "failed to parse hooks config" warning, nothing
	// listed), so every hook of the file is invalid.
	errs []decodeError
}

// defEvent is one key of the hooks object.
type defEvent struct {
	name  hooks.Event
	info  eventInfo
	known bool
	pos   settingsio.Pos
	path  string // "hooks.PreToolUse"
	// groups is nil for an unknown event (Codex does not decode its value).
	groups []defGroup
}

// defGroup is one matcher group.
type defGroup struct {
	index      int
	matcher    *string
	matcherPos settingsio.Pos
	pos        settingsio.Pos
	path       string
	handlers   []defHandler
}

// defHandler is one handler of a group.
type defHandler struct {
	index          int
	typ            string
	command        string
	commandWindows *string
	timeout        *uint64
	async          bool
	statusMessage  *string
	server, tool   string
	input          any
	pos            settingsio.Pos
	path           string
	node           *settingsio.Node      // the JSON object (nil for TOML)
	table          *settingsio.TOMLTable // the TOML table (nil for JSON)
}

// decodeError is one place where Codex's decoder (serde) rejects the file.
type decodeError struct {
	pos settingsio.Pos
	msg string
}

func (e decodeError) String() string {
	if e.pos.Line > 0 {
		return fmt.Sprintf("%s at line %d column %d", e.msg, e.pos.Line, e.pos.Column)
	}
	return e.msg
}

// hasHooks reports whether the file holds any group of a known event
// (Codex's "!parsed.hooks.is_empty()": a file with only unknown events or
// empty lists counts as no hooks, e.g. for the both-forms warning).
func (f *defFile) hasHooks() bool {
	for _, e := range f.events {
		if e.known && len(e.groups) > 0 {
			return true
		}
	}
	return false
}

// codexOrder is the order Codex walks the events of one file
// (HookEventsToml::into_matcher_groups, as hook-hash.cjs lists them); it
// decides hooks/list's displayOrder, not what runs.
var codexOrder = [...]hooks.Event{"PreToolUse", "PermissionRequest", "PostToolUse", "PreCompact",
	"PostCompact", "SessionStart", "SessionEnd", "UserPromptSubmit", "SubagentStart", "SubagentStop",
	"Stop", "PreModelRequest", "PostModelRequest", "Interrupt"}
