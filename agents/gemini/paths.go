package settingsio

import (
	"os"
	"path/filepath"
	"strings"
)

// The environment variables Gemini CLI 0.61 reads to place its files.
const (
	EnvCLIHome             = "GEMINI_CLI_HOME"
	EnvSystemSettingsPath  = "GEMINI_CLI_SYSTEM_SETTINGS_PATH"
	EnvSystemDefaultsPath  = "GEMINI_CLI_SYSTEM_DEFAULTS_PATH"
	EnvTrustedFoldersPath  = "GEMINI_CLI_TRUSTED_FOLDERS_PATH"
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

// envValue looks a variable up the way Node's process.env does on goos
// (names are case-insensitive on Windows).
func envValue(env Env, goos, key string) (string, bool) {
	if goos != "windows" {
		return env.Lookup(key)
	}
	for i := len(env) - 1; i >= 0; i-- {
		k, v, ok := strings.Cut(env[i], "=")
		if ok && strings.EqualFold(k, key) {
			return v, true
		}
	}
	return "", false
}

// envLookupFunc returns envValue as a lookup function.
func envLookupFunc(env Env, goos string) func(string) (string, bool) {
	return func(key string) (string, bool) { return envValue(env, goos, key) }
}

// envNonEmpty is process.env[key] used as a condition: set and non-empty.
func EnvNonEmpty(env Env, goos, key string) string {
	v, _ := envValue(env, goos, key)
	return v
}

// ResolvePaths returns the files Gemini CLI 0.61 reads for projectDir on
// goos, given its environment and the OS home folder (os.homedir()).
// projectDir is the project folder as Gemini forms it (path.resolve(cwd));
// relative environment paths are resolved against it, as Gemini resolves
// them against its working folder. Workspace is "" when the project folder
// (realpath'd and normalized as Gemini does) is the home folder.
func ResolvePaths(projectDir string, env Env, goos, osHome string) Paths {
	s := StyleFor(goos)
	projectDir = s.Clean(projectDir)
	home := osHome
	if v := EnvNonEmpty(env, goos, EnvCLIHome); v != "" {
		home = v
	}
	if home != "" {
		home = s.Resolve(projectDir, home)
	}

	p := Paths{Home: home}
	if home == "" {
		p.GeminiDir = s.Join(os.TempDir(), geminiDirName)
	} else {
		p.GeminiDir = s.Join(home, geminiDirName)
	}
	p.User = s.Join(p.GeminiDir, settingsFileName)
	p.TrustedHooks = s.Join(p.GeminiDir, "trusted_hooks.json")
	p.Extensions = s.Resolve(projectDir, s.Join(home, geminiDirName, "extensions"))

	p.System = s.Join(systemConfigDir(goos), settingsFileName)
	if v := EnvNonEmpty(env, goos, EnvSystemSettingsPath); v != "" {
		p.System = s.Resolve(projectDir, v)
	}
	p.SystemDefaults = s.Join(s.dirname(p.System), systemDefaultsFileName)
	if v := EnvNonEmpty(env, goos, EnvSystemDefaultsPath); v != "" {
		p.SystemDefaults = s.Resolve(projectDir, v)
	}

	runtimeDir := p.GeminiDir
	if sb, _ := envValue(env, goos, envSandbox); sb == "sandbox-exec" && home != "" {
		runtimeDir = s.Join(home, ".cache", geminiDirName)
	}
	p.TrustedFolders = s.Join(runtimeDir, "trustedFolders.json")
	if v := EnvNonEmpty(env, goos, EnvTrustedFoldersPath); v != "" {
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

// resolveProjectDir forms the project folder as Gemini does from its
// working folder: path.resolve(cwd) — absolute and cleaned, symbolic links
// kept. A relative dir is taken against this process's working folder.
func ResolveProjectDir(goos, dir string) string {
	s := StyleFor(goos)
	if s.isAbs(dir) {
		return s.Clean(dir)
	}
	if RealFS(goos) {
		if abs, err := filepath.Abs(dir); err == nil {
			return abs
		}
	}
	return s.Resolve(s.sep(), dir)
}
