// Package copilot is GitHub Copilot CLI (1.0.102) behind the agent
// contract: where its hooks come from (user hook files and settings, the
// repository's .github/hooks, .claude/settings*.json and
// .github/copilot/settings*.json, in the order Copilot runs them), how it
// reads them (flat camelCase entries and Claude's nested PascalCase form,
// strict validation of inline settings hooks), its folder trust
// (trustedFolders in ~/.copilot/config.json, COPILOT_ALLOW_ALL, the
// prompt-mode opt-in), its switch (disabledHooks keys, disableAllHooks),
// which hooks it runs for an event (one after another, no de-duplication)
// and its runner semantics for the dry run (exit codes, JSON answers, the
// first deny that stops the rest), and its session records
// (session-state/*/events.jsonl) as an agents.LogImporter for `history
// import`.
//
// Copilot has no per-hook trust of its own: repository hooks are reviewed
// in Hookwarden's store, in its "copilot" section.
//
// Facts carry their provenance: "observed" means seen in runs of the real
// Copilot CLI 1.0.102 (the conformance kit's copilot-live, or its
// hooks.discover list); "docs" means docs.github.com's hooks reference.
// Where docs and the program disagree the program wins.
package copilot
