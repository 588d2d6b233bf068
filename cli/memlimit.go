package cli

import (
	"runtime/debug"

	"github.com/hookwarden/hookwarden/settingsio"
)

// listMemoryLimit is the soft memory limit of `list --json` (see
// softMemoryLimit): 320 MiB, so that a list of 100,000 hooks stays under
// 400 MB of RSS (issue 28) with the binary's own pages.
const listMemoryLimit = 320 << 20

// softMemoryLimit sets the Go runtime's soft memory limit to limit for
// the rest of a command and returns what puts the earlier one back.
//
// It is the last step on top of a smaller model, not a replacement for
// it: with the default GOGC=100 the heap of a process grows to about
// twice what is live before the collector runs, and the live set of a
// list of 100,000 hooks peaks at ~245 MB (while an agent that reads none
// of the listed files opens its own 100,000 hooks to say so), so its RSS
// would reach ~470 MB. Under the limit the collector runs earlier as the
// heap nears it; nothing else changes (the output is the same bytes).
// When more than the limit is live (a much larger project) the runtime
// caps the collector's share of the CPU at half and lets the heap grow
// past it: the limit slows such a run, it never fails it. A GOMEMLIMIT
// in the environment wins (the runtime has already applied it).
func softMemoryLimit(env settingsio.Env, limit int64) (restore func()) {
	if env.Has("GOMEMLIMIT") {
		return func() {}
	}
	old := debug.SetMemoryLimit(limit)
	return func() { debug.SetMemoryLimit(old) }
}
