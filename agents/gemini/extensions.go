package gemini

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/dlclark/regexp2"

	"github.com/hookwarden/hookwarden/settingsio"
)

const (
	extensionManifestName = "gemini-extension.json"
	installMetadataName   = ".gemini-extension-install.json"
)

var validExtensionName = regexp.MustCompile(`^[a-zA-Z0-9-]+$`)

// extensionPolicy is what of the merged settings decides which extensions
// load (ExtensionManager reads the merged settings, workspace included
// when trusted).
type extensionPolicy struct {
	adminDisabled bool
	allowed       []*settingsio.Node
	blockGit      bool
	enablement    extensionEnablement
	projectDir    string
	goos          string
	// settingsEnv: experimental.extensionConfig (default true), so the
	// extension settings .env files are read; trusted: the workspace one
	// too.
	settingsEnv   bool
	trusted       bool
	extensionsDir string
}

// loadExtensions lists <home>/.gemini/extensions/* as Gemini CLI 0.61's
// ExtensionManager.loadExtensions builds them, in readdir order (libuv
// sorts names bytewise on POSIX, as os.ReadDir does). Entries that are not
// folders are not extensions. Extensions Gemini skips are listed with
// Active false and the reason.
func loadExtensions(s *Project, goos string) []*extensionDir {
	if !settingsio.RealFS(goos) {
		return nil
	}
	entries, err := os.ReadDir(s.Paths.Extensions)
	if err != nil {
		return nil
	}
	pol := newExtensionPolicy(s, goos)
	var out []*extensionDir
	seen := map[string]bool{}
	for _, e := range entries {
		dir := filepath.Join(s.Paths.Extensions, e.Name())
		if info, err := os.Stat(dir); err != nil || !info.IsDir() {
			continue
		}
		ext, built := pol.build(dir)
		if built {
			if seen[ext.Name] {
				ext.Err = &settingsio.ParseError{Path: ext.Manifest, Msg: fmt.Sprintf("Extension with name %s already was loaded.", ext.Name)}
				ext.Active, ext.InactiveReason = false, "another extension has the same name; Gemini CLI stops loading extensions"
			}
			seen[ext.Name] = true
		}
		out = append(out, ext)
	}
	return out
}

func newExtensionPolicy(s *Project, goos string) *extensionPolicy {
	pol := &extensionPolicy{projectDir: s.ProjectDir, goos: goos, settingsEnv: true,
		trusted: s.FolderTrust.Trusted(), extensionsDir: s.Paths.Extensions}
	if n, _ := s.Setting("experimental", "extensionConfig"); n != nil {
		pol.settingsEnv = n.Truthy()
	}
	// admin.extensions.enabled === false (after the schema's coercion).
	if n, _ := s.Setting("admin", "extensions", "enabled"); n.Is(settingsio.Bool) || n.Is(settingsio.String) && strings.EqualFold(n.Str, "false") {
		pol.adminDisabled = !coerceBool(n)
	}
	if n, _ := s.Setting("security", "allowedExtensions"); n.Is(settingsio.Array) {
		pol.allowed = n.Items
	}
	n, _ := s.Setting("security", "blockGitExtensions")
	pol.blockGit = coerceBool(n)
	// An unreadable enablement file enables every extension (Gemini reports
	// it as feedback and goes on).
	pol.enablement, _ = loadExtensionEnablement(s.Paths.Extensions)
	return pol
}

// build is _buildExtension for one folder; built is false where Gemini
// returns no extension (skipped by policy or a broken manifest).
func (pol *extensionPolicy) build(dir string) (ext *extensionDir, built bool) {
	ext = &extensionDir{Dir: dir, Path: dir}
	meta := readInstallMetadata(dir)
	source, typ := meta.Get("source"), meta.Get("type")
	switch {
	case pol.adminDisabled:
		ext.InactiveReason = "admin.extensions.enabled is false: Gemini CLI loads no extension"
	case len(pol.allowed) > 0:
		if !source.Truthy() {
			ext.Err = &settingsio.ParseError{Path: filepath.Join(dir, installMetadataName), Msg: fmt.Sprintf(
				"Failed to load extension %s. The %s file is missing or misconfigured.", dir, installMetadataName)}
			ext.InactiveReason = "security.allowedExtensions is set and the install metadata has no source; Gemini CLI stops loading extensions"
		} else if allowed, err := pol.sourceAllowed(source.Str); err != nil {
			ext.Err = &settingsio.ParseError{Path: dir, Msg: err.Error()}
			ext.InactiveReason = "an invalid security.allowedExtensions pattern stops Gemini CLI loading extensions"
		} else if !allowed {
			ext.InactiveReason = "not allowed by the security.allowedExtensions setting"
		}
	case pol.blockGit && typ.Is(settingsio.String) && (typ.Str == "git" || typ.Str == "github-release"):
		ext.InactiveReason = "security.blockGitExtensions is set and the extension comes from " + typ.Str
	}
	if typ.Is(settingsio.String) && typ.Str == "link" && source.Is(settingsio.String) {
		ext.Path = settingsio.StyleFor(pol.goos).Resolve(pol.projectDir, source.Str)
	}
	ext.Manifest = filepath.Join(ext.Path, extensionManifestName)
	if !pol.readManifest(ext) || ext.InactiveReason != "" || ext.Err != nil {
		return ext, false
	}
	ext.Env, ext.EnvErr = pol.readSettingsEnv(ext.Name)
	if ext.EnvErr != nil {
		ext.Err = ext.EnvErr
		ext.InactiveReason = "Gemini CLI skips it: " + ext.EnvErr.Msg
		return ext, false
	}
	ext.Hooks = pol.readHooks(ext.Path, ext.Env)
	enabled, rule := pol.enablement.isEnabled(ext.Name, pol.projectDir)
	ext.Active = enabled
	if !enabled {
		ext.InactiveReason = fmt.Sprintf("disabled for this folder by extension-enablement.json rule %q", rule)
	}
	return ext, true
}

