package cli

import (
	"context"
	"fmt"

	"github.com/hookwarden/hookwarden/agents/gemini"
)

// runUntrust revokes approvals: keys leave trusted_hooks.json (Gemini CLI
// warns about those hooks again) and Hookwarden's store.
func runUntrust(ctx context.Context, io *IO, args []string) error {
	fs := newFlags("untrust")
	dir := io.projectFlag(fs)
	all := fs.Bool("all", false, "revoke every trusted key of the project")
	gone := fs.Bool("gone", false, "revoke the trusted keys that match no hook any more")
	selectors, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if !*all && !*gone && len(selectors) == 0 {
		return usagef("name the hooks to revoke (NAME or KEY), or pass --all or --gone")
	}
	if *all && (len(selectors) > 0 || *gone) {
		return usagef("--all takes no hook names")
	}
	snap, opts, err := io.trustContext(*dir)
	if err != nil {
		return err
	}
	trusted, err := gemini.TrustedKeys(snap, opts)
	if err != nil {
		return err
	}
	var keys []string
	switch {
	case *all:
		keys = trusted
	default:
		hooks, _ := gemini.ProjectHooks(snap)
		picked, unknown := gemini.Select(hooks, selectors)
		for _, h := range picked {
			keys = appendUnique(keys, h.Key)
		}
		// Selectors may also be raw trusted keys of hooks that are gone.
		var stillUnknown []string
		for _, sel := range unknown {
			if containsString(trusted, sel) {
				keys = appendUnique(keys, sel)
			} else {
				stillUnknown = append(stillUnknown, sel)
			}
		}
		if len(stillUnknown) > 0 {
			return fmt.Errorf("neither a workspace hook nor a trusted key of %s: %s; nothing was revoked",
				snap.ProjectDir, quoteList(stillUnknown))
		}
		if *gone {
			report, err := gemini.Audit(snap, opts)
			if err != nil {
				return err
			}
			for _, k := range report.Gone {
				keys = appendUnique(keys, k)
			}
		}
	}
	var revoked []string
	for _, k := range keys {
		if containsString(trusted, k) {
			revoked = append(revoked, k)
		}
	}
	if err := gemini.Revoke(snap, opts, keys); err != nil {
		return err
	}
	printf(io.Stdout, "revoked %d key(s) for %s in %s\n", len(revoked), snap.ProjectDir, snap.Paths.TrustedHooks)
	for _, k := range revoked {
		printf(io.Stdout, "  - %s\n", k)
	}
	return nil
}

func appendUnique(list []string, s string) []string {
	if containsString(list, s) {
		return list
	}
	return append(list, s)
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
