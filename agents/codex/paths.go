package codex

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// options say where to look. Zero fields take Codex's defaults.
type options struct {
	// Cwd is the session folder (Codex's cwd). Required, absolute.
	Cwd string
	// Getenv reads the environment (CODEX_HOME, HOME); nil reads nothing.
	Getenv func(string) string
	// SystemDir is /etc/codex, %ProgramData%\OpenAI\Codex on Windows
	// (tests move it).
	SystemDir string
	// GOOS selects the platform's defaults ("" is runtime.GOOS).
	GOOS string
}

// paths are the places Codex reads hook configuration from.
type paths struct {
	// CodexHome is $CODEX_HOME (made canonical, as Codex does) or ~/.codex.
	CodexHome string
	// CodexHomeFromEnv: CODEX_HOME was set.
	CodexHomeFromEnv bool
	UserHooksJSON    string
	UserConfigTOML   string
	// SystemConfigTOML and SystemHooksJSON are /etc/codex/config.toml and
	// the hooks.json next to it; Requirements is /etc/codex/requirements.toml.
	SystemConfigTOML string
	SystemHooksJSON  string
	Requirements     string
	// Cwd is the session folder with links resolved (Codex's getcwd).
	Cwd string
	// ProjectRoot is the nearest folder at or above Cwd with a project root
	// marker (default .git), else Cwd.
	ProjectRoot string
}

// resolvePaths finds the paths for opts (source: codex-rs/config loader
// find_codex_home, load_config_layers_state; CODEX_HOME observed through
// the kit).
func resolvePaths(opts options) (paths, error) {
	getenv := opts.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	if !filepath.IsAbs(opts.Cwd) {
		return paths{}, fmt.Errorf("codex: the session folder %q is not absolute", opts.Cwd)
	}
	goos := opts.GOOS
	if goos == "" {
		goos = runtime.GOOS
	}
	var p paths
	cwd, err := filepath.EvalSymlinks(opts.Cwd)
	if err != nil {
		return paths{}, fmt.Errorf("codex: session folder: %w", err)
	}
	p.Cwd = cwd
	if v := getenv("CODEX_HOME"); v != "" {
		// Codex canonicalizes CODEX_HOME and refuses to start when it does
		// not exist (source: find_codex_home).
		p.CodexHomeFromEnv = true
		p.CodexHome = v
		if real, err := filepath.EvalSymlinks(v); err == nil {
			p.CodexHome = real
		} else {
			p.CodexHome = filepath.Clean(v)
		}
	} else {
		home := getenv("HOME")
		if home == "" && goos == "windows" {
			home = getenv("USERPROFILE") // what dirs::home_dir finds there
		}
		if home == "" {
			return paths{}, errors.New("codex: neither CODEX_HOME nor HOME is set")
		}
		p.CodexHome = filepath.Join(home, ".codex")
	}
	p.UserHooksJSON = filepath.Join(p.CodexHome, "hooks.json")
	p.UserConfigTOML = filepath.Join(p.CodexHome, "config.toml")
	sys := opts.SystemDir
	if sys == "" {
		sys = systemDir(goos, getenv)
	}
	p.SystemConfigTOML = filepath.Join(sys, "config.toml")
	p.SystemHooksJSON = filepath.Join(sys, "hooks.json")
	p.Requirements = filepath.Join(sys, "requirements.toml")
	return p, nil
}

// systemDir is the folder of Codex's system config.toml, hooks.json and
// requirements.toml: /etc/codex on Unix, macOS included
// (SYSTEM_CONFIG_TOML_FILE_UNIX), and on Windows the ProgramData known
// folder joined with OpenAI\Codex, C:\ProgramData when it cannot be
// found (source: codex-rs config loader windows_codex_system_dir,
// DEFAULT_PROGRAM_DATA_DIR_WINDOWS).
func systemDir(goos string, getenv func(string) string) string {
	if goos != "windows" {
		return "/etc/codex"
	}
	data := getenv("ProgramData")
	if data == "" {
		data = `C:\ProgramData`
	}
	return filepath.Join(data, "OpenAI", "Codex")
}

