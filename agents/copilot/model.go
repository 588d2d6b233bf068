package copilot

import (
	"regexp"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Name is the value of hooks.Hook.Agent for Copilot CLI hooks (and the
// agent's name in the contract and in Hookwarden's store).
const Name hooks.Agent = "copilot"

// Layers of Copilot CLI hooks, as settingsio.Layer values (hooks.discover
// calls them origin user and repository).
const (
	layerUser       = settingsio.LayerUser
	layerRepository = settingsio.Layer("repository")
)

// Statuses a Copilot hook can have besides the neutral ones.
const (
	statusInvalidMatcher hooks.Status = "invalid-matcher"
	statusUnknownEvent   hooks.Status = "unknown-event"
	statusNotRun         hooks.Status = "not-run"
)

// fileKind says what a file is to Copilot.
type fileKind string

// File kinds.
const (
	kindHooksFile fileKind = "hooks file"
	kindSettings  fileKind = "settings"
	kindConfig    fileKind = "config"
	// kindNotRead: a file people expect Copilot to read hooks from that
	// it does not (observed).
	kindNotRead fileKind = "not read"
	// kindUnmodelled: a file Copilot reads hooks from that Hookwarden
	// does not model (policy hooks, installed plugins; never observed):
	// it counts as not read in full.
	kindUnmodelled fileKind = "not modelled"
)

// file is one file Copilot may read hooks, switches or folder trust from.
type file struct {
	Path  string
	Kind  fileKind
	Layer settingsio.Layer
	// Exists: the file is on disk; Raw its bytes, Root the parsed JSON.
	Exists bool
	Raw    []byte
	Root   *settingsio.Node
	// Err is a read or parse error, or the first reason Copilot rejects
	// the file (or the hooks field of a settings file) as a whole, with
	// its place.
	Err *settingsio.ParseError
	// Loaded: Copilot reads the file's hooks here; NotLoaded says why not.
	Loaded    bool
	NotLoaded string
	// DisableAll is the file's "disableAllHooks": true.
	DisableAll bool
	// Warnings are what Copilot says about the file (hooks.discover and
	// its debug log), in its words.
	Warnings []string
}

// Broken reports whether the file exists but was not read in full.
func (f *file) Broken() bool { return f.Err != nil }

// handler is one hook entry as Copilot reads it: the neutral hook plus
// the facts only Copilot has. Every entry of a file has one, also those
// Copilot drops (Hook.Status says why).
type handler struct {
	Hook *hooks.Hook
	File *file
	// Written is the event key as written; Event the event it is; Pascal
	// says it was written under the PascalCase name (Claude format: its
	// payloads, matcher and output rules differ).
	Written string
	Event   eventInfo
	Pascal  bool
	// Nested: written in Claude's {matcher, hooks: [...]} form.
	Nested bool
	// Type is "command", "http" or "prompt".
	Type string
	// Bash, PowerShell, Exec and Args are the command as Copilot reads it
	// ("command" fills both Bash and PowerShell).
	Bash, PowerShell, Exec *string
	Args                   []string
	Cwd                    string
	Env                    map[string]string
	// TimeoutSec is the timeout applied (30 when unset).
	TimeoutSec float64
	// Matcher is the matcher as written (nil: none).
	Matcher *string
	re      *regexp.Regexp
	// canonical is the entry as Copilot normalises it; Key its disableKey
	// ("" when Hookwarden cannot compute it: an http or prompt hook).
	Canonical canonical
	Key       string
	// Valid: Copilot keeps the entry (not dropped by validation);
	// Enabled: no disableAllHooks or disabledHooks switches it off; Runs:
	// Copilot runs it when its event fires and its matcher matches.
	Valid   bool
	Enabled bool
	Runs    bool
}

// snapshot is everything Copilot CLI would load for one session folder.
type snapshot struct {
	Paths paths
	// Files in Copilot's order: the user hook files (reverse name order),
	// the user settings.json, the repository hook files (reverse name
	// order), the four repository settings files, then the files it does
	// not read and config.json.
	Files    []*file
	Handlers []*handler
	Trust    FolderTrust
	// DisabledKeys are the disabledHooks of the user settings.json.
	DisabledKeys []string
	// AllOff names the repository settings file whose disableAllHooks
	// switches off every hook ("" none).
	AllOff string
	// Diagnostics are findings about files, each with file:line:col.
	Diagnostics []hooks.Diagnostic
	// matchers are the compiled matcher regexes by pattern: the hooks
	// that share a matcher share one (a compiled regex is 2 KB, and a
	// file of 100,000 hooks has a few matchers).
	matchers map[string]compiledMatcher
}

// compiledMatcher is a matcher pattern's regex, or why it does not compile.
type compiledMatcher struct {
	re  *regexp.Regexp
	err error
}

// FolderTrust is Copilot's trust of the session folder.
type FolderTrust struct {
	// Trusted: the repository layers load.
	Trusted bool
	// Rule says what decided, in words; Folder is the trustedFolders
	// entry that trusts the folder ("" none).
	Rule   string
	Folder string
	// AllowAll and OptIn are COPILOT_ALLOW_ALL=true and
	// GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true.
	AllowAll bool
	OptIn    bool
	// Folders are config.json's trustedFolders; ConfigErr says why it
	// cannot be read ("" when it can).
	Folders   []string
	ConfigErr string
}

// Hooks returns the neutral model of every handler, in Copilot's order.
func (s *snapshot) Hooks() []*hooks.Hook {
	out := make([]*hooks.Hook, len(s.Handlers))
	for i, h := range s.Handlers {
		out[i] = h.Hook
	}
	return out
}

// handlerOf is Copilot's handler of a neutral hook (nil for another
// agent's hook).
func handlerOf(h *hooks.Hook) *handler {
	if h == nil {
		return nil
	}
	c, _ := h.Ext.(*handler)
	return c
}

func hooksEvent(s string) hooks.Event { return hooks.Event(s) }
