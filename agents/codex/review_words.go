package codex

import (
	"fmt"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/trust"
)

// reviewWords are Codex CLI's words for the review of its hooks.
var reviewWords = agents.SharedWords(agents.ReviewWords{
	Noun: "Codex hook", Banner: "Codex hook", KeyLabel: "Trust key", Layered: true,
	Empty: "This project has no Codex hooks that Codex asks trust for: there is nothing to review. " +
		"Managed hooks (/etc/codex, requirements.toml) are always trusted.",
	Meaning: map[trust.HookStatus]string{
		trust.StatusNew: "Codex has no trusted_hash for this hook (untrusted): it skips it without a word until it is " +
			"trusted. Read it, then approve it: Hookwarden writes the hash into your config.toml, as Codex's /hooks does.",
		trust.StatusChanged: "Codex's trusted_hash no longer matches this hook (modified), or its approval sits at another " +
			"key: Codex skips it without a word. The diff below is against what was approved.",
		trust.StatusScriptChanged: "Trusted in Codex, but a script it runs changed since it was approved: Codex runs the new " +
			"version without any warning (its hash covers the command, not the script).",
		trust.StatusTrusted:         "Trusted in Codex (trusted_hash matches), and no script it runs changed since it was approved.",
		trust.StatusApprovedOutside: "Trusted in Codex (by its /hooks view or by hand), but Hookwarden never recorded what was trusted: its scripts were not fingerprinted.",
	},
	ApproveAll:   "Hookwarden writes trusted_hash for each of them into the user config.toml: Codex then runs them.",
	ChangedTitle: "Definition — changes since it was approved",
	Unrecorded:   "Hookwarden has no record of this script: it was not read when the hook was approved (or the hook was trusted in Codex itself).",
})

// codexSays is Codex's word for a hook: its trust, and whether it is
// switched off.
func codexSays(c *handler) string {
	if !c.Enabled {
		return string(c.Trust) + ", disabled"
	}
	return string(c.Trust)
}

// folderView is Codex's trust of the project as the review shows it, with
// its two levels (trusted, untrusted) as the answers, written where
// `codex exec --trust` writes them.
func (p *project) folderView() agents.FolderView {
	ft := p.FolderTrust()
	root := p.Paths.ProjectRoot
	f := agents.FolderView{Title: "Project trust: " + ft.State, Trusted: ft.Trusted,
		Rule:    agents.Fact{Key: "rule", Text: ft.Reason, Paths: []string{p.Paths.UserConfigTOML}, OK: ft.Trusted},
		Answers: ft.Levels,
		Labels: map[string]agents.FolderAnswer{
			"trusted":   {Button: "Trust project", Icon: "confirm", Done: "Trusted the project"},
			"untrusted": {Button: "Don't trust", Icon: "cancel", Done: "Marked the project as untrusted"},
		},
		Confirm: map[string]agents.FolderConfirm{
			"trusted": {Title: "Trust this project?", Button: "Trust project",
				Intro: fmt.Sprintf("Codex will trust %s and load its .codex hooks and config (what codex exec --trust writes). ", root)},
		},
		Starts:   "These %s start running here the next time Codex starts:",
		None:     "No hook of this project is held back by the project trust now, so no hook starts loading here.",
		HeldBack: statusProjectUntrusted,
	}
	if p.RootTrust.TrustKey == root {
		f.Current = p.RootTrust.Trust
	}
	if !ft.Trusted {
		f.StaysOff = p.staysOffOnceTrusted()
	}
	cfg := &file{Path: p.Paths.UserConfigTOML, Kind: kindConfigTOML}
	readConfigTOML(cfg)
	f.Writable = cfg.State.Clean()
	if !ft.Trusted {
		f.Effects = []agents.Fact{{Key: "effect", Text: "Codex loads none of this project's .codex hooks (nor its config) until the project is trusted " +
			"(Trust project, or hookwarden folder-trust --agent codex trusted: what codex exec --trust writes)."}}
	}
	if !f.Writable {
		f.Effects = append(f.Effects, agents.Fact{Text: "Fix " + p.Paths.UserConfigTOML +
			" by hand: Hookwarden does not write a config.toml Codex rejects.", Paths: []string{p.Paths.UserConfigTOML}})
	}
	return f
}
