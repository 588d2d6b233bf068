package cli

import (
	"runtime"
	"runtime/debug"
	"sync"
)

// checkHeap is the heap a check may grow to before the garbage collector
// first runs (deferGC): a review of a thousand hooks with its store
// stays below it.
const checkHeap = 128 << 20

// deferGC lets the process's heap grow to limit bytes before the garbage
// collector first runs, then collects as before: a short command (the
// guard's check, run by git on every pull) that frees little of what it
// allocates spends ~10 % of its CPU on collections that free nothing
// worth having before it exits. The first collection (at limit) ends the
// deferral, so a larger review collects as usual from there and its peak
// is not raised by more than limit. restore ends it too (call it when
// the command ends: in-process callers go on). When the collector is off
// already (GOGC=off, another deferral of this process) it changes
// nothing.
func deferGC(limit int64) (restore func()) {
	gc := debug.SetGCPercent(-1)
	if gc < 0 {
		debug.SetGCPercent(gc)
		return func() {}
	}
	// a lower limit the user set (GOMEMLIMIT) stays
	mem := debug.SetMemoryLimit(min(limit, debug.SetMemoryLimit(-1)))
	var once sync.Once
	restore = func() {
		once.Do(func() {
			debug.SetGCPercent(gc)
			debug.SetMemoryLimit(mem) // last: a reader of the limit sees both put back
		})
	}
	// Unreachable at once: the first collection runs its cleanup.
	runtime.AddCleanup(new([64]byte), func(func()) { restore() }, restore)
	return restore
}
