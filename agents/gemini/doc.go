// Package gemini holds what is specific to Gemini CLI (0.61) in Hookwarden:
// its hook machinery reimplemented on a loaded Snapshot value
// instead of a global configuration object.
//
//   - the registry merge of every layer with its diagnostics (registry.go,
//     collect.go, status.go, envfile.go, command_checks.go), and the
//     registry as if every hook were trusted (registry_trusted.go);
//   - its event list and matcher rules (events.go: Events, ValidEvent,
//     MatcherKindOf; the 11 names stay in hooks for Claude Code's
//     migration);
//   - the planner and its matcher rules, JavaScript regular expressions
//     included (planner.go, matcher.go, errors.go);
//   - the hook input of every event and its samples (input*.go);
//   - the runner with Gemini's semantics: $GEMINI_PROJECT_DIR expansion,
//     the shell, environment sanitization, sequential chains, output
//     parsing (runner*.go, expand.go, sanitize*.go, output.go);
//   - the aggregator and the verdict in words (aggregator.go,
//     aggregated_verdict.go; the Verdict type is hooks') and the warnings about Gemini's traps
//     (warnings.go);
//   - enable/disable through hooksConfig.disabled (toggle*.go);
//   - its trust: trusted_hooks.json read and patched as Gemini writes it
//     (trustedhooks.go, repair.go, lockfile.go), the project hooks Gemini
//     keys as `${name}:${command}` (projecthooks.go, unchecked.go), the
//     audit, approve and revoke of them against trusted_hooks.json and
//     Hookwarden's store (audit.go, approve.go, written.go), the gate that
//     holds back unapproved hooks before a dry run (gate.go), and
//     trustedFolders.json as Gemini's trust dialog writes it (folders.go);
//   - the demo project's Gemini approvals (demo.go);
//   - the agent contract's Agent and Project (contract_*.go).
//
// Known difference: when a settings file passes Gemini's schema
// validation, Gemini walks the known events in schema order instead of
// file order. Keys and the set of warnings are the same; only the order of
// Report.GeminiWarnings (and of keys Gemini itself appends) can differ.
//
// The oracle harness that runs the conformance kit's cases against this
// package is in agents/gemini/conform. Agent-neutral pieces (the hook
// model, JSON values, the spawn primitive) are in package hooks.
package gemini
