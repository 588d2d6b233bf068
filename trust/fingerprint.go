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
	"strings"
	"unicode/utf8"

	"github.com/hookwarden/hookwarden/settingsio"
)

// ScriptStatus is the state of a hook's script compared with approval.
type ScriptStatus string

// Script statuses.
const (
	// ScriptUnchanged: same content as when approved in Hookwarden.
	ScriptUnchanged ScriptStatus = "unchanged"
	// ScriptChanged: the content differs from the approved one.
	ScriptChanged ScriptStatus = "changed"
	// ScriptMissing: the file does not exist (any more).
	ScriptMissing ScriptStatus = "missing"
	// ScriptOutside: the path is in the project but resolves, through a
	// symbolic link, to a file outside it.
	ScriptOutside ScriptStatus = "outside-project"
	// ScriptUnrecorded: Hookwarden has no fingerprint for it (the hook was
	// approved by Gemini CLI itself, or never).
	ScriptUnrecorded ScriptStatus = "unrecorded"
)

// fingerprinter takes the fingerprints an approval records, each script
// read once and each followed script discovered once.
type fingerprinter struct {
	project  string
	snaps    map[string]ScriptSnapshot
	followed *followCache
}

func newFingerprinter(project string) *fingerprinter {
	return &fingerprinter{project: project, snaps: map[string]ScriptSnapshot{}, followed: newFollowCache()}
}

// Scripts fingerprints every script command runs (DiscoverScripts);
// parseErr: the command does not parse; err: a script could not be read
// (its snapshot is kept, without a hash).
func (f *fingerprinter) Scripts(command string, env map[string]string, roots []string) (out []ScriptSnapshot, parseErr, err error) {
	return f.ScriptsIn(command, "", env, roots)
}

// ScriptsIn is Scripts for a command the agent starts in the folder cwd
// ("": the project).
func (f *fingerprinter) ScriptsIn(command, cwd string, env map[string]string, roots []string) (out []ScriptSnapshot, parseErr, err error) {
	found, parseErr := discoverFrom(command, f.project, cwd, env, roots, f.followed)
	if parseErr != nil {
		return nil, parseErr, nil
	}
	refs := slices.Concat(found.Scripts, pythonPathListings(found.Scripts, f.project, cwd, f.followed))
	if cover := f.followed.rt.Cover; cover != nil {
		rv := HookReview{ProjectHook: ProjectHook{Command: command, Env: nil, IsCommand: true}, Unresolved: found.Unresolved, DiscoverCommand: command, ScriptRoots: roots, ScriptCwd: cwd}
		cover(&rv)
		for _, s := range rv.Scripts {
			refs = append(refs, ScriptRef{Word: s.Word, Path: s.Path, Via: s.Via, How: s.How, From: s.From})
		}
	}
	var errs []error
	for _, ref := range refs {
		s, ok := f.snaps[ref.Path]
		if !ok {
			var e error
			if s, _, e = snapshotScriptFrom(ref, f.project, nil, f.followed); e != nil {
				errs = append(errs, e) // once per script
			}
			f.snaps[ref.Path] = s
		}
		s.Word, s.Via = ref.Word, ref.Via
		out = append(out, withMode(s, ref))
	}
	return out, nil, errors.Join(errs...)
}

// withMode is s as ref finds it: with the exec bit of a file the command
// runs as a program, without one for any other. s may be the snapshot of
// the same path found another way first (`bash x.sh && ./x.sh`), whose
// mode was not taken or is not this ref's.
func withMode(s ScriptSnapshot, ref ScriptRef) ScriptSnapshot {
	switch {
	case ref.How != FoundProgram:
		s.Mode = ""
	case s.Exists && s.Mode == "" && !IsListing(ref.Path):
		if fi, err := os.Stat(ref.Path); err == nil && fi.Mode().IsRegular() {
			s.Mode = "noexec"
			if fi.Mode().Perm()&0o111 != 0 {
				s.Mode = "exec"
			}
		}
	}
	return s
}

// snapshotScript fingerprints a script as it is now.
func snapshotScript(ref ScriptRef, projectDir string) (ScriptSnapshot, error) {
	s, _, err := snapshotScriptWith(ref, projectDir, nil)
	return s, err
}

// snapshotScriptWith is snapshotScript with a fingerprint cache: when the
// file the path opens has the key the cache holds for it, its hash is the
// cached one and the file is not read (cached; the snapshot then has no
// Content). A file it reads is remembered in the cache.
func snapshotScriptWith(ref ScriptRef, projectDir string, cache *FingerprintCache) (s ScriptSnapshot, cached bool, err error) {
	return snapshotScriptFrom(ref, projectDir, cache, nil)
}

