package claude

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/settingsio"
)

// options says which project to load for Claude Code and in which
// environment.
type options struct {
	// ProjectDir is the folder Claude Code would start in; relative paths
	// are taken against this process's working folder.
	ProjectDir string
	// Env is the environment Claude Code would run with (nil: empty).
	Env settingsio.Env
	// GOOS is the operating system to model (default runtime.GOOS). Files
	// are only read for the host's GOOS.
	GOOS string
	// Home is the OS home folder. Default: HOME (USERPROFILE on Windows)
	// from Env, else os.UserHomeDir.
	Home string
}

func (o options) withDefaults() options {
	o.GOOS, o.Home = settingsio.HostDefaults(o.Env, o.GOOS, o.Home)
	if o.GOOS == "" {
		o.GOOS = runtime.GOOS
	}
	return o
}

// load reads everything Claude Code reads for a project's hooks: the
// settings layers (user, project, local, managed and its drop-ins; a
// missing file has Exists false and no error), the enabled plugins with
// their hook files, and the folder trust flag of ~/.claude.json. Claude
// Code reads settings as strict JSON: a comment or a trailing comma is a
// parse error with its line and column, and Claude Code skips that file
// entirely. One broken file never stops the others. Load never
// writes anything.
func load(opts options) *project {
	opts = opts.withDefaults()
	dir := settingsio.ResolveProjectDir(opts.GOOS, opts.ProjectDir)
	s := &project{ProjectDir: dir, Git: agents.GitConfigOf(opts.Env, opts.Home, opts.GOOS)}
	var mainRoot string
	if settingsio.RealFS(opts.GOOS) {
		s.RepoRoot, mainRoot = gitRoots(dir)
	}
	s.Paths = resolvePaths(dir, s.RepoRoot, opts.Env, opts.GOOS, opts.Home)
	real := settingsio.RealFS(opts.GOOS)

	user := loadClaudeFile(settingsio.LayerUser, s.Paths.User, real)
	projectFile := &settingsio.File{Layer: LayerProject, Path: s.Paths.Project}
	localFile := &settingsio.File{Layer: LayerLocal, Path: s.Paths.Local}
	if sameFolder(opts.GOOS, dir, opts.Home) {
		why := fmt.Sprintf("the project folder is the home folder (%s): Claude Code reads ~/.claude as user settings only", opts.Home)
		projectFile.Ignored, localFile.Ignored = why, why
	} else {
		projectFile = loadClaudeFile(LayerProject, s.Paths.Project, real)
		localFile = loadClaudeFile(LayerLocal, s.Paths.Local, real)
	}
	s.Settings = []*settingsio.File{user, projectFile}
	if s.Paths.StartLocal != "" && projectFile.Ignored == "" {
		// Only when it exists (or cannot be read): most projects below a
		// repository's root have none, and its layer then says nothing.
		if f := loadClaudeFile(LayerLocal, s.Paths.StartLocal, real); f.Exists || f.Err != nil {
			s.Settings = append(s.Settings, f)
		}
	}
	s.Settings = append(s.Settings, localFile)
	s.Settings = append(s.Settings, loadManagedFiles(s.Paths, real)...)
	s.MCP = loadMCPFile(s, opts.Home, opts.GOOS, real)
	s.MCPParents = loadParentMCPFiles(s.ProjectDir, opts.Home, opts.GOOS, real)
	if projectFile.Ignored == "" {
		s.Skills, s.NestedFolders = loadSkillFiles(dir, s.RepoRoot, opts.Home, opts.GOOS, opts.Env, real)
	}
	if real && !sameFolder(opts.GOOS, s.Paths.ConfigDir, filepath.Join(dir, ".claude")) {
		s.UserSkills = loadSkillDirs(filepath.Join(s.Paths.ConfigDir, "skills"), filepath.Join(s.Paths.ConfigDir, "agents"), filepath.Join(s.Paths.ConfigDir, "commands"))
		for _, f := range s.UserSkills {
			f.Layer = settingsio.LayerUser
		}
	}
	if real {
		s.Plugins = loadClaudePlugins(s)
	}
	trustRoot := dir
	if mainRoot != "" {
		trustRoot = mainRoot
	}
	s.FolderTrust = readClaudeFolderTrust(s.Paths.GlobalConfig, trustRoot, opts.Home, opts.GOOS, real)
	return s
}

// sameFolder reports whether a and b name the same folder (links resolved
// on the host).
func sameFolder(goos, a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	if settingsio.RealFS(goos) {
		if ra, err := filepath.EvalSymlinks(a); err == nil {
			a = ra
		}
		if rb, err := filepath.EvalSymlinks(b); err == nil {
			b = rb
		}
	}
	s := settingsio.StyleFor(goos)
	a, b = s.Clean(a), s.Clean(b)
	if settingsio.CaseInsensitive(goos) {
		return strings.EqualFold(a, b)
	}
	return a == b
}

// loadManagedFiles reads managed-settings.json, then every *.json of
// managed-settings.d in alphabetical order (hidden files skipped).
func loadManagedFiles(p paths, real bool) []*settingsio.File {
	out := []*settingsio.File{loadClaudeFile(layerManaged, p.ManagedFile, real)}
	if !real {
		return out
	}
	entries, err := os.ReadDir(p.ManagedDropIns)
	if err != nil {
		return out
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || strings.HasPrefix(n, ".") || !strings.HasSuffix(n, ".json") {
			continue
		}
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		out = append(out, loadClaudeFile(layerManaged, filepath.Join(p.ManagedDropIns, n), real))
	}
	return out
}

// loadClaudeFile reads and parses one Claude Code settings file.
func loadClaudeFile(layer settingsio.Layer, path string, real bool) *settingsio.File {
	f := &settingsio.File{Layer: layer, Path: path}
	if !real {
		return f
	}
	data, exists, perr := settingsio.ReadSettingsFile(path)
	f.Exists, f.Raw, f.Err = exists, data, perr
	if !exists || perr != nil {
		return f
	}
	// Claude Code reads a settings file that starts with a UTF-8 byte
	// order mark (claude-live 2.1.332 ran its hooks); JSON.parse alone
	// would not. Columns on the first line count from after the mark.
	f.Root, f.Err = parseSettings(path, bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF")))
	return f
}

// parseSettings parses a Claude Code settings file: strict JSON (no
// comments, no trailing commas) whose top-level value is an object. Errors
// carry the 1-based line and column.
func parseSettings(path string, data []byte) (*settingsio.Node, *settingsio.ParseError) {
	root, perr := parseJSON(path, data)
	if perr != nil {
		return nil, perr
	}
	if root.Kind != settingsio.Object {
		return nil, &settingsio.ParseError{Path: path, Line: root.Pos.Line, Column: root.Pos.Column,
			Msg: fmt.Sprintf("a settings file must hold a JSON object, not %s", root.Kind)}
	}
	return root, nil
}

// parseJSON parses any strict JSON file Claude Code reads (settings,
// hooks.json, plugin.json, installed_plugins.json, ~/.claude.json).
func parseJSON(path string, data []byte) (*settingsio.Node, *settingsio.ParseError) {
	root, perr := settingsio.ParseJSON(path, data)
	if perr != nil {
		perr.Msg = claudeParseMessage(perr.Msg)
		return nil, perr
	}
	return root, nil
}

// claudeParseMessage words ParseJSON's messages for Claude Code.
func claudeParseMessage(msg string) string {
	if strings.HasPrefix(msg, "comments are not allowed") {
		return "comments are not allowed: Claude Code reads settings as strict JSON"
	}
	return strings.ReplaceAll(msg, "Gemini CLI", "Claude Code")
}