// sourceAllowed tests new RegExp(pattern).test(getRealPath(source)):
// realpath, else path.resolve — so a URL source is tested as a path under
// the project folder ("https://h/x" becomes "<project>/https:/h/x") and a
// pattern anchored at "^https://" never matches.
func (pol *extensionPolicy) sourceAllowed(source string) (bool, error) {
	real := settingsio.StyleFor(pol.goos).Resolve(pol.projectDir, source)
	if r, err := filepath.EvalSymlinks(real); err == nil {
		real = r
	}
	for _, p := range pol.allowed {
		pattern := p.JSString()
		re, err := regexp2.Compile(pattern, regexp2.ECMAScript)
		if err != nil {
			return false, fmt.Errorf("Invalid regex pattern in allowedExtensions setting: \"%s. Error: %w", pattern, err)
		}
		if ok, _ := re.MatchString(real); ok {
			return true, nil
		}
	}
	return false, nil
}

// readInstallMetadata is loadInstallMetadata: plain JSON, any error means
// no metadata.
func readInstallMetadata(dir string) *settingsio.Node {
	data, err := settingsio.ReadRegularFile(filepath.Join(dir, installMetadataName))
	if err != nil {
		return nil
	}
	root, perr := settingsio.ParseJSON(filepath.Join(dir, installMetadataName), data)
	if perr != nil || root.Kind != settingsio.Object {
		return nil
	}
	return root
}

// readManifest is loadExtensionConfig: gemini-extension.json must exist,
// parse, have a truthy name and version, and a name of letters, digits and
// dashes once hydrated. It reports whether the extension can load.
func (pol *extensionPolicy) readManifest(ext *extensionDir) bool {
	data, err := settingsio.ReadRegularFile(ext.Manifest)
	if err != nil {
		msg := fmt.Sprintf("Failed to load extension config from %s: %v", ext.Manifest, err)
		if errors.Is(err, fs.ErrNotExist) {
			msg = "Configuration file not found at " + ext.Manifest
		}
		ext.Err = &settingsio.ParseError{Path: ext.Manifest, Msg: msg}
		ext.InactiveReason = "Gemini CLI skips it: " + msg
		return false
	}
	ext.ManifestRaw = data
	root, perr := settingsio.ParseJSON(ext.Manifest, data)
	if perr == nil && (root.Kind != settingsio.Object || !root.Get("name").Truthy() || !root.Get("version").Truthy()) {
		missing := `"name"`
		if root.Kind == settingsio.Object && root.Get("name").Truthy() {
			missing = `"version"`
		}
		perr = &settingsio.ParseError{Path: ext.Manifest, Line: root.Pos.Line, Column: root.Pos.Column,
			Msg: fmt.Sprintf("Invalid configuration in %s: missing %s", ext.Manifest, missing)}
	}
	if perr == nil {
		hydrateStrings(root, newHydrationContext(ext.Path, pol.projectDir, settingsio.StyleFor(pol.goos).Sep()).lookup)
		ext.ManifestRoot = root
		name := root.Get("name")
		ext.Name, ext.Version = jsStringExpanded(name), jsStringExpanded(root.Get("version"))
		if settings := root.Get("settings"); settings.Is(settingsio.Array) {
			for _, it := range settings.Items {
				if v := it.Get("envVar"); v.Is(settingsio.String) && v.Str != "" {
					ext.SettingEnvVars = append(ext.SettingEnvVars, v.Str)
				}
			}
		}
		if !validExtensionName.MatchString(ext.Name) {
			perr = &settingsio.ParseError{Path: ext.Manifest, Line: name.Pos.Line, Column: name.Pos.Column, Msg: fmt.Sprintf(
				"Invalid extension name: %q. Only letters (a-z, A-Z), numbers (0-9), and dashes (-) are allowed.", ext.Name)}
		}
	}
	if perr != nil {
		ext.Err = perr
		ext.InactiveReason = "Gemini CLI skips it: the manifest is invalid"
		return false
	}
	return true
}

