package claude

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hookwarden/hookwarden/settingsio"
)

// loadClaudePlugins lists the plugins named in enabledPlugins (merged over
// the settings layers, the highest-precedence file that names a plugin
// decides), finds each one's folder and reads its hook files (those of a
// disabled plugin too, so that they can be listed as disabled).
func loadClaudePlugins(s *project) []*plugin {
	var out []*plugin
	byID := map[string]*plugin{}
	for _, f := range s.Settings {
		if f.Root == nil || f.Ignored != "" {
			continue
		}
		ep := f.Root.Get("enabledPlugins")
		for _, e := range enabledEntries(ep) {
			p, ok := byID[e.id]
			if !ok {
				p = &plugin{ID: e.id}
				p.Name, p.Marketplace, _ = strings.Cut(e.id, "@")
				byID[e.id] = p
				out = append(out, p)
			}
			p.Enabled, p.EnabledBy = e.enabled, f
			if f.Layer == layerManaged && e.enabled {
				p.ForcedByManaged = true
			}
		}
	}
	installed := readInstalledPlugins(filepath.Join(s.Paths.Plugins, "installed_plugins.json"))
	for _, p := range out {
		locatePlugin(s, p, installed)
		if p.Root != "" {
			readPluginHooks(p)
		}
	}
	return out
}

type enabledEntry struct {
	id      string
	enabled bool
}

// enabledEntries reads enabledPlugins: an object of "name@marketplace":
// true|false (any other value counts as enabled when truthy), or the older
// array of ids.
func enabledEntries(n *settingsio.Node) []enabledEntry {
	var out []enabledEntry
	switch {
	case n.Is(settingsio.Object):
		for _, m := range n.Members {
			out = append(out, enabledEntry{m.Key, m.Value.Truthy()})
		}
	case n.Is(settingsio.Array):
		for _, it := range n.Items {
			if it.Is(settingsio.String) {
				out = append(out, enabledEntry{it.Str, true})
			}
		}
	}
	return out
}

// installRecord is one entry of installed_plugins.json.
type installRecord struct {
	scope, installPath, version, projectPath string
}

// readInstalledPlugins reads <config>/plugins/installed_plugins.json:
// {"version": 2, "plugins": {"id": [{scope, installPath, version,
// projectPath?}]}} (version 1 has one object per id). A missing or broken
// file gives no records.
func readInstalledPlugins(path string) map[string][]installRecord {
	data, err := settingsio.ReadRegularFile(path)
	if err != nil {
		return nil
	}
	root, perr := parseJSON(path, data)
	if perr != nil {
		return nil
	}
	out := map[string][]installRecord{}
	for _, m := range membersOrNil(root.Get("plugins")) {
		items := m.Value.Items
		if m.Value.Is(settingsio.Object) {
			items = []*settingsio.Node{m.Value}
		}
		for _, it := range items {
			out[m.Key] = append(out[m.Key], installRecord{
				scope:       stringOrEmpty(it.Get("scope")),
				installPath: stringOrEmpty(it.Get("installPath")),
				version:     stringOrEmpty(it.Get("version")),
				projectPath: stringOrEmpty(it.Get("projectPath")),
			})
		}
	}
	return out
}

func membersOrNil(n *settingsio.Node) []settingsio.Member {
	if !n.Is(settingsio.Object) {
		return nil
	}
	return n.Members
}

func stringOrEmpty(n *settingsio.Node) string {
	if n.Is(settingsio.String) {
		return n.Str
	}
	return ""
}

// locatePlugin sets p.Root: the installPath of the install record for this
// project (a project- or local-scope record whose projectPath is the
// project or its repository), else of a user/managed-scope record, else
// the newest version folder under plugins/cache/<marketplace>/<name>.
func locatePlugin(s *project, p *plugin, installed map[string][]installRecord) {
	var pick *installRecord
	recs := installed[p.ID]
	for i := range recs {
		r := &recs[i]
		if r.projectPath != "" && (r.projectPath == s.ProjectDir || r.projectPath == s.RepoRoot) {
			pick = r
			break
		}
	}
	if pick == nil {
		for i := range recs {
			if r := &recs[i]; r.projectPath == "" {
				pick = r
				break
			}
		}
	}
	if pick != nil && isDir(pick.installPath) {
		p.Root, p.Version, p.Located = pick.installPath, pick.version, "installed_plugins.json"
		return
	}
	cacheDir := filepath.Join(s.Paths.Plugins, "cache", p.Marketplace, p.Name)
	if v := newestVersionDir(cacheDir); v != "" {
		p.Root, p.Version, p.Located = filepath.Join(cacheDir, v), v, "plugin cache"
		return
	}
	switch {
	case pick != nil:
		p.Missing = fmt.Sprintf("installed_plugins.json points to %s, which is not a folder", pick.installPath)
	default:
		p.Missing = fmt.Sprintf("the plugin is not installed (not in installed_plugins.json nor in %s)", cacheDir)
	}
}

