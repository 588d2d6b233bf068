// Package hooks is the agent-neutral hook model and machinery that every
// agent's package shares: Hook (what every agent's hooks have, with Ext,
// the facts only its agent has, which only that agent's package reads),
// Origin, Status and Diagnostic (model.go), the Event type, the verdict of
// a run in words (verdict.go), the planner's context (PlanContext), JSON
// values with JavaScript semantics (jsonobj*.go) and the matchers'
// JavaScript regex cache
// (jsregex.go), sample payload templates (payload_template.go), Node's
// UTF-8 decoding (utf8.go), the warning
// type a dry run reports (warning.go), command checks (command_checks.go),
// and the process-spawning primitive: SpawnSpec, process groups, the
// supervisor and the sandbox choice (runner_spawn.go, runner_process.go,
// isolation.go, dryrun_rule.go), and the concurrent run of an event's
// hooks (run_concurrently.go).
//
// Gemini CLI's registry merge, planner, runner, aggregator and switch live
// in agents/gemini; Claude Code's in agents/claude. This package imports
// neither and has no UI.
package hooks
