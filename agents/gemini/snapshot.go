package gemini

import (
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// extensionDir is one folder under <home>/.gemini/extensions.
type extensionDir struct {
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
	Hooks *settingsio.File
	Err   *settingsio.ParseError // manifest or install-metadata error
	// Env is the extension's settings environment that ${NAME} in its
	// hooks file is hydrated from (see EnvValue); EnvErr a .env file of it
	// that could not be read.
	Env    map[string]envValue
	EnvErr *settingsio.ParseError
	// SettingEnvVars are the envVar names of the manifest's "settings":
	// Gemini adds their values from Env to the env of every command hook
	// of the extension.
	SettingEnvVars []string
	// ManifestRoot is gemini-extension.json as parsed and hydrated (nil
	// when it does not parse), for its mcpServers.
	ManifestRoot *settingsio.Node
	// ManifestRaw are the manifest's bytes as read (nil when it could not
	// be read), kept for the approval of its MCP servers.
	ManifestRaw []byte
}

// folderTrustState is Gemini CLI's decision on the project folder.
type folderTrustState string

// The folder trust states.
const (
	FolderTrusted   folderTrustState = "trusted"
	folderUntrusted folderTrustState = "untrusted"
	// FolderUndecided: no rule matched; Gemini treats it as untrusted and
	// asks in its interactive UI.
	FolderUndecided folderTrustState = "undecided"
)

// FolderTrust is the folder-trust decision and what decided it.
type FolderTrust struct {
	State folderTrustState `json:"state"`
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
	File string                 `json:"file"`
	Err  *settingsio.ParseError `json:"-"`
}

// Trusted reports whether Gemini CLI treats the folder as trusted.
func (f FolderTrust) Trusted() bool { return f.State == FolderTrusted }

// paths are the files Gemini CLI reads for one project.
type paths struct {
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
	Paths      paths
	// Layers always holds four files, in merge order: system-defaults,
	// user, workspace, system.
	Layers      []*settingsio.File
	Extensions  []*extensionDir
	FolderTrust FolderTrust
	// envFile is the .env file Gemini CLI loads at start (nil: none).
	EnvFile *envFile
	// homeRedirect is set when that file sets GEMINI_CLI_HOME: Paths then
	// hold the folders Gemini really uses (see HomeRedirect).
	HomeRedirect *homeRedirect
	// Git is where the hooks' git commands find the user's and the
	// machine's git configuration, from Env (agents.GitConfigOf).
	Git *trust.GitUserConfig
	// Env is the environment Gemini CLI runs with once it has loaded that
	// file (the hooks inherit it): the process environment plus the
	// variables the file sets.
	Env settingsio.

		// UnreadableFiles lists the settings files and the hooks files of active
		// extensions that exist but could not be read or parsed, in load order.
		// Missing files and files Gemini CLI does not read (Ignored) are not
		// listed.
		Env
}

func (s *Snapshot) UnreadableFiles() []settingsio.FileError {
	out := settingsio.LayerErrors(s.Layers)
	for _, x := range s.Extensions {
		if !x.Active {
			continue
		}
		if e, ok := settingsio.FileErrorOf(x.Hooks, x.Name); ok {
			out = append(out, e)
		}
	}
	return out
}
