package settingsio

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime"
)

// Options says which project to load and in which environment.
type Options struct {
	// ProjectDir is the folder Gemini CLI would run in; relative paths are
	// taken against this process's working folder.
	ProjectDir string
	// Env is the environment Gemini CLI would run with (nil: empty).
	Env Env
	// GOOS is the operating system to model (default runtime.GOOS). Files
	// are only read, symbolic links only resolved, for the host's GOOS.
	GOOS string
	// Home is the OS home folder (os.homedir()). Default: HOME (USERPROFILE
	// on Windows) from Env, else os.UserHomeDir.
	Home string
}

func (o Options) WithDefaults() Options {
	if o.GOOS == "" {
		o.GOOS = runtime.GOOS
	}
	if o.Home == "" {
		key := "HOME"
		if o.GOOS == "windows" {
			key = "USERPROFILE"
		}
		o.Home = EnvNonEmpty(o.Env, o.GOOS, key)
	}
	if o.Home == "" {
		o.Home, _ = os.UserHomeDir()
	}
	return o
}

// Load reads everything Gemini CLI 0.61 reads for a project: the four
// settings layers (always present, in merge order; a missing file has
// Exists false and no error), the folder-trust decision, the .env file it
// loads into its environment (which can move its home, see HomeRedirect)
// and the extensions. Read and parse errors are recorded on their file; one broken
// file never stops the others. Load never writes anything.
func Load(opts Options) *Snapshot {
	opts = opts.WithDefaults()
	project := ResolveProjectDir(opts.GOOS, opts.ProjectDir)
	s := &Snapshot{ProjectDir: project, Paths: ResolvePaths(project, opts.Env, opts.GOOS, opts.Home)}
	lookup := envLookupFunc(opts.Env, opts.GOOS)
	s.Layers = []*File{
		loadSystemLayer(LayerSystemDefaults, s.Paths.SystemDefaults, "system defaults", opts.GOOS, lookup),
		loadLayer(LayerUser, s.Paths.User, opts.GOOS, lookup),
		loadWorkspaceLayer(s, opts.GOOS, lookup),
		loadSystemLayer(LayerSystem, s.Paths.System, "system settings", opts.GOOS, lookup),
	}
	s.FolderTrust = decideFolderTrust(s, opts.Env, opts.GOOS)
	s.EnvFile = loadEnvFile(s, opts.Env, opts.GOOS)
	applyHomeRedirect(s, opts.Env, opts.GOOS, opts.Home)
	s.Env = append(Env(nil), opts.Env...)
	if s.EnvFile != nil {
		for _, a := range s.EnvFile.Applied {
			s.Env = append(s.Env, a.Key+"="+a.Value)
		}
	}
	s.Extensions = loadExtensions(s, opts.GOOS)
	return s
}

func loadWorkspaceLayer(s *Snapshot, goos string, lookup func(string) (string, bool)) *File {
	if s.Paths.Workspace == "" {
		return &File{Layer: LayerWorkspace, Ignored: fmt.Sprintf(
			"the project folder is the home folder (%s): Gemini CLI reads %s only as user settings", s.Paths.Home, s.Paths.User)}
	}
	return loadLayer(LayerWorkspace, s.Paths.Workspace, goos, lookup)
}

// loadSystemLayer skips a system file that fails Gemini's ownership and
// permission check, as loadSystemFile does (a warning, not an error).
func loadSystemLayer(layer Layer, path, label, goos string, lookup func(string) (string, bool)) *File {
	f := loadLayer(layer, path, goos, lookup)
	if f.Exists && RealFS(goos) {
		if reason := hostSystemFileInsecurity(path); reason != "" {
			f.Ignored = fmt.Sprintf("Security Warning: Skipping %s file '%s': %s", label, path, reason)
			f.Root, f.Err = nil, nil
		}
	}
	return f
}

// loadLayer reads and parses one settings file and expands its strings.
func loadLayer(layer Layer, path, goos string, lookup func(string) (string, bool)) *File {
	f := &File{Layer: layer, Path: path}
	if !RealFS(goos) {
		return f
	}
	data, exists, perr := ReadSettingsFile(path)
	f.Exists, f.Raw, f.Err = exists, data, perr
	if !exists || perr != nil {
		return f
	}
	f.Root, f.Err = ParseJSONC(path, data)
	if f.Root != nil {
		expandStrings(f.Root, lookup)
	}
	return f
}

// readSettingsFile reads path; a missing file is not an error (Gemini's
// existsSync), anything else (a folder, no permission) is.
func ReadSettingsFile(path string) (data []byte, exists bool, perr *ParseError) {
	if _, err := os.Stat(path); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, false, nil
		}
		return nil, true, &ParseError{Path: path, Msg: fmt.Sprintf("reading: %v", err)}
	}
	data, err := ReadRegularFile(path)
	if err != nil {
		return nil, true, &ParseError{Path: path, Msg: fmt.Sprintf("reading: %v", err)}
	}
	return data, true, nil
}
