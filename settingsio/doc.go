// Package settingsio finds, parses and writes the files Gemini CLI reads for
// a project: the four settings layers (system-defaults, user, workspace,
// system), extensions, trustedFolders.json; and it watches them.
//
// Parsing keeps every value's place in the file (line and column), the raw
// text, and the value after Gemini's load-time environment expansion. A
// broken file is reported with file, line and column and never stops the
// other files from loading. Writes are atomic and keep comments.
package settingsio
