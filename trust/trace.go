package trust

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
)

// FoundTraced: the file was seen running: a traced run of the hook in the
// sandbox read or executed it (a file sourced through a computed path, a
// module an interpreter loaded, a config the program read), where static
// discovery did not find it.
const FoundTraced Found = "traced"

// TracedVia is the Via of a script snapshot that a traced run recorded;
// such snapshots sit in the approval's Scripts beside the discovered ones
// and are compared on every review like them.
const TracedVia = "seen running"

// TracedFile is one file a traced run read or executed.
type TracedFile struct {
	// Path is the file with symbolic links resolved.
	Path string
	// KeepContent says its text may be kept in the store (a file of the
	// project); otherwise only its hash and size are (a file of the home
	// may hold what no store should copy).
	KeepContent bool
	// MadeByHook says the traced run created or rewrote it
	// (ScriptSnapshot.MadeByHook).
	MadeByHook bool
}

// SnapshotTraced fingerprints the files a traced run read, as the
// approval records them (Via TracedVia). A file that cannot be read is an
// error for it, its snapshot kept without a hash (as for Scripts).
func SnapshotTraced(project string, files []TracedFile) ([]ScriptSnapshot, error) {
	var out []ScriptSnapshot
	var errs []error
	for _, f := range files {
		s, err := snapshotScript(ScriptRef{Word: f.Path, Path: f.Path, Via: TracedVia}, project)
		if err != nil {
			errs = append(errs, err)
		}
		if !f.KeepContent {
			s.Content = nil
		}
		s.MadeByHook = f.MadeByHook
		out = append(out, s)
	}
	if len(errs) > 0 {
		return out, errs[0]
	}
	return out, nil
}

// TraceCutPath is the Path of the snapshot that marks a traced run cut
// short: it read, or looked for, more files than the sandbox records, so
// what it reached past that is not fingerprinted. An approval that holds
// it keeps the reasons discovery could not settle (the trace does not
// cover them): the hook stays "approved, partly unwatched". The NUL makes
// it a path no file can have; a Hookwarden that does not know the marker
// cannot read it as a file and flags it (fail closed).
const TraceCutPath = "\x00trace-cut"

// TraceCutMarker is the snapshot an approval keeps for a traced run cut
// short (TraceCutPath).
func TraceCutMarker() ScriptSnapshot {
	return ScriptSnapshot{Word: "(the traced run reached more files than the sandbox records)", Path: TraceCutPath, Via: TracedVia}
}

// TraceShortPath is the Path of the snapshot that marks a traced run that
// did not get to what it was to record: it failed (exit 127, killed: it
// covers none of the hook's reasons) or programs the reasons name never
// started in it (their reasons stay; their names follow the path, NUL
// separated). Its Word says why, for every later review. Like
// TraceCutPath, no file can have it.
const TraceShortPath = "\x00trace-short"

// TraceShortMarker is the snapshot an approval keeps for a traced run
// that fell short (TraceShortPath): why, in words; failed when it covers
// nothing; else the programs that never started.
func TraceShortMarker(why string, failed bool, notStarted []string) ScriptSnapshot {
	path := TraceShortPath
	if !failed {
		for _, p := range notStarted {
			path += "\x00" + p
		}
	}
	return ScriptSnapshot{Word: why, Path: path, Via: TracedVia}
}

// traceShort reads a TraceShortPath marker: whether it is one, whether
// the run failed, and the programs that never started.
func traceShort(s ScriptSnapshot) (short, failed bool, notStarted []string) {
	if s.Via != TracedVia || !strings.HasPrefix(s.Path, TraceShortPath) {
		return false, false, nil
	}
	rest := strings.TrimPrefix(s.Path, TraceShortPath)
	if rest == "" {
		return true, true, nil
	}
	return true, false, strings.Split(strings.TrimPrefix(rest, "\x00"), "\x00")
}

