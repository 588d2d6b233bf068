package codex

import (
	"path/filepath"

	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// scriptRuntime is how Codex runs a command hook, for discovery: with
// $SHELL -c (/bin/sh when SHELL is unset; see shellCommand), no project
// variables of its own (hooks run in the session's folder). A shell that
// is neither bash nor sh is read as bash, and says so.
func scriptRuntime(env settingsio.Env) trust.Runtime {
	rt := trust.Runtime{Dialect: trust.DialectPOSIX, ProjectVars: []string{}, TextVars: []string{}}
	switch shell := filepath.Base(env.Get("SHELL")); shell {
	case "bash", "rbash":
		rt.Dialect = trust.DialectBash
	case ".", "sh", "dash", "ash", "posh":
	default:
		rt.Dialect = trust.DialectBash
		rt.ShellNote = "Codex runs hook commands with " + shell + " ($SHELL), which Hookwarden reads as bash"
	}
	return rt
}
