package ui

import (
	"errors"
	"fmt"
	"time"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/hooks"
)

// onClaudeToggled switches a Claude Code handler the only way Claude Code
// allows: off moves it out of its settings file into Hookwarden's store
// (claude.Disable), on puts it back (claude.Enable). The view
// reloads afterwards; the handler stays listed either way.
func (m *mainWindow) onClaudeToggled(h *hooks.Hook, enabled bool) {
	p := m.current
	if p == nil || p.Claude == nil {
		return
	}
	c := p.Claude
	m.writeSettings(func() (string, error) {
		if c.Store.Dir == "" {
			return "", errors.Join(errors.New("Hookwarden's store cannot be located"), c.StoreErr)
		}
		if enabled {
			id, ok := claude.DisabledID(h)
			if !ok {
				return hookTitle(h) + " is in its file already.", nil
			}
			res, err := claude.Enable(id, c.Store)
			if err != nil {
				return "", err
			}
			how := "put back where it was; the file is as it was before"
			switch {
			case res.AlreadyThere:
				how = "it was in the file already"
			case !res.Exact:
				how = "put back at " + res.Record.Removed.Place.String() + ", as near its old place as the file now allows"
			}
			return fmt.Sprintf("Enabled %s in %s: %s.", res.Record.Label, res.Record.File, how), nil
		}
		rec, err := claude.Disable(h, c.Snapshot.ProjectDir, c.Store, time.Now())
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("Disabled %s: moved out of %s (%s) into %s. Switch it on to put it back.",
			rec.Label, rec.File, rec.Removed.Place, c.Store.Path()), nil
	})
}
