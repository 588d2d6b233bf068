package cli

import (
	"context"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/migrate"
	"github.com/hookwarden/hookwarden/internal/safetext"
	"github.com/hookwarden/hookwarden/trust"
)

// runMigrate previews the move of the project's hooks to Gemini CLI's
// workspace settings and, with --write, applies it (agents/migrate: Claude
// Code's hooks; another agent answers that it has no migration).
func runMigrate(ctx context.Context, io *IO, agent agents.Agent, args []string) error {
	fs := newFlags("migrate")
	dir := io.projectFlag(fs)
	write := fs.Bool("write", false, "write the target agent's workspace settings (default: only show the diff)")
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	p, err := io.open(ctx, agent, *dir)
	if err != nil {
		return err
	}
	m, err := migrate.Preview(p, io.agentEnv())
	if err != nil {
		return err
	}
	for _, l := range m.Lines(agents.ShortPath) {
		printf(io.Stdout, "%s\n", l)
	}
	if !m.Changed() {
		printf(io.Stdout, "\n%s already holds every hook that can be migrated; nothing to write.\n", m.Target)
		return nil
	}
	state := "new file"
	if m.Exists {
		state = "changes"
	}
	printf(io.Stdout, "\n%s (%s)\n%s", m.Target, state, shown(safetext.Text(trust.RenderLineDiff(trust.LineDiff(string(m.Before), string(m.After))))))
	if !*write {
		printf(io.Stdout, "\nNothing written. Run again with --write to update %s.\n", m.Target)
		return nil
	}
	if err := migrate.Write(p, m); err != nil {
		return err
	}
	printf(io.Stdout, "\nWrote %s.\n", m.Target)
	return nil
}
