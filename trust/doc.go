// Package trust computes hook fingerprints as Gemini CLI does, reads and
// writes Gemini's trusted_hooks.json and trustedFolders.json, keeps
// Hookwarden's own store of approved script contents, and renders diffs of
// changed commands and scripts.
//
// What Gemini CLI 0.61 does (hooks/trustedHooks.js, utils/trust.js): in a
// trusted folder, at start, it walks the workspace settings' "hooks"
// object, keys every non-runtime entry as `${name}:${command}` (the command
// after load-time expansion), warns about the keys missing from
// trusted_hooks.json under path.resolve(cwd), and then adds all keys. It
// never looks at the scripts a command runs.
//
// The pieces:
//
//   - ProjectHooks: the entries Gemini keys, with Key and Label exactly as
//     Gemini computes them (JavaScript String() of odd values, key order of
//     Object.keys, the null entry that makes Gemini's check fail).
//   - ReadTrustedHooks, TrustKeys, UntrustKeys, RepairTrustedHooks:
//     trusted_hooks.json patched in place (only the project's array
//     changes, in JSON.stringify(…, null, 2) layout), atomic, never written
//     when JSON.parse would reject it.
//   - Store: Hookwarden's approvals (places, each with the approved
//     entry's Definition, and script fingerprints) in
//     <UserConfigDir>/hookwarden/approvals.json. Approve writes it before
//     trusted_hooks.json, so a key is never trusted without a record.
//   - Definition, DiffDefinitions: everything about an entry that changes
//     what runs (event, matcher, sequential, type, name, command,
//     timeout, each env variable, any other member), which Gemini's
//     name:command key does not cover, and the per-field FieldChanges.
//   - DiscoverScripts (FindScripts): the files a command runs, from its
//     shell syntax, following cd, sourcing, inline code, wrappers and
//     interpreters, and inside the project what shell scripts run and
//     source and what Python and JavaScript modules import; with how each
//     was found, and the code it runs that no file shows (Unresolved).
//     The rule for that code is on HookReview.Unresolved.
//   - ScriptCheck (Gate.Check): the scripts' fingerprints taken again
//     right before each hook is spawned; a difference refuses the spawn.
//   - Audit: every workspace hook as trusted, new, changed,
//     script-changed, definition-changed (trusted key, but not the
//     approved definition) or approved-outside (trusted key that
//     Hookwarden has no record of), plus trusted keys that match nothing
//     (Gone). Every script a hook runs carries its whole current text
//     (ScriptReview.Content; ApprovedContent for a changed one); a script
//     whose text cannot be shown (over MaxStoredScript, not UTF-8) is
//     flagged unless unchanged since an approval. Report.Unreadable lists
//     the settings and hooks files that could not be read or parsed; each
//     makes the review incomplete and sets NeedsReview.
//   - Select, Approve, Revoke: the review actions. Revoke keeps the
//     approval as history (StoreProject.Revoked), which approves nothing
//     but keeps the diff against what was approved visible.
//   - SetFolderTrust, FolderKey: trustedFolders.json as Gemini's trust
//     dialog writes it, comments kept.
//   - WordDiff, LineDiff, RenderWordDiff, RenderLineDiff: diffs as Spans.
//
// Known difference: when a settings file passes Gemini's schema
// validation, Gemini walks the known events in schema order (BeforeTool,
// AfterTool, BeforeAgent, AfterAgent, Notification, …) instead of file
// order. Keys and the set of warnings are the same; only the order of
// Report.GeminiWarnings (and of keys Gemini itself appends) can differ.
package trust
