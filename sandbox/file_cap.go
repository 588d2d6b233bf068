package sandbox

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
)

// maxFiles bounds the changed files a report lists.
const maxFiles = 500

// maxLeftOutGroups bounds the folders the files left out are counted by.
const maxLeftOutGroups = 20

// capFiles judges every changed file, puts the most serious first and
// keeps maxFiles of them; the rest are counted by folder
// (FilesLeftOut), so no write that matters is dropped behind the cap and
// the report's level still counts every file.
func capFiles(r *Report, home, project string) {
	show := func(p string) string { return displayPath(p, home, project) }
	for i := range r.Files {
		f := &r.Files[i]
		f.Judgement = judgeFile(f, home, project, show(f.Path))
	}
	sort.SliceStable(r.Files, func(i, j int) bool { return r.Files[i].Level > r.Files[j].Level })
	if len(r.Files) <= maxFiles {
		return
	}
	dropped := r.Files[maxFiles:]
	r.Files = r.Files[:maxFiles:maxFiles]
	keys := make([]string, len(dropped))
	for i, f := range dropped {
		keys[i] = filepath.Dir(f.Path)
	}
	// coarser folders until there are few enough groups
	for depth := maxDepth(keys); countDistinct(keys) > maxLeftOutGroups && depth > 1; depth-- {
		for i, k := range keys {
			keys[i] = truncatePath(k, depth-1)
		}
	}
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
