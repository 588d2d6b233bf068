package gemini

import (
	"fmt"
	"os"
	"strings"

	"github.com/hookwarden/hookwarden/settingsio"
)

// envFile is the .env file Gemini CLI 0.61 loads into its own environment
// at start (loadEnvironment in packages/cli/src/config/settings.ts), after
// it has read the settings files and decided the folder trust.
//
// Which file: findEnvFile walks up from the project folder; in each folder
// it takes .gemini/.env (trusted folders only), then .env (skipped when
// advanced.ignoreLocalEnv is set, except in the home folder); past the
// root it tries <home>/.gemini/.env (trusted only), then <home>/.env. The
// first that exists wins, even if it cannot be read.
//
// Which variables: in an untrusted folder only GEMINI_API_KEY,
// GOOGLE_API_KEY, GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION, with
// their values stripped to [A-Za-z0-9-_./]. A file whose path does not
// contain ".gemini" skips advanced.excludedEnvVars (default DEBUG,
// DEBUG_MODE and the IDE server variables). A variable already in the
// environment is never replaced, not even by an empty value.
type envFile struct {
	Path string `json:"path"`
	// InProject: the file sits inside the project folder, so whoever
	// controls the project controls it. UserOwned: it is the home folder's
	// own .env or .gemini/.env. A file in a parent folder is neither.
	InProject bool                     `json:"in_project"`
	UserOwned bool                     `json:"user_owned"`
	Entries   []settingsio.DotEnvEntry `json:"entries"`
	// Applied are the entries Gemini sets in its environment, with the
	// value it sets.
	Applied []settingsio.DotEnvEntry `json:"applied"`
	// Skipped says, by key, why an entry is not applied.
	Skipped map[string]string      `json:"skipped,omitempty"`
	Err     *settingsio.ParseError `json:"-"`
}

// Applies returns the applied entry for key.
func (e *envFile) Applies(key string) (settingsio.DotEnvEntry, bool) {
	if e == nil {
		return settingsio.DotEnvEntry{}, false
	}
	return settingsio.DotEnvLookup(e.Applied, key)
}

// homeRedirect is a GEMINI_CLI_HOME that Gemini CLI takes from a .env file:
// from then on it reads extensions, extension settings, the enablement
// file and trusted_hooks.json below that folder. The user settings path,
// the system files and the folder-trust decision were fixed before the
// .env file was read and stay where they were.
type homeRedirect struct {
	// Home is the folder Gemini then uses as its home (resolved).
	Home  string `json:"home"`
	Value string `json:"value"` // as written in the .env file
	File  string `json:"file"`
	Line  int    `json:"line"`
	// ByProject: the .env file is not the user's own (home folder) one:
	// it is inside the project or in a folder above it.
	ByProject bool `json:"by_project"`
	// Before are the paths Gemini would use without the redirect; the
	// user's own trust files are there.
	Before paths `json:"-"`
}

var authEnvWhitelist = []string{"GEMINI_API_KEY", "GOOGLE_API_KEY", "GOOGLE_CLOUD_PROJECT", "GOOGLE_CLOUD_LOCATION"}

var defaultExcludedEnvVars = []string{"DEBUG", "DEBUG_MODE", "GEMINI_CLI_IDE_SERVER_STDIO_COMMAND", "GEMINI_CLI_IDE_SERVER_STDIO_ARGS"}

