package ui

import (
	"errors"
	"fmt"
	"time"

	"github.com/hookwarden/hookwarden/agents/gemini"
	"github.com/hookwarden/hookwarden/assets"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// This file is what the views not yet written over the agent contract
// read: the Review tab and the trust banner (w-review), the Dry run tab
// (w-run) and the hook switches (w-switch). Each owner deletes its part
// when its view takes the project's agents.Project; the file goes once
// the last one has (issue 14).

// legacyViews are the agent's own values those views read: for Claude
// Code, Claude holds them and Registry and Audit are nil.
type legacyViews struct {
	Claude   *claudeProject
	Registry *gemini.Registry
}

// claudeProject is what Claude Code reads for a project, reviewed against
// Hookwarden's store.
type claudeProject struct {
	Snapshot *claude.Snapshot
	// Registry holds every handler Claude Code reads, then the handlers
	// Hookwarden disabled (moved into its store), listed with status
	// disabled so that they stay visible.
	Registry *claude.Registry
	// Store is Hookwarden's store; StoreErr says why it cannot be used
	// (then nothing can be approved, disabled or enabled).
	Store    trust.Store
	StoreErr error
}

// loadLegacy reads the agent's files again for the views not yet on the
// contract.
func (p *project) loadLegacy() {
	p.legacyViews = legacyViews{}
	p.loadReview()
	if p.Agent == "claude" {
		p.loadClaude()
		return
	}
	snap := gemini.Load(gemini.LoadOptions{ProjectDir: p.Dir, Env: p.Env, GOOS: p.GOOS, Home: p.Home})
	p.Registry = gemini.Build(snap)
}

// loadClaude (re)reads Claude Code's files for the project: the settings
// layers, the plugins, ~/.claude.json, and Hookwarden's store.
func (p *project) loadClaude() {
	snap := claude.Load(claude.Options{ProjectDir: p.Dir, Env: p.Env, GOOS: p.GOOS, Home: p.Home})
	c := &claudeProject{Snapshot: snap, Registry: claude.Build(snap)}
	storeDir, err := trust.StoreDirFromEnv(p.Env, p.GOOS)
	if err != nil {
		c.StoreErr = fmt.Errorf("locating Hookwarden's store: %w", err)
	} else {
		c.Store = trust.Store{Dir: storeDir}
		off, err := claude.DisabledHooks(c.Store, snap)
		if err != nil {
			c.StoreErr = err
		}
		c.Registry.Hooks = append(c.Registry.Hooks, off...)
	}
	p.Claude = c
}

// hookTitle names a hook in the views not yet on the contract (the others
// use p.proj.Title): Gemini's display name, or a Claude Code handler's
// command, URL, MCP tool or prompt.
func hookTitle(h *hooks.Hook) string {
	if claude.Is(h) {
		return claude.Label(h)
	}
	return h.DisplayName()
}

// approveDemo approves the demo's Gemini CLI hooks the demo comes with
// approved, in trusted_hooks.json and Hookwarden's store.
func approveDemo(demo assets.Demo, goos string, now time.Time) error {
	return gemini.ApproveDemo(demo, goos, now)
}

// auditClaude reviews p's Claude Code handlers against Hookwarden's store,
// reading the store again: the Dry run tab's gate, until it runs over the
// contract (moved here from ui/review_claude.go).
func auditClaude(p *project) (*claude.Report, error) {
	c := p.Claude
	if c.Store.Dir == "" {
		return nil, errors.Join(errors.New("Hookwarden's store cannot be located"), c.StoreErr)
	}
	return claude.Audit(c.Snapshot, c.Registry.Hooks, c.Store)
}
