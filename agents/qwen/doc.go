// Package qwen is Qwen Code (0.24.4) behind the agent contract, built on
// the Claude-schema kit (agents/claudeschema): where its hooks come from
// (the system settings and system-defaults files, ~/.qwen/settings.json,
// the folder's own .qwen/settings.json), in the order it runs them
// (project, user, system-defaults, system), its folder trust (off unless
// security.folderTrust.enabled; then ~/.qwen/trustedFolders.json),
// disableAllHooks from any scope by precedence, its matchers (tool aliases,
// lists, unanchored JavaScript regular expressions), de-duplication by
// name and command, and its runner semantics for the dry run (parallel
// unless one definition is sequential, exit 2 only with stderr, the last
// permissionDecision wins across scopes).
//
// Qwen Code has no per-hook trust and no per-hook switch: project hooks
// are reviewed in Hookwarden's store, in its "qwen" section, and the
// switch is disableAllHooks per scope.
//
// Facts carry their provenance: "observed" means seen in runs of the real
// Qwen Code 0.24.4 through the conformance kit's qwen-live; "source" means
// the JavaScript bundle of that release. Where docs and the program
// disagree the program wins.
package qwen
