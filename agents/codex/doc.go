// Package codex is the OpenAI Codex CLI (0.171.0) domain core: where its
// hooks come from (layers and files, with their states), how it reads them
// (hooks.json and the [hooks] table of config.toml), the per-hook trust it
// keeps in the user config.toml (key, hash, trusted/modified/untrusted/
// managed, enabled), which hooks it runs for an event (the planner), and
// the dry run: Runner starts the planned command hooks as Codex does
// (run.go, run_spawn.go), through the shared process primitive
// (hooks.SpawnSpec, with the gate and the sandbox), and reads their output
// and the event's verdict as Codex would (output*.go, verdict.go).
//
// It produces the shared neutral model ([]*hooks.Hook) and keeps every
// Codex-only fact in Handler, next to the *hooks.Hook it belongs to. It has
// no UI; it starts processes only in Runner.Run, for the hooks it is given.
//
// Facts carry their provenance: "observed" means seen in runs of the real
// Codex 0.171.0 binary (the conformance kit's codex-live, or hooks/list of
// its app-server); "source" means read in openai/codex at a commit of
// unknown distance from 0.171.0; "docs" means developers.openai.com/codex.
// Where source and binary disagree the binary wins, and the comment says
// so. Provenance returns the same text for the UI.
package codex
