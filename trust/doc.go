// Package trust is the agent-neutral half of hook trust, used by every
// agent's package: Hookwarden's store of approvals and script contents
// (store.go), the fingerprints of the scripts a command runs
// (fingerprint.go, scripts.go, discover*.go), the definition of a hook and
// its per-field changes (definition.go), the review of a hook against its
// approval (HookReview, ScriptReview and the auditor in audit.go), the
// check of those fingerprints right before a spawn (ScriptCheck), the
// project hook entry both audits list (ProjectHook), and word and line
// diffs (diff.go).
//
// The pieces:
//
//   - Store: Hookwarden's approvals, with a section per agent
//     (store_sections.go), places, each with the approved
//     entry's Definition, and script fingerprints, in
//     <UserConfigDir>/hookwarden/approvals.json.
//   - Definition, DiffDefinitions: everything about an entry that changes
//     what runs (event, matcher, sequential, type, name, command,
//     timeout, each env variable, any other member) and the per-field
//     FieldChanges.
//   - DiscoverScripts (FindScripts): the files a command runs, from its
//     shell syntax, following cd, sourcing, inline code, wrappers and
//     interpreters, and inside the project what shell scripts run and
//     source and what Python and JavaScript modules import; with how each
//     was found, and the code it runs that no file shows (Unresolved).
//     The rule for that code is on HookReview.Unresolved.
//   - The language readers (lang_tokens.go, discover_lang*.go): Python
//     and JavaScript/TypeScript scripts read on tokens, complete only
//     when every load and read in them is understood — a literal
//     project path read is fingerprinted (FoundRead), a computed one is
//     a ReasonReads; dynamic dispatch, code runners used as values,
//     reflection, workers and native loads are reasons; a module that
//     loads code is understood only through the members known.
//   - Runtime: how the agent runs a command (its shell dialect, the
//     variables it sets to the project, the env files it loads), supplied
//     by the agent's package (runtime.go).
//   - Soundness (discover_sound.go, discover_imports_sound.go): discovery
//     is complete (Discovery.Complete) or lists why not, each reason with
//     its place, its ReasonKind and whether a sandboxed trace can cover it
//     (UnresolvedCode.Traceable); a trusted hook with reasons reads
//     StatusPartlyUnwatched.
//   - Traced files (trace.go, listing.go, products.go): what a sandboxed
//     run read, the paths it looked for in the project that were missing,
//     the folders it listed (fingerprinted by their listing, ListingPath),
//     and the files it made itself (MadeByHook: its own product while git
//     does not track them), kept with the approval and compared on every
//     review.
//   - ScriptCheck: the scripts' fingerprints taken again right before each
//     hook is spawned; a difference refuses the spawn.
//   - WordDiff, LineDiff, RenderWordDiff, RenderLineDiff: diffs as Spans.
//
// Gemini CLI's trust (trusted_hooks.json, trustedFolders.json, its audit,
// approve, revoke and gate) is in agents/gemini, Claude Code's in
// agents/claude; this package imports neither.
package trust
