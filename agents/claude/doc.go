// Package claude holds every fact about Claude Code that Hookwarden
// models, so that the shared packages (settingsio, hooks, trust) know
// nothing of it:
//
//   - where Claude Code reads hooks and how: its paths ($CLAUDE_CONFIG_DIR,
//     managed settings, project and local files; paths.go), the strict JSON
//     it parses (load.go), plugins and their hooks files (plugins.go), the
//     folder trust flag in ~/.claude.json (foldertrust.go), all of it in
//     one project (project.go) and the files to watch (watch_targets.go);
//   - its hook model: events (events.go) and handler types (schema.go),
//     the registry of every handler with origin, status and diagnostics
//     (registry.go, collect.go, status.go, command_checks.go, policy.go),
//     matchers (matcher.go), "if" permission rules (ifrule.go) and the
//     planner (plan.go);
//   - its runner semantics: running a command, http, prompt or agent
//     handler as Claude Code does, behind the shared dry-run gate (run*.go),
//     sample payloads (payload.go)
//     and its reading of a handler's answer (output*.go);
//   - what Hookwarden adds, since Claude Code has neither per-hook trust
//     nor a per-hook switch: fingerprints of handlers (fingerprint.go), the
//     audit, approvals and the dry-run gate against Hookwarden's store
//     (audit.go, its "claude" StoreSection in store.go), and disabling a
//     handler by moving it into that store and back (patch.go,
//     patch_record.go, toggle.go, disabled_hooks.go, switch.go).
//
// Facts are those of Claude Code 2.1.240 as documented, checked against
// the real 2.1.332 CLI where the conformance kit can drive it. Handlers
// are *hooks.Hook values with Agent = claude.Name and the Claude-only
// fields in the hook's extension slot (HandlerOf), so that the UI, the
// trust store and diffs are shared with the other agents. The migration of Claude Code hooks to
// Gemini CLI, which needs both agents, is package agents/migrate.
package claude