// newestVersionDir returns the last version folder name under dir (by
// dotted numeric order), or "".
func newestVersionDir(dir string) string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	var names []string
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") && isDir(filepath.Join(dir, e.Name())) {
			names = append(names, e.Name())
		}
	}
	sort.Slice(names, func(i, j int) bool { return versionLess(names[i], names[j]) })
	if len(names) == 0 {
		return ""
	}
	return names[len(names)-1]
}

// versionLess compares dotted versions part by part, numerically where
// both parts are numbers.
func versionLess(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) && i < len(pb); i++ {
		if pa[i] == pb[i] {
			continue
		}
		var na, nb int
		_, ea := fmt.Sscanf(pa[i], "%d", &na)
		_, eb := fmt.Sscanf(pb[i], "%d", &nb)
		if ea == nil && eb == nil && na != nb {
			return na < nb
		}
		return pa[i] < pb[i]
	}
	return len(pa) < len(pb)
}

func isDir(p string) bool {
	if p == "" {
		return false
	}
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// readPluginHooks reads .claude-plugin/plugin.json and the hook files:
// hooks/hooks.json when present, then what plugin.json's "hooks" field
// names (a path, a list of paths, or an inline object). A path already
// read is read once.
func readPluginHooks(p *plugin) {
	manifestPath := filepath.Join(p.Root, ".claude-plugin", "plugin.json")
	if mf := loadPluginJSON(manifestPath); mf.Exists {
		p.Manifest = mf
	}
	if mf := loadPluginJSON(filepath.Join(p.Root, mcpFileName)); mf.Exists {
		p.MCP = mf
	}
	p.Skills = loadSkillDirs(filepath.Join(p.Root, "skills"), filepath.Join(p.Root, "agents"), filepath.Join(p.Root, "commands"))
	readPluginComponents(p)
	readPluginServers(p)
	seen := map[string]bool{}
	addFile := func(path string) {
		clean := filepath.Clean(path)
		if seen[clean] {
			return
		}
		seen[clean] = true
		f := loadPluginJSON(clean)
		src := &hookSource{File: f, Path: "hooks"}
		if f.Root != nil {
			src.Hooks = f.Root.Get("hooks")
			src.Description = stringOrEmpty(f.Root.Get("description"))
		}
		p.Hooks = append(p.Hooks, src)
	}
	if def := filepath.Join(p.Root, "hooks", "hooks.json"); fileExists(def) {
		addFile(def)
	}
	if p.Manifest == nil || p.Manifest.Root == nil {
		return
	}
	h := p.Manifest.Root.Get("hooks")
	switch {
	case h.Is(settingsio.String):
		addFile(resolvePluginPath(p.Root, h.Str))
	case h.Is(settingsio.Array):
		for _, it := range h.Items {
			if it.Is(settingsio.String) {
				addFile(resolvePluginPath(p.Root, it.Str))
			}
		}
	case h.Is(settingsio.Object):
		p.Hooks = append(p.Hooks, &hookSource{File: p.Manifest, Hooks: h, Path: "hooks", Inline: true})
	}
}

// resolvePluginPath resolves a manifest path ("./hooks/extra.json",
// "${CLAUDE_PLUGIN_ROOT}/x.json") against the plugin folder.
func resolvePluginPath(root, p string) string {
	p = strings.ReplaceAll(p, "${CLAUDE_PLUGIN_ROOT}", root)
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(root, p)
}

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}

// loadPluginJSON reads a plugin's JSON file (any top-level value).
func loadPluginJSON(path string) *settingsio.File {
	f := &settingsio.File{Layer: layerPlugin, Path: path}
	data, exists, perr := settingsio.ReadSettingsFile(path)
	f.Exists, f.Raw, f.Err = exists, data, perr
	if !exists {
		f.Err = &settingsio.ParseError{Path: path, Msg: "the file does not exist"}
		return f
	}
	if perr != nil {
		return f
	}
	f.Root, f.Err = parseJSON(path, data)
	return f
}
