package gemini

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// Timing of the lock Gemini CLI takes on trustedFolders.json
// (proper-lockfile: a "<file>.lock" folder, stale after 10 s).
const (
	lockStaleAfter = 10 * time.Second
	lockRetryEvery = 100 * time.Millisecond
	lockGiveUp     = 5 * time.Second
)

// lockLikeGemini takes the lock proper-lockfile takes for Gemini CLI's
// trustedFolders.json writes: it creates the folder <realpath(file)>.lock
// (mkdir is atomic), treating one older than 10 s as stale, and returns
// the release function. file must exist (as with proper-lockfile).
func lockLikeGemini(ctx context.Context, file string) (func(), error) {
	real, err := filepath.EvalSymlinks(file)
	if err != nil {
		return nil, fmt.Errorf("locking %s: %w", file, err)
	}
	lock := real + ".lock"
	deadline := time.Now().Add(lockGiveUp)
	for {
		err := os.Mkdir(lock, 0o777)
		if err == nil {
			return func() { os.Remove(lock) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("locking %s: %w", file, err)
		}
		if fi, statErr := os.Stat(lock); statErr == nil && time.Since(fi.ModTime()) > lockStaleAfter {
			os.Remove(lock) // stale: its owner died
			continue
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("locking %s: %s is held by another program (Gemini CLI?); try again", file, lock)
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("locking %s: %w", file, ctx.Err())
		case <-time.After(lockRetryEvery):
		}
	}
}
