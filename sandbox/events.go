package sandbox

import (
	"encoding/json"
	"fmt"
	"os"
	"sync"
)

// maxEventsPerKind bounds what one run can record of each kind; beyond it
// one note says how many were left out.
const maxEventsPerKind = 500

// eventWriter writes events to the runner, one JSON line each.
type eventWriter struct {
	mu      sync.Mutex
	f       *os.File
	counts  map[string]int
	dropped map[string]int
	closed  bool
}

func newEventWriter(f *os.File) *eventWriter {
	return &eventWriter{f: f, counts: map[string]int{}, dropped: map[string]int{}}
}

func (w *eventWriter) send(ev event) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return
	}
	if ev.T != evExit && ev.T != evError && ev.T != evEnd && ev.T != evNote {
		if w.counts[ev.T] >= maxEventsPerKind {
			w.dropped[ev.T]++
			return
		}
		w.counts[ev.T]++
	}
	w.writeLocked(ev)
}

func (w *eventWriter) writeLocked(ev event) {
	b, err := json.Marshal(ev)
	if err != nil {
		return
	}
	_, _ = w.f.Write(append(b, '\n'))
}

// end writes the notes about dropped events and the end marker.
func (w *eventWriter) end() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return
	}
	for kind, n := range w.dropped {
		w.writeLocked(event{T: evNote, Msg: fmt.Sprintf("%d more %q records were left out (at most %d are kept)", n, kind, maxEventsPerKind)})
	}
	w.writeLocked(event{T: evEnd})
	w.closed = true
}
