package codex

import (
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/trust"
)

// storeSection is the Codex CLI section of Hookwarden's store
// (approvals.json → "codex"):
//
//	"codex": {
//	  "hooks":   {"<trust key>": Approval},
//	  "revoked": {"<trust key>": Approval}
//	}
//
// Codex keeps only a hash of each trusted hook ([hooks.state."<key>"]
// trusted_hash in the user config.toml). Hookwarden records beside it what
// that hash was the hash of — the definition as Codex normalizes it and
// the fingerprints of the scripts it runs — so that a modified hook can be
// shown as a diff of its definition, and a script that changed behind an
// unchanged hash is caught. Keys are Codex's: absolute paths, so user hooks
// shared by many projects have one record. Script texts share the store's
// "contents".
type storeSection struct {
	Hooks map[string]*approval `json:"hooks"`
	// Revoked is history: the last approval of each revoked key, kept for
	// the next review's diff. It approves nothing.
	Revoked map[string]*approval `json:"revoked,omitempty"`
}

// approval is one approved Codex hook.
type approval struct {
	// file, Event, Group and Index are where the hook was (its key's parts).
	File  string `json:"file"`
	Event string `json:"event"`
	Group int    `json:"group"`
	Index int    `json:"index"`
	// Hash is the trusted_hash written; Identity the canonical JSON it is
	// the hash of, and Fields the same definition field by field (JSON
	// texts), for the review's diff.
	Hash     string           `json:"hash"`
	Identity string           `json:"identity"`
	Fields   trust.Definition `json:"fields"`
	Command  string           `json:"command"`
	// ApprovedAt is when; Scripts the fingerprints of what it ran then.
	ApprovedAt string                 `json:"approved_at"`
	Scripts    []trust.ScriptSnapshot `json:"scripts"`
	RevokedAt  string                 `json:"revoked_at,omitempty"`
	// ProjectScripts are, for a hook of the user's own hooks.json or
	// config.toml, what it ran in each project it was approved in (the
	// same hook runs each project's Makefile, package.json, …): a project
	// without an entry has none of its files recorded, so a hook that runs
	// files of it needs review there.
	ProjectScripts map[string][]trust.ScriptSnapshot `json:"project_scripts,omitempty"`
}

// scriptsIn is what the approval recorded the hook running in project.
func (ap *approval) scriptsIn(project string) []trust.ScriptSnapshot {
	if ap.ProjectScripts == nil {
		return ap.Scripts
	}
	return ap.ProjectScripts[project]
}

// storeKey is the Codex section's key in Hookwarden's store.
const storeKey = "codex"

// EachScripts calls fn with the scripts of every record, so that their
// texts stay in "contents" (trust.StoreSection).
func (s *storeSection) EachScripts(fn func([]trust.ScriptSnapshot)) {
	for _, m := range []map[string]*approval{s.Hooks, s.Revoked} {
		for _, ap := range m {
			if ap != nil {
				fn(ap.Scripts)
				for _, s := range ap.ProjectScripts {
					fn(s)
				}
			}
		}
	}
}

// sectionOf is the Codex section of d (nil when none).
func sectionOf(d *trust.StoreData) (*storeSection, error) {
	return trust.Section[storeSection](d, storeKey)
}

// ensureSection is the Codex section of d, created when missing.
func ensureSection(d *trust.StoreData) (*storeSection, error) {
	s, err := trust.EnsureSection[storeSection](d, storeKey)
	if err != nil {
		return nil, err
	}
	if s.Hooks == nil {
		s.Hooks = map[string]*approval{}
	}
	if s.Revoked == nil {
		s.Revoked = map[string]*approval{}
	}
	return s, nil
}

// revoke moves the record of key into the history.
func (s *storeSection) revoke(key string, now time.Time) {
	agents.Retire(s.Hooks, &s.Revoked, key, func(ap *approval) { ap.RevokedAt = now.UTC().Format(time.RFC3339) })
}

// recordOf is the approval record of a handler as it is now.
func recordOf(h *handler, scripts []trust.ScriptSnapshot, now time.Time) *approval {
	if scripts == nil {
		scripts = []trust.ScriptSnapshot{}
	}
	return &approval{File: h.Hook.Origin.File, Event: string(h.Hook.Event), Group: h.Group, Index: h.Index,
		Hash: h.CurrentHash, Identity: h.Identity().CanonicalJSON(), Fields: definitionOf(h.Identity()),
		Command: h.Hook.Command, ApprovedAt: now.UTC().Format(time.RFC3339), Scripts: scripts}
}

// definitionOf is an identity field by field, each value as canonical JSON
// text (trust.Definition), the handler's fields under their own names.
func definitionOf(id Identity) trust.Definition {
	d := trust.Definition{}
	for k, v := range id.Value() {
		if k != "hooks" {
			d[k] = string(appendCanonical(nil, v))
		}
	}
	if hs, ok := id.Value()["hooks"].([]any); ok && len(hs) == 1 {
		for k, v := range hs[0].(map[string]any) {
			d[k] = string(appendCanonical(nil, v))
		}
	}
	return d
}
