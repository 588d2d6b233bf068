package claudeschema

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Extensions reads the extensions of the user's own under dir, as an
// agent that loads every subfolder holding a manifest named manifest
// does: each
// manifest, its ${extensionPath} and ${CLAUDE_PLUGIN_ROOT} made the
// extension's folder, ${workspacePath} the session folder workspace and
// ${/} and ${pathSeparator} the separator, as its loader hydrates every
// string (so its "mcpServers" read as a settings file's), and the file
// that holds its hooks: the manifest when its "hooks" is an object, else
// the file its string names or hooks/hooks.json (its own "hooks" or the
// whole file), ${CLAUDE_PLUGIN_ROOT} made the folder. Every file is of
// layer; an extension is read whether or not the agent has it enabled.
func Extensions(layer settingsio.Layer, dir, manifest, workspace string) (manifests, hookFiles []*settingsio.File) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil
	}
	names := make([]string, 0, len(ents))
	for _, e := range ents {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	for _, n := range names {
		ext := filepath.Join(dir, n)
		if st, err := os.Stat(filepath.Join(ext, manifest)); err != nil || !st.Mode().IsRegular() {
			continue
		}
		m := readHydrated(layer, filepath.Join(ext, manifest), map[string]string{"extensionPath": ext, "CLAUDE_PLUGIN_ROOT": ext, "workspacePath": workspace, "/": string(filepath.Separator), "pathSeparator": string(filepath.Separator)})
		manifests = append(manifests, m)
		hs := m.Root.Get("hooks")
		switch {
		case hs.Is(settingsio.Object):
			continue // ExtensionHooks reads them from the manifest
		case hs.Is(settingsio.String) && filepath.IsAbs(hs.Str):
			hookFiles = append(hookFiles, readHooksFile(layer, hs.Str, ext))
			continue
		case hs.Is(settingsio.String):
			if p := filepath.Join(ext, hs.Str); fileExists(p) {
				hookFiles = append(hookFiles, readHooksFile(layer, p, ext))
				continue
			}
		}
		if p := filepath.Join(ext, "hooks", "hooks.json"); fileExists(p) {
			hookFiles = append(hookFiles, readHooksFile(layer, p, ext))
		}
	}
	return manifests, hookFiles
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// readHydrated is the settings file at path with each ${name} of vars
// replaced in its strings (as JSON text, before parsing).
func readHydrated(layer settingsio.Layer, path string, vars map[string]string) *settingsio.File {
	f := ReadSettings(layer, path)
	if f.Root == nil {
		return f
	}
	s := string(f.Raw)
	for k, v := range vars {
		q, _ := json.Marshal(v)
		s = strings.ReplaceAll(s, "${"+k+"}", string(q[1:len(q)-1]))
	}
	if root, err := settingsio.ParseJSONC(path, []byte(s)); err == nil && root.Is(settingsio.Object) {
		f.Root = root
	}
	return f
}

// readHooksFile is an extension's hooks file with its hooks under
// "hooks" (a file that is the hooks object itself is read as one).
func readHooksFile(layer settingsio.Layer, path, ext string) *settingsio.File {
	f := readHydrated(layer, path, map[string]string{"CLAUDE_PLUGIN_ROOT": ext})
	if f.Root != nil && !f.Root.Get("hooks").Is(settingsio.Object) {
		f.Root = &settingsio.Node{Kind: settingsio.Object, Pos: f.Root.Pos, Members: []settingsio.Member{{Key: "hooks", KeyPos: f.Root.Pos, Value: f.Root}}}
	}
	return f
}

// ExtensionHooks are the handlers of the extensions' manifests and hook
// files (Extensions; a manifest's "hooks" counts when it is an object) as
// entries that run when, each named by its extension's
// folder: hooks of the user's own, which the agent runs in the project
// folder, for the review of those that reach the project's code.
func (s Schema) ExtensionHooks(files []*settingsio.File, when string) []*hooks.Hook {
	var out []*hooks.Hook
	for _, f := range files {
		es, _ := s.Parse(f)
		for _, e := range es {
			if !e.Valid() {
				continue
			}
			h := e.Hook
			h.Origin.Extension = filepath.Base(filepath.Dir(f.Path))
			if filepath.Base(filepath.Dir(f.Path)) == "hooks" {
				h.Origin.Extension = filepath.Base(filepath.Dir(filepath.Dir(f.Path)))
			}
			h.Status, h.Reason = hooks.StatusRuns, "runs "+when
			out = append(out, h)
		}
	}
	return out
}

// ExtensionTemplates is ReachingTemplates of the commands folder of each
// extension whose manifest is among manifests (Extensions): the agent
// loads an extension's custom commands in every project, so one that
// injects a relative path from the project and runs the shell step runs
// what the project's file says. Each entry names its extension.
func (c Commands) ExtensionTemplates(layer settingsio.Layer, manifests []*settingsio.File, trigger, when string) ([]*hooks.Hook, []*settingsio.File) {
	var out []*hooks.Hook
	var files []*settingsio.File
	for _, m := range manifests {
		hs, fs := c.ReachingTemplates(layer, filepath.Join(filepath.Dir(m.Path), "commands"), trigger, when)
		for _, h := range hs {
			h.Origin.Extension = filepath.Base(filepath.Dir(m.Path))
		}
		out, files = append(out, hs...), append(files, fs...)
	}
	return out, files
}