// loadEnvFile models loadEnvironment for snapshot s (its layers and folder
// trust already decided) in environment env.
func loadEnvFile(s *Project, env settingsio.Env, goos string) *envFile {
	if !settingsio.RealFS(goos) {
		return nil
	}
	trusted := s.FolderTrust.Trusted()
	ignoreLocal, _ := s.Setting("advanced", "ignoreLocalEnv")
	path := findEnvFile(goos, s.ProjectDir, s.Paths.Home, trusted, ignoreLocal.Truthy())
	if path == "" {
		return nil
	}
	st := settingsio.StyleFor(goos)
	dir := st.Dirname(path)
	f := &envFile{Path: path, InProject: isSubpath(goos, s.ProjectDir, path), Skipped: map[string]string{}}
	if home := s.Paths.Home; home != "" && !f.InProject {
		f.UserOwned = dir == st.Clean(home) || dir == st.Join(home, geminiDirName)
	}
	data, err := settingsio.ReadRegularFile(path)
	if err != nil {
		f.Err = &settingsio.ParseError{Path: path, Msg: fmt.Sprintf("reading: %v (Gemini CLI loads no .env file then)", err)}
		return f
	}
	f.Entries = settingsio.ParseDotEnv(string(data))
	excluded, _ := s.Setting("advanced", "excludedEnvVars")
	isProjectFile := !strings.Contains(path, geminiDirName)
	for _, e := range f.Entries {
		value := e.Value
		switch {
		case !trusted && !containsString(authEnvWhitelist, e.Key):
			f.Skipped[e.Key] = "the folder is not trusted: Gemini CLI only takes the API key and cloud project variables"
			continue
		case isProjectFile && excludedEnvVar(excluded, e.Key):
			f.Skipped[e.Key] = "listed in advanced.excludedEnvVars"
			continue
		}
		if !trusted {
			value = sanitizeEnvValue(value)
		}
		if _, set := settingsio.EnvLookup(env, goos, e.Key); set {
			f.Skipped[e.Key] = "already set in the environment"
			continue
		}
		f.Applied = append(f.Applied, settingsio.DotEnvEntry{Key: e.Key, Value: value, Line: e.Line})
	}
	return f
}

// findEnvFile is findEnvFile(startDir, isTrusted, ignoreLocalEnv).
func findEnvFile(goos, start, home string, trusted, ignoreLocal bool) string {
	st := settingsio.StyleFor(goos)
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	dir := st.Clean(start)
	for {
		if trusted {
			if p := st.Join(dir, geminiDirName, ".env"); exists(p) {
				return p
			}
		}
		if p := st.Join(dir, ".env"); exists(p) && (!ignoreLocal || dir == home) {
			return p
		}
		parent := st.Dirname(dir)
		if parent == dir || parent == "" {
			if home == "" {
				return ""
			}
			if trusted {
				if p := st.Join(home, geminiDirName, ".env"); exists(p) {
					return p
				}
			}
			if p := st.Join(home, ".env"); exists(p) {
				return p
			}
			return ""
		}
		dir = parent
	}
}

// excludedEnvVar is `(settings.advanced.excludedEnvVars || DEFAULT).includes(key)`:
// an array compares elements, a string looks for a substring.
func excludedEnvVar(n *settingsio.Node, key string) bool {
	switch {
	case n.Is(settingsio.Array):
		for _, it := range n.Items {
			if it.Is(settingsio.String) && it.Str == key {
				return true
			}
		}
		return false
	case n.Is(settingsio.String) && n.Str != "":
		return strings.Contains(n.Str, key)
	case n.Truthy():
		return false
	}
	return containsString(defaultExcludedEnvVars, key)
}

// sanitizeEnvValue is sanitizeEnvVar: value.replace(/[^a-zA-Z0-9\-_./]/g, "").
func sanitizeEnvValue(v string) string {
	return strings.Map(func(r rune) rune {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./", r)) {
			return r
		}
		return -1
	}, v)
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// applyHomeRedirect moves the paths Gemini resolves after loadEnvironment
// when the .env file sets GEMINI_CLI_HOME.
func applyHomeRedirect(s *Project, env settingsio.Env, goos, osHome string) {
	e, ok := s.EnvFile.Applies(envCLIHome)
	if !ok || e.Value == "" {
		return
	}
	after := resolvePaths(s.ProjectDir, env.With(envCLIHome, e.Value), goos, osHome)
	before := s.Paths
	if after.GeminiDir == before.GeminiDir {
		return // the same home, spelled out: nothing moves
	}
	s.HomeRedirect = &homeRedirect{Home: after.Home, Value: e.Value, File: s.EnvFile.Path, Line: e.Line,
		ByProject: !s.EnvFile.UserOwned, Before: before}
	// Fixed before the .env file was read: USER_SETTINGS_PATH (a module
	// constant), the system files, the workspace file and the folder trust.
	s.Paths.Home = after.Home
	s.Paths.GeminiDir = after.GeminiDir
	s.Paths.TrustedHooks = after.TrustedHooks
	s.Paths.Extensions = after.Extensions
}
