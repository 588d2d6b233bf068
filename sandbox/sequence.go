package sandbox

import "sync"

// Sequence is what the sandboxed hooks of one event hand on to each other
// when the agent runs that event's hooks one after another (its facts say
// which events do): under the agent a later hook sees the files the
// earlier ones wrote, so in a dry run each later sandboxed hook's overlays
// take the upper layers of the earlier ones as further lower layers, the
// latest on top. Its own writes still go to an upper layer of its own, so
// its report names its own files only, and its filter, listener, network,
// sinks, cgroups and kill set are its own as before: nothing else of an
// earlier hook reaches it. The files under the sandbox's private /tmp,
// /var/tmp and /dev/shm and the processes a hook left running are not
// carried (the report says which there were: Report.TempFiles,
// Report.LeftRunning).
//
// The owner of a dry run of such an event makes one, puts it in the
// Config of every hook of the event, and closes it when the event is
// over (the layers it keeps are freed then). A Config without one shares
// nothing, as before.
type Sequence struct {
	mu     sync.Mutex
	hooks  []seqHook // the sandboxed hooks that ended, in order
	closed bool
}

// seqHook is one ended hook's layers.
type seqHook struct {
	// targets are the folders its sandbox overlaid, layer i on targets[i].
	targets []string
	// dir holds its layers on disk, layer i's upper folder in
	// dir/i/upper; "" when it wrote nothing there (a later hook's view is
	// the real files) or when its layers could not be kept (kept false).
	dir  string
	kept bool
}

// maxStacked bounds the earlier layers a hook's overlay stacks; a later
// hook of a longer chain of writing hooks does not see the oldest ones,
// and its report says it saw fewer (Report.SawEarlier).
const maxStacked = 32

// NewSequence returns an empty Sequence.
func NewSequence() *Sequence { return &Sequence{} }