// findProjectRoot returns the nearest folder at or above cwd that holds one
// of markers, else cwd (source: loader find_project_root; an empty marker
// list turns detection off). The default marker .git counts as a file
// (a linked worktree's "gitdir:" file) or as a folder holding HEAD
// (observed with 0.171.0: an empty .git folder under /tmp/probe did not
// make a project root, one with HEAD did; source at the stored commit asks
// for HEAD only for <temp dir>/.git — the binary wins).
func findProjectRoot(cwd string, markers []string) string {
	if len(markers) == 0 {
		return cwd
	}
	for dir := cwd; ; dir = filepath.Dir(dir) {
		for _, m := range markers {
			if markerExists(filepath.Join(dir, m), m) {
				return dir
			}
		}
		if filepath.Dir(dir) == dir {
			return cwd
		}
	}
}

func markerExists(path, marker string) bool {
	fi, err := os.Stat(path)
	if err != nil {
		return false
	}
	if marker == ".git" && fi.IsDir() {
		head, err := os.Stat(filepath.Join(path, "HEAD"))
		return err == nil && head.Mode().IsRegular()
	}
	return true
}

// projectDir is one folder between the project root and the session folder
// that has a .codex folder: one project layer (observed: nested .codex
// folders between the git root and the cwd each load, root first, each
// trusted on its own).
type projectDir struct {
	Dir      string // the folder holding .codex
	DotCodex string
	// Trust is the trust_level that decides ("trusted", "untrusted" or ""),
	// TrustKey the [projects."<key>"] entry it comes from (or the key Codex
	// would ask for), TrustAt where that entry stands.
	Trust    string
	TrustKey string
	// Trusted: Codex loads the folder's hooks.
	Trusted bool
	// Reason says in words why the layer is (not) loaded.
	Reason string
}

// projectDirs lists the .codex folders from root down to cwd, leaving out
// CODEX_HOME itself (source: load_project_layers).
func projectDirs(root, cwd, codexHome string) []string {
	var dirs []string
	for dir := cwd; ; dir = filepath.Dir(dir) {
		dirs = append(dirs, dir)
		if dir == root || filepath.Dir(dir) == dir {
			break
		}
	}
	var out []string
	for i := len(dirs) - 1; i >= 0; i-- {
		dot := filepath.Join(dirs[i], ".codex")
		fi, err := os.Stat(dot)
		if err != nil || !fi.IsDir() || sameDir(dot, codexHome) {
			continue
		}
		out = append(out, dirs[i])
	}
	return out
}

func sameDir(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	return err1 == nil && err2 == nil && ra == rb
}

// projectTrust decides the trust of the .codex folder in dir (observed:
// the folder's own [projects."<dir>"] entry decides first, then the
// project root's; source: ProjectTrustContext.decision_for_dir, which also
// looks at the root of the main checkout of a linked worktree — Hookwarden
// uses the project root for that).
func projectTrust(projects map[string]string, dir, root, userConfig string) projectDir {
	pd := projectDir{Dir: dir, DotCodex: filepath.Join(dir, ".codex")}
	for _, d := range []string{dir, root} {
		for _, key := range trustKeys(d) {
			if lvl, ok := projects[key]; ok {
				pd.Trust, pd.TrustKey = lvl, key
				goto decided
			}
		}
	}
	pd.TrustKey = root
decided:
	switch pd.Trust {
	case "trusted":
		pd.Trusted = true
		pd.Reason = fmt.Sprintf("[projects.%q] trust_level = \"trusted\" in %s", pd.TrustKey, userConfig)
	case "untrusted":
		pd.Reason = fmt.Sprintf("%s is marked as untrusted in %s: Codex loads no project-local config, hooks or exec policies from %s", pd.TrustKey, userConfig, pd.DotCodex)
	default:
		pd.Reason = fmt.Sprintf("%s is not a trusted project in %s: Codex loads no project-local config, hooks or exec policies from %s (add [projects.%q] trust_level = \"trusted\", or run `codex exec --trust`)", pd.TrustKey, userConfig, pd.DotCodex, pd.TrustKey)
	}
	return pd
}

// trustKeys are the keys Codex looks a folder up by: its canonical path,
// then the path as given.
func trustKeys(dir string) []string {
	keys := []string{}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		keys = append(keys, real)
	}
	if len(keys) == 0 || keys[0] != dir {
		keys = append(keys, dir)
	}
	return keys
}
