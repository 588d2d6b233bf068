package gemini

import (
	"fmt"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/settingsio"
)

// loadOptions says which project to load and in which environment.
type loadOptions struct {
	// ProjectDir is the folder Gemini CLI would run in; relative paths are
	// taken against this process's working folder.
	ProjectDir string
	// Env is the environment Gemini CLI would run with (nil: empty).
	Env settingsio.
		// GOOS is the operating system to model (default runtime.GOOS). Files
		// are only read, symbolic links only resolved, for the host's GOOS.
		Env

	GOOS string
	// Home is the OS home folder (os.homedir()). Default: HOME (USERPROFILE
	// on Windows) from Env, else os.UserHomeDir.
	Home string
}

func (o loadOptions) withDefaults() loadOptions {
	o.GOOS, o.Home = settingsio.HostDefaults(o.Env, o.GOOS, o.Home)
	return o
}

// load reads everything Gemini CLI 0.61 reads for a project: the four
// settings layers (always present, in merge order; a missing file has
// Exists false and no error), the folder-trust decision, the .env file it
// loads into its environment (which can move its home, see HomeRedirect)
// and the extensions. Read and parse errors are recorded on their file; one broken
// file never stops the others. Load never writes anything.
func load(opts loadOptions) *Project {
	opts = opts.withDefaults()
	project := settingsio.ResolveProjectDir(opts.GOOS, opts.ProjectDir)
	s := &Project{ProjectDir: project, Paths: resolvePaths(project, opts.Env, opts.GOOS, opts.Home)}
	lookup := settingsio.EnvLookupFunc(opts.Env, opts.GOOS)
	s.Settings = []*settingsio.File{
		loadSystemLayer(settingsio.LayerSystemDefaults, s.Paths.SystemDefaults, "system defaults", opts.GOOS, lookup),
		loadLayer(settingsio.LayerUser, s.Paths.User, opts.GOOS, lookup),
		loadWorkspaceLayer(s, opts.GOOS, lookup),
		loadSystemLayer(settingsio.LayerSystem, s.Paths.System, "system settings", opts.GOOS, lookup),
	}
	s.FolderTrust = decideFolderTrust(s, opts.Env, opts.GOOS)
	s.EnvFile = loadEnvFile(s, opts.Env, opts.GOOS)
	applyHomeRedirect(s, opts.Env, opts.GOOS, opts.Home)
	s.Env = append(settingsio.Env(nil), opts.Env...)
	if s.EnvFile != nil {
		for _, a := range s.EnvFile.Applied {
			s.Env = append(s.Env, a.Key+"="+a.Value)
		}
	}
	s.Git = agents.GitConfigOf(s.Env, opts.Home, opts.GOOS)
	s.Extensions = loadExtensions(s, opts.GOOS)
	return s
}

func loadWorkspaceLayer(s *Project, goos string, lookup func(string) (string, bool)) *settingsio.File {
	if s.Paths.Workspace == "" {
		return &settingsio.File{Layer: settingsio.LayerWorkspace, Ignored: fmt.Sprintf(
			"the project folder is the home folder (%s): Gemini CLI reads %s only as user settings", s.Paths.Home, s.Paths.User)}
	}
	return loadLayer(settingsio.LayerWorkspace, s.Paths.Workspace, goos, lookup)
}

// loadSystemLayer skips a system file that fails Gemini's ownership and
// permission check, as loadSystemFile does (a warning, not an error).
func loadSystemLayer(layer settingsio.Layer, path, label, goos string, lookup func(string) (string, bool)) *settingsio.File {
	f := loadLayer(layer, path, goos, lookup)
	if f.Exists && settingsio.RealFS(goos) {
		if reason := hostSystemFileInsecurity(path); reason != "" {
			f.Ignored = fmt.Sprintf("Security Warning: Skipping %s file '%s': %s", label, path, reason)
			f.Root, f.Err = nil, nil
		}
	}
	return f
}

// loadLayer reads and parses one settings file and expands its strings.
func loadLayer(layer settingsio.Layer, path, goos string, lookup func(string) (string, bool)) *settingsio.File {
	f := &settingsio.File{Layer: layer, Path: path}
	if !settingsio.RealFS(goos) {
		return f
	}
	data, exists, perr := settingsio.ReadSettingsFile(path)
	f.Exists, f.Raw, f.Err = exists, data, perr
	if !exists || perr != nil {
		return f
	}
	f.Root, f.Err = settingsio.ParseJSONC(path, data)
	if f.Root != nil {
		expandStrings(f.Root, lookup)
	}
	return f
}
