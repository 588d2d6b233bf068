package gemini

import (
	"os"

	"github.com/hookwarden/hookwarden/settingsio"
)

// The environment variables Gemini CLI 0.61 reads to place its files.
const (
	envCLIHome             = "GEMINI_CLI_HOME"
	EnvSystemSettingsPath  = "GEMINI_CLI_SYSTEM_SETTINGS_PATH"
	envSystemDefaultsPath  = "GEMINI_CLI_SYSTEM_DEFAULTS_PATH"
	envTrustedFoldersPath  = "GEMINI_CLI_TRUSTED_FOLDERS_PATH"
	envSandbox             = "SANDBOX"
	geminiDirName          = ".gemini"
	settingsFileName       = "settings.json"
	systemDefaultsFileName = "system-defaults.json"
)

// systemConfigDir is Storage.getSystemConfigDir.
func systemConfigDir(goos string) string {
	switch goos {
	case "darwin":
		return "/Library/Application Support/GeminiCli"
	case "windows":
		return `C:\ProgramData\gemini-cli`
	}
	return "/etc/gemini-cli"
}

// resolvePaths returns the files Gemini CLI 0.61 reads for projectDir on
// goos, given its environment and the OS home folder (os.homedir()).
// projectDir is the project folder as Gemini forms it (path.resolve(cwd));
// relative environment paths are resolved against it, as Gemini resolves
// them against its working folder. Workspace is "" when the project folder
// (realpath'd and normalized as Gemini does) is the home folder.
func resolvePaths(projectDir string, env settingsio.Env, goos, osHome string) paths {
	s := settingsio.StyleFor(goos)
	projectDir = s.Clean(projectDir)
	home := osHome
	if v := settingsio.EnvNonEmpty(env, goos, envCLIHome); v != "" {
		home = v
	}
	if home != "" {
		home = s.Resolve(projectDir, home)
	}

	p := paths{Home: home}
	if home == "" {
		p.GeminiDir = s.Join(os.TempDir(), geminiDirName)
	} else {
		p.GeminiDir = s.Join(home, geminiDirName)
	}
	p.User = s.Join(p.GeminiDir, settingsFileName)
	p.TrustedHooks = s.Join(p.GeminiDir, "trusted_hooks.json")
	p.Extensions = s.Resolve(projectDir, s.Join(home, geminiDirName, "extensions"))

	p.System = s.Join(systemConfigDir(goos), settingsFileName)
	if v := settingsio.EnvNonEmpty(env, goos, EnvSystemSettingsPath); v != "" {
		p.System = s.Resolve(projectDir, v)
	}
	p.SystemDefaults = s.Join(s.Dirname(p.System), systemDefaultsFileName)
	if v := settingsio.EnvNonEmpty(env, goos, envSystemDefaultsPath); v != "" {
		p.SystemDefaults = s.Resolve(projectDir, v)
	}

	runtimeDir := p.GeminiDir
	if sb, _ := settingsio.EnvLookup(env, goos, envSandbox); sb == "sandbox-exec" && home != "" {
		runtimeDir = s.Join(home, ".cache", geminiDirName)
	}
	p.TrustedFolders = s.Join(runtimeDir, "trustedFolders.json")
	if v := settingsio.EnvNonEmpty(env, goos, envTrustedFoldersPath); v != "" {
		p.TrustedFolders = s.Resolve(projectDir, v)
	}

	if !isWorkspaceHomeDir(goos, projectDir, home) {
		p.Workspace = s.Join(projectDir, geminiDirName, settingsFileName)
	}
	return p
}

// isWorkspaceHomeDir is Storage.isWorkspaceHomeDir: the project folder and
// the home folder are the same once both are realpath'd and normalized.
// Any error makes it false, as in Gemini.
func isWorkspaceHomeDir(goos, projectDir, home string) bool {
	if home == "" || projectDir == "" {
		return false
	}
	realProject, err := resolveToRealPath(goos, projectDir, projectDir)
	if err != nil {
		return false
	}
	realHome, err := resolveToRealPath(goos, projectDir, home)
	if err != nil {
		return false
	}
	return normalizePath(goos, projectDir, realProject) == normalizePath(goos, projectDir, realHome)
}
