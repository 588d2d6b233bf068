// Package gemini holds what is specific to Gemini CLI (0.61) in Hookwarden:
// its hook machinery reimplemented on a loaded settingsio.Snapshot value
// instead of a global configuration object.
//
//   - the registry merge of every layer with its diagnostics (registry.go,
//     collect.go, status.go, envfile.go, command_checks.go), and the
//     registry as if every hook were trusted (registry_trusted.go);
//   - the planner and its matcher rules, JavaScript regular expressions
//     included (planner.go, matcher.go, errors.go);
//   - the hook input of every event and its samples (input*.go);
//   - the runner with Gemini's semantics: $GEMINI_PROJECT_DIR expansion,
//     the shell, environment sanitization, sequential chains, output
//     parsing (runner*.go, expand.go, sanitize*.go, output.go);
//   - the aggregator and the verdict in words (aggregator.go,
//     aggregated_verdict.go) and the warnings about Gemini's traps
//     (warnings.go);
//   - enable/disable through hooksConfig.disabled (toggle*.go).
//
// The oracle harness that runs the conformance kit's cases against this
// package is in agents/gemini/conform. Agent-neutral pieces (the hook
// model, JSON values, the spawn primitive) are in package hooks.
package gemini
