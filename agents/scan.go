package agents

import (
	"os"
	"path/filepath"
	"slices"
)

// Scanner is an Agent that recognises its hook files by their path alone,
// for `hookwarden scan` of folders that are not opened as projects
// (optional). The registry's order decides between two agents that both
// claim a file: the first has it.
type Scanner interface {
	// HookFile says whether the file at path is one of the agent's hook
	// files, and which.
	HookFile(path string) (ScanFile, bool)
}

// ScanFile is a hook file as a Scanner recognises it.
type ScanFile struct {
	// Kind is what the file is ("settings", "extension", "plugin").
	Kind string
	// Root is the project, extension or plugin folder the file belongs to.
	Root string
	// RootVars are the placeholders the agent fills in with Root in a
	// hook's command and arguments ("${extensionPath}").
	RootVars []string
}

// ScanRule is a place an agent keeps hook files at: a file named one of
// Names in a folder named Folder, whose parent is the Root (the project,
// extension or plugin folder) — when Marker is set, only if Root holds a
// file of that name.
type ScanRule struct {
	Folder   string
	Names    []string
	Marker   string
	Kind     string
	RootVars []string
}

// MatchScanRules is the file at p as the first of rules that fits it.
func MatchScanRules(p string, rules ...ScanRule) (ScanFile, bool) {
	name, dir := filepath.Base(p), filepath.Dir(p)
	root := filepath.Dir(dir)
	for _, r := range rules {
		if filepath.Base(dir) != r.Folder || !slices.Contains(r.Names, name) {
			continue
		}
		if r.Marker != "" {
			if _, err := os.Stat(filepath.Join(root, r.Marker)); err != nil {
				continue
			}
		}
		return ScanFile{Kind: r.Kind, Root: root, RootVars: r.RootVars}, true
	}
	return ScanFile{}, false
}
