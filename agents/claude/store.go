package claude

import (
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// claudeSection is the Claude Code section of Hookwarden's store
// (approvals.json → "claude"):
//
//	"claude": {
//	  "projects": {"/abs/project": {"hooks": {"<fingerprint>": Approval}}},
//	  "disabled": [Disabled, …]
//	}
//
// Claude Code has neither per-hook trust nor a per-hook switch, so both
// live here: approvals are Hookwarden's fingerprints of handlers (the
// handler definition as canonical JSON plus the scripts it runs), and a
// disabled handler is moved out of its settings file into "disabled",
// whence enabling puts it back. Script texts share the store's "contents".
type claudeSection struct {
	Projects map[string]*storeProject `json:"projects"`
	Disabled []*disabled              `json:"disabled"`
}

// storeProject holds a project's approved handlers by fingerprint.
type storeProject struct {
	Hooks map[string]*handlerApproval `json:"hooks"`
	// Revoked is history: the last approval of each revoked fingerprint,
	// kept so that a review can still diff against it. It approves nothing.
	Revoked map[string]*handlerApproval `json:"revoked,omitempty"`
	// MCPChoices are the .mcp.json servers Hookwarden approved in Claude
	// Code's own enabledMcpjsonServers, by name (see planMCPChoices).
	MCPChoices map[string]*mcpChoice `json:"mcp_choices,omitempty"`
}

// handlerApproval is one approved Claude Code handler.
type handlerApproval struct {
	Layer   settingsio.Layer `json:"layer"`
	File    string           `json:"file"`
	Event   string           `json:"event"`
	Matcher string           `json:"matcher,omitempty"`
	Group   int              `json:"group"`
	Index   int              `json:"index"`
	Type    string           `json:"type"`
	// Label is the command (with args), URL, MCP tool or prompt, as the
	// review shows and diffs it.
	Label string `json:"label"`
	// definition is the handler as canonical JSON (keys sorted).
	Definition string `json:"definition"`
	// Settings is what the project's settings files set beside the
	// handler that changes what it runs (claudeSettingsFields: env, the
	// HTTP hook lists), at approval; nil in records of a Hookwarden that
	// did not keep it.
	Settings   trust.Definition       `json:"settings"`
	ApprovedAt string                 `json:"approved_at"`
	Scripts    []trust.ScriptSnapshot `json:"scripts"`
	// RevokedAt is set on the history record of a revoked approval.
	RevokedAt string `json:"revoked_at,omitempty"`
}

// disabled is a handler Hookwarden moved out of a settings file.
type disabled struct {
	// ID names the record (the handler's fingerprint at disabling).
	ID    string           `json:"id"`
	Layer settingsio.Layer `json:"layer"`
	// File is the settings file it was taken from.
	File string `json:"file"`
	// Project is the project it was disabled from ("" for user files).
	Project    string `json:"project,omitempty"`
	Type       string `json:"type"`
	Label      string `json:"label"`
	DisabledAt string `json:"disabled_at"`
	// Removed is what was removed and how to put it back.
	Removed removedHandler `json:"removed"`
}

// storeKey is the Claude Code section's key in Hookwarden's store.
const storeKey = "claude"

// EachScripts calls fn with the scripts of every approval and history
// record (trust.StoreSection), so that their texts stay in "contents".
func (c *claudeSection) EachScripts(fn func([]trust.ScriptSnapshot)) {
	for _, p := range c.Projects {
		if p == nil {
			continue
		}
		for _, m := range []map[string]*handlerApproval{p.Hooks, p.Revoked} {
			for _, ap := range m {
				if ap != nil {
					fn(ap.Scripts)
				}
			}
		}
	}
}

// storeSection returns the Claude Code section of d; nil when d has none.
func storeSection(d *trust.StoreData) (*claudeSection, error) {
	return trust.Section[claudeSection](d, storeKey)
}

// ensureSection returns the Claude Code section of d, creating it.
func ensureSection(d *trust.StoreData) (*claudeSection, error) {
	c, err := trust.EnsureSection[claudeSection](d, storeKey)
	if err != nil {
		return nil, err
	}
	if c.Projects == nil {
		c.Projects = map[string]*storeProject{}
	}
	return c, nil
}

func claudeProject(d *trust.StoreData, dir string) (*storeProject, error) {
	c, err := ensureSection(d)
	if err != nil {
		return nil, err
	}
	p := c.Projects[dir]
	if p == nil {
		p = &storeProject{}
		c.Projects[dir] = p
	}
	if p.Hooks == nil {
		p.Hooks = map[string]*handlerApproval{}
	}
	return p, nil
}

// approvals returns a project's approved Claude Code handlers (nil
// when none, or when the store's Claude Code section cannot be read:
// AuditData reports that).
func approvals(d *trust.StoreData, dir string) map[string]*handlerApproval {
	c, _ := storeSection(d)
	if c == nil || c.Projects[dir] == nil {
		return nil
	}
	return c.Projects[dir].Hooks
}

// disabledIn returns the handlers disabled out of the given settings
// files, in the order they were disabled (nil when the store's Claude Code
// section cannot be read: AuditData reports that). The registry
// lists them with status disabled.
func disabledIn(d *trust.StoreData, files ...string) []*disabled {
	c, _ := storeSection(d)
	if c == nil {
		return nil
	}
	want := map[string]bool{}
	for _, f := range files {
		want[f] = true
	}
	var out []*disabled
	for _, r := range c.Disabled {
		if r != nil && want[r.File] {
			out = append(out, r)
		}
	}
	return out
}

// revokedApprovals returns the history of a project's revoked
// Claude Code approvals (nil when none).
func revokedApprovals(d *trust.StoreData, dir string) map[string]*handlerApproval {
	c, _ := storeSection(d)
	if c == nil || c.Projects[dir] == nil {
		return nil
	}
	return c.Projects[dir].Revoked
}
