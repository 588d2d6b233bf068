//go:build linux

package sandbox

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"syscall"
)

// evRead is the event of a file under an overlaid folder (the home, the
// project, the agents' folders) that the hook's processes opened for
// reading or executed (Path: with symbolic links resolved, and as it was
// named when that differs), once per file.
const evRead = "read"

// evAbsent is the event of a path under an overlaid folder that the
// hook's processes looked for and that was not there: an open, an exec, a
// stat or an access call of a path that does not exist (a config file a
// program tries, a module an interpreter probes, a program a PATH search
// tries). Once per path, as named (its links cannot be resolved).
const evAbsent = "absent"

// evListed is the event of a folder under an overlaid folder that the
// hook's processes opened for reading (to list it: opendir, a glob, a
// module finder's directory cache), as with evRead: with links resolved,
// and as named when that differs, once per folder. A file a later pull
// adds there changes what such a listing finds.
const evListed = "listed"

// readRecorder notes each file read, and each path found absent, under
// the overlaid folders once.
type readRecorder struct {
	mu     sync.Mutex
	seen   map[string]bool
	absent map[string]bool
}

// recordRead sends an evRead for abs, and for abs with its links
// resolved, when they are existing regular files, one of them inside an
// overlaid folder, not sent before. Both names are kept: the resolved one
// is the file read; the one with the links is how it was reached, so that
// a link retargeted later reads as a change too. When listing is set (an
// open that can list: not O_PATH), a folder there is sent as evListed the
// same way. It runs in the supervisor, inside the sandbox's mount
// namespace, where the overlays sit at the real paths.
func (n *notifier) recordRead(id uint64, abs string, listing bool) {
	real := abs
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		real = r
	}
	if !n.overlaid(abs) && !n.overlaid(real) {
		return
	}
	if _, err := os.Stat(real); isAbsent(err) {
		n.sendAbsent(id, abs) // a file a later pull could put there
		return
	}
	for i, p := range []string{real, abs} {
		if i == 1 && p == real {
			break
		}
		fi, err := os.Stat(p)
		if err != nil {
			continue
		}
		kind := evRead
		switch {
		case fi.IsDir() && listing:
			kind = evListed
		case !fi.Mode().IsRegular():
			continue
		}
		r := &n.reads
		r.mu.Lock()
		if r.seen == nil {
			r.seen = map[string]bool{}
		}
		key := kind + "\x00" + p
		dup := r.seen[key]
		r.seen[key] = true
		r.mu.Unlock()
		if dup || !notifIDValid(n.fd, id) {
			continue
		}
		n.s.w.send(event{T: kind, Path: p})
	}
}

// recordAbsent sends an evAbsent for abs when it is inside an overlaid
// folder and nothing is there (a dangling link counts as absent: what it
// points to would be read).
func (n *notifier) recordAbsent(id uint64, abs string) {
	if !n.overlaid(abs) {
		return
	}
	if _, err := os.Stat(abs); isAbsent(err) {
		n.sendAbsent(id, abs)
	}
}

func (n *notifier) sendAbsent(id uint64, abs string) {
	r := &n.reads
	r.mu.Lock()
	if r.absent == nil {
		r.absent = map[string]bool{}
	}
	dup := r.absent[abs]
	r.absent[abs] = true
	r.mu.Unlock()
	if dup || !notifIDValid(n.fd, id) {
		return
	}
	n.s.w.send(event{T: evAbsent, Path: abs})
}

// isAbsent reports whether err from a stat says nothing is at the path
// (not there, or a component of it is not a folder).
func isAbsent(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

// overlaid reports whether p is inside one of the overlaid folders.
func (n *notifier) overlaid(p string) bool {
	for _, t := range n.s.cfg.Overlays {
		if within(p, t) {
			return true
		}
	}
	return false
}

// addRead adds an evRead record to the report; past maxEventsPerKind
// records the supervisor left the rest out, and the list is marked cut.
func addRead(r *Report, ev event) {
	r.Reads = append(r.Reads, ev.Path)
	if len(r.Reads) >= maxEventsPerKind {
		r.ReadsCut = true
	}
}

// addAbsent adds an evAbsent record to the report; past maxEventsPerKind
// records the supervisor left the rest out, and the list is marked cut.
func addAbsent(r *Report, ev event) {
	r.Absent = append(r.Absent, ev.Path)
	if len(r.Absent) >= maxEventsPerKind {
		r.AbsentCut = true
	}
}

// addListed adds an evListed record to the report; past maxEventsPerKind
// records the supervisor left the rest out, and the list is marked cut.
func addListed(r *Report, ev event) {
	r.Listed = append(r.Listed, ev.Path)
	if len(r.Listed) >= maxEventsPerKind {
		r.ListedCut = true
	}
}
