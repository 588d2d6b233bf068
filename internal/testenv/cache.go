package testenv

import (
	"fmt"
	"os"
	"path/filepath"
)

// CacheEnvVar moves the tests' private cache.
const CacheEnvVar = "HOOKWARDEN_TEST_CACHE"

// CacheDir is a cache that outlives one test run but is not the user's
// ~/.cache: $HOOKWARDEN_TEST_CACHE, else <temp>/hookwarden-test-cache-<uid>
// (mode 0700, refused when another user owns it). Installs made for tests
// (the conformance kit's npm packages when the kit is read-only, npm's
// own cache) go there.
func CacheDir() (string, error) {
	dir := os.Getenv(CacheEnvVar)
	if dir == "" {
		dir = filepath.Join(os.TempDir(), fmt.Sprintf("hookwarden-test-cache-%d", os.Getuid()))
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("test cache: %w", err)
	}
	if err := checkOwner(dir); err != nil {
		return "", fmt.Errorf("test cache %s: %w (set %s)", dir, err, CacheEnvVar)
	}
	return dir, nil
}

// WithFileLock runs fn while holding an exclusive lock on the file path
// (created if needed), so that test binaries of several packages, which
// `go test ./...` runs at the same time, do one install after another
// instead of several `npm ci` in one folder. The lock goes with the
// process, also when it dies.
func WithFileLock(path string, fn func() error) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return fmt.Errorf("opening lock %s: %w", path, err)
	}
	defer f.Close()
	if err := lockFile(f); err != nil {
		return fmt.Errorf("locking %s: %w", path, err)
	}
	defer unlockFile(f)
	return fn()
}
