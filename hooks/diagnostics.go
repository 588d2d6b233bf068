package hooks

import (
	"sort"

	"github.com/hookwarden/hookwarden/settingsio"
)

// GatherDiagnostics appends each hook's diagnostics (tagged with its ID) to
// fileDiags and orders the whole list by the layer the file belongs to (in
// layers' order; other files after), then file, line and column. A
// diagnostic several hooks share (one about their definition's matcher,
// say) is listed once, under the first of them.
func GatherDiagnostics(fileDiags []Diagnostic, hs []*Hook, layers []*settingsio.File) []Diagnostic {
	type place struct {
		file         string
		line, column int
		sev          Severity
		msg          string
	}
	seen := map[place]bool{}
	out := fileDiags[:0:0]
	add := func(d Diagnostic) {
		k := place{d.File, d.Line, d.Column, d.Severity, d.Message}
		if !seen[k] {
			seen[k] = true
			out = append(out, d)
		}
	}
	for _, d := range fileDiags {
		add(d)
	}
	for _, h := range hs {
		for i := range h.Diagnostics {
			h.Diagnostics[i].HookID = h.ID
			add(h.Diagnostics[i])
		}
	}
	rank := map[string]int{}
	for i, f := range layers {
		if f != nil && f.Path != "" {
			if _, ok := rank[f.Path]; !ok {
				rank[f.Path] = i
			}
		}
	}
	fileRank := func(p string) int {
		if v, ok := rank[p]; ok {
			return v
		}
		return len(layers)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if ra, rb := fileRank(a.File), fileRank(b.File); ra != rb {
			return ra < rb
		}
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	return out
}
