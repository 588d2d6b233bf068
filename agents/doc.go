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
// What an agent cannot do is said, not hidden: an operation it does not
// support returns an [*Unsupported] error whose Reason the faces show as it
// is ("Claude Code has no folder trust of its own that Hookwarden writes").
//
// Data flows one way: files → [Project] (a snapshot value, read once) →
// [Plan] → [RunResult] → [Verdict] → view. A write (approve, disable, …)
// changes files and returns what it did; the face then opens the project
// again to see the new state.
package agents
