package claude

import (
	"os"
	"path/filepath"
	"runtime"

	"github.com/hookwarden/hookwarden/settingsio"
)

// watchPaths lists what a Claude Code snapshot was computed
// from, in the form WatchPaths takes (folders end with a path separator):
// the user, project and local settings files, managed-settings.json and its
// managed-settings.d folder (a drop-in may appear) with each drop-in,
// ~/.claude.json (the folder trust flag), the plugins folder with
// installed_plugins.json, and for each plugin its folder, its hooks folder,
// plugin.json and every hook file it names.
func watchPaths(s *project) []string {
	var w settingsio.WatchList
	w.Layers(s.Settings)
	w.File(s.Paths.User)
	w.File(s.Paths.Project)
	w.File(s.Paths.Local)
	if s.Paths.StartLocal != "" {
		w.File(s.Paths.StartLocal)
	}
	w.File(s.Paths.ManagedFile)
	w.Dir(s.Paths.ManagedDropIns)
	w.File(s.Paths.GlobalConfig)
	if s.MCP != nil {
		w.File(s.MCP.Path)
		w.Dir(filepath.Join(s.ProjectDir, ".claude", "skills"))
		w.Dir(filepath.Join(s.ProjectDir, ".claude", "agents"))
	}
	if s.MCP != nil {
		for _, d := range skillFolders(s.ProjectDir, s.RepoRoot, s.Paths.Home, runtime.GOOS) {
			for _, sub := range []string{"skills", "agents", "commands"} {
				w.Dir(filepath.Join(d, ".claude", sub))
			}
		}
	}
	for _, f := range s.MCPParents {
		w.File(f.Path)
	}
	for _, f := range s.Skills {
		w.Dir(filepath.Dir(f.Path))
		w.File(f.Path)
	}
	// A skill may appear in a folder below the start folder during the
	// session (Claude Code loads it once the session touches that
	// folder): each such folder's .claude/skills is watched, and in every
	// skills folder the SKILL.md of each skill folder, present or not, so
	// that one written after its folder is seen.
	skillDirs := []string{}
	if s.MCP != nil {
		for _, d := range skillFolders(s.ProjectDir, s.RepoRoot, s.Paths.Home, runtime.GOOS) {
			skillDirs = append(skillDirs, filepath.Join(d, ".claude", "skills"))
		}
	}
	for _, d := range s.NestedFolders {
		dir := filepath.Join(s.ProjectDir, filepath.FromSlash(d), ".claude", "skills")
		w.Dir(dir)
		skillDirs = append(skillDirs, dir)
		// A folder made in it during the session (a checkout, a mkdir)
		// is reported at once, before the next review lists it.
		w.Subfolders(filepath.Join(s.ProjectDir, filepath.FromSlash(d)))
	}
	if s.MCP != nil {
		w.Subfolders(s.ProjectDir)
	}
	for _, d := range skillDirs {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			w.File(filepath.Join(d, e.Name(), "SKILL.md"))
		}
	}
	if s.Paths.Plugins != "" {
		w.Dir(s.Paths.Plugins)
		w.File(filepath.Join(s.Paths.Plugins, "installed_plugins.json"))
	}
	for _, p := range s.Plugins {
		if p.Root == "" {
			continue
		}
		w.Dir(p.Root)
		w.Dir(filepath.Join(p.Root, "hooks"))
		w.File(filepath.Join(p.Root, "hooks", "hooks.json"))
		w.File(filepath.Join(p.Root, ".claude-plugin", "plugin.json"))
		w.File(filepath.Join(p.Root, mcpFileName))
		w.File(filepath.Join(p.Root, ".lsp.json"))
		w.File(filepath.Join(p.Root, "monitors", "monitors.json"))
		w.Dir(filepath.Join(p.Root, "skills"))
		w.Dir(filepath.Join(p.Root, "commands"))
		w.Dir(filepath.Join(p.Root, "agents"))
		for _, d := range p.CustomDirs {
			w.Dir(d)
		}
		for _, f := range p.Skills {
			// its folder too: a new subagent or command beside it in a
			// subfolder (agents/**/*.md, commands/**/*.md) is read
			w.Dir(filepath.Dir(f.Path))
			w.File(f.Path)
		}
		for _, src := range p.Hooks {
			if src.File != nil {
				w.File(src.File.Path)
			}
		}
	}
	return w
}
