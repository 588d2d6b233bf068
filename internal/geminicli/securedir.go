package geminicli

import (
	"fmt"
	"os"
)

// SecureTempDir creates a temporary folder that Gemini CLI 0.61 accepts for
// system settings files, and returns it with secure=true. Gemini skips a
// system settings or system-defaults file ("Security Warning: Skipping
// system settings file …") unless the file and every folder above it are
// owned by root (uid 0) and not writable by group or others; /tmp never
// qualifies (mode 1777). That is only possible when the tests run as root:
// the folder is then made under the first candidate base (the user cache
// folder, the home folder) whose whole chain qualifies. Otherwise it falls
// back to fallback (secure=false), where the CLI will skip system files —
// which a comparison with Hookwarden must then show too. The caller removes
// the folder.
func SecureTempDir(fallback string) (dir string, secure bool, err error) {
	if os.Geteuid() == 0 {
		var bases []string
		if d, err := os.UserCacheDir(); err == nil {
			bases = append(bases, d)
		}
		if d, err := os.UserHomeDir(); err == nil {
			bases = append(bases, d)
		}
		for _, base := range bases {
			if !rootOwnedChain(base) {
				continue
			}
			dir, err := os.MkdirTemp(base, "hookwarden-geminicli-")
			if err != nil {
				continue
			}
			if err := os.Chmod(dir, 0o755); err != nil {
				os.RemoveAll(dir)
				continue
			}
			return dir, true, nil
		}
	}
	if err := os.MkdirAll(fallback, 0o755); err != nil {
		return "", false, fmt.Errorf("creating %s: %w", fallback, err)
	}
	return fallback, false, nil
}
