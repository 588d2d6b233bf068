package cli

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/settingsio"
)

// runClaudeDisable moves a handler out of its settings file into
// Hookwarden's store (Claude Code has no per-hook switch).
func runClaudeDisable(ctx context.Context, io *IO, args []string) error {
	fs := newFlags("disable")
	dir := io.projectFlag(fs)
	force := fs.Bool("force-workspace", false, "edit a project settings file even when git tracks it")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) == 0 {
		return usagef("name the handler: its command (with args), URL, id or fingerprint")
	}
	p := io.loadClaudeProject(*dir)
	hs, missing := selectClaude(p.reg.Hooks, rest)
	if len(missing) > 0 {
		return usagef("no Claude Code handler %q", strings.Join(missing, `", "`))
	}
	if !*force {
		for _, h := range hs {
			tracked, err := settingsio.GitTracked(ctx, h.Origin.File, io.Env)
			if err != nil {
				printf(io.Stderr, "note: %v\n", err)
			}
			if tracked {
				return &ExitError{Code: ExitFailure, Msg: fmt.Sprintf("%s is tracked by git: disabling %s moves it out of a file you share with the repository "+
					"(it shows in git status, and the next git pull that touches it stops on the local change). "+
					"Use --force-workspace to edit it anyway ('hookwarden enable --agent claude' puts it back byte for byte).", h.Origin.File, claude.Label(h))}
			}
		}
	}
	store, err := io.claudeStore()
	if err != nil {
		return err
	}
	// one file edit at a time, last place first, so that earlier places
	// stay valid
	for i := len(hs) - 1; i >= 0; i-- {
		h := hs[i]
		if i < len(hs)-1 {
			p = io.loadClaudeProject(*dir)
			h = p.reg.Hook(h.ID)
			if h == nil {
				return fmt.Errorf("%s moved while disabling; run the command again", hs[i].ID)
			}
		}
		rec, err := claude.Disable(h, p.snap.ProjectDir, store, time.Now())
		if err != nil {
			return err
		}
		printf(io.Stdout, "disabled %s: moved out of %s (%s) into %s\n  enable with: hookwarden enable --agent claude %s\n", rec.Label, rec.File, rec.Removed.Place, store.Path(), rec.ID)
	}
	return nil
}

// runClaudeEnable puts disabled handlers back; without arguments it lists
// them.
func runClaudeEnable(ctx context.Context, io *IO, args []string) error {
	fs := newFlags("enable")
	dir := io.projectFlag(fs)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	p := io.loadClaudeProject(*dir)
	store, err := io.claudeStore()
	if err != nil {
		return err
	}
	data, err := store.Load()
	if err != nil {
		return err
	}
	var files []string
	for _, f := range p.snap.Layers {
		files = append(files, f.Path)
	}
	disabled := claude.DisabledIn(data, files...)
	if len(rest) == 0 {
		if len(disabled) == 0 {
			fmt.Fprintln(io.Stdout, "no disabled Claude Code handlers for this project")
		}
		for _, d := range disabled {
			printf(io.Stdout, "%s  %s %s  %s (%s)\n", d.ID, d.Removed.Place.Event, matcherLabel(d.Removed.Matcher), d.Label, d.File)
		}
		return nil
	}
	// latest disabled first: reverse order restores files byte for byte
	var ids []string
	for _, sel := range rest {
		found := false
		for i := len(disabled) - 1; i >= 0; i-- {
			d := disabled[i]
			if d.ID == sel || d.Label == sel {
				ids, found = append(ids, d.ID), true
			}
		}
		if !found {
			return usagef("no disabled Claude Code handler %q (run 'hookwarden enable --agent claude' for the list)", sel)
		}
	}
	for _, id := range ids {
		res, err := claude.Enable(id, store)
		if err != nil {
			return err
		}
		how := "put back where it was (the file is as before)"
		switch {
		case res.AlreadyThere:
			how = "it was already in the file"
		case !res.Exact:
			how = "put back at " + res.Record.Removed.Place.String() + " (the file changed since, so as near its old place as possible)"
		}
		printf(io.Stdout, "enabled %s in %s: %s\n", res.Record.Label, res.Record.File, how)
	}
	return nil
}
