package gemini

import (
	"path/filepath"

	"github.com/hookwarden/hookwarden/settingsio"
)

// watchPaths lists what a snapshot was computed from: the four
// settings files, trusted_hooks.json, trustedFolders.json, the extensions
// folder and extension-enablement.json, and for each extension its folder,
// its effective (link) folder, its hooks folder and its files. Folders end
// with a path separator.
func watchPaths(s *Project) []string {
	var w settingsio.WatchList
	w.Layers(s.Settings)
	w.File(s.Paths.User)
	w.File(s.Paths.Workspace)
	w.File(s.Paths.System)
	w.File(s.Paths.SystemDefaults)
	w.File(s.Paths.TrustedHooks)
	w.File(s.Paths.TrustedFolders)
	// The .env files Gemini CLI loads (the project's own and the one found)
	// and the extension settings files.
	w.File(filepath.Join(s.ProjectDir, ".env"))
	w.File(filepath.Join(s.ProjectDir, geminiDirName, ".env"))
	if s.EnvFile != nil {
		w.File(s.EnvFile.Path)
	}
	if s.HomeRedirect != nil {
		w.File(s.HomeRedirect.Before.TrustedHooks)
	}
	if s.Paths.Extensions != "" {
		w.Dir(s.Paths.Extensions)
		w.File(filepath.Join(s.Paths.Extensions, "extension-enablement.json"))
	}
	for _, e := range s.Extensions {
		w.Dir(e.Dir)
		w.File(e.Manifest)
		if e.Path != "" {
			w.Dir(e.Path)
			w.Dir(filepath.Join(e.Path, "hooks"))
			w.File(filepath.Join(e.Path, "hooks", "hooks.json"))
		}
		if e.Hooks != nil {
			w.File(e.Hooks.Path)
		}
		if e.Name != "" && s.Paths.Extensions != "" {
			w.File(filepath.Join(s.Paths.Extensions, e.Name, ".env"))
		}
	}
	return w
}
