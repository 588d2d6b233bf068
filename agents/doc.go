// Package agents is the contract between Hookwarden's faces (cli/, ui/)
// and the coding agents whose hooks it shows, trusts, switches and
// dry-runs.
//
// An agent is a set of facts: where its hook files live and how it merges
// them, which events it has and what it sends them, how it picks and runs
// the hooks of an event and what it does with their answers, how it trusts
// a hook and how a hook is switched off. Each agent implements [Agent] in a
// package of its own under agents/ (agents/gemini, agents/claude,
// agents/codex); agents/all registers them, in one place. The faces only
// ever talk to this contract and to the agent-neutral model in hooks/
// (hooks.Hook, hooks.Diagnostic); they never ask which agent they hold.
//
// The required contract is [Agent] and its [Project] ([Planner],
// [Reviewer], [Switch], [DryRunner]): what every agent has. What only some
// agents have is an optional capability, a small interface the faces
// discover by type assertion: [FolderTrustReader] and [FolderTruster],
// [Repairer], [CarryOver], [SwitchTracker], [Scanner], [TrustStater],
// [TraceRecorder], [Recorder], [Protector], [MCPStarter], [Worder], …
// (docs/architecture.md lists them all).
//
// What an agent cannot do is said, not hidden: an agent that lacks a
// capability a command asks for by name says why in [Info].Lacks, which
// [Lacking] turns into an [*Unsupported] error whose Reason the faces show
// as it is ("Claude Code records its folder trust … Hookwarden only reads
// it"); a required method returns one only for a request it cannot take
// (a toggle of one hook, where the agent reads no per-hook switch).
//
// Data flows one way: files → [Project] (a snapshot value, read once) →
// [Plan] → [RunResult] → [Verdict] → view. Review, Approve, Revoke and the
// dry run's Gate work on the snapshot; where safety needs the disk, a check
// refuses ([UnchangedOnDisk], [SameFiles]: a file changed since Open is a
// [*ChangedOnDisk]), so that an approval approves what the user saw. A
// write (approve, disable, …) changes files and returns what it did; the
// face then opens the project again to see the new state.
package agents
