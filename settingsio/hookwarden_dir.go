package settingsio

import (
	"fmt"
	"path/filepath"
)

// HookwardenDirEnvVar overrides Hookwarden's own folder (tests, portable
// setups).
const HookwardenDirEnvVar = "HOOKWARDEN_CONFIG_DIR"

// HookwardenDir is Hookwarden's own folder (approval store, switch
// journal): os.UserConfigDir()/hookwarden computed from an explicit
// environment with os.UserConfigDir's rules for goos, or
// $HOOKWARDEN_CONFIG_DIR.
func HookwardenDir(env Env, goos string) (string, error) {
	if dir := env.Get(HookwardenDirEnvVar); dir != "" {
		return dir, nil
	}
	var base string
	switch goos {
	case "windows":
		base = env.Get("AppData")
		if base == "" {
			base = env.Get("APPDATA")
		}
	case "darwin", "ios":
		if home := env.Get("HOME"); home != "" {
			base = filepath.Join(home, "Library", "Application Support")
		}
	default:
		base = env.Get("XDG_CONFIG_HOME")
		if base == "" || !filepath.IsAbs(base) {
			base = ""
			if home := env.Get("HOME"); home != "" {
				base = filepath.Join(home, ".config")
			}
		}
	}
	if base == "" {
		return "", fmt.Errorf("locating Hookwarden's settings folder: neither %s nor the home folder is set", HookwardenDirEnvVar)
	}
	return filepath.Join(base, "hookwarden"), nil
}
