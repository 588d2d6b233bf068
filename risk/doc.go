// Package risk says what a hook would do to the user before they approve it.
//
// It reads a hook's command the way a shell would (on the mvdan.cc/sh/v3
// syntax tree, never by running anything), follows it into the scripts it
// runs (shell fully; Python, JavaScript/TypeScript, Ruby, Perl, PHP, Lua
// and Go at the level of imports, calls and string literals, the last five
// through a table of names per language; PowerShell line by line), and
// reports a Level — none, review or
// critical — with Findings, each naming a Category, a one-sentence Summary in
// plain words and the Source (file, line, column, exact text) it comes from.
//
// Last, every text the hook runs — its command and each file it reaches,
// in any language, a language without a reader too — is read as text
// (textscan.go): encoded literals decoded (hex, base64, character codes,
// escapes, rot13), split literals joined, then a download piped into an
// interpreter, a credential and a way out in one file (or an upload in
// another), a reverse shell, or code hidden by an encoding raise the level
// whatever calls carry them. That reading only raises; what it does not
// know it leaves to the readers above.
//
// The vocabulary (Level, Category, Finding, Source, Report) is shared with
// the sandbox's behaviour report, so a finding read statically and a
// behaviour seen in a sandboxed dry run use the same words.
//
// The package is agent-neutral and has no UI: a caller passes a Hook value
// (agent, event, matcher, command or exec-form args, env) and the scripts it
// runs; Analyze returns a Report.
package risk
