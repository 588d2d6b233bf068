package settingsio

import "fmt"

// Layer names one place hooks come from.
type Layer string

// The layers, in the order Gemini CLI merges them (extensions come last).
const (
	LayerSystemDefaults Layer = "system-defaults"
	LayerUser           Layer = "user"
	LayerWorkspace      Layer = "workspace"
	LayerSystem         Layer = "system"
	LayerExtension      Layer = "extension"
)

// ParseError is a file that could not be read or parsed, with the place of
// the fault (line and column are 1-based; 0 when the fault has no place,
// such as a read error).
type ParseError struct {
	Path   string
	Line   int
	Column int
	Msg    string
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Column, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Path, e.Msg)
}

// File is one settings layer file as loaded.
type File struct {
	Layer Layer
	Path  string // absolute path ("" when the layer has no file, e.g. workspace == home)
	// Exists is true when the file was found on disk.
	Exists bool
	// Ignored says why the agent does not read this file although it may
	// exist (e.g. "the project folder is the home folder"); "" otherwise.
	Ignored string
	Raw     []byte      // the bytes as read
	Root    *Node       // parsed root (nil when missing, ignored or broken)
	Err     *ParseError // read or parse error
}

// Extension is one folder under <home>/.gemini/extensions.
type Extension struct {
	Name     string
	Version  string
	Dir      string // the folder under extensions/
	Path     string // effective extension path (the link source for link installs)
	Manifest string // path of gemini-extension.json
	// Active is true when Gemini CLI would load the extension for this
	// project; InactiveReason says why not.
	Active         bool
	InactiveReason string
	// Hooks is hooks/hooks.json with ${extensionPath}, ${workspacePath},
	// ${/} hydrated into Node.Str (Raw keeps the text as written). Nil
	// when the extension has no hooks file.
	Hooks *File
	Err   *ParseError // manifest or install-metadata error
	// Env is the extension's settings environment that ${NAME} in its
	// hooks file is hydrated from (see EnvValue); EnvErr a .env file of it
	// that could not be read.
	Env    map[string]EnvValue
	EnvErr *ParseError
	// SettingEnvVars are the envVar names of the manifest's "settings":
	// Gemini adds their values from Env to the env of every command hook
	// of the extension.
	SettingEnvVars []string
}

// FolderTrustState is Gemini CLI's decision on the project folder.
type FolderTrustState string

// The folder trust states.
const (
	FolderTrusted   FolderTrustState = "trusted"
	FolderUntrusted FolderTrustState = "untrusted"
	// FolderUndecided: no rule matched; Gemini treats it as untrusted and
	// asks in its interactive UI.
	FolderUndecided FolderTrustState = "undecided"
)

// FolderTrust is the folder-trust decision and what decided it.
type FolderTrust struct {
	State FolderTrustState `json:"state"`
	// Rule names what decided: the trustedFolders.json key that matched,
	// "GEMINI_CLI_TRUST_WORKSPACE", "security.folderTrust.enabled=false",
	// or "" when nothing matched.
	Rule string `json:"rule"`
	// Level is the matching rule's level (TRUST_FOLDER, TRUST_PARENT,
	// DO_NOT_TRUST) when a trustedFolders.json rule decided.
	Level string `json:"level,omitempty"`
	// Reason is the decision in words.
	Reason string `json:"reason"`
	// File is the trustedFolders.json path consulted.
	File string      `json:"file"`
	Err  *ParseError `json:"-"`
}

// Trusted reports whether Gemini CLI treats the folder as trusted.
func (f FolderTrust) Trusted() bool { return f.State == FolderTrusted }

// Paths are the files Gemini CLI reads for one project.
type Paths struct {
	Home           string // GEMINI_CLI_HOME or the OS home folder
	GeminiDir      string // <home>/.gemini
	SystemDefaults string
	User           string
	Workspace      string // "" when the project folder is the home folder
	System         string
	TrustedFolders string
	TrustedHooks   string
	Extensions     string // <home>/.gemini/extensions
}

// Snapshot is everything loaded for one project at one moment: the value
// the hook registry, trust review and the UI are computed from.
type Snapshot struct {
	// ProjectDir is the project folder as Gemini CLI forms it
	// (path.resolve(cwd): absolute, cleaned, not realpath'd).
	ProjectDir string
	Paths      Paths
	// Layers always holds four files, in merge order: system-defaults,
	// user, workspace, system.
	Layers      []*File
	Extensions  []*Extension
	FolderTrust FolderTrust
	// EnvFile is the .env file Gemini CLI loads at start (nil: none).
	EnvFile *EnvFile
	// HomeRedirect is set when that file sets GEMINI_CLI_HOME: Paths then
	// hold the folders Gemini really uses (see HomeRedirect).
	HomeRedirect *HomeRedirect
	// Env is the environment Gemini CLI runs with once it has loaded that
	// file (the hooks inherit it): the process environment plus the
	// variables the file sets.
	Env Env
}