// TraceRanPath is the Path of the snapshot that marks a traced run that
// read nothing beyond what discovery found (and fell short of nothing):
// the approval still carries that a run stood in for the hook's reasons,
// which every later review covers again (a run of a program of the
// machine, /usr/bin/getconf, opens nothing a trace records).
const TraceRanPath = "\x00trace-ran"

// TraceRanMarker is the snapshot an approval keeps for a traced run that
// saw nothing to fingerprint (TraceRanPath).
func TraceRanMarker() ScriptSnapshot {
	return ScriptSnapshot{Word: "(a traced run at approval read nothing beyond what discovery found)", Path: TraceRanPath, Via: TracedVia}
}

// traceCutWhy is the reason a cut trace leaves unsettled.
const traceCutWhy = "its traced run read or looked for more files than the sandbox records; those past the cap are not watched"

// WithTraced is scripts with its traced snapshots replaced by seen.
func WithTraced(scripts, seen []ScriptSnapshot) []ScriptSnapshot {
	out := slices.DeleteFunc(slices.Clone(scripts), func(s ScriptSnapshot) bool { return s.Via == TracedVia })
	return append(out, seen...)
}

// TracedOf is the traced snapshots of scripts.
func TracedOf(scripts []ScriptSnapshot) []ScriptSnapshot {
	var out []ScriptSnapshot
	for _, s := range scripts {
		if s.Via == TracedVia {
			out = append(out, s)
		}
	}
	return out
}

// reviewTraced compares the files the approval's traced run saw with what
// they are now: a changed, gone or now unreadable one is flagged, named
// like a script. A file that discovery finds now is reviewed as such and
// not twice.
func (a *scriptAuditor) reviewTraced(rv *HookReview, approval *Approval) {
	if approval == nil || !slices.ContainsFunc(approval.Scripts, func(s ScriptSnapshot) bool { return s.Via == TracedVia }) {
		return // nothing traced to compare (the common case: no symlinks resolved for it)
	}
	static := map[string]bool{}
	for _, s := range rv.Scripts {
		static[s.Path] = true
		if real, err := filepath.EvalSymlinks(s.Path); err == nil {
			static[real] = true
		}
	}
	cut := false
	short, failed, notStarted := "", false, map[string]bool{}
	realProject := a.Project
	if r, err := filepath.EvalSymlinks(a.Project); err == nil {
		realProject = r
	}
	for i := range approval.Scripts {
		then := &approval.Scripts[i]
		if then.Via == TracedVia && then.Path == TraceCutPath {
			cut = true
			continue
		}
		if then.Via == TracedVia && then.Path == TraceRanPath {
			continue
		}
		if is, all, progs := traceShort(*then); is {
			short, failed = then.Word, failed || all
			for _, p := range progs {
				notStarted[p] = true
			}
			continue
		}
		if then.Via != TracedVia || static[then.Path] {
			continue
		}
		if !then.Exists && !within(then.Path, a.Project) && !within(then.Path, realProject) {
			// Missing outside the project (the home, an agent's folder):
			// no pull can put a file there, so it is not the project's
			// (an approval of an older Hookwarden may hold such paths).
			continue
		}
		ref := ScriptRef{Word: then.Word, Path: then.Path, Via: TracedVia, How: FoundTraced}
		now, ok := a.Scripts[ref.Path]
		if !ok {
			now.snap, now.err = snapshotScript(ref, a.Project)
			a.Scripts[ref.Path] = now
		}
		snap := now.snap
		snap.Word, snap.Via = ref.Word, ref.Via
		sr := compareScript(snap, now.err, then)
		if !then.Exists && sr.Status == ScriptMissing && !absentPath(then.Path) {
			// Missing at approval, something there now that is no file
			// to fingerprint (a folder: node_modules, a package): what
			// the hook loads changed.
			sr.Status, sr.Flagged = ScriptChanged, true
		}
		if !within(then.Path, a.Project) {
			// a file of the home: only its hash is kept and watched, and
			// its text is not shown (it may hold what should not be)
			sr.Content, sr.ApprovedContent, sr.Diff = nil, nil, nil
			sr.ContentOmitted = "not shown: a file outside the project (only its fingerprint is watched)"
		}
		sr.How = FoundTraced
		sr.MadeByHook = then.MadeByHook
		switch {
		case IsListing(then.Path) && sr.Flagged && sr.Status == ScriptChanged:
			sr.Note = listingNote(then.Content, snap.Content)
		case IsListing(then.Path) && sr.Note == "":
			sr.Note = ListedNote
		case !then.Exists && sr.Status == ScriptMissing:
			sr.Note = AbsentNote
		case !then.Exists:
			sr.Note = "missing when the hook was approved (its traced run looked for it there); it exists now, so the hook runs what it says"
		case sr.Flagged && sr.Note == "":
			sr.Note = "seen running when the hook was approved (a traced run read or executed it); it changed since"
		case sr.Note == "":
			sr.Note = "seen running: a traced run in the sandbox read or executed it when the hook was approved"
		}
		if then.MadeByHook {
			a.reviewProduct(&sr) // the hook's own file, or one a pull brought (products.go)
		}
		rv.Scripts = append(rv.Scripts, sr)
	}
	switch {
	case cut:
		// The run was cut short: what it reached past the cap is not
		// watched, so it covers nothing, and the hook says so.
		rv.Unresolved = append(rv.Unresolved, UnresolvedCode{Text: rv.Command, Why: traceCutWhy})
	case failed:
		// The run failed (a program not found, killed): it covers
		// nothing, and the hook says why.
		if len(rv.Unresolved) > 0 {
			rv.Unresolved = append(rv.Unresolved, UnresolvedCode{Text: rv.Command, Why: short})
		}
	case len(TracedOf(approval.Scripts)) > 0:
		// The approval carries what a traced run read and executed: the
		// reasons a run can stand in for are covered by it (those whose
		// code is chosen at run time are not: CoverReasons), but for the
		// programs that never started in it.
		rv.CoverReasons(TracedBy, func(u UnresolvedCode) bool { return u.StartsKey() == "" || !notStarted[u.StartsKey()] })
		if len(notStarted) > 0 && slices.ContainsFunc(rv.Unresolved, func(u UnresolvedCode) bool { return notStarted[u.StartsKey()] }) {
			rv.Unresolved = append(rv.Unresolved, UnresolvedCode{Text: rv.Command, Why: short})
		}
	}
}

