package settingsio

import "path/filepath"

// ClaudeSnapshotWatchPaths lists what a Claude Code snapshot was computed
// from, in the form WatchPaths takes (folders end with a path separator):
// the user, project and local settings files, managed-settings.json and its
// managed-settings.d folder (a drop-in may appear) with each drop-in,
// ~/.claude.json (the folder trust flag), the plugins folder with
// installed_plugins.json, and for each plugin its folder, its hooks folder,
// plugin.json and every hook file it names.
func ClaudeSnapshotWatchPaths(s *ClaudeSnapshot) []string {
	var out []string
	file := func(p string) {
		if p != "" {
			out = append(out, filepath.Clean(p))
		}
	}
	dir := func(p string) {
		if p != "" {
			out = append(out, filepath.Clean(p)+string(filepath.Separator))
		}
	}
	for _, f := range s.Layers {
		if f != nil {
			file(f.Path)
		}
	}
	file(s.Paths.User)
	file(s.Paths.Project)
	file(s.Paths.Local)
	file(s.Paths.ManagedFile)
	dir(s.Paths.ManagedDropIns)
	file(s.Paths.GlobalConfig)
	if s.Paths.Plugins != "" {
		dir(s.Paths.Plugins)
		file(filepath.Join(s.Paths.Plugins, "installed_plugins.json"))
	}
	for _, p := range s.Plugins {
		if p.Root == "" {
			continue
		}
		dir(p.Root)
		dir(filepath.Join(p.Root, "hooks"))
		file(filepath.Join(p.Root, "hooks", "hooks.json"))
		file(filepath.Join(p.Root, ".claude-plugin", "plugin.json"))
		for _, src := range p.Hooks {
			if src.File != nil {
				file(src.File.Path)
			}
		}
	}
	return out
}
