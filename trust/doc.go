// Package trust computes hook fingerprints as Gemini CLI does, reads and
// writes Gemini's trusted_hooks.json and trustedFolders.json, keeps
// Hookwarden's own store of approved script contents, and renders diffs of
// changed commands and scripts.
package trust
