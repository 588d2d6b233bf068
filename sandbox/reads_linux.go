//go:build linux

package sandbox

import (
	"os"
	"path/filepath"
	"sync"
)

// evRead is the event of a file under an overlaid folder (the home, the
// project, the agents' folders) that the hook's processes opened for
// reading or executed (Path: with symbolic links resolved, and as it was
// named when that differs), once per file.
const evRead = "read"

// readRecorder notes each file read under the overlaid folders once.
type readRecorder struct {
	mu   sync.Mutex
	seen map[string]bool
}

// recordRead sends an evRead for abs, and for abs with its links
// resolved, when they are existing regular files, one of them inside an
// overlaid folder, not sent before. Both names are kept: the resolved one
// is the file read; the one with the links is how it was reached, so that
// a link retargeted later reads as a change too. It runs in the
// supervisor, inside the sandbox's mount namespace, where the overlays sit
// at the real paths.
func (n *notifier) recordRead(id uint64, abs string) {
	real := abs
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		real = r
	}
	if !n.overlaid(abs) && !n.overlaid(real) {
		return
	}
	for i, p := range []string{real, abs} {
		if i == 1 && p == real {
			break
		}
		if fi, err := os.Stat(p); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		r := &n.reads
		r.mu.Lock()
		if r.seen == nil {
			r.seen = map[string]bool{}
		}
		dup := r.seen[p]
		r.seen[p] = true
		r.mu.Unlock()
		if dup || !notifIDValid(n.fd, id) {
			continue
		}
		n.s.w.send(event{T: evRead, Path: p})
	}
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
