package trust

import "path/filepath"

// pythonPathListings are the listings (listing.go) of the folders Python
// searches first for every module a run imports: the folder of each
// Python script the command runs (sys.path[0]) and, for python -m, the
// folder the command starts in. Python looks up there not only the
// modules the script names, which discovery follows, but every module the
// standard library imports in turn (argparse imports gettext, logging
// imports string and traceback), which no text of the project names: a
// gettext.py a pull adds beside an approved script runs with it. So the
// folder's names are part of what the hook runs. Only folders of the
// project are listed (a pull can add a file nowhere else).
func pythonPathListings(refs []ScriptRef, project, cwd string, c *followCache) []ScriptRef {
	if cwd == "" {
		cwd = project
	}
	// the project's real path, looked up at the first Python script (a
	// hook that runs none pays nothing), once per cache as resolvesOutside
	// does
	realProject := ""
	var out []ScriptRef
	seen := map[string]bool{}
	for _, ref := range refs {
		dir := ""
		switch ref.How {
		case FoundModule:
			dir = cwd
		case FoundInterpreter, FoundProgram, FoundLocalBin, FoundGlob, FoundPreload:
			lang := scriptLang(ref.Path, ref.Via)
			if ref.How != FoundInterpreter && ref.How != FoundPreload {
				lang = c.programLang(ref.Path)
			}
			if lang != "python" {
				continue
			}
			dir = filepath.Dir(ref.Path)
		default:
			continue
		}
		if realProject == "" {
			if realProject = c.realDir(project); realProject == "" {
				realProject = project
			}
		}
		dirs := []string{filepath.Clean(dir)}
		if ref.How != FoundModule {
			// Python puts the folder of the script's real path first (a
			// script reached through a link searches its target's folder)
			if real, err := filepath.EvalSymlinks(ref.Path); err == nil {
				dirs = append(dirs, filepath.Dir(real))
			}
		}
		for _, dir := range dirs {
			if seen[dir] || !within(dir, project) && !within(dir, realProject) {
				continue
			}
			seen[dir] = true
			out = append(out, ScriptRef{Word: dir, Path: ListingPath(dir), Via: PythonPathVia, How: FoundConfig, From: ref.Path})
		}
	}
	return out
}
