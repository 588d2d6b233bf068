package cli

import (
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

// isolated completes a command's environment so that it reads and writes
// nothing of the real machine: Gemini CLI's system files, Claude Code's
// managed settings and Hookwarden's own folder go to a temporary folder
// unless env already moves them (system-defaults.json follows a moved
// system settings file, as in Gemini CLI).
func isolated(t testing.TB, env settingsio.Env) settingsio.Env {
	t.Helper()
	root := t.TempDir()
	moves := []struct{ key, value string }{
		{settingsio.EnvClaudeManagedDir, filepath.Join(root, "etc-claude-code")},
		{settingsio.HookwardenDirEnvVar, filepath.Join(root, "hookwarden")},
	}
	if !env.Has(settingsio.EnvSystemSettingsPath) {
		moves = append(moves, struct{ key, value string }{settingsio.EnvSystemSettingsPath, filepath.Join(root, "etc-gemini-cli", "settings.json")})
	}
	for _, kv := range moves {
		if !env.Has(kv.key) {
			env = append(env, kv.key+"="+kv.value)
		}
	}
	return env
}
