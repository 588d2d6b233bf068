package agents

import "path/filepath"

// RunFolder is the folder an agent starts a command in when its setting
// names dir (relative to base): as the system finds it. chdir takes ..
// after a link from where the link points (lnk/.. is the parent of lnk's
// target), which filepath.Join's cleaning as text does not, so a review
// that joined the path fingerprinted scripts of another folder than the
// one the command runs in. A folder that does not resolve keeps the
// cleaned path (its scripts are then missing, which needs review).
func RunFolder(base, dir string) string {
	if !filepath.IsAbs(dir) {
		dir = base + string(filepath.Separator) + dir
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		return real
	}
	return filepath.Clean(dir)
}
