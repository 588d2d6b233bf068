package copilot

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// A repository can make Copilot CLI load plugins from its own folders.
// Observed with copilot-live 1.0.102 (a plugin whose sessionStart hook
// writes a marker; hooks.discover lists it with origin "plugin", source
// "p@mp"): in a trusted folder, extraKnownMarketplaces naming a
// marketplace whose source is {"source": "directory", "path": "./mp"}
// (relative to the repository's root; "mp" too) and enabledPlugins
// {"p@mp": true} — in any of the four repository settings files, or the
// two keys in different ones — make it load the plugin p of that folder
// (its catalog .github/plugin/marketplace.json, the plugin's plugin.json
// and hooks.json) as it is when the session starts, and run its hooks; an
// untrusted folder's keys load nothing. Copilot asks nothing first.
//
// Hookwarden does not read plugins, so what a plugin runs is watched the
// blunt way: each of those keys of a repository settings file is an entry
// reviewed like an MCP server, and its definition is its value and every
// file under every folder of the repository that a repository key of
// either kind names (by path, hash). A pull that adds or changes a key,
// or changes, adds or removes any file of such a folder — a hook, an MCP
// server, the catalog — changes the entry: it needs review, the field
// naming the file. A folder named outside the repository is only its name
// (no pull writes there).

// pluginKeys are the repository settings keys that make Copilot CLI load
// plugins.
var pluginKeys = []string{"extraKnownMarketplaces", "enabledPlugins"}

const pluginWhen = "when a Copilot CLI session starts here: it loads the plugins they name from the repository's folders and runs their hooks and MCP servers (Copilot asks nothing first)"

// maxPluginFiles caps the files hashed under the folders the plugin keys
// name; a tree beyond it is not watched file by file and its entries
// are invalid (they need review, never read as clean by a quiet change).
const maxPluginFiles = 20000

// loadPlugins lists the plugin keys of the repository settings files
// after the MCP servers (p.Commands) and fingerprints the folders they
// name (p.pluginTree).
func (p *project) loadPlugins() {
	var entries []*hooks.Hook
	var named []string
	for _, f := range p.Files {
		if f.Kind != kindSettings || f.Layer != layerRepository || f.Root == nil {
			continue
		}
		for _, key := range pluginKeys {
			n := f.Root.Get(key)
			if n == nil {
				continue
			}
			h := &hooks.Hook{Agent: Name, Kind: hooks.KindHelper, Event: hooks.Event(hooks.KindHelper), Name: key, Node: n, When: pluginWhen,
				Origin: hooks.Origin{Layer: f.Layer, File: f.Path, Path: key, Line: n.Pos.Line, Column: n.Pos.Column}}
			h.ID = string(f.Layer) + ":" + f.Path + "#" + key
			h.Status, h.Reason = hooks.StatusRuns, "Copilot CLI loads the plugins it names when a session starts here"
			if !f.Loaded {
				h.Status, h.Reason = hooks.StatusBlockedUntrustedFolder, f.NotLoaded+"; it loads them once the folder is trusted"
			}
			entries = append(entries, h)
			named = append(named, stringsOf(n, "")...)
		}
	}
	if len(entries) == 0 {
		return
	}
	tree, complete := p.folderTree(named)
	p.plugins = entries
	p.pluginGaps = p.pluginSources()
	if !complete {
		p.pluginGaps = append(p.pluginGaps, fmt.Sprintf("the folders they name hold more than %d files", maxPluginFiles))
		for _, h := range entries {
			msg := fmt.Sprintf("the folders it names hold more than %d files: Hookwarden cannot watch what its plugins run", maxPluginFiles)
			h.Status, h.Reason = hooks.StatusInvalid, msg
			p.diags = append(p.diags, hooks.Diagnostic{File: h.Origin.File, Line: h.Origin.Line, Column: h.Origin.Column,
				Severity: hooks.SeverityError, Message: msg, HookID: h.ID})
		}
	}
	p.plugins, p.pluginTree = entries, tree
	p.Commands = append(p.Commands, entries...)
}

