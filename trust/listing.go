package trust

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A folder's listing is part of what a hook runs when the hook finds its
// code by listing the folder: `for f in "$d"/*.sh; do . "$f"; done`, a
// Python plugin loader over os.listdir, Python's own module finder (it
// lists each folder of sys.path once and looks names up in that listing,
// so a json.py added beside a script shadows the standard library without
// any path being looked for). A traced run records the folders it listed
// (sandbox.Report.Listed); each is fingerprinted by its listing — every
// name in it, with its kind in the manner of `ls -F` (a folder "/", a
// symbolic link "@ -> target", an executable file "*") — so that a file a
// pull adds to the folder, removes from it, renames, links elsewhere or
// makes executable (what run-parts looks at) reads as a change, named.
// The files of the folder the run read are fingerprinted as files too; a
// file it listed and never read cannot change what it ran, except through
// the kind and name the listing holds.
//
// A listing's snapshot is a ScriptSnapshot whose Path is the folder with a
// trailing separator (ListingPath): the same path a file can never have,
// so the snapshot passes through every place a traced file does (the
// approval's Scripts, the spawn-time check) and a Hookwarden that does not
// know listings fails to open it as a file and flags it (fail closed).

// ListingPath is the Path of the listing snapshot of folder dir.
func ListingPath(dir string) string {
	return strings.TrimSuffix(filepath.Clean(dir), string(filepath.Separator)) + string(filepath.Separator)
}

// IsListing reports whether path is a listing snapshot's Path (a folder
// with a trailing separator).
func IsListing(path string) bool {
	return len(path) > 1 && strings.HasSuffix(path, string(filepath.Separator))
}

// ListingDir is the folder of a listing snapshot's Path.
func ListingDir(path string) string {
	return strings.TrimSuffix(path, string(filepath.Separator))
}

// maxListedEntries bounds the names a listing fingerprint reads; a larger
// folder is an error (fail closed: it cannot be fingerprinted).
const maxListedEntries = 100_000

// snapshotListing fingerprints the listing of the folder ref.Path names
// (ListingPath): missing, it does not exist; something there that is not
// a folder (nor a link to one) is an error.
func snapshotListing(ref ScriptRef, projectDir string) (ScriptSnapshot, error) {
	s := ScriptSnapshot{Word: ref.Word, Path: ref.Path, Via: ref.Via}
	dir := ListingDir(ref.Path)
	fi, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, fmt.Errorf("listing folder %s: %w", dir, err)
	}
	s.Exists = true
	s.OutsideProject = resolvesOutside(dir, projectDir)
	if !fi.IsDir() {
		return s, fmt.Errorf("listing folder %s: it is no folder now", dir)
	}
	text, err := listingText(dir, ref.Via == PythonPathVia)
	if err != nil {
		return s, fmt.Errorf("listing folder %s: %w", dir, err)
	}
	sum := sha256.Sum256([]byte(text))
	s.SHA256, s.Size = hex.EncodeToString(sum[:]), int64(len(text))
	if len(text) <= MaxStoredScript {
		s.Content = &text
	}
	return s, nil
}

// PythonPathVia is the Via of the listing of a folder Python searches for
// every module it imports ahead of the standard library: the folder of a
// script python runs (sys.path[0]), or the working folder of python -m.
// Any module the run imports — the script's own, and the ones the standard
// library imports in turn, which no text of the project names (argparse
// imports gettext, logging imports string and traceback) — is looked up
// there first, so a gettext.py a pull adds beside the script runs. Its
// listing leaves out __pycache__, which Python writes there itself: a
// compiled file in it is used only for a module whose source is in the
// folder, and those are fingerprinted with their compiled files.
const PythonPathVia = "Python's module path (sys.path[0]): every module the run imports is looked up here first"

