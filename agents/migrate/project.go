package migrate

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/agents/gemini"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Preview plans the migration of a project's Claude Code hooks into
// Gemini CLI's workspace settings of the same folder, from the file as it
// is now. It is Unsupported for a project of another agent.
func Preview(p agents.Project, env agents.Env) (*Migration, error) {
	if err := source(p); err != nil {
		return nil, err
	}
	target := gemini.WorkspaceSettings(p.Dir(), env)
	if target == "" {
		return nil, fmt.Errorf("the project folder is the home folder: Gemini CLI has no workspace settings there")
	}
	current, exists, err := readTarget(target)
	if err != nil {
		return nil, err
	}
	return PlanMigration(p, target, current, exists)
}

// Write applies m, planned again on the target as it is right before the
// write (atomic; never on a file that does not parse).
func Write(p agents.Project, m *Migration) error {
	if err := source(p); err != nil {
		return err
	}
	return settingsio.UpdateFileAtomic(m.Target, 0o644, func(cur []byte, exists bool) ([]byte, error) {
		again, err := PlanMigration(p, m.Target, cur, exists)
		if err != nil {
			return nil, err
		}
		return again.After, nil
	})
}

// source checks that p is a Claude Code project, the only one migrate
// reads.
func source(p agents.Project) error {
	if p.Agent().Name != string(claude.Name) {
		return agents.NotSupported("migrate", "migrate moves a project's Claude Code hooks to Gemini CLI (--agent claude); "+
			p.Agent().Title+" has no migration")
	}
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

// Lines say what happens to each handler, for the command line: a
// heading, then a line per handler (its file named by short), with notes.
func (m *Migration) Lines(short func(path string) string) []string {
	if len(m.Items) == 0 {
		return []string{"The project has no Claude Code hooks in .claude/settings.json or .claude/settings.local.json."}
	}
	out := []string{"Claude Code hooks of the project"}
	for _, it := range m.Items {
		h := it.Hook
		where := fmt.Sprintf("%s:%d", short(h.Origin.File), h.Origin.Line)
		if it.Skipped != "" {
			out = append(out, fmt.Sprintf("  skip     %s [%s] %s (%s): %s", h.Event, h.Type, claude.Label(h), where, it.Skipped))
			continue
		}
		out = append(out, fmt.Sprintf("  migrate  %s → %s [%s] %s (%s)", h.Event, it.To, h.Type, claude.Label(h), where))
		for _, n := range it.Notes {
			out = append(out, "           note: "+n)
		}
	}
	return out
}
