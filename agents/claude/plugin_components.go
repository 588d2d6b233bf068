package claude

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/settingsio"
)

// Claude Code's plugin reference: plugin.json's "commands", "skills" and
// "agents" (a path or a list of paths, "./…" inside the plugin) add to
// the default commands/, skills/ and agents/ folders. Each file they
// name is read like the default ones (frontmatter hooks, a command's or
// skill's shell); a path Hookwarden cannot follow (absolute, leaving the
// plugin folder, unreadable, or of a form it does not read) is an error
// of the plugin, never "nothing there".

// readPluginComponents adds to p.Skills the files the manifest's
// "commands", "skills" and "agents" name.
func readPluginComponents(p *plugin) {
	if p.Manifest == nil || p.Manifest.Root == nil {
		return
	}
	seen := map[string]bool{}
	for _, f := range p.Skills {
		seen[filepath.Clean(f.Path)] = true
	}
	add := func(f *settingsio.File) {
		if f.Raw == nil && f.Err != nil && f.Path == p.Manifest.Path {
			p.Skills = append(p.Skills, f) // an error of the manifest
			return
		}
		if seen[f.Path] {
			return
		}
		seen[f.Path] = true
		p.Skills = append(p.Skills, f)
	}
	for _, key := range []string{"commands", "skills", "agents"} {
		n := p.Manifest.Root.Get(key)
		if n == nil {
			continue
		}
		var items []*settingsio.Node
		switch {
		case n.Is(settingsio.String):
			items = []*settingsio.Node{n}
		case n.Is(settingsio.Array):
			items = n.Items
		default:
			add(componentError(p, n, key, "is neither a path nor a list of paths; Hookwarden cannot tell which files Claude Code reads from it"))
			continue
		}
		for i, it := range items {
			jp := key
			if n.Is(settingsio.Array) {
				jp = fmt.Sprintf("%s[%d]", key, i)
			}
			if !it.Is(settingsio.String) {
				add(componentError(p, it, jp, "is not a path; Hookwarden cannot tell which files Claude Code reads from it"))
				continue
			}
			path, msg := pluginComponentPath(p.Root, it.Str)
			if msg != "" {
				add(componentError(p, it, jp, msg))
				continue
			}
			fi, err := os.Stat(path)
			if err != nil {
				add(componentError(p, it, jp, fmt.Sprintf("names %s, which cannot be read: %v", it.Str, err)))
				continue
			}
			var paths []string
			switch {
			case !fi.IsDir():
				paths = []string{path}
			case key == "skills":
				p.CustomDirs = append(p.CustomDirs, path)
				if fileExists(filepath.Join(path, "SKILL.md")) {
					paths = []string{filepath.Join(path, "SKILL.md")}
				} else if entries, err := os.ReadDir(path); err == nil {
					for _, e := range entries {
						if s := filepath.Join(path, e.Name(), "SKILL.md"); isDir(filepath.Join(path, e.Name())) {
							if _, err := os.Stat(s); err == nil {
								paths = append(paths, s)
							}
						}
					}
				} else {
					add(componentError(p, it, jp, fmt.Sprintf("names the folder %s, which cannot be listed: %v", it.Str, err)))
				}
			default:
				p.CustomDirs = append(p.CustomDirs, path)
				paths = markdownBelow(nil, path, 0)
			}
			for _, fp := range paths {
				fp = filepath.Clean(fp)
				if key == "commands" && filepath.Base(fp) != "SKILL.md" {
					if p.CustomCommands == nil {
						p.CustomCommands = map[string]bool{}
					}
					p.CustomCommands[fp] = true
				}
				add(loadSkillFile(fp))
			}
		}
	}
	slices.Sort(p.CustomDirs)
	p.CustomDirs = slices.Compact(p.CustomDirs)
}

// pluginComponentPath resolves a manifest component path inside root;
// a message instead when it is absolute or leaves the plugin folder.
func pluginComponentPath(root, s string) (string, string) {
	r := strings.ReplaceAll(s, "${CLAUDE_PLUGIN_ROOT}", root)
	if strings.Contains(r, "${") || strings.HasPrefix(r, "~") {
		return "", fmt.Sprintf("names %q, a path Hookwarden does not resolve", s)
	}
	if filepath.IsAbs(r) && !strings.HasPrefix(s, "${CLAUDE_PLUGIN_ROOT}") {
		return "", fmt.Sprintf("names the absolute path %s, outside the plugin folder", s)
	}
	if !filepath.IsAbs(r) {
		r = filepath.Join(root, r)
	}
	r = filepath.Clean(r)
	rel, err := filepath.Rel(root, r)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", fmt.Sprintf("names %s, outside the plugin folder", s)
	}
	if real, err := filepath.EvalSymlinks(r); err == nil {
		if rr, err := filepath.EvalSymlinks(root); err == nil {
			if rel, err := filepath.Rel(rr, real); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				return "", fmt.Sprintf("names %s, which leads outside the plugin folder", s)
			}
		}
	}
	return r, ""
}

// componentError is an unreadable entry standing for what the manifest's
// node n names: it makes the plugin read as needing review.
func componentError(p *plugin, n *settingsio.Node, jp, msg string) *settingsio.File {
	return &settingsio.File{
		Layer:  layerSkill,
		Path:   p.Manifest.Path,
		Exists: true,
		Err:    &settingsio.ParseError{Path: p.Manifest.Path, Line: n.Pos.Line, Column: n.Pos.Column, Msg: "plugin.json " + jp + " " + msg},
	}
}
