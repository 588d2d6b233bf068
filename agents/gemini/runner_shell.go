package hooks

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"

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
		return lookPathIn(name, env.Get("PATH"), runtime.GOOS)
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

// lookPathIn finds name on pathList as the spawned process would (libuv
// searches the child's PATH).
func lookPathIn(name, pathList, goos string) string {
	if strings.ContainsAny(name, `/\`) {
		return name
	}
	exts := []string{""}
	sep := string(os.PathListSeparator)
	if goos == "windows" {
		exts = []string{".exe", ".cmd", ".bat", ""}
		sep = ";"
	}
	for _, dir := range strings.Split(pathList, sep) {
		if dir == "" {
			continue
		}
		for _, ext := range exts {
			p := filepath.Join(dir, name+ext)
			if isExecutableFile(p) {
				return p
			}
		}
	}
	return ""
}

func isExecutableFile(p string) bool {
	fi, err := os.Stat(p)
	if err != nil || fi.IsDir() {
		return false
	}
	return runtime.GOOS == "windows" || fi.Mode()&0o111 != 0
}
