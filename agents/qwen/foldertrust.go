package qwen

import (
	"context"
	"fmt"
	"slices"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// FolderTrustDetails are the folder trust decision in rows.
func (p *project) FolderTrustDetails() ([]agents.Field, error) {
	t, ft := p.snap.trust, p.folderTrust()
	on := "off (security.folderTrust.enabled is not true in system-defaults, user or system settings)"
	if t.enabled {
		on = "on (security.folderTrust.enabled: true in " + t.enabledBy.Path + ")"
	}
	out := []agents.Field{
		{Key: "project", Label: "Project", Value: p.Dir(), Code: true},
		{Key: "state", Label: "State", Value: ft.State},
		{Key: "folder_trust", Label: "Folder trust", Value: on},
		{Key: "reason", Label: "Why", Value: ft.Reason},
		{Key: "file", Label: "File", Value: t.path, Code: true},
	}
	if t.rule != "" {
		out = append(out, agents.Field{Key: "rule", Label: "Rule", Value: t.rule + ": " + t.rules[t.rule], Code: true})
	}
	if t.err != nil {
		return out, fmt.Errorf("%s: %s (Qwen Code refuses to start)", t.path, agents.PlaceOfError(t.err))
	}
	return out, nil
}

// SetFolderTrust records level for the folder in the trust file, as
// Qwen's trust dialog writes it ({"<path>": "<level>"}), keeping the
// file's other rules. TRUST_PARENT is recorded on the folder and trusts
// its parent (source: trust-precedence.ts).
func (p *project) SetFolderTrust(_ context.Context, level string) (*agents.FolderTrustResult, error) {
	if !slices.Contains([]string{"TRUST_FOLDER", "TRUST_PARENT", "DO_NOT_TRUST"}, level) {
		return nil, &agents.InputError{Msg: fmt.Sprintf("Qwen Code's trust levels are TRUST_FOLDER, TRUST_PARENT and DO_NOT_TRUST, not %q", level)}
	}
	t := p.snap.trust
	if t.err != nil {
		return nil, fmt.Errorf("%s cannot be read, so Hookwarden does not write it: %s", t.path, agents.PlaceOfError(t.err))
	}
	write := func() error {
		return settingsio.UpdateFileAtomic(t.path, 0o600, func(cur []byte, ok bool) ([]byte, error) {
			return claudeschema.SetTop(t.path, cur, ok, p.Dir(), level)
		})
	}
	backup, changed, err := agents.BackedUp([]string{t.path}, write)
	msg := fmt.Sprintf("recorded %s for %s in %s", level, p.Dir(), t.path)
	if !t.enabled {
		msg += " (folder trust is off, so Qwen Code does not read it until security.folderTrust.enabled is true)"
	}
	return &agents.FolderTrustResult{Message: msg, Files: changed, Backup: backup}, err
}

// folderView is the folder trust as the review shows it.
func (p *project) folderView() agents.FolderView {
	ft, t := p.folderTrust(), p.snap.trust
	v := agents.FolderView{Title: "Folder trust: " + ft.State, Trusted: ft.Trusted && t.enabled,
		Rule: agents.Fact{Key: "rule", Text: ft.Reason, Paths: []string{t.path}, OK: t.enabled && ft.Trusted}, Answers: ft.Levels, Writable: t.err == nil,
		Labels: map[string]agents.FolderAnswer{
			"TRUST_FOLDER": {Button: "Trust folder", Icon: "confirm", Done: "Trusted the folder"},
			"TRUST_PARENT": {Button: "Trust parent folder", Icon: "folder", Done: "Trusted the parent folder"},
			"DO_NOT_TRUST": {Button: "Don't trust", Icon: "cancel", Done: "Recorded DO_NOT_TRUST"},
		},
		Confirm: map[string]agents.FolderConfirm{
			"TRUST_FOLDER": {Title: "Trust this folder in Qwen Code?", Button: "Trust folder", Intro: "Hookwarden records TRUST_FOLDER for " + p.Dir() + " in " + t.path + ". "},
			"TRUST_PARENT": {Title: "Trust the parent folder in Qwen Code?", Button: "Trust parent", Intro: "Hookwarden records TRUST_PARENT for " + p.Dir() + " in " + t.path + ": every folder under its parent is trusted. "},
		},
		Starts: "These %s start running the next time Qwen Code starts here:", None: "No hook of this folder is held back by the folder trust now.",
		HeldBack: hooks.StatusBlockedUntrustedFolder, Current: t.rules[p.Dir()],
		Unreviewed: "runs without Hookwarden's review (your own or your administrator's settings)"}
	if !t.enabled {
		v.Effects = []agents.Fact{{Key: "effect", Text: "Folder trust is off: Qwen Code runs every project hook of this folder unprompted. " +
			"Turn it on with \"security\": {\"folderTrust\": {\"enabled\": true}} in ~/.qwen/settings.json."}}
	} else if !ft.Trusted {
		v.Effects = []agents.Fact{{Key: "effect", Text: "Qwen Code skips this folder's project settings, hooks included, without a word, and downgrades yolo to default."}}
	}
	return v
}
