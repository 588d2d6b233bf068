package gemini

import (
	"runtime"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/settingsio"
)

// shellConfig is how a hook command is started (getShellConfiguration).
type shellConfig struct {
	Executable string   `json:"executable"`
	Args       []string `json:"args"` // before the command
	Shell      shell    `json:"shell"`
}

// defaultShell is Gemini CLI's shell for this platform and environment.
func defaultShell(env settingsio.Env) shellConfig {
	return shellFor(runtime.GOOS, env, func(name string) string {
		return hooks.LookPathIn(name, env.Get("PATH"), runtime.GOOS)
	})
}

// shellFor is getShellConfiguration for goos: bash -c on POSIX; on Windows
// %ComSpec% when it is PowerShell, else pwsh.exe found on PATH, else
// powershell.exe. lookPath resolves a name on PATH ("" = not found).
func shellFor(goos string, env settingsio.Env, lookPath func(string) string) shellConfig {
	if goos != "windows" {
		return shellConfig{Executable: "bash", Args: []string{"-c"}, Shell: shellBash}
	}
	psArgs := []string{"-NoProfile", "-NonInteractive", "-Command"}
	if comSpec := env.Get("ComSpec"); comSpec != "" {
		l := strings.ToLower(comSpec)
		if strings.HasSuffix(l, "powershell.exe") || strings.HasSuffix(l, "pwsh.exe") {
			return shellConfig{Executable: comSpec, Args: psArgs, Shell: shellPowerShell}
		}
	}
	if p := lookPath("pwsh.exe"); p != "" {
		return shellConfig{Executable: p, Args: []string{"-NoProfile", "-Command"}, Shell: shellPowerShell}
	}
	return shellConfig{Executable: "powershell.exe", Args: psArgs, Shell: shellPowerShell}
}
