package geminicli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/hookwarden/hookwarden/internal/testenv"
)

// ErrMissingPrerequisite is wrapped by errors about a program the harness
// needs and cannot find (node, npm, tmux). Tests skip on it, except in CI.
var ErrMissingPrerequisite = errors.New("missing prerequisite")

// KitEnvVar names the environment variable that can point at the
// conformance kit folder (the one holding oracle/setup.sh).
const KitEnvVar = testenv.KitEnvVar

// bundleRel is gemini.js relative to the folder setup.sh prints.
var bundleRel = filepath.Join("node_modules", "@google", "gemini-cli", "bundle", "gemini.js")

// KitDir returns the conformance kit folder (testenv.FindKit).
func KitDir() (string, error) { return testenv.FindKit() }

// Locate installs (if needed) and finds the pinned Gemini CLI: it runs the
// kit's oracle/setup.sh and returns the absolute path of bundle/gemini.js in
// the folder it prints. The first install takes up to a minute; later calls
// return at once. setup.sh runs under a lock shared by every test binary
// (testenv.WithFileLock in testenv.CacheDir), so packages tested at the
// same time install once, and with its installs and npm's cache in that
// private cache rather than the user's ~/.cache and ~/.npm. A missing node
// or npm gives an error wrapping ErrMissingPrerequisite.
func Locate(ctx context.Context) (string, error) {
	for _, prog := range []string{"node", "npm"} {
		if _, err := exec.LookPath(prog); err != nil {
			return "", fmt.Errorf("%w: %s is not installed (Gemini CLI runs on Node >= 20 and is installed with npm)",
				ErrMissingPrerequisite, prog)
		}
	}
	kit, err := KitDir()
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrMissingPrerequisite, err)
	}
	setup := filepath.Join(kit, "oracle", "setup.sh")
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "bash", setup)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = withKitInstall(cmd, os.Environ())
	if err != nil {
		return "", fmt.Errorf("running %s: %w: %s", setup, err, strings.TrimSpace(stderr.String()))
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	dir := strings.TrimSpace(lines[len(lines)-1])
	if dir == "" {
		return "", fmt.Errorf("running %s: it printed no folder", setup)
	}
	bundle := filepath.Join(dir, bundleRel)
	if _, err := os.Stat(bundle); err != nil {
		return "", fmt.Errorf("gemini CLI after %s: %w", setup, err)
	}
	abs, err := filepath.Abs(bundle)
	if err != nil {
		return "", fmt.Errorf("gemini CLI path: %w", err)
	}
	return abs, nil
}

// withKitInstall runs cmd (which may run the kit's setup.sh) with env plus
// the variables that send the kit's installs and npm's cache to the tests'
// private cache, under the install lock every test binary shares.
func withKitInstall(cmd *exec.Cmd, env []string) error {
	cache, err := testenv.CacheDir()
	if err != nil {
		return err
	}
	cmd.Env = append(env, "BASH_ENV=", "npm_config_cache="+filepath.Join(cache, "npm"))
	if v := os.Getenv("HOOKWARDEN_KIT_CACHE"); v != "" {
		cmd.Env = append(cmd.Env, "HOOKWARDEN_KIT_CACHE="+v)
	} else {
		cmd.Env = append(cmd.Env, "HOOKWARDEN_KIT_CACHE="+filepath.Join(cache, "conformance"))
	}
	return testenv.WithFileLock(filepath.Join(cache, "kit-setup.lock"), cmd.Run)
}
