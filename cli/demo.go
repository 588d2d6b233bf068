package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/agents"

	"github.com/hookwarden/hookwarden/assets"
)

// runDemo copies the built-in demo project into a folder and prints the
// shell lines that point Gemini CLI and Hookwarden at it, so every command
// can be tried on it: eval "$(hookwarden demo)".
func runDemo(ctx context.Context, io *IO, args []string) error {
	fs := newFlags("demo")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 1 {
		return usagef("unexpected argument %q", rest[1])
	}
	var dir string
	if len(rest) == 1 {
		dir = io.projectDir(rest[0])
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("demo folder: %w", err)
		}
		if entries, err := os.ReadDir(dir); err != nil {
			return fmt.Errorf("demo folder: %w", err)
		} else if len(entries) > 0 {
			return fmt.Errorf("demo folder %s is not empty", dir)
		}
	} else if dir, err = os.MkdirTemp("", "hookwarden-demo-"); err != nil {
		return fmt.Errorf("demo folder: %w", err)
	}
	d, err := assets.MaterializeDemo(dir)
	if err != nil {
		return err
	}
	if err := agents.ApproveDemo(ctx, io.Agents, &d, io.GOOS, time.Now()); err != nil {
		return err
	}
	printf(io.Stdout, "# Hookwarden's demo project, with its own home and system settings, in %s\n", d.Root)
	fmt.Fprintln(io.Stdout, "# (your own agents' files are not read or changed); remove the folder when done.")
	for _, kv := range d.Env {
		k, v, _ := strings.Cut(kv, "=")
		printf(io.Stdout, "export %s=%s\n", k, shellQuote(v))
	}
	for _, kv := range io.Env {
		if k, _, _ := strings.Cut(kv, "="); d.Clears(k) && !d.Env.Has(k) {
			printf(io.Stdout, "unset %s\n", k)
		}
	}
	printf(io.Stdout, "cd %s\n", shellQuote(filepath.Clean(d.ProjectDir)))
	return nil
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+=:,@") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
