package settingsio

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Default debounce settings of a Watcher.
const (
	DefaultDebounce = 75 * time.Millisecond
	DefaultMaxDelay = time.Second
)

// Change is one debounced notification: the watched paths that changed
// (created, written, removed, renamed, chmod'ed), sorted, each once.
type Change struct {
	Paths []string
	// Rescan is set when the OS dropped events (its queue overflowed):
	// anything may have changed.
	Rescan bool
}

// WatchOptions tune a Watcher.
type WatchOptions struct {
	// Extra are more files to watch (e.g. the scripts project hooks run);
	// a path ending in a separator is a folder whose entries are watched.
	Extra []string
	// Debounce is the quiet time after the last event before a Change is
	// delivered (DefaultDebounce when zero); MaxDelay bounds the wait while
	// events keep coming (DefaultMaxDelay when zero).
	Debounce time.Duration
	MaxDelay time.Duration
}

// Watcher reports changes to the files an agent's snapshot was computed from. It
// watches folders, not files, so that files that do not exist yet, editors
// that save by writing a new file and renaming it over the old one, and
// delete-and-recreate are all seen; a file in a folder that does not exist
// yet is watched through its nearest existing ancestor, and the watch moves
// down as folders appear. Bursts of events are debounced into one Change.
//
// It stops, closing Changes and Done, when the context is cancelled.
type Watcher struct {
	changes  chan Change
	retarget chan retargetRequest
	done     chan struct{}

	mu  sync.Mutex
	err error
}

// WatchPaths starts a Watcher on paths (a trailing separator marks a
// folder whose direct entries are watched; WatchList.Subfolders one whose
// new subfolders are) plus opts.Extra.
func WatchPaths(ctx context.Context, paths []string, opts WatchOptions) (*Watcher, error) {
	if opts.Debounce <= 0 {
		opts.Debounce = DefaultDebounce
	}
	if opts.MaxDelay <= 0 {
		opts.MaxDelay = DefaultMaxDelay
	}
	fsw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("starting the file watcher: %w", err)
	}
	w := &Watcher{changes: make(chan Change), retarget: make(chan retargetRequest), done: make(chan struct{})}
	l := &watchLoop{w: w, fsw: fsw, opts: opts, watched: map[string]bool{}, pending: map[string]bool{}}
	l.targets = newWatchTargets(append(slices.Clone(paths), opts.Extra...))
	l.arm(false)
	go l.run(ctx)
	return w, nil
}

// Changes delivers the debounced changes. It is closed when the watcher
// stops.
func (w *Watcher) Changes() <-chan Change { return w.changes }

// Done is closed when the watcher has stopped and released its resources.
func (w *Watcher) Done() <-chan struct{} { return w.done }

// Err returns the last error the OS watcher reported (nil if none); the
// watcher keeps running after one.
func (w *Watcher) Err() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// ErrWatcherStopped is returned by Retarget after the watcher stopped.
var ErrWatcherStopped = errors.New("the watcher has stopped")

// RetargetPaths replaces the watched paths. When it returns, the new
// watches are in place.
func (w *Watcher) RetargetPaths(paths []string) error {
	req := retargetRequest{paths: slices.Clone(paths), armed: make(chan struct{})}
	select {
	case w.retarget <- req:
	case <-w.done:
		return ErrWatcherStopped
	}
	select {
	case <-req.armed:
		return nil
	case <-w.done:
		return ErrWatcherStopped
	}
}

// retargetRequest asks the loop for new targets; armed is closed once the
// watches are in place.
type retargetRequest struct {
	paths []string
	armed chan struct{}
}

func (w *Watcher) setErr(err error) {
	w.mu.Lock()
	w.err = err
	w.mu.Unlock()
}

// watchLoop is the state the Watcher's one goroutine owns.
type watchLoop struct {
	w       *Watcher
	fsw     *fsnotify.Watcher
	opts    WatchOptions
	targets *watchTargets
	watched map[string]bool // folders given to fsw
	pending map[string]bool // changed targets not delivered yet
	rescan  bool
	first   time.Time // first event of the pending burst
	timer   *time.Timer
	ready   bool // the debounce has passed: deliver
}

