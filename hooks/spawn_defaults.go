package hooks

import (
	"time"
)

// DefaultStreamCap bounds each captured stream (stdout, stderr) of a hook.
const DefaultStreamCap = 8 << 20

// DefaultGrace is how long the runner waits, after a hook exits or is
// killed, for its pipes to close before it stops reading them.
const DefaultGrace = 500 * time.Millisecond

// DefaultLimits replaces a Grace or Cap of zero or less by DefaultGrace
// and DefaultStreamCap (a runner whose zero means "the defaults").
func (s *SpawnSpec) DefaultLimits() {
	if s.Grace <= 0 {
		s.Grace = DefaultGrace
	}
	if s.Cap <= 0 {
		s.Cap = DefaultStreamCap
	}
}
