package copilot

import (
	"path/filepath"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
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

// version is the Copilot CLI release whose behaviour this package models.
const version = "1.0.102"

// title is how people call the agent.
const title = "Copilot CLI"

// agent is GitHub Copilot CLI behind the agent contract.
type agent struct{}

// New returns Copilot CLI's agent.
func New() agent { return agent{} }

// Info names Copilot CLI.
func (agent) Info() agents.Info {
	return agents.Info{Facts: facts(), Name: string(Name), Title: title, Version: version, Types: []string{"command", "http", "prompt"},
		Statuses: []hooks.Status{statusInvalidMatcher, statusUnknownEvent},
		Tones:    map[hooks.Status]agents.Tone{statusInvalidMatcher: agents.ToneBad, statusUnknownEvent: agents.ToneWarn},
		Layers:   map[settingsio.Layer]agents.LayerRole{layerUser: agents.RoleUser, layerRepository: agents.RoleProject},
		Lacks: map[agents.Capability]string{
			agents.CapRepair: "Copilot CLI has no trust store of its own to repair",
			agents.CapCarryOver: "Copilot CLI has no per-hook trust, and Hookwarden carries none of its approvals over to a moved hook: " +
				"approve it again where it is now (hookwarden untrust --gone drops the approval it left behind)",
		}}
}

// Events are Copilot CLI's 14 events, with what their matchers see and
// the captured sample payloads.
func (agent) Events() []agents.EventInfo {
	var out []agents.EventInfo
	for _, e := range events {
		info := agents.EventInfo{Name: e.Name, Description: e.Description, CanBlock: e.CanBlock, Notes: append([]string{}, e.Notes...)}
		if e.Pascal != "" {
			info.Aliases = []hooks.Event{e.Pascal}
			info.Notes = append(info.Notes, "also written "+string(e.Pascal)+" (Claude format: other payload and output rules)")
		}
		if e.Tool {
			info.Context, info.ContextLabel = agents.ContextTool, "tool name"
			info.Values = []string{"bash", "view", "apply_patch", "create", "edit", "task", "rg", "glob"}
		}
		if in, err := sampleInput(sampleOptions{Event: e.Name}); err == nil {
			info.Sample = hooks.AppendJSON(nil, in)
		}
		out = append(out, info)
	}
	return out
}

// SuggestEvent names the event a misspelt name probably meant.
func (agent) SuggestEvent(name string) hooks.Event { return suggestEvent(name) }

var _ agents.FileSharer = agent{}

// SharesFile says whether Copilot may read the file: a hooks file or a
// settings file of its layers (Claude Code's .claude/settings*.json among
// them), by path alone.
func (agent) SharesFile(dir, path string) bool {
	base, parent := filepath.Base(path), filepath.Base(filepath.Dir(path))
	switch {
	case parent == ".claude" && (base == "settings.json" || base == "settings.local.json"):
		return true
	case parent == "hooks" && strings.HasSuffix(base, ".json"):
		return true
	case parent == "copilot" || parent == ".copilot":
		return true
	}
	return false
}

var _ agents.Worder = agent{}

// Words are Copilot's folder-trust levels (trustedFolders in
// ~/.copilot/config.json, as SetFolderTrust writes it). A switch has one
// place (disabledHooks in ~/.copilot/settings.json), so no scopes.
func (agent) Words(arg agents.WordsOf) []agents.Word {
	if arg == agents.WordsFolderTrust {
		return []agents.Word{
			{Value: "trusted", Meaning: "add the folder to trustedFolders in ~/.copilot/config.json: Copilot CLI loads the repository's hooks (.github/hooks, .claude and .github/copilot settings) here and in every folder below"},
			{Value: "untrusted", Meaning: "remove the folder (and every folder above it) from trustedFolders: Copilot CLI skips the repository's hooks without a word"},
		}
	}
	return nil
}
