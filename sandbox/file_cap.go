package sandbox

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hookwarden/hookwarden/risk/vocab"
)

// maxFiles bounds the changed files a report lists.
const maxFiles = 500

// maxLeftOutGroups bounds the folders the files left out are counted by.
const maxLeftOutGroups = 20

// A folder with more than crowdedFolder changed files that are not
// critical shows crowdedShown of them, and a count of the rest.
const (
	crowdedFolder = 10
	crowdedShown  = 3
)

// capFiles judges every changed file and puts the most serious first. A
// crowded folder's files that are not critical are shown by a few and a
// count ("and 517 more files under ~/.a"), and of what is left maxFiles
// are listed and the rest counted by folder (FilesLeftOut): no write that
// matters is dropped behind a cap, and the report's level still counts
// every file.
func capFiles(r *Report, home, project string, agentFiles []string) {
	show := func(p string) string { return displayPath(p, home, project) }
	for i := range r.Files {
		f := &r.Files[i]
		f.Judgement = judgeFile(f, home, project, agentFiles, show(f.Path))
	}
	sort.SliceStable(r.Files, func(i, j int) bool { return r.Files[i].Level > r.Files[j].Level })
	crowd := map[string]int{}
	for _, f := range r.Files {
		if f.Level < vocab.LevelCritical {
			crowd[filepath.Dir(f.Path)]++
		}
	}
	var kept, dropped []FileChange
	shown := map[string]int{}
	for _, f := range r.Files {
		dir := filepath.Dir(f.Path)
		if f.Level < vocab.LevelCritical && crowd[dir] > crowdedFolder {
			if shown[dir] >= crowdedShown {
				dropped = append(dropped, f)
				continue
			}
			shown[dir]++
		}
		kept = append(kept, f)
	}
	if len(kept) > maxFiles {
		dropped = append(dropped, kept[maxFiles:]...)
		kept = kept[:maxFiles:maxFiles]
	}
	r.Files = kept
	if len(dropped) == 0 {
		return
	}
	keys := make([]string, len(dropped))
	for i, f := range dropped {
		keys[i] = filepath.Dir(f.Path)
	}
	coarsen(keys, maxLeftOutGroups)
	index := map[string]int{}
	for i, f := range dropped {
		k := keys[i]
		j, ok := index[k]
		if !ok {
			j = len(r.FilesLeftOut)
			index[k] = j
			r.FilesLeftOut = append(r.FilesLeftOut, FilesLeftOut{Under: show(k)})
		}
		g := &r.FilesLeftOut[j]
		g.Count++
		if f.Level > g.Level || g.Count == 1 {
			g.Level, g.Category = f.Level, f.Category
		}
	}
	for i := range r.FilesLeftOut {
		g := &r.FilesLeftOut[i]
		g.Summary = fmt.Sprintf("and %d more files under %s (the worst of them: %s)", g.Count, g.Under, g.Level)
	}
	sort.SliceStable(r.FilesLeftOut, func(i, j int) bool { return r.FilesLeftOut[i].Level > r.FilesLeftOut[j].Level })
}

// coarsen replaces folders by their parents until at most n distinct
// remain: first the folders that share a parent with another (so a
// crowded folder keeps its own name while a thousand one-file siblings
// become their parent), else the deepest ones.
func coarsen(keys []string, n int) {
	for countDistinct(keys) > n {
		children := map[string]map[string]bool{}
		for _, k := range keys {
			if k == "/" {
				continue
			}
			p := filepath.Dir(k)
			if children[p] == nil {
				children[p] = map[string]bool{}
			}
			children[p][k] = true
		}
		merged := false
		for i, k := range keys {
			if k != "/" && len(children[filepath.Dir(k)]) > 1 {
				keys[i], merged = filepath.Dir(k), true
			}
		}
		if merged {
			continue
		}
		depth := maxDepth(keys)
		if depth <= 1 {
			return
		}
		for i, k := range keys {
			keys[i] = truncatePath(k, depth-1)
		}
	}
}

func maxDepth(paths []string) int {
	d := 0
	for _, p := range paths {
		d = max(d, strings.Count(p, "/"))
	}
	return d
}

func countDistinct(keys []string) int {
	seen := map[string]bool{}
	for _, k := range keys {
		seen[k] = true
	}
	return len(seen)
}

// truncatePath keeps the first depth components of an absolute path.
func truncatePath(p string, depth int) string {
	parts := strings.Split(strings.TrimPrefix(p, "/"), "/")
	if len(parts) <= depth {
		return p
	}
	return "/" + strings.Join(parts[:depth], "/")
}
