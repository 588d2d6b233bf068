// Package claude is Claude Code's hook system modelled on a loaded
// claude.Snapshot: the schema of events and handler types
// (schema.go), the registry of every handler with origin, status and
// diagnostics (registry.go, collect.go, status.go), matchers (matcher.go),
// "if" permission rules (ifrule.go), the planner (planner.go) and the
// migration preview to Gemini CLI (migrate.go). Facts are those of Claude
// Code 2.1.240 as documented, checked against the real 2.1.332 CLI where
// the conformance kit can drive it. Handlers are *hooks.Hook values with
// Agent = hooks.AgentClaude and the Claude-only fields in Hook.Claude, so
// that the UI, the trust store and diffs are shared with Gemini CLI.
package claude
