package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/agents/gemini"
	"github.com/hookwarden/hookwarden/agents/migrate"
	"github.com/hookwarden/hookwarden/internal/safetext"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// runClaudeMigrate previews the move of the project's Claude Code hooks to
// Gemini CLI's workspace settings and, with --write, applies it.
func runClaudeMigrate(ctx context.Context, io *IO, args []string) error {
	fs := newFlags("migrate")
	dir := io.projectFlag(fs)
	write := fs.Bool("write", false, "write .gemini/settings.json (default: only show the diff)")
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	p := io.loadClaudeProject(*dir)
	paths := gemini.ResolvePaths(p.snap.ProjectDir, io.Env, io.GOOS, io.home())
	target := paths.Workspace
	if target == "" {
		return fmt.Errorf("the project folder is the home folder: Gemini CLI has no workspace settings there")
	}
	current, exists, err := readTarget(target)
	if err != nil {
		return err
	}
	m, err := migrate.PlanMigration(p.reg, target, current, exists)
	if err != nil {
		return err
	}
	printMigration(io, m)
	if !m.Changed() {
		printf(io.Stdout, "\n%s already holds every hook that can be migrated; nothing to write.\n", target)
		return nil
	}
	if !*write {
		printf(io.Stdout, "\nNothing written. Run again with --write to update %s.\n", target)
		return nil
	}
	err = settingsio.UpdateFileAtomic(target, 0o644, func(cur []byte, exists bool) ([]byte, error) {
		again, err := migrate.PlanMigration(p.reg, target, cur, exists)
		if err != nil {
			return nil, err
		}
		return again.After, nil
	})
	if err != nil {
		return err
	}
	printf(io.Stdout, "\nWrote %s.\n", target)
	return nil
}

func readTarget(path string) ([]byte, bool, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("reading %s: %w", path, err)
	}
	return data, true, nil
}

// printMigration lists what happens to each handler, then the diff.
func printMigration(io *IO, m *migrate.Migration) {
	if len(m.Items) == 0 {
		fmt.Fprintln(io.Stdout, "The project has no Claude Code hooks in .claude/settings.json or .claude/settings.local.json.")
		return
	}
	fmt.Fprintln(io.Stdout, "Claude Code hooks of the project")
	for _, it := range m.Items {
		h := it.Hook
		where := fmt.Sprintf("%s:%d", shortPath(h.Origin.File), h.Origin.Line)
		if it.Skipped != "" {
			printf(io.Stdout, "  skip     %s [%s] %s (%s): %s\n", h.Event, h.Type, claude.Label(h), where, it.Skipped)
			continue
		}
		printf(io.Stdout, "  migrate  %s → %s [%s] %s (%s)\n", h.Event, it.To, h.Type, claude.Label(h), where)
		for _, n := range it.Notes {
			printf(io.Stdout, "           note: %s\n", n)
		}
	}
	if m.Changed() {
		state := "new file"
		if m.Exists {
			state = "changes"
		}
		printf(io.Stdout, "\n%s (%s)\n%s", m.Target, state, shown(safetext.Text(trust.RenderLineDiff(trust.LineDiff(string(m.Before), string(m.After))))))
	}
}
