// Package safetext makes untrusted text safe to show to a person: in a
// terminal, where control sequences move the cursor, erase lines and open
// hyperlinks, and in the GUI, where bidi overrides reorder what is drawn and
// zero-width or look-alike characters hide what a command really runs.
//
// Everything a hostile project controls (hook names, commands, matchers,
// paths, script text, diffs, hook output) goes through Line (one line of a
// table or a label) or Text (a block that keeps its line breaks) before it
// is shown. Both escape, visibly and reversibly:
//
//   - C0 controls and DEL as \r, \n, \t, \x1b, \x00, \x7f (Text keeps \n,
//     \t and the \r of a \r\n line end);
//   - C1 controls, bidi embeddings, overrides and isolates (Trojan Source),
//     zero-width and other format characters, line and paragraph separators,
//     every space other than U+0020, variation selectors, fillers and other
//     characters that draw nothing, private-use and unassigned code points,
//     as \u202e, \u200b, \U000e0041;
//   - bytes that are not UTF-8 as \xff;
//   - confusable letters: in a word that mixes scripts (Cyrillic а in
//     "bаsh"), the letters outside the word's main script, and a word of
//     another script made only of Latin look-alikes ("ѕһ") in text that
//     is otherwise Latin, as \u0430.
//
// The backslash itself is not escaped: shell commands are full of them, and
// an escaped form never hides anything (a literal "\r" and an escaped CR read
// the same, and neither moves the cursor).
//
// Writer applies the Text rules to a whole stream (the CLI wraps stdout and
// stderr in one), as a guard for anything a caller did not escape. Its
// escapes of non-ASCII characters are JSON \u escapes, so JSON output that
// passes through it stays valid JSON and decodes to the same strings:
// encoding/json already escapes C0 controls, U+2028 and U+2029, but leaves
// DEL, C1 controls, bidi controls and zero-width characters raw, which would
// reach a terminal that shows `hookwarden list --json` unescaped.
//
// Find reports where the suspicious characters of a text are, for a GUI
// that wants to mark them rather than only escape them.
package safetext