func (l *watchLoop) run(ctx context.Context) {
	defer close(l.w.done)
	defer close(l.w.changes)
	defer l.fsw.Close()
	l.timer = time.NewTimer(time.Hour)
	l.timer.Stop()
	defer l.timer.Stop()
	for {
		var out chan<- Change
		var msg Change
		if l.ready {
			out, msg = l.w.changes, l.change()
		}
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-l.fsw.Events:
			if !ok {
				return
			}
			l.handle(ev)
		case err, ok := <-l.fsw.Errors:
			if !ok {
				return
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				l.rescan = true
				l.schedule()
				continue
			}
			l.w.setErr(err)
		case <-l.timer.C:
			l.ready = true
		case out <- msg:
			clear(l.pending)
			l.rescan, l.ready, l.first = false, false, time.Time{}
		case req := <-l.w.retarget:
			l.targets = newWatchTargets(append(req.paths, l.opts.Extra...))
			l.arm(false)
			close(req.armed)
		}
	}
}

// handle records the targets an event concerns and, when folders may have
// appeared or gone, moves the folder watches.
func (l *watchLoop) handle(ev fsnotify.Event) {
	created := ev.Has(fsnotify.Create)
	removed := ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename)
	changed := l.targets.affected(ev.Name, created, removed)
	if created && l.targets.subs[filepath.Dir(ev.Name)] {
		changed = append(changed, l.growSubfolders(ev.Name)...)
	}
	if created || removed {
		changed = append(changed, l.arm(true)...)
	}
	if len(changed) == 0 {
		return
	}
	for _, p := range changed {
		l.pending[p] = true
	}
	l.schedule()
}

// growSubfolders makes dir, a folder that appeared in a folder whose new
// subfolders matter, and every folder below it such a folder too: each
// is watched before it is listed, so a folder made in it either is in
// the listing or raises an event of its own. It returns the folders
// found below dir (they appeared before their watch: report them). A
// link is reported by affected, not followed.
func (l *watchLoop) growSubfolders(dir string) []string {
	var found []string
	queue := []string{dir}
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		if fi, err := os.Lstat(d); err != nil || !fi.IsDir() || l.targets.subs[d] {
			continue
		}
		l.targets.subs[d] = true
		if !l.watched[d] {
			if err := l.fsw.Add(d); err != nil {
				if !errors.Is(err, os.ErrNotExist) {
					l.w.setErr(fmt.Errorf("watching %s: %w", d, err))
				}
				continue
			}
			l.watched[d] = true
		}
		entries, err := os.ReadDir(d)
		if err != nil {
			// a folder made before its watch may hold what we cannot see:
			// say so, as for a folder we cannot watch
			if !errors.Is(err, os.ErrNotExist) {
				l.w.setErr(fmt.Errorf("listing %s: %w", d, err))
			}
			continue
		}
		for _, e := range entries {
			if e.IsDir() {
				sub := filepath.Join(d, e.Name())
				found = append(found, sub)
				queue = append(queue, sub)
			}
		}
	}
	return found
}

// schedule (re)starts the debounce timer, within MaxDelay of the first
// event of the burst.
func (l *watchLoop) schedule() {
	if l.ready {
		return // already due: the pending set grows until it is taken
	}
	now := time.Now()
	if l.first.IsZero() {
		l.first = now
	}
	l.timer.Reset(min(l.opts.Debounce, max(l.opts.MaxDelay-now.Sub(l.first), 0)))
}

// change is the pending notification.
func (l *watchLoop) change() Change {
	paths := make([]string, 0, len(l.pending))
	for p := range l.pending {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	return Change{Paths: paths, Rescan: l.rescan}
}

// arm gives the OS watcher the folders the targets need now and drops the
// others. With report, it returns the existing targets inside newly
// watched folders: they may have appeared before the watch was in place.
//
// It repeats until the folders it wants stop changing: a folder on the way
// to a target can appear between choosing the nearest existing folder and
// the watch on it taking effect, and its creation event is then never seen.
func (l *watchLoop) arm(report bool) []string {
	var appeared []string
	var want map[string]bool
	for added := true; added; {
		added = false
		l.targets.resolveLinks()
		want = l.targets.foldersToWatch()
		for d := range want {
			if l.watched[d] {
				continue
			}
			if err := l.fsw.Add(d); err != nil {
				if errors.Is(err, os.ErrNotExist) {
					// Gone between choosing it and watching it: choose
					// again (its parent, which exists), or its return
					// would never be seen.
					added = true
					continue
				}
				l.w.setErr(fmt.Errorf("watching %s: %w", d, err))
				continue
			}
			l.watched[d], added = true, true
			if report {
				appeared = append(appeared, l.targets.under(d)...)
			}
		}
	}
	for d := range l.watched {
		if !want[d] {
			_ = l.fsw.Remove(d) // fails when the folder is gone, which also ends its watch
			delete(l.watched, d)
		}
	}
	return appeared
}
