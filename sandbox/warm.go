package sandbox

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"
)

// Warm sets up the sandboxes of a dry run's hooks ahead of them: the
// probe's supervisor sets the sandbox up, tries a start in it and parks,
// and, when the dry run will start more than one sandboxed hook, further
// supervisors set up the same sandbox in the background, alongside the
// probe's and while the earlier hooks run (a pipeline, at most warmDepth
// at a time). Start hands each
// hook whose sandbox is the same (hookKey: the same overlaid folders, the
// hook's own folder among them, the same writable folders, home, scratch
// place, limits and agents' files) a parked supervisor of its own, or
// waits for one being set up. Every parked supervisor serves one hook, as
// a fresh one would: nothing of the probe stays in it (its test start
// execs nothing and writes nothing), and no two hooks share one, so what
// each hook's report says is that hook's alone and nothing one hook
// leaves reaches another. A hook whose sandbox differs starts one of its
// own. The owner of a dry run makes one, puts it in the Config its probe
// and its runner share, and closes it when the run is over (the unused
// parked supervisors are then ended).
type Warm struct {
	mu   sync.Mutex
	cond *sync.Cond // a park under way ended, or Close was called
	// key and cfg are the sandbox the probe set up; parked are its
	// supervisors ready for a hook, pending the parks under way, remaining
	// the sandboxed hooks the dry run still expects to start in it.
	key       string
	cfg       Config
	parked    []*Process
	pending   int
	remaining int
	closed    bool
	served    int // hooks given a parked supervisor
	// seqs are the Sequences of the dry run, closed with it.
	seqs []*Sequence
}

// warmDepth bounds the supervisors a Warm keeps parked or setting up at
// once: the hooks of an event start together, and more parks at a time
// than this only compete for the same cores.
const warmDepth = 3

// NewWarm returns an empty Warm.
func NewWarm() *Warm {
	w := &Warm{}
	w.cond = sync.NewCond(&w.mu)
	return w
}

// WarmStats is what a Warm did: Served hooks were given a supervisor set
// up ahead, Parked supervisors are ready or being set up, Closed says Close
// was called.
type WarmStats struct {
	Served, Parked int
	Closed         bool
}

// Stats says what w did so far.
func (w *Warm) Stats() WarmStats {
	w.mu.Lock()
	defer w.mu.Unlock()
	return WarmStats{Served: w.served, Parked: len(w.parked) + w.pending, Closed: w.closed}
}

// Close ends the parked supervisors that were not used, once the parks
// under way have ended (so none is left behind).
func (w *Warm) Close() {
	if w == nil {
		return
	}
	w.mu.Lock()
	w.closed = true
	w.cond.Broadcast()
	for w.pending > 0 {
		w.cond.Wait()
	}
	ps := w.parked
	w.parked, w.remaining = nil, 0
	seqs := w.seqs
	w.seqs = nil
	w.mu.Unlock()
	closeAll(ps)
	for _, s := range seqs {
		s.Close()
	}
}

// Sequence returns a new Sequence for the hooks of one event of w's dry
// run that the agent runs one after another; Close closes it with the
// run. A nil or closed w gives none (each hook then sees the real files).
func (w *Warm) Sequence() *Sequence {
	if w == nil {
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return nil
	}
	s := NewSequence()
	w.seqs = append(w.seqs, s)
	return s
}

func closeAll(ps []*Process) {
	for _, p := range ps {
		p.Close()
	}
}

// probe is Probe through w for a dry run that will start hooks sandboxed
// hooks in this sandbox: the probe's supervisor stays parked, and the
// sandboxes of the further hooks are set up alongside it.
func (w *Warm) probe(cfg Config, hooks int) error {
	hooks = max(hooks, 1)
	key := hookKey(cfg, cfg.Project)
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return probe(cfg)
	}
	if w.key == key && len(w.parked)+w.pending > 0 {
		w.remaining = hooks // set up already, and not used yet
		w.refill()
		w.mu.Unlock()
		return nil
	}
	stale := w.parked
	w.parked, w.key, w.cfg, w.remaining = nil, key, cfg, hooks
	w.pending++ // the probe's own park
	// the further hooks' sandboxes are set up alongside the probe's, not
	// after it: an event's hooks start together once the probe is over,
	// and the later ones waited for a park begun only then (on 2 cores
	// three parks at once end sooner than one and then two)
	w.refill()
	w.mu.Unlock()
	closeAll(stale)
	p, err := startParked(cfg)
	if err != nil {
		p = nil
	}
	w.landed(p, key)
	w.mu.Lock()
	if err != nil {
		// no hook will run in this sandbox: the parks alongside end
		// (those under way when they land: the key is no sandbox's)
		w.remaining = 0
		if w.key == key {
			w.key = ""
		}
		others := w.parked
		w.parked = nil
		w.mu.Unlock()
		closeAll(others)
		return probeError(err)
	}
	w.refill()
	w.mu.Unlock()
	return nil
}

// landed takes in the result of a park for key (nil: it failed): parked
// for a hook, or ended when w was closed or probed for another sandbox
// meanwhile; the park counts as under way until then, so that Close,
// which waits for the parks under way, leaves no supervisor behind.
func (w *Warm) landed(p *Process, key string) {
	w.mu.Lock()
	keep := p != nil && !w.closed && w.key == key
	if keep {
		w.parked = append(w.parked, p)
		w.cond.Broadcast()
	}
	w.mu.Unlock()
	if p != nil && !keep {
		p.Close()
	}
	w.mu.Lock()
	w.pending--
	w.cond.Broadcast()
	w.mu.Unlock()
}

// refill starts parks in the background until the hooks still expected
// have a supervisor parked or being set up, warmDepth at most; w.mu is
// held.
func (w *Warm) refill() {
	for !w.closed && len(w.parked)+w.pending < min(w.remaining, warmDepth) {
		w.pending++
		cfg, key := w.cfg, w.key
		go func() {
			p, err := startParked(cfg)
			if err != nil {
				p = nil
			}
			w.landed(p, key)
		}()
	}
}

// take returns a supervisor parked for key, waiting for one being set up
// when none is ready yet; nil when there is none for key.
func (w *Warm) take(key string) *Process {
	w.mu.Lock()
	defer w.mu.Unlock()
	for !w.closed && w.key == key {
		if n := len(w.parked); n > 0 {
			p := w.parked[0]
			w.parked = w.parked[1:]
			w.remaining = max(w.remaining-1, 0)
			w.served++
			w.refill()
			return p
		}
		if w.pending == 0 {
			break
		}
		w.cond.Wait()
	}
	return nil
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
