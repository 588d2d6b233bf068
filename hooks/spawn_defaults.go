package hooks

import (
	"time"
)

// DefaultStreamCap bounds each captured stream (stdout, stderr) of a hook.
const DefaultStreamCap = 8 << 20

// DefaultGrace is how long the runner waits, after a hook exits or is
// killed, for its pipes to close before it stops reading them.
const DefaultGrace = 500 * time.Millisecond
