// Package geminicli runs the real Gemini CLI (0.61.0, installed by the
// conformance kit's oracle/setup.sh) offline, with a fake model, for tests
// that compare Hookwarden with what Gemini actually does.
//
// Every run is isolated: its own home folder (GEMINI_CLI_HOME and HOME),
// its own system settings paths, a clean environment (no variable of the
// test process leaks in, CI included), its own process group or tmux server,
// and a hard time cap after which everything it started is killed.
//
// Headless runs use "-p PROMPT". Gemini refuses to start headless in an
// untrusted folder, so Interactive runs drive the terminal UI in a detached
// tmux session instead ("-i PROMPT"); the user settings must then carry an
// auth type (see BaseUserSettings) so that no dialog blocks the start.
//
// The package is meant for tests only; Linux and macOS (hooks run under
// bash, and process groups are POSIX).
package geminicli
