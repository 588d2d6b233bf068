//go:build linux

package sandbox

import (
	"os"
	"path/filepath"
	"sync"
)

// evRead is the event of a file under an overlaid folder (the home, the
// project, the agents' folders) that the hook's processes opened for
// reading or executed (Path, symbolic links resolved), once per file.
const evRead = "read"

// readRecorder notes each file read under the overlaid folders once.
type readRecorder struct {
	mu   sync.Mutex
	seen map[string]bool
}

// recordRead sends an evRead for abs when it is an existing regular file
// inside one of the overlaid folders and was not sent before. It runs in
// the supervisor, inside the sandbox's mount namespace, where the overlays
// sit at the real paths.
func (n *notifier) recordRead(id uint64, abs string) {
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	inside := false
	for _, t := range n.s.cfg.Overlays {
		if within(abs, t) {
			inside = true
			break
		}
	}
	if !inside {
		return
	}
	if fi, err := os.Stat(abs); err != nil || !fi.Mode().IsRegular() {
		return
	}
	r := &n.reads
	r.mu.Lock()
	if r.seen == nil {
		r.seen = map[string]bool{}
	}
	dup := r.seen[abs]
	r.seen[abs] = true
	r.mu.Unlock()
	if dup || !notifIDValid(n.fd, id) {
		return
	}
	n.s.w.send(event{T: evRead, Path: abs})
}

// addRead adds an evRead record to the report; past maxEventsPerKind
// records the supervisor left the rest out, and the list is marked cut.
func addRead(r *Report, ev event) {
	r.Reads = append(r.Reads, ev.Path)
	if len(r.Reads) >= maxEventsPerKind {
		r.ReadsCut = true
	}
}
