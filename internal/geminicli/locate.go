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
)

// ErrMissingPrerequisite is wrapped by errors about a program the harness
// needs and cannot find (node, npm, tmux). Tests skip on it, except in CI.
var ErrMissingPrerequisite = errors.New("missing prerequisite")

// KitEnvVar names the environment variable that can point at the
// conformance kit folder (the one holding oracle/setup.sh).
const KitEnvVar = "HOOKWARDEN_CONFORMANCE_KIT"

// bundleRel is gemini.js relative to the folder setup.sh prints.
var bundleRel = filepath.Join("node_modules", "@google", "gemini-cli", "bundle", "gemini.js")

// KitDir returns the conformance kit folder: $HOOKWARDEN_CONFORMANCE_KIT if
// set, otherwise ../shared/conformance next to the module root found by
// walking up from the working folder to go.mod.
func KitDir() (string, error) {
	if dir := os.Getenv(KitEnvVar); dir != "" {
		return checkKit(dir)
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("finding the conformance kit: %w", err)
	}
	for dir := wd; ; {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return checkKit(filepath.Join(filepath.Dir(dir), "shared", "conformance"))
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("finding the conformance kit: no go.mod above %s (set %s)", wd, KitEnvVar)
		}
		dir = parent
	}
}

func checkKit(dir string) (string, error) {
	setup := filepath.Join(dir, "oracle", "setup.sh")
	if _, err := os.Stat(setup); err != nil {
		return "", fmt.Errorf("conformance kit at %s: %w (set %s)", dir, err, KitEnvVar)
	}
	return dir, nil
}

// Locate installs (if needed) and finds the pinned Gemini CLI: it runs the
// kit's oracle/setup.sh and returns the absolute path of bundle/gemini.js in
// the folder it prints. The first install takes up to a minute; later calls
// return at once. A missing node or npm gives an error wrapping
// ErrMissingPrerequisite.
func Locate(ctx context.Context) (string, error) {
	for _, prog := range []string{"node", "npm"} {
		if _, err := exec.LookPath(prog); err != nil {
			return "", fmt.Errorf("%w: %s is not installed (Gemini CLI runs on Node >= 20 and is installed with npm)",
				ErrMissingPrerequisite, prog)
		}
	}
	kit, err := KitDir()
	if err != nil {
		return "", err
	}
	setup := filepath.Join(kit, "oracle", "setup.sh")
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "bash", setup)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
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
