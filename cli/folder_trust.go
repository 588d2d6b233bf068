package cli

import (
	"context"
	"fmt"

	"github.com/hookwarden/hookwarden/agents/gemini"
)

// runFolderTrust shows Gemini CLI's folder-trust decision for the project,
// or records one in trustedFolders.json as Gemini's trust dialog does.
func runFolderTrust(ctx context.Context, io *IO, args []string) error {
	fs := newFlags("folder-trust")
	dir := io.projectFlag(fs)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 1 {
		return usagef("one decision at most (trust, parent or deny)")
	}
	snap := io.loadProject(*dir).snap
	if len(rest) == 0 {
		return writeFolderTrust(io, snap)
	}
	levels := map[string]gemini.TrustLevel{"trust": gemini.TrustFolder, "parent": gemini.TrustParent, "deny": gemini.DoNotTrust}
	level, ok := levels[rest[0]]
	if !ok {
		return usagef("unknown decision %q (want trust, parent or deny)", rest[0])
	}
	file := snap.Paths.TrustedFolders
	if err := gemini.SetFolderTrust(ctx, file, snap.ProjectDir, level, io.GOOS); err != nil {
		return err
	}
	printf(io.Stdout, "recorded %s for %s in %s\n", level, gemini.FolderKey(snap.ProjectDir, io.GOOS), file)
	return writeFolderTrust(io, io.loadProject(*dir).snap)
}

func writeFolderTrust(io *IO, snap *gemini.Snapshot) error {
	ft := snap.FolderTrust
	printf(io.Stdout, "project       %s\n", snap.ProjectDir)
	printf(io.Stdout, "folder trust  %s\n", ft.State)
	rule := ft.Rule
	if rule == "" {
		rule = "(no rule matches)"
	}
	if ft.Level != "" {
		rule += " " + ft.Level
	}
	printf(io.Stdout, "rule          %s\n", rule)
	if ft.Reason != "" {
		printf(io.Stdout, "why           %s\n", ft.Reason)
	}
	printf(io.Stdout, "file          %s\n", ft.File)
	if ft.Err != nil {
		return fmt.Errorf("%v (Gemini CLI refuses to start with this file)", ft.Err)
	}
	return nil
}
