package codex

import (
	"path/filepath"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/trust"
)

// scriptRuntime is how Codex runs a command hook, for discovery: with
// $SHELL -c (/bin/sh when SHELL is unset; see shellCommand), no project
// variables of its own (hooks run in the session's folder). A shell that
// is neither bash nor sh is read as bash, and says so. The hooks' git
// commands read the user's git configuration too.
func scriptRuntime(env agents.Env) trust.Runtime {
	rt := trust.Runtime{Dialect: trust.DialectPOSIX, ProjectVars: []string{}, TextVars: []string{}, Git: env.GitConfig()}
	switch shell := filepath.Base(env.Vars.Get("SHELL")); shell {
	case "bash", "rbash":
		rt.Dialect = trust.DialectBash
	case ".", "sh", "dash", "ash", "posh":
	default:
		rt.Dialect = trust.DialectBash
		rt.ShellNote = "Codex runs hook commands with " + shell + " ($SHELL), which Hookwarden reads as bash"
	}
	return rt
}
