package agents

import (
	"fmt"
	"os"
	"slices"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// FileLayer is the Layer of a settings or hooks file: its layer, path and
// state (absent when the layer has no file here, broken with line and
// column, ignored with the agent's reason, missing). Kind is the layer.
func FileLayer(f *settingsio.File) Layer {
	l := Layer{Layer: f.Layer, Kind: string(f.Layer), File: f, Path: f.Path, Exists: f.Exists, State: FileOK}
	switch {
	case f.Path == "":
		l.State, l.Note = FileAbsent, f.Ignored
	case f.Err != nil:
		l.State, l.Note = FileBroken, PlaceOfError(f.Err)
	case f.Exists && f.Ignored != "":
		l.State, l.Note = FileIgnored, f.Ignored
	case !f.Exists:
		l.State = FileMissing
	}
	return l
}

// TrustFileLayer is the Layer of a file that holds trust, not hooks: a
// folder trust file or an approval store, missing when not on disk.
func TrustFileLayer(label, path string) Layer {
	l := Layer{Kind: "trust", Label: label, Path: path, Exists: FileExists(path), State: FileOK}
	if !l.Exists {
		l.State = FileMissing
	}
	return l
}

// FileExists reports whether path names something on disk.
func FileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// PlaceOfError is "error at line 3, column 14: message", or the message
// alone when the fault has no place (a read error).
func PlaceOfError(e *settingsio.ParseError) string {
	if e.Line > 0 {
		return fmt.Sprintf("error at line %d, column %d: %s", e.Line, e.Column, e.Msg)
	}
	return e.Msg
}

// HooksPerFile counts hooks by the file they are configured in, leaving out
// those skip says are not in a file.
func HooksPerFile(hs []*hooks.Hook, skip func(*hooks.Hook) bool) map[string]int {
	n := map[string]int{}
	for _, h := range hs {
		if skip == nil || !skip(h) {
			n[h.Origin.File]++
		}
	}
	return n
}

// DocumentLayers are the layers of the list document: those with a hooks
// file of their own.
func DocumentLayers(ls []Layer) []Layer {
	var out []Layer
	for _, l := range ls {
		if l.File != nil {
			out = append(out, l)
		}
	}
	return out
}

// SortedPaths sorts paths and drops repeats (a watch list).
func SortedPaths(paths []string) []string {
	slices.Sort(paths)
	return slices.Compact(paths)
}

// FindingText is a finding as a line: "file:line:column: message", with
// the parts of its place that are known.
func FindingText(d hooks.Diagnostic) string {
	if d.File == "" {
		return d.Message
	}
	return Place(d.File, d.Line, d.Column) + ": " + d.Message
}

// Place is "file:line:column", with the parts that are known.
func Place(file string, line, column int) string {
	switch {
	case line <= 0:
		return file
	case column <= 0:
		return fmt.Sprintf("%s:%d", file, line)
	}
	return fmt.Sprintf("%s:%d:%d", file, line, column)
}
