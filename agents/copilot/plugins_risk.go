package copilot

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
)

// The plugin keys' risk is the risk of what their plugins run: every hook
// of a hooks file, every MCP server of an MCP server or plugin manifest,
// every MCP server of a custom agent, in the files of the folders the
// keys name, each through the risk analysis a repository hook or server
// gets. What they load that Hookwarden cannot read — a file that cannot
// be parsed, a marketplace that is not a folder of the repository, a
// plugin of a marketplace the repository does not define, a tree too big
// to walk — makes the risk at least review (fail closed), never none.

// pluginSources are what the repository's plugin keys load from outside
// the folders Hookwarden reads, in words: a marketplace whose source is
// not a folder of the repository, an enabled plugin whose marketplace
// is none of the repository's folder marketplaces.
func (p *project) pluginSources() []string {
	local := map[string]bool{}
	var gaps []string
	for _, h := range p.plugins {
		if h.Name != "extraKnownMarketplaces" {
			continue
		}
		if h.Node == nil || !h.Node.Is(settingsio.Object) {
			gaps = append(gaps, "extraKnownMarketplaces is not an object")
			continue
		}
		for _, m := range h.Node.Members {
			src := m.Value.Get("source")
			kind, path := "", ""
			if src != nil && src.Is(settingsio.Object) {
				if k := src.Get("source"); k != nil && k.Is(settingsio.String) {
					kind = k.Str
				}
				if v := src.Get("path"); v != nil && v.Is(settingsio.String) {
					path = v.Str
				}
			}
			if kind == "directory" && path != "" && p.repoFolder(path) {
				local[m.Key] = true
				continue
			}
			gaps = append(gaps, fmt.Sprintf("the marketplace %q is not a folder of the repository (%s)", m.Key, oneLine(strings.TrimSpace(kind+" "+path))))
		}
	}
	for _, h := range p.plugins {
		if h.Name != "enabledPlugins" {
			continue
		}
		if h.Node == nil || !h.Node.Is(settingsio.Object) {
			gaps = append(gaps, "enabledPlugins is not an object")
			continue
		}
		for _, m := range h.Node.Members {
			if v := m.Value; v != nil && v.Is(settingsio.Bool) && !v.Bool {
				continue
			}
			_, market, _ := strings.Cut(m.Key, "@")
			if !local[market] {
				gaps = append(gaps, fmt.Sprintf("the plugin %q comes from a marketplace the repository does not keep in its own folders", m.Key))
			}
		}
	}
	return gaps
}

// repoFolder says whether path (relative to the repository's root, or
// absolute) is a folder inside the repository.
func (p *project) repoFolder(path string) bool {
	root := p.Paths.RepoRoot
	if !filepath.IsAbs(path) {
		path = filepath.Join(root, path)
	}
	real, err := filepath.EvalSymlinks(filepath.Clean(path))
	if err != nil || !within(real, root) {
		return false
	}
	st, err := os.Stat(real)
	return err == nil && st.IsDir()
}

// pluginRisk is the risk of what the plugin keys make Copilot CLI run.
func (p *project) pluginRisk(opt risk.Options) risk.Report {
	var out risk.Report
	add := func(rel string, r risk.Report) {
		for _, f := range r.Findings {
			f.Summary = rel + ": " + f.Summary
			out.Findings = append(out.Findings, f)
		}
		out.Level = max(out.Level, r.Level)
	}
	unreadable := func(rel, why string) {
		add(rel, risk.Report{Level: risk.LevelReview, Findings: []risk.Finding{{Category: risk.Unreadable, Severity: risk.LevelReview,
			Source: risk.Source{File: rel}, Summary: "the plugins load what Hookwarden cannot read: " + why}}})
	}
	for _, gap := range p.pluginGaps {
		unreadable("plugins", gap)
	}
	kit := claudeschema.Commands{Agent: Name}
	for _, path := range p.pluginFiles {
		rel, err := filepath.Rel(p.Paths.RepoRoot, path)
		if err != nil {
			rel = path
		}
		var servers []*hooks.Hook
		switch {
		case strings.HasSuffix(path, ".json"):
			data, err := settingsio.ReadRegularFile(path)
			if err != nil {
				unreadable(rel, err.Error())
				continue
			}
			root, perr := settingsio.ParseJSONC(path, data)
			if perr != nil {
				unreadable(rel, perr.Error())
				continue
			}
			if root.Get("hooks") != nil {
				hs, err := agent{}.ScanHooks(agents.ScanFile{Path: path, Kind: "hooks", Root: p.Dir()})
				if err != nil {
					unreadable(rel, err.Error())
				}
				for _, h := range hs {
					add(rel, p.eitherFolder(h.Subject, filepath.Dir(path), opt))
				}
			}
			if root.Get("mcpServers") != nil {
				servers = kit.Servers(claudeschema.ReadSettings(layerRepository, path), pluginWhen, false)
			}
		case strings.HasSuffix(path, ".md"):
			if f := agentFile(path, layerRepository); f != nil {
				servers = kit.Servers(f, pluginWhen, false)
			}
		}
		for _, h := range servers {
			if h.Status == hooks.StatusInvalid {
				unreadable(rel, h.Reason)
				continue
			}
			add(rel, p.eitherFolder(risk.FromHook(h, p.Dir()), filepath.Dir(path), opt))
		}
	}
	sort.SliceStable(out.Findings, func(i, j int) bool { return out.Findings[i].Severity > out.Findings[j].Severity })
	return out
}

// eitherFolder is the risk of a plugin's hook or server read in the
// project folder and in the plugin file's own folder, the higher of the
// two: which one its relative paths are found from is not modelled, so
// a script beside the plugin is read too.
func (p *project) eitherFolder(in risk.Hook, dir string, opt risk.Options) risk.Report {
	r := risk.Analyze(in, opt)
	if dir == in.ProjectDir {
		return r
	}
	in.ProjectDir = dir
	if o := risk.Analyze(in, opt); o.Level > r.Level {
		return o
	}
	return r
}
