package sandbox

import (
	"encoding/json"
	"fmt"
	"os"
	"sync"

	"github.com/hookwarden/hookwarden/risk/vocab"
)

// maxEventsPerKind bounds what one run can record of each kind; beyond it
// one note says how many were left out.
const maxEventsPerKind = 500

// maxSeriousEvents bounds the records past maxEventsPerKind that are kept
// because they need attention.
const maxSeriousEvents = 2000

// serious reports whether a record needs a person's attention on its own:
// a program judged risky, data that carries the hook's input or a secret,
// a name that carries data, a refused Unix socket.
func serious(ev event) bool {
	switch ev.T {
	case evExec:
		return judgeProgram(ev.Argv).Level > vocab.LevelNone
	case evSent:
		return ev.Secret != "" || ev.HasPayload
	case evDNS:
		n := NetworkAttempt{Kind: "dns", Name: ev.Name, SendsInput: ev.HasPayload}
		return judgeNetwork(&n, func(p string) string { return p }).Level == vocab.LevelCritical
	case evUnix, evFamily, evLeftover, evDevice:
		return true
	}
	return false
}

// eventWriter writes events to the runner, one JSON line each.
type eventWriter struct {
	mu      sync.Mutex
	f       *os.File
	counts  map[string]int
	dropped map[string]int
	serious int
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
	if ev.T != evExit && ev.T != evError && ev.T != evEnd && ev.T != evNote && ev.T != evNoCgroup && ev.T != evStarted {
		switch {
		case w.counts[ev.T] < maxEventsPerKind:
			w.counts[ev.T]++
		case w.serious < maxSeriousEvents && serious(ev):
			// past the cap, what needs attention still goes through: 500
			// harmless programs must not hide the curl | sh after them
			w.serious++
		default:
			w.dropped[ev.T]++
			return
		}
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
func (w *eventWriter) end() { w.finish(false) }

// endAllGone is end once every process of the hook has ended and been
// reaped (the end marker says so: Exited).
func (w *eventWriter) endAllGone() { w.finish(true) }

func (w *eventWriter) finish(allGone bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return
	}
	for kind, n := range w.dropped {
		w.writeLocked(event{T: evNote, Msg: fmt.Sprintf("%d more %q records were left out (at most %d are kept, and up to %d more that need attention)", n, kind, maxEventsPerKind, maxSeriousEvents)})
	}
	w.writeLocked(event{T: evEnd, Exited: allGone})
	w.closed = true
}
