package settingsio

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// HostDefaults fills in what an agent's loader models when the caller left
// it unset: the operating system (runtime.GOOS) and the OS home folder
// (os.homedir(): HOME, USERPROFILE on Windows, from env, else
// os.UserHomeDir).
func HostDefaults(env Env, goos, home string) (string, string) {
	if goos == "" {
		goos = runtime.GOOS
	}
	if home == "" {
		key := "HOME"
		if goos == "windows" {
			key = "USERPROFILE"
		}
		home = EnvNonEmpty(env, goos, key)
	}
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	return goos, home
}

// EnvLookup looks a variable up the way Node's process.env does on goos
// (names are case-insensitive on Windows).
func EnvLookup(env Env, goos, key string) (string, bool) {
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

// EnvLookupFunc returns EnvLookup as a lookup function.
func EnvLookupFunc(env Env, goos string) func(string) (string, bool) {
	return func(key string) (string, bool) { return EnvLookup(env, goos, key) }
}

// EnvNonEmpty is process.env[key] used as a condition: set and non-empty.
func EnvNonEmpty(env Env, goos, key string) string {
	v, _ := EnvLookup(env, goos, key)
	return v
}

// ResolveProjectDir forms the project folder as the agents do from their
// working folder: path.resolve(cwd) — absolute and cleaned, symbolic links
// kept. A relative dir is taken against this process's working folder.
func ResolveProjectDir(goos, dir string) string {
	s := StyleFor(goos)
	if s.IsAbs(dir) {
		return s.Clean(dir)
	}
	if RealFS(goos) {
		if abs, err := filepath.Abs(dir); err == nil {
			return abs
		}
	}
	return s.Resolve(s.Sep(), dir)
}

// ReadSettingsFile reads path; a missing file is not an error (as Gemini
// CLI's existsSync), anything else (a folder, no permission) is.
func ReadSettingsFile(path string) (data []byte, exists bool, perr *ParseError) {
	if _, err := os.Stat(path); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, false, nil
		}
		return nil, true, &ParseError{Path: path, Msg: fmt.Sprintf("reading: %v", err)}
	}
	data, err := ReadRegularFile(path)
	if err != nil {
		return nil, true, &ParseError{Path: path, Msg: fmt.Sprintf("reading: %v", err)}
	}
	return data, true, nil
}
