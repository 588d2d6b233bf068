// Package cli is Hookwarden's headless command line: list, plan, run, audit,
// trust, untrust, folder-trust. It calls the same domain packages as the
// GUI. Data goes to stdout, errors to stderr.
//
// Exit codes: 0 done, 1 any other failure (list: a file it reads failed to
// parse or was refused, after printing what it could read), 2 usage error
// (with a one-line hint), 3 something needs review (audit).
//
// Text output is safe to read in a terminal: every name, command, path and
// message a project controls is printed through printf, which escapes
// control characters, bidi controls, invisible characters, look-alike
// letters and line breaks (internal/safetext), and stdout and stderr pass
// through a safetext.Writer as a last guard. --json documents keep every
// string exact: encoding/json escapes C0 controls, U+2028 and U+2029, and
// the Writer turns DEL, C1 controls, bidi and zero-width characters into
// \u escapes, which JSON parsers decode to the same strings, so
// `hookwarden list --json` shown raw cannot drive the terminal or reorder
// its text either. Look-alike letters stay as they are in JSON (they are
// only a danger to a reader, and the text views mark them).
package cli
