// Package guard installs and removes Hookwarden's git hooks: post-merge,
// post-checkout and post-rewrite hooks that review a project's agent hooks
// right after a pull, checkout or rebase, before an agent can run them.
//
// It never replaces a hook that is already there: an existing hook is moved
// aside (renamed, so its bytes, mode and link target are kept) and the
// guard's hook runs it first, with the same arguments and standard input,
// and exits with its status. Uninstall removes the guard's hooks and renames
// the originals back, so the folder is exactly as it was.
//
// The package knows nothing about agents: it renders the short block the
// git hook prints from Items that the caller (the CLI) gathers from each
// agent's audit.
package guard