// snapshotScriptFrom is snapshotScriptWith that takes the hash and text
// of a script discovery followed from the text it followed (texts), while
// the file opened still has the key it was read under: what is
// fingerprinted is what was followed, and the script is read once.
func snapshotScriptFrom(ref ScriptRef, projectDir string, cache *FingerprintCache, texts *followCache) (s ScriptSnapshot, cached bool, err error) {
	if IsListing(ref.Path) {
		s, err = snapshotListing(ref, projectDir) // a folder's listing (listing.go)
		return s, false, err
	}
	s = ScriptSnapshot{Word: ref.Word, Path: ref.Path, Via: ref.Via}
	if _, err := os.Lstat(ref.Path); errors.Is(err, fs.ErrNotExist) {
		return s, false, nil
	} else if err != nil {
		return s, false, fmt.Errorf("reading script %s: %w", ref.Path, err)
	}
	s.Exists = true
	if texts != nil {
		// the folders' real paths looked up once for the audit (a
		// thousand hooks' scripts in one folder: one lookup of it)
		s.OutsideProject = texts.resolvesOutside(ref.Path, projectDir)
	} else {
		s.OutsideProject = resolvesOutside(ref.Path, projectDir)
	}
	f, err := settingsio.OpenRegular(ref.Path)
	if errors.Is(err, fs.ErrNotExist) {
		s.Exists = false // a dangling link
		return s, false, nil
	}
	if err != nil {
		return s, false, fmt.Errorf("reading script %s: %w", ref.Path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return s, false, fmt.Errorf("reading script %s: %w", ref.Path, err)
	}
	if !fi.Mode().IsRegular() {
		return s, false, fmt.Errorf("script %s is not a regular file", ref.Path)
	}
	if ref.How == FoundProgram {
		s.Mode = "noexec"
		if fi.Mode().Perm()&0o111 != 0 {
			s.Mode = "exec"
		}
	}
	// The key of the file opened (links followed): what the kernel
	// changes on any write to it.
	before, keyed := fileKeyOf(fi)
	keyed = keyed && cache != nil
	if keyed {
		if sum, ok := cache.lookup(ref.Path, before); ok {
			s.SHA256, s.Size = sum, before.Size
			return s, true, nil
		}
	}
	if t := texts.keptText(ref.Path, fi); t != nil {
		t.snapshotOf(&s)
		if keyed {
			if fi, err := f.Stat(); err == nil {
				if after, ok := fileKeyOf(fi); ok && after.Size == s.Size {
					cache.remember(ref.Path, before, after, s.SHA256)
				}
			}
		}
		return s, false, nil
	}
	h := sha256.New()
	var head strings.Builder
	n, err := io.Copy(h, io.TeeReader(f, &limitedWriter{w: &head, n: MaxStoredScript + 1}))
	if err != nil {
		return s, false, fmt.Errorf("reading script %s: %w", ref.Path, err)
	}
	s.SHA256 = hex.EncodeToString(h.Sum(nil))
	s.Size = n
	if n <= MaxStoredScript && utf8.ValidString(head.String()) {
		text := head.String()
		s.Content = &text
	}
	if keyed {
		// Cached only when nothing changed the file while it was read.
		if fi, err := f.Stat(); err == nil {
			if after, ok := fileKeyOf(fi); ok && after.Size == n {
				cache.remember(ref.Path, before, after, s.SHA256)
			}
		}
	}
	return s, false, nil
}

// limitedWriter keeps the first n bytes written to it and drops the rest.
type limitedWriter struct {
	w *strings.Builder
	n int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	if keep := min(len(p), l.n-l.w.Len()); keep > 0 {
		l.w.Write(p[:keep])
	}
	return len(p), nil
}

// resolvesOutside reports whether path lies in projectDir as written but,
// with symbolic links followed, ends up outside the project folder.
func resolvesOutside(path, projectDir string) bool {
	if !within(path, projectDir) {
		return false
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return false
	}
	realProject, err := filepath.EvalSymlinks(projectDir)
	if err != nil {
		realProject = projectDir
	}
	return !within(real, realProject)
}

// within reports whether path is dir or inside it (lexically).
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// Fingerprinter takes the fingerprints of the scripts hooks run, for
// approving them, reading each script once.
type Fingerprinter struct{ f *fingerprinter }

// NewFingerprinter is a Fingerprinter for the project folder.
func NewFingerprinter(project string) Fingerprinter { return Fingerprinter{newFingerprinter(project)} }

// NewFingerprinterFor is a Fingerprinter for commands the agent runs as
// rt says (its shell, variables and env files, which are fingerprinted
// with every hook).
func NewFingerprinterFor(project string, rt Runtime) Fingerprinter {
	f := newFingerprinter(project)
	f.followed = newFollowCacheFor(rt)
	return Fingerprinter{f}
}

// Scripts fingerprints the scripts command runs (env: the hook's own
// variables; roots: folders besides the project whose scripts are
// followed); parseErr when the command cannot be read.
func (f Fingerprinter) Scripts(command string, env map[string]string, roots []string) (out []ScriptSnapshot, parseErr, err error) {
	return f.f.Scripts(command, env, roots)
}

// ScriptsIn is Scripts for a command the agent starts in the folder cwd
// ("": the project; a hook's own working folder otherwise).
func (f Fingerprinter) ScriptsIn(command, cwd string, env map[string]string, roots []string) (out []ScriptSnapshot, parseErr, err error) {
	return f.f.ScriptsIn(command, cwd, env, roots)
}