// absentPath reports whether nothing is at p (a dangling link counts as
// absent, as its fingerprint takes it); one that cannot be checked is not
// absent (fail closed).
func absentPath(p string) bool {
	_, err := os.Stat(p)
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

// ListedNote is the note of a folder a traced run listed whose listing
// is as approved.
const ListedNote = "listed by the traced run at approval; watched: a file added to, removed from or renamed in this folder would change what the hook finds there"

// AbsentNote is the note of a path a traced run looked for that was
// missing then and is missing now: its absence is part of the approval.
const AbsentNote = "looked for by the traced run at approval, missing then and now; watched: a file there would change what the hook runs"

// WatchedAbsent reports whether s is a path a traced run looked for that
// is still missing, as approved (nothing to show but its name).
func (s ScriptReview) WatchedAbsent() bool {
	return s.Via == TracedVia && s.Status == ScriptMissing && !s.Flagged && s.Note == AbsentNote
}

// TracedBy names what covers a reason a traced run stands in for.
const TracedBy = "the traced run at approval"

// tracedApproval is an approval of the traced files of a review as they
// were reviewed, for the spawn-time check (nil when it has none).
func tracedApproval(rv HookReview) *Approval {
	var sc []ScriptSnapshot
	for _, s := range rv.Scripts {
		if s.Via == TracedVia {
			sc = append(sc, ScriptSnapshot{Word: s.Word, Path: s.Path, Via: s.Via, Exists: s.Status != ScriptMissing, SHA256: s.SHA256, Size: s.Size, MadeByHook: s.MadeByHook})
		}
	}
	if sc == nil {
		return nil
	}
	return &Approval{Scripts: sc}
}
