// Package settingsio finds, parses and writes the files Gemini CLI reads for
// a project: the four settings layers (system-defaults, user, workspace,
// system), extensions, trustedFolders.json; and it watches them.
//
// Parsing keeps every value's place in the file (line and column), the raw
// text, and the value after Gemini's load-time environment expansion. A
// broken file is reported with file, line and column and never stops the
// other files from loading (Snapshot.UnreadableFiles and the agents'
// snapshots list them, as FileError, for whoever must fail closed). Writes are atomic and keep comments; EditJournal keeps what
// a file held before Hookwarden's switch edited it, so that switching back
// restores it byte for byte, and GitTracked tells whether git tracks a
// file before it is edited.
package settingsio
