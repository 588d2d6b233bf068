// Package settingsio holds what every agent needs to read and write its
// files, and nothing about any one agent: JSON with comments parsed as
// strip-json-comments and JSON.parse read it (ParseJSONC, ParseJSON; Node
// keeps every value's place, line and column, and raw text), TOML
// (ParseTOML, comment-keeping edits), JavaScript's view of values
// (jsvalue.go), Node's path module for any OS (PathStyle), realpath,
// regular-file reads that refuse what would hang, depth limits, .env files
// as dotenv parses them, environment lookup, and the neutral File, Layer,
// ParseError and FileError the agents' snapshots are made of.
//
// A broken file is reported with file, line and column and never stops the
// other files from loading (the agents' snapshots list them, as FileError,
// for whoever must fail closed). Writes are atomic and keep comments and
// permissions; EditJournal keeps what a file held before Hookwarden's
// switch edited it, so that switching back restores it byte for byte;
// GitTracked tells whether git tracks a file before it is edited; Backup
// copies files aside; Watcher reports changes to a list of paths.
//
// Which files an agent reads, in which order, and what they mean is in the
// agent's own package under agents/ (agents/gemini, agents/claude,
// agents/codex).
package settingsio
