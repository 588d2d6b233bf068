package ui

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
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
	snap := settingsio.Load(settingsio.Options{ProjectDir: p.Dir, Env: p.Env, GOOS: p.GOOS, Home: p.Home})
	p.Registry = gemini.Build(snap)
}

// toggler edits the disabled lists of the project's settings files.
// The switch journal lets an enable restore the file byte for byte.
func (p *project) toggler() *gemini.Toggler {
	t := &gemini.Toggler{Snapshot: p.Registry.Snapshot, Registry: p.Registry, Env: p.Env}
	if dir, err := settingsio.HookwardenDir(p.Env, p.GOOS); err == nil {
		t.Journal = &settingsio.EditJournal{Path: filepath.Join(dir, settingsio.JournalFileName)}
	}
	return t
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

// claudeSwitchOf is a Claude Code handler's switch. Claude Code has no
// per-hook switch: off means Hookwarden moved the handler out of its file
// into its store (claude.Disable), on that it is in its file. Plugin
// and managed handlers cannot be moved; the lock says why in the domain's
// words. A handler Claude Code rejects has no switch.
func claudeSwitchOf(h *hooks.Hook) hookSwitch {
	if _, off := claude.DisabledID(h); off {
		return hookSwitch{switchable: true}
	}
	sw := hookSwitch{switchable: h.Status != hooks.StatusInvalid, enabled: h.Status != hooks.StatusDisabled}
	if lock := claude.SwitchLock(h); lock != "" && sw.switchable {
		sw.locked = "Locked: " + lock
	}
	return sw
}

// switchFor is the switch of each hook of p.
func switchFor(p *project, names pathNamer) func(*hooks.Hook) hookSwitch {
	if p.Claude != nil {
		return claudeSwitchOf
	}
	return func(h *hooks.Hook) hookSwitch {
		if p.Registry == nil {
			return hookSwitch{}
		}
		return switchOf(h, p.Registry, names)
	}
}

// hasScopes reports whether p's switches write to a scope the user picks
// (Gemini CLI's workspace or user settings).
func (p *project) hasScopes() bool { return p.Claude == nil }

// claudeSwitchNote explains the switches of Claude Code handlers.
const claudeSwitchNote = "Claude Code has no per-hook switch: switching a handler off moves it out of its settings file " +
	"into Hookwarden's store (comments and layout kept), switching it on puts it back where it was. " +
	"Plugin and managed handlers cannot be moved."

// hookSwitchOf finds the hook with the given ID in the project on screen,
// with its switch.
func (m *mainWindow) hookSwitchOf(id string) (*hooks.Hook, hookSwitch) {
	p := m.current
	switch {
	case p == nil:
	case p.Claude != nil:
		if h := p.Claude.Registry.Hook(id); h != nil {
			return h, claudeSwitchOf(h)
		}
	case p.Registry != nil:
		if h := p.Registry.Hook(id); h != nil {
			return h, switchOf(h, p.Registry, pathNamer{project: p.Dir, home: p.Home})
		}
	}
	return nil, hookSwitch{}
}

// setTracked notes next to the scope when the workspace settings file is
// tracked by git, and what the user scope means instead.
func (v *hooksView) setTracked(tr gemini.Tracked) {
	if !tr.Tracked {
		v.tracked.Hide()
		return
	}
	setNote(v.tracked, shown(v.names.name(tr.Path))+" is tracked by git: a workspace disable changes a file you share. "+
		gemini.UserScopeNote(""))
	v.tracked.Show()
}

// noteTracked asks git, off the UI thread, whether the workspace settings
// of p are tracked, so the Hooks tab can say so before a switch is used.
func (m *mainWindow) noteTracked(p *project) {
	m.hooks.setTracked(gemini.Tracked{})
	if !p.hasScopes() || p.Registry == nil || p.Demo != nil {
		return
	}
	m.thread.Go(func() {
		tr := p.toggler().WorkspaceTracked(context.Background())
		m.thread.Do(func() {
			if m.current == p {
				m.hooks.setTracked(tr)
			}
		})
	})
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

// folderTrustWriter records an answer of Gemini CLI's trust dialog
// ("trust", "parent", "deny") in trustedFolders.json: the Review tab's
// folder-trust buttons, until the contract's SetFolderTrust (w-switch)
// lands. It returns the file to back up first.
func (p *project) folderTrustWriter(level string) (file string, write func() error) {
	snap := p.Registry.Snapshot
	l := map[string]gemini.TrustLevel{"trust": gemini.TrustFolder, "parent": gemini.TrustParent, "deny": gemini.DoNotTrust}[level]
	return snap.Paths.TrustedFolders, func() error {
		return gemini.SetFolderTrust(context.Background(), snap.Paths.TrustedFolders, snap.ProjectDir, l, p.GOOS)
	}
}