// jsStringExpanded is String(value) with hydrated strings.
func jsStringExpanded(n *settingsio.Node) string {
	if n.Is(settingsio.String) {
		return n.Str
	}
	return n.JSString()
}

// readHooks is loadExtensionHooks: hooks/hooks.json, plain JSON, whose
// "hooks" must be a non-null, non-array object; a missing file is no
// hooks. Strings under "hooks" are hydrated into Str.
func (pol *extensionPolicy) readHooks(extPath string, env map[string]envValue) *settingsio.File {
	path := filepath.Join(extPath, "hooks", "hooks.json")
	f := &settingsio.File{Layer: settingsio.LayerExtension, Path: path}
	data, err := settingsio.ReadRegularFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	f.Exists = true
	if err != nil {
		f.Err = &settingsio.ParseError{Path: path, Msg: fmt.Sprintf("Failed to load extension hooks from %s: %v", path, err)}
		return f
	}
	f.Raw = data
	root, perr := settingsio.ParseJSON(path, data)
	if perr != nil {
		f.Err = perr
		return f
	}
	hooks := root.Get("hooks")
	if hooks == nil || hooks.Kind != settingsio.Object {
		at := root.Pos
		if hooks != nil {
			at = hooks.Pos
		}
		f.Err = &settingsio.ParseError{Path: path, Line: at.Line, Column: at.Column,
			Msg: fmt.Sprintf(`Invalid hooks configuration in %s: "hooks" property must be an object`, path)}
		return f
	}
	hydrateStrings(hooks, extensionHooksLookup(newHydrationContext(extPath, pol.projectDir, settingsio.StyleFor(pol.goos).Sep()), env))
	f.Root = root
	return f
}

// envValue is one variable of an extension's settings environment and the
// .env file that supplied it.
type envValue struct {
	Value string `json:"value"`
	File  string `json:"file"`
	Line  int    `json:"line"`
	// Workspace: the value comes from the project's .env file (which the
	// project controls), not from the extension's own.
	Workspace bool `json:"workspace"`
}

// readSettingsEnv is getScopedEnvContents for the user scope
// (<home>/.gemini/extensions/<name>/.env, by the manifest's name) and, in
// a trusted folder, the workspace scope (<project>/.env), merged with the
// workspace winning ({...user, ...workspace}). Nothing is read when
// experimental.extensionConfig is off. Keychain values of "sensitive"
// settings are not modelled. A file that cannot be read makes Gemini skip
// the extension.
func (pol *extensionPolicy) readSettingsEnv(name string) (map[string]envValue, *settingsio.ParseError) {
	if !pol.settingsEnv || !settingsio.RealFS(pol.goos) {
		return nil, nil
	}
	st := settingsio.StyleFor(pol.goos)
	files := []struct {
		path      string
		workspace bool
	}{{st.Join(pol.extensionsDir, name, ".env"), false}}
	if pol.trusted {
		files = append(files, struct {
			path      string
			workspace bool
		}{st.Join(pol.projectDir, ".env"), true})
	}
	var env map[string]envValue
	for _, f := range files {
		info, err := os.Stat(f.path)
		if err != nil || info.IsDir() {
			continue
		}
		data, err := settingsio.ReadRegularFile(f.path)
		if err != nil {
			return env, &settingsio.ParseError{Path: f.path, Msg: fmt.Sprintf("reading extension settings: %v", err)}
		}
		for _, e := range settingsio.ParseDotEnv(string(data)) {
			if env == nil {
				env = map[string]envValue{}
			}
			env[e.Key] = envValue{Value: e.Value, File: f.path, Line: e.Line, Workspace: f.workspace}
		}
	}
	return env, nil
}

// extensionHooksLookup is the context loadExtensionHooks hydrates with:
// {extensionPath, workspacePath, ...settingsEnv, "/": sep, pathSeparator:
// sep} — so a .env value named extensionPath or workspacePath replaces the
// real one, but "/" and pathSeparator cannot be replaced.
func extensionHooksLookup(c hydrationContext, env map[string]envValue) func(string) (string, bool) {
	return func(key string) (string, bool) {
		if key != "/" && key != "pathSeparator" {
			if v, ok := env[key]; ok {
				return v.Value, true
			}
		}
		return c.lookup(key)
	}
}
