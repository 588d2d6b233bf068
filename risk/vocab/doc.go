// Package vocab holds the words Hookwarden uses for what a hook does —
// risk levels, finding categories, findings and their sources — with no
// dependencies, so that both the static analyser (package risk) and the
// sandbox's behaviour report (package sandbox, used by the runner in
// package hooks) speak the same vocabulary without an import cycle.
// Package risk re-exports every name.
package vocab
