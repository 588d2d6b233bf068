package geminicli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// DefaultTimeout is the hard cap of one run when Options.Timeout is zero.
const DefaultTimeout = 120 * time.Second

// Options describe one run of the CLI.
type Options struct {
	// Bundle is the path of gemini.js (from Locate).
	Bundle string
	// ProjectDir is the folder the CLI runs in (its cwd, the workspace).
	ProjectDir string
	// HomeDir is the folder holding .gemini; both GEMINI_CLI_HOME and HOME
	// point at it (only HOME with NoCLIHome).
	HomeDir string
	// NoCLIHome leaves GEMINI_CLI_HOME unset, as on most users' machines,
	// so that a .env file can set it.
	NoCLIHome bool
	// SystemSettings and SystemDefaults become GEMINI_CLI_SYSTEM_SETTINGS_PATH
	// and GEMINI_CLI_SYSTEM_DEFAULTS_PATH. Empty means a path inside HomeDir
	// that does not exist, so the machine's /etc/gemini-cli never leaks in.
	// Note that Gemini skips system files that are not owned by root or sit
	// below a folder writable by group or others (see SecureTempDir).
	SystemSettings string
	SystemDefaults string
	// FakeResponses is the path of a JSON Lines file (WriteFakeResponses),
	// read in non-strict mode (answers are taken by method, in order).
	FakeResponses string
	// Prompt is passed with -p (headless) or -i (interactive).
	Prompt string
	// Interactive drives the terminal UI in tmux instead of -p.
	Interactive bool
	// Interact drives an interactive run once the UI has started. Nil
	// means WaitThenQuit(DoneText).
	Interact func(ctx context.Context, s *Session) error
	// DoneText is text whose appearance on screen marks the end of the
	// conversation (e.g. the fake model's final answer), for the default
	// Interact.
	DoneText string
	// Args are extra CLI arguments (e.g. "--approval-mode", "yolo").
	Args []string
	// Env holds extra environment entries ("KEY=value"), applied last.
	Env []string
	// Timeout is the hard cap of the run (DefaultTimeout when zero).
	Timeout time.Duration
}

// Result is what one run produced.
type Result struct {
	// ExitCode is the CLI's exit status (-1 when it was killed).
	ExitCode int
	// Stdout and Stderr of a headless run.
	Stdout, Stderr string
	// Screen is the last text seen in the terminal of an interactive run.
	Screen string
	// TimedOut is true when the hard cap was reached.
	TimedOut bool
	// Duration is the wall time of the run.
	Duration time.Duration
}

func (o Options) validate() error {
	var missing []string
	if o.Bundle == "" {
		missing = append(missing, "Bundle")
	}
	if o.ProjectDir == "" {
		missing = append(missing, "ProjectDir")
	}
	if o.HomeDir == "" {
		missing = append(missing, "HomeDir")
	}
	if o.Prompt == "" {
		missing = append(missing, "Prompt")
	}
	if len(missing) > 0 {
		return fmt.Errorf("geminicli options: %v not set", missing)
	}
	for _, p := range []string{o.ProjectDir, o.HomeDir} {
		if !filepath.IsAbs(p) {
			return fmt.Errorf("geminicli options: %s is not absolute", p)
		}
		if fi, err := os.Stat(p); err != nil {
			return fmt.Errorf("geminicli options: %w", err)
		} else if !fi.IsDir() {
			return fmt.Errorf("geminicli options: %s is not a folder", p)
		}
	}
	if o.Interactive && o.Interact == nil && o.DoneText == "" {
		return errors.New("geminicli options: an interactive run needs Interact or DoneText")
	}
	return nil
}

func (o Options) timeout() time.Duration {
	if o.Timeout > 0 {
		return o.Timeout
	}
	return DefaultTimeout
}

func (o Options) systemSettingsPath() string {
	if o.SystemSettings != "" {
		return o.SystemSettings
	}
	return filepath.Join(o.HomeDir, "no-system", "settings.json")
}

func (o Options) systemDefaultsPath() string {
	if o.SystemDefaults != "" {
		return o.SystemDefaults
	}
	return filepath.Join(o.HomeDir, "no-system", "system-defaults.json")
}

// Environ is the whole environment the CLI runs with, in os.Environ form.
// It is built from scratch (PATH is the only variable taken from the test
// process), so hand the same value to gemini.Load to compute what the
// CLI sees.
func (o Options) Environ() []string {
	env := []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + o.HomeDir,
	}
	if !o.NoCLIHome {
		env = append(env, "GEMINI_CLI_HOME="+o.HomeDir)
	}
	env = append(env,
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH="+o.systemSettingsPath(),
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH="+o.systemDefaultsPath(),
		"GEMINI_API_KEY=dummy-offline-key",
		"GEMINI_CLI_NO_RELAUNCH=true",
		"TMPDIR="+filepath.Join(o.HomeDir, ".tmp"),
		"LANG=C.UTF-8",
	)
	if o.Interactive {
		env = append(env, "TERM=xterm-256color", "COLORTERM=truecolor")
	} else {
		env = append(env, "NO_COLOR=1", "TERM=dumb")
	}
	return append(env, o.Env...)
}

// BaseUserSettings is the minimum user settings for an offline run: an auth
// type (no auth dialog), no banner, no update check, no usage statistics.
// Add hooks to it and write it to <home>/.gemini/settings.json.
func BaseUserSettings() map[string]any {
	return map[string]any{
		"security": map[string]any{"auth": map[string]any{"selectedType": "gemini-api-key"}},
		"ui":       map[string]any{"hideBanner": true},
		"general":  map[string]any{"enableAutoUpdate": false, "enableAutoUpdateNotification": false},
		"privacy":  map[string]any{"usageStatisticsEnabled": false},
	}
}