// stringsOf are the strings in n, each with the key it is the value of.
func stringsOf(n *settingsio.Node, key string) []string {
	switch {
	case n == nil:
		return nil
	case n.Is(settingsio.String):
		if key == "path" || strings.HasPrefix(n.Str, ".") || filepath.IsAbs(n.Str) {
			return []string{"path\x00" + n.Str}
		}
		return []string{"\x00" + n.Str}
	}
	var out []string
	for _, m := range n.Members {
		out = append(out, stringsOf(m.Value, m.Key)...)
	}
	for _, it := range n.Items {
		out = append(out, stringsOf(it, "")...)
	}
	return out
}

// folderTree is the definition of the folders of the repository that the
// strings name (a string as a path relative to its root, or absolute):
// each file under them by its hash, each link by its target, each named
// path that is a path by whether it is there; false when the folders hold
// more than maxPluginFiles files.
func (p *project) folderTree(named []string) (trust.Definition, bool) {
	root := p.Paths.RepoRoot
	def := trust.Definition{}
	seen := map[string]bool{}
	files := 0
	var walk func(dir string) bool
	walk = func(dir string) bool {
		real, err := filepath.EvalSymlinks(dir)
		if err != nil || seen[real] {
			return true
		}
		seen[real] = true
		ents, err := os.ReadDir(dir)
		if err != nil {
			def[treeField(root, dir, "folder ")] = trust.JSONText("cannot be listed: " + err.Error())
			return true
		}
		for _, e := range ents {
			path := filepath.Join(dir, e.Name())
			if e.Name() == ".git" {
				continue
			}
			if e.Type()&os.ModeSymlink != 0 {
				target, _ := os.Readlink(path)
				def[treeField(root, path, "link ")] = trust.JSONText(target)
			}
			st, err := os.Stat(path)
			switch {
			case err != nil:
				def[treeField(root, path, "file ")] = trust.JSONText("cannot be read: " + err.Error())
			case st.IsDir():
				if !walk(path) {
					return false
				}
			default:
				if files++; files > maxPluginFiles {
					return false
				}
				p.pluginFiles = append(p.pluginFiles, path)
				def[treeField(root, path, "file ")] = trust.JSONText(fmt.Sprintf("%s %s", st.Mode().Perm(), fileHash(path)))
			}
		}
		return true
	}
	for _, s := range named {
		kind, s, _ := strings.Cut(s, "\x00")
		if s == "" || strings.ContainsRune(s, 0) {
			continue
		}
		dir := s
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(root, dir)
		}
		dir = filepath.Clean(dir)
		real, err := filepath.EvalSymlinks(dir)
		if err != nil {
			if kind == "path" && within(dir, root) {
				def[treeField(root, dir, "folder ")] = trust.JSONText("not there")
			}
			continue
		}
		if st, err := os.Stat(real); err != nil || !st.IsDir() || !within(real, root) {
			continue // not a folder, or one out of the repository: what no pull writes
		}
		def[treeField(root, dir, "folder ")] = trust.JSONText("there")
		if !walk(dir) {
			return def, false
		}
	}
	return def, true
}

// treeField is the definition field of path (relative to root).
func treeField(root, path, prefix string) string {
	rel, err := filepath.Rel(root, path)
	if err != nil {
		rel = path
	}
	return prefix + filepath.ToSlash(rel)
}

// fileHash is the sha256 of the file at path, or why it cannot be read.
func fileHash(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return "cannot be read: " + err.Error()
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "cannot be read: " + err.Error()
	}
	return hex.EncodeToString(h.Sum(nil))
}

// pluginSpec is a plugin key as the shared review takes it: its value and
// the files of the folders the repository's plugin keys name.
func (p *project) pluginSpec(h *hooks.Hook) (agents.CommandSpec, bool) {
	if !slices.Contains(p.plugins, h) {
		return agents.CommandSpec{}, false
	}
	s := agents.CommandSpec{Hook: h, Label: "plugins of " + h.Name + ": " + oneLine(trust.CanonicalJSON(h.Node)), Fields: trust.Definition{"value": trust.CanonicalJSON(h.Node)}}
	for k, v := range p.pluginTree {
		s.Fields[k] = v
	}
	return s, true
}

// oneLine is text on one line, cut to 120 bytes.
func oneLine(text string) string {
	text = strings.Join(strings.Fields(text), " ")
	if len(text) > 120 {
		text = text[:117] + "..."
	}
	return text
}
