package cli

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/agents/gemini"
	"github.com/hookwarden/hookwarden/settingsio"
)

// isolated completes a command's environment so that it reads and writes
// nothing of the real machine: Gemini CLI's system files, Claude Code's
// managed settings and Hookwarden's own folder go to a temporary folder
// unless env already moves them (system-defaults.json follows a moved
// system settings file, as in Gemini CLI).
// The folder is the same for every call of one test, so that the store and
// the switch journal persist from one command to the next.
func isolated(t testing.TB, env settingsio.Env) settingsio.Env {
	t.Helper()
	root := isolatedRoot(t)
	moves := []struct{ key, value string }{
		{claude.EnvManagedDir, filepath.Join(root, "etc-claude-code")},
		{settingsio.HookwardenDirEnvVar, filepath.Join(root, "hookwarden")},
	}
	if !env.Has(gemini.EnvSystemSettingsPath) {
		moves = append(moves, struct{ key, value string }{gemini.EnvSystemSettingsPath, filepath.Join(root, "etc-gemini-cli", "settings.json")})
	}
	for _, kv := range moves {
		if !env.Has(kv.key) {
			env = append(env, kv.key+"="+kv.value)
		}
	}
	return env
}

var isolatedRoots sync.Map // testing.TB -> string

func isolatedRoot(t testing.TB) string {
	if root, ok := isolatedRoots.Load(t); ok {
		return root.(string)
	}
	root := t.TempDir()
	isolatedRoots.Store(t, root)
	t.Cleanup(func() { isolatedRoots.Delete(t) })
	return root
}
