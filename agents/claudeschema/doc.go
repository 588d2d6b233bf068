// Package claudeschema is the shared kit for agents whose hook files use
// Claude Code's schema:
//
//	{"hooks": {"Event": [{"matcher": "…", "hooks": [{"type": "command", "command": "…"}]}]}}
//
// An agent that reads this shape declares how it differs — its events, handler
// types, config keys inside "hooks", timeout units (Schema), how a matcher
// is compared (Matcher), what an exit code means and how the JSON answers
// of several hooks combine (Exits, LastWins) — instead of copying the parser,
// the matcher and the answer reader. The package names no agent: every
// agent fact is a parameter.
package claudeschema
