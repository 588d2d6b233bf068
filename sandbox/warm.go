package sandbox

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"
)

// Warm keeps the sandbox a dry run's probe set up, so that its first
// sandboxed hook starts in it instead of in a second one: the probe's
// supervisor sets the sandbox up, tries a start in it and parks; Start
// hands it the first hook whose sandbox is the same (hookKey: the same
// overlaid folders, the hook's own folder among them, the same writable
// folders, home, scratch place, limits and agents' files). It serves one
// hook, as a fresh one would: nothing of the probe stays in it (its test
// start execs nothing and writes nothing). A hook whose sandbox differs
// starts one of its own. The owner of a dry run makes one, puts it in the
// Config its probe and its runner share, and closes it when the run is
// over (an unused parked supervisor is then ended).
type Warm struct {
	mu     sync.Mutex
	parked *Process
	closed bool
}

// NewWarm returns an empty Warm.
func NewWarm() *Warm { return &Warm{} }

// Close ends the parked supervisor, if it was not used.
func (w *Warm) Close() {
	if w == nil {
		return
	}
	w.mu.Lock()
	p := w.parked
	w.parked, w.closed = nil, true
	w.mu.Unlock()
	if p != nil {
		p.Close()
	}
}

// probe is Probe through w: the probe's supervisor stays parked.
func (w *Warm) probe(cfg Config) error {
	w.mu.Lock()
	if w.parked != nil && w.parked.key == hookKey(cfg, cfg.Project) {
		w.mu.Unlock()
		return nil // set up already, and not used yet
	}
	w.mu.Unlock()
	p, err := startParked(cfg)
	if err != nil {
		return probeError(err)
	}
	w.mu.Lock()
	old := w.parked
	if w.closed {
		old, p = p, nil
	}
	w.parked = p
	w.mu.Unlock()
	if old != nil {
		old.Close()
	}
	return nil
}

// take returns the parked supervisor when it was set up for key, once.
func (w *Warm) take(key string) *Process {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.parked == nil || w.parked.key != key {
		return nil
	}
	p := w.parked
	w.parked = nil
	return p
}

// hookKey names the sandbox cfg sets up for a hook whose folder is dir:
// what a parked supervisor fixed when it set up its mounts, limits and
// filter (the stat and access calls it hands over: RecordProbes). Every
// field of Config is in it but those a hook brings itself (Markers,
// Project through dir) and Warm; TestHookKeyCoversEveryConfigField fails
// when a new field is neither.
func hookKey(cfg Config, dir string) string {
	if dir != "" {
		cfg.Overlay = append(append([]string(nil), cfg.Overlay...), dir)
	}
	targets, err := cfg.overlayTargets()
	if err != nil {
		return ""
	}
	var writable []string
	for _, d := range cfg.Writable {
		if real, err := filepath.EvalSymlinks(d); err == nil {
			writable = append(writable, real)
		}
	}
	home := cfg.Home
	if real, err := filepath.EvalSymlinks(home); err == nil {
		home = real
	}
	return strings.Join([]string{cfg.Init, fmt.Sprint(cfg.Isolate, cfg.RecordProbes), strings.Join(targets, "\x00"), strings.Join(writable, "\x00"), home, cfg.TempDir,
		fmt.Sprint(cfg.Limits), strings.Join(cfg.AgentFiles, "\x00"), strings.Join(cfg.AgentSecrets, "\x00")}, "\x01")
}
