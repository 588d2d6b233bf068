package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/agents/gemini"
)

// runTrust approves project hooks: their keys go into Gemini CLI's
// trusted_hooks.json and their script fingerprints into Hookwarden's store.
func runTrust(ctx context.Context, io *IO, args []string) error {
	fs := newFlags("trust")
	dir := io.projectFlag(fs)
	all := fs.Bool("all", false, "approve every workspace hook")
	repair := fs.Bool("repair", false, "back up an unreadable trusted_hooks.json and rewrite what can be salvaged")
	selectors, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if !*all && !*repair && len(selectors) == 0 {
		return usagef("name the hooks to trust (NAME or KEY), or pass --all")
	}
	if *all && len(selectors) > 0 {
		return usagef("--all takes no hook names")
	}
	snap, opts, err := io.trustContext(*dir)
	if err != nil {
		return err
	}
	if *repair {
		path := snap.Paths.TrustedHooks
		res, err := gemini.RepairTrustedHooks(path, time.Now())
		if err != nil {
			return err
		}
		if res.Backup == "" {
			printf(io.Stdout, "%s is fine; nothing to repair\n", path)
		} else {
			printf(io.Stdout, "backed up %s to %s and rewrote it with %d project entries salvaged\n", path, res.Backup, res.Salvaged)
		}
		if !*all && len(selectors) == 0 {
			return nil
		}
	}
	hooks, _ := gemini.ProjectHooks(snap)
	picked := hooks
	if !*all {
		var unknown []string
		picked, unknown = gemini.Select(hooks, selectors)
		if len(unknown) > 0 {
			return fmt.Errorf("no workspace hook of %s is named or keyed %s; nothing was trusted (see 'hookwarden audit')",
				snap.ProjectDir, quoteList(unknown))
		}
	}
	if len(picked) == 0 {
		printf(io.Stdout, "%s has no workspace hooks; nothing to trust\n", snap.ProjectDir)
		return nil
	}
	res, err := gemini.Approve(snap, opts, picked, time.Now())
	if err != nil && errors.Is(err, gemini.ErrUnusableFile) {
		return fmt.Errorf("%w (run 'hookwarden trust --repair' to back the file up and start over)", err)
	}
	if res != nil && len(res.Approved) > 0 {
		printf(io.Stdout, "approved %d hook key(s) for %s (%d new in %s)\n",
			len(res.Approved), snap.ProjectDir, len(res.Added), snap.Paths.TrustedHooks)
		for _, k := range res.Added {
			printf(io.Stdout, "  + %s\n", k)
			if w := hiddenWarning(k); w != "" {
				printf(io.Stdout, "    WARNING %s\n", w)
			}
		}
	}
	return err
}

func quoteList(list []string) string {
	q := make([]string, len(list))
	for i, s := range list {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}
