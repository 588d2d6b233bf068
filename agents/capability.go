package agents

import "context"

// Capability names an optional capability of a Project (a small
// interface the faces discover by type assertion), for the sentence that
// says why an agent has none (Info.Lacks, Lacking).
type Capability string

// The optional capabilities an agent may lack for a whole project, with
// the reason in its own words.
const (
	// CapFolderTrust is FolderTruster: Hookwarden records the agent's
	// trust of the folder as the agent's own dialog does.
	CapFolderTrust Capability = "folder trust"
	// CapRepair is Repairer: the agent keeps a trust store of its own that
	// Hookwarden can mend.
	CapRepair Capability = "repair"
	// CapCarryOver is CarryOver: the agent keys an approval by the hook's
	// place, and Hookwarden moves it with a hook that was only moved.
	CapCarryOver Capability = "carry-over"
)

// Lacking is the *Unsupported error of a capability agent a does not
// have, with the reason a's Info.Lacks gives (a sentence the faces show as
// it is); an agent that gives none gets the kit's plain sentence.
func Lacking(a Info, c Capability) error {
	if reason := a.Lacks[c]; reason != "" {
		return NotSupported(string(c), reason)
	}
	what := map[Capability]string{
		CapFolderTrust: "has no folder trust Hookwarden records",
		CapRepair:      "has no trust store of its own to repair",
		CapCarryOver:   "has no approvals to carry over to a moved hook",
	}[c]
	if what == "" {
		what = "has no " + string(c)
	}
	return NotSupported(string(c), a.Title+" "+what)
}

// Repairer is a Project whose agent keeps a trust store of its own that
// can break in a way the agent cannot use (Gemini CLI's
// trusted_hooks.json), which Hookwarden mends (optional; Review's
// Problem.Repair says when it is needed).
type Repairer interface {
	// Repair backs the store up and rewrites what can be salvaged (the
	// result's Repaired, Backup, Salvaged, Files, Notes and Text say
	// what); a store that is fine is left alone ("" Backup).
	Repair(ctx context.Context) (*ApproveResult, error)
}

// CarryOver is a Project whose agent keys an approval by the hook's place
// (Codex CLI's trust key), so that moving a hook unchanged makes it new to
// the agent (optional).
type CarryOver interface {
	// CarryOver approves as Reviewer.Approve does, and moves the
	// approvals of hooks that were only moved (same definition, new
	// place) to their new place, after the user saw that nothing else
	// changed; with no hook named and not All, it approves only those.
	CarryOver(ctx context.Context, req ApproveRequest) (*ApproveResult, error)
}
