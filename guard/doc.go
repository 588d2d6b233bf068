// Package guard installs and removes Hookwarden's git hooks, which review
// a project's agent hooks right after git changed the work tree, before an
// agent can run them: post-merge, post-checkout (switch, checkout,
// restore), post-rewrite (rebase, amend), post-index-change (every command
// that updates the work tree while writing the index: reset --hard, a
// merge or pull that stops on a conflict, cherry-pick, stash, each step of
// a rebase), reference-transaction (a commit that concludes a merge, a
// cherry-pick or a revert, a reset) and post-applypatch (git am). They go
// into checked-out submodules too, whose check reviews the superprojects:
// a pull with --recurse-submodules changes a submodule in git commands
// that run only the submodule's hooks.
//
// It never replaces a hook that is already there: an existing hook is moved
// aside (renamed, so its bytes, mode and link target are kept) and the
// guard's hook runs it first, with the same arguments and standard input,
// and exits with its status. Uninstall removes the guard's hooks and renames
// the originals back, so the folder is exactly as it was; a record in the
// git folder lists where the guard was installed, so that Health notices
// when git no longer runs it (core.hooksPath moved, a hook replaced) and
// Uninstall finds it wherever core.hooksPath points now.
//
// The package knows nothing about agents: it renders the short block the
// git hook prints from Items that the caller (the CLI) gathers from each
// agent's audit, the most serious first, never hiding one that is
// critical or needs review behind "… and N more".
package guard
