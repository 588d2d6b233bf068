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
	var w watchList
	for _, f := range s.Layers {
		if f != nil {
			w.file(f.Path)
		}
	}
	w.file(s.Paths.User)
	w.file(s.Paths.Project)
	w.file(s.Paths.Local)
	w.file(s.Paths.ManagedFile)
	w.dir(s.Paths.ManagedDropIns)
	w.file(s.Paths.GlobalConfig)
	if s.Paths.Plugins != "" {
		w.dir(s.Paths.Plugins)
		w.file(filepath.Join(s.Paths.Plugins, "installed_plugins.json"))
	}
	for _, p := range s.Plugins {
		if p.Root == "" {
			continue
		}
		w.dir(p.Root)
		w.dir(filepath.Join(p.Root, "hooks"))
		w.file(filepath.Join(p.Root, "hooks", "hooks.json"))
		w.file(filepath.Join(p.Root, ".claude-plugin", "plugin.json"))
		for _, src := range p.Hooks {
			if src.File != nil {
				w.file(src.File.Path)
			}
		}
	}
	return w
}