// listingText is the folder's listing, one entry a line in name order
// (ListingLine); python leaves out the __pycache__ folder Python writes.
func listingText(dir string, python bool) (string, error) {
	f, err := os.Open(dir)
	if err != nil {
		return "", err
	}
	defer f.Close()
	entries, err := f.ReadDir(maxListedEntries + 1)
	if err != nil && len(entries) == 0 && !errors.Is(err, io.EOF) {
		return "", err
	}
	if len(entries) > maxListedEntries {
		return "", fmt.Errorf("more than %d entries", maxListedEntries)
	}
	names := make([]string, 0, len(entries))
	kinds := map[string]fs.DirEntry{}
	for _, e := range entries {
		if python && e.Name() == "__pycache__" && e.IsDir() {
			continue
		}
		names = append(names, e.Name())
		kinds[e.Name()] = e
	}
	slices.Sort(names)
	var b strings.Builder
	for _, n := range names {
		b.WriteString(ListingLine(dir, kinds[n]))
		b.WriteByte('\n')
	}
	return b.String(), nil
}

// ListingLine is one entry of a listing: its name (quoted when it holds
// what a line cannot show plainly), then its kind as `ls -F` marks it: "/"
// a folder, "@ -> target" a symbolic link, "*" an executable file, "|" a
// named pipe, "=" a socket, "#" a device.
func ListingLine(dir string, e fs.DirEntry) string {
	name := e.Name()
	if !plainName(name) {
		name = strconv.Quote(name)
	}
	t := e.Type()
	switch {
	case t.IsDir():
		return name + "/"
	case t&fs.ModeSymlink != 0:
		target, err := os.Readlink(filepath.Join(dir, e.Name()))
		if err != nil {
			return name + "@"
		}
		return name + "@ -> " + strconv.Quote(target)
	case t&fs.ModeNamedPipe != 0:
		return name + "|"
	case t&fs.ModeSocket != 0:
		return name + "="
	case t&fs.ModeDevice != 0:
		return name + "#"
	}
	if fi, err := e.Info(); err == nil && fi.Mode().Perm()&0o111 != 0 {
		return name + "*"
	}
	return name
}

// plainName reports whether a name can stand on a listing's line as it is:
// printable UTF-8, no leading quote, no trailing kind mark.
func plainName(name string) bool {
	if !utf8.ValidString(name) || strings.HasPrefix(name, `"`) || strings.ContainsAny(name[len(name)-1:], "/@*|=#") || strings.Contains(name, "@ -> ") {
		return false
	}
	for _, r := range name {
		if !unicode.IsPrint(r) || unicode.Is(unicode.Bidi_Control, r) {
			return false
		}
	}
	return true
}

// listingChange names what changed between two listings' texts: the
// entries added and those gone (a kind change reads as both).
func listingChange(then, now string) (added, gone []string) {
	was := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSuffix(then, "\n"), "\n") {
		if l != "" {
			was[l] = true
		}
	}
	is := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSuffix(now, "\n"), "\n") {
		if l == "" {
			continue
		}
		is[l] = true
		if !was[l] {
			added = append(added, l)
		}
	}
	for _, l := range strings.Split(strings.TrimSuffix(then, "\n"), "\n") {
		if l != "" && !is[l] {
			gone = append(gone, l)
		}
	}
	return added, gone
}

// listingNote is the note of a listing that changed since approval.
func listingNote(then, now *string) string {
	const why = "its traced run listed the folder when the hook was approved, and what it runs can come from what the listing finds"
	if then == nil || now == nil {
		return "the listing of a folder the hook lists changed since (" + why + ")"
	}
	added, gone := listingChange(*then, *now)
	var parts []string
	if len(added) > 0 {
		parts = append(parts, "a new file in a folder the hook lists: "+strings.Join(added, ", "))
	}
	if len(gone) > 0 {
		parts = append(parts, "no longer in a folder the hook lists: "+strings.Join(gone, ", "))
	}
	if len(parts) == 0 {
		return "the listing of a folder the hook lists changed since (" + why + ")"
	}
	return strings.Join(parts, "; ") + " (" + why + ")"
}

// ListingChanged reports whether the listing snapshot then (a folder a
// traced run listed) differs from the folder now, with the change in
// words; a folder that cannot be listed now counts as changed (fail
// closed).
func ListingChanged(then ScriptSnapshot, project string) (bool, string) {
	now, err := snapshotListing(ScriptRef{Word: then.Word, Path: then.Path, Via: then.Via}, project)
	switch {
	case err != nil:
		return true, err.Error()
	case now.Exists != then.Exists:
		return true, "the folder it listed is gone or new"
	case now.SHA256 == then.SHA256:
		return false, ""
	}
	return true, listingNote(then.Content, now.Content)
}
