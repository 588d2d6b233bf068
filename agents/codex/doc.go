// Package codex is the OpenAI Codex CLI (0.171.0) domain core: where its
// hooks come from (layers and files, with their states), how it reads them
// (hooks.json and the [hooks] table of config.toml), the per-hook trust it
// keeps in the user config.toml (key, hash, trusted/modified/untrusted/
// managed, enabled), and which hooks it runs for an event (the planner).
//
// It produces the shared neutral model ([]*hooks.Hook) and keeps every
// Codex-only fact in Handler, next to the *hooks.Hook it belongs to. It has
// no UI and runs no process.
//
// Facts carry their provenance: "observed" means seen in runs of the real
// Codex 0.171.0 binary (the conformance kit's codex-live, or hooks/list of
// its app-server); "source" means read in openai/codex at a commit of
// unknown distance from 0.171.0; "docs" means developers.openai.com/codex.
// Where source and binary disagree the binary wins, and the comment says
// so. Provenance returns the same text for the UI.
package codex
