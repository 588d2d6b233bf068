package gemini

import (
	"runtime"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/settingsio"
)

// ShellConfig is how a hook command is started (getShellConfiguration).
type ShellConfig struct {
	Executable string   `json:"executable"`
	Args       []string `json:"args"` // before the command
	Shell      Shell    `json:"shell"`
}

// DefaultShell is Gemini CLI's shell for this platform and environment.
func DefaultShell(env settingsio.Env) ShellConfig {
	return ShellFor(runtime.GOOS, env, func(name string) string {
		return hooks.LookPathIn(name, env.Get("PATH"), runtime.GOOS)
	})
}

// ShellFor is getShellConfiguration for goos: bash -c on POSIX; on Windows
// %ComSpec% when it is PowerShell, else pwsh.exe found on PATH, else
// powershell.exe. lookPath resolves a name on PATH ("" = not found).
func ShellFor(goos string, env settingsio.Env, lookPath func(string) string) ShellConfig {
	if goos != "windows" {
		return ShellConfig{Executable: "bash", Args: []string{"-c"}, Shell: ShellBash}
	}
	psArgs := []string{"-NoProfile", "-NonInteractive", "-Command"}
	if comSpec := env.Get("ComSpec"); comSpec != "" {
		l := strings.ToLower(comSpec)
		if strings.HasSuffix(l, "powershell.exe") || strings.HasSuffix(l, "pwsh.exe") {
			return ShellConfig{Executable: comSpec, Args: psArgs, Shell: ShellPowerShell}
		}
	}
	if p := lookPath("pwsh.exe"); p != "" {
		return ShellConfig{Executable: p, Args: []string{"-NoProfile", "-Command"}, Shell: ShellPowerShell}
	}
	return ShellConfig{Executable: "powershell.exe", Args: psArgs, Shell: ShellPowerShell}
}
