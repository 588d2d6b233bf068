package hooks

import "github.com/hookwarden/hookwarden/sandbox"

// Isolation is how both agents' runners start hook processes: under
// Hookwarden's supervisor (which leaves no process behind), and, for the
// hooks Sandboxed picks, in the sandbox.
type Isolation struct {
	// Supervisor is the configuration every hook starts with; an empty
	// Init starts hooks directly (their process group is still killed
	// when the run ends, but a setsid child can escape it).
	Supervisor sandbox.Config
	// Sandboxed says which hooks run in the sandbox (nil: none).
	Sandboxed func(*Hook) bool
}

// For is the supervisor configuration of one hook (nil: start it
// directly). markers are strings of the hook's input whose appearance in
// what it sends means it sends its input away. extraWritable are folders
// the runner reads back after the hook.
func (iso *Isolation) For(h *Hook, markers []string, extraWritable ...string) *sandbox.Config {
	isolate := iso.Sandboxed != nil && iso.Sandboxed(h)
	if iso.Supervisor.Init == "" && !isolate {
		return nil
	}
	cfg := iso.Supervisor
	cfg.Isolate = isolate
	if isolate {
		cfg.Markers = append(append([]string(nil), cfg.Markers...), markers...)
		cfg.Writable = append(append([]string(nil), cfg.Writable...), extraWritable...)
	}
	return &cfg
}

// inputMarkers are the parts of a hook input distinctive enough to spot in
// what a hook sends: the session id and the transcript path.
func inputMarkers(in *Object) []string {
	var out []string
	for _, k := range []string{"session_id", "transcript_path"} {
		if s, ok := in.Value(k).(string); ok && len(s) >= 8 {
			out = append(out, s)
		}
	}
	return out
}

// InputMarkers is inputMarkers for the agents' packages.
func InputMarkers(in *Object) []string { return inputMarkers(in) }

// Guard puts on s what stands between hook h and its process: check, when
// set, asked right before the process starts (an error refuses to start
// it), and the supervisor iso picks for h, with the markers of its input
// and the folders the runner reads back after it. It reports whether h
// runs in the sandbox. Every agent's runner starts a hook through it.
func (s *SpawnSpec) Guard(h *Hook, check func(*Hook) error, iso Isolation, input *Object, extraWritable ...string) (sandboxed bool) {
	if check != nil {
		s.Check = func() error { return check(h) }
	}
	s.Supervisor = iso.For(h, InputMarkers(input), extraWritable...)
	return s.Supervisor != nil && s.Supervisor.Isolate
}
