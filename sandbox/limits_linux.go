package sandbox

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hookwarden/hookwarden/risk/vocab"
	"golang.org/x/sys/unix"
)

// Resource limits of a sandboxed hook. The runner makes a cgroup for the
// run (cgroup v2 when the controller is delegated to it, else a cgroup v1
// hierarchy it may write, as root), writes the limits, and hands the
// supervisor an open cgroup.procs of each: the supervisor writes the
// hook's first process into them before it execs, so the hook and all it
// starts are inside while the supervisor stays out (a fork bomb that fills
// the process limit cannot starve it). A resource no cgroup can bound
// falls back to an rlimit the hook's first process gets (per process:
// RLIMIT_DATA, RLIMIT_NPROC, which does not bind root, and a lower
// priority with RLIMIT_CPU for the CPU). After the run the runner reads
// the cgroups' event counters (memory.events, pids.events, cpu.stat) for
// the report and removes them.

// cpuPeriodUs is the enforcement period of a cgroup's CPU quota, in
// microseconds: the hook's processes together get Limits.CPUs times it of
// CPU time in each.
const cpuPeriodUs = 100000

// applyTo sets the limits on process pid (the hook's first process, held
// at its first exec).
func (r *rlimits) applyTo(pid int) error {
	set := func(res int, v uint64, name string) error {
		if v == 0 {
			return nil
		}
		if err := unix.Prlimit(pid, res, &unix.Rlimit{Cur: v, Max: v}, nil); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		return nil
	}
	if err := set(unix.RLIMIT_DATA, r.Data, "RLIMIT_DATA"); err != nil {
		return err
	}
	if err := set(unix.RLIMIT_NPROC, r.Nproc, "RLIMIT_NPROC"); err != nil {
		return err
	}
	if err := set(unix.RLIMIT_CPU, r.CPU, "RLIMIT_CPU"); err != nil {
		return err
	}
	if r.Nice != 0 {
		_ = unix.Setpriority(unix.PRIO_PROCESS, pid, r.Nice)
	}
	return nil
}

// rlimitCPUSeconds is the CPU time one process of the hook may use when
// no cgroup bounds its share.
const rlimitCPUSeconds = 600

// runLimits is the limits of one run, as the runner set them up.
type runLimits struct {
	want  Limits
	dirs  []string   // cgroups made for the run (removed at the end)
	procs []*os.File // their cgroup.procs, for the supervisor
	// tasks are their cgroup v1 tasks files, one per procs, for a parked
	// supervisor's forking thread; nil when any is not v1 or could not
	// be opened.
	tasks   []*os.File
	noTasks bool
	entries []limitEntry
	rl      *rlimits
}

// limitEntry is one resource's limit and where to read whether it was hit.
type limitEntry struct {
	resource, limit, by string
	dir                 string // the cgroup ("" for an rlimit)
	v2                  bool
}

// resolved fills the defaults of l.
func (l Limits) resolved() Limits {
	if l.Memory == 0 {
		l.Memory = DefaultMemory
	}
	if l.Processes == 0 {
		l.Processes = DefaultProcesses
	}
	if l.CPUs == 0 {
		l.CPUs = DefaultCPUs
	}
	return l
}

// setupLimits makes the cgroups of a run; what no cgroup can bound gets an
// rlimit. It never fails: the limits it could not set are said in the
// report.
func setupLimits(want Limits) *runLimits {
	want = want.resolved()
	rl := &runLimits{want: want}
	type res struct {
		name    string
		enabled bool
		write   func(dir string, v2 bool) error
		words   string
	}
	all := []res{
		{"memory", want.Memory > 0, func(dir string, v2 bool) error {
			if v2 {
				if err := writeCg(dir, "memory.max", strconv.FormatInt(want.Memory, 10)); err != nil {
					return err
				}
				_ = writeCg(dir, "memory.swap.max", "0")
				return nil
			}
			if err := writeCg(dir, "memory.limit_in_bytes", strconv.FormatInt(want.Memory, 10)); err != nil {
				return err
			}
			_ = writeCg(dir, "memory.memsw.limit_in_bytes", strconv.FormatInt(want.Memory, 10))
			return nil
		}, formatBytes(want.Memory)},
		{"pids", want.Processes > 0, func(dir string, v2 bool) error {
			return writeCg(dir, "pids.max", strconv.Itoa(want.Processes))
		}, strconv.Itoa(want.Processes) + " processes"},
		{"cpu", want.CPUs > 0, func(dir string, v2 bool) error {
			const period = cpuPeriodUs
			quota := int64(want.CPUs * period)
			if v2 {
				return writeCg(dir, "cpu.max", fmt.Sprintf("%d %d", quota, period))
			}
			if err := writeCg(dir, "cpu.cfs_period_us", strconv.Itoa(period)); err != nil {
				return err
			}
			return writeCg(dir, "cpu.cfs_quota_us", strconv.FormatInt(quota, 10))
		}, strconv.FormatFloat(want.CPUs, 'g', 3, 64) + " CPU"},
	}
	hs := cachedHierarchies()
	v2dir := ""
	for _, r := range all {
		if !r.enabled {
			continue
		}
		done := false
		for _, h := range hs {
			if !h.has(r.name) {
				continue
			}
			dir := ""
			if h.v2 {
				if v2dir == "" {
					v2dir = rl.makeDir(h.parentFor(r.name))
				}
				dir = v2dir
				rl.noTasks = true // a process's threads share its cgroup v2
			} else {
				dir = rl.makeDir(h.base)
				if dir != "" {
					rl.openTasks(dir)
				}
			}
			if dir == "" {
				continue
			}
			if err := r.write(dir, h.v2); err != nil {
				continue
			}
			by := "cgroup v1"
			if h.v2 {
				by = "cgroup v2"
			}
			rl.entries = append(rl.entries, limitEntry{resource: r.name, limit: r.words, by: by, dir: dir, v2: h.v2})
			done = true
			break
		}
		if !done {
			rl.fallback(r.name, r.words)
		}
	}
	return rl
}

// fallback bounds resource with an rlimit.
func (rl *runLimits) fallback(resource, words string) {
	if rl.rl == nil {
		rl.rl = &rlimits{}
	}
	by := "rlimit (per process)"
	switch resource {
	case "memory":
		rl.rl.Data = uint64(rl.want.Memory)
	case "pids":
		rl.rl.Nproc = uint64(rl.want.Processes)
		if os.Getuid() == 0 {
			by = "rlimit (RLIMIT_NPROC does not bind root: not enforced)"
		}
	case "cpu":
		rl.rl.CPU, rl.rl.Nice = rlimitCPUSeconds, 10
		words = fmt.Sprintf("%d CPU seconds per process, lower priority", rlimitCPUSeconds)
	}
	rl.entries = append(rl.entries, limitEntry{resource: resource, limit: words, by: by})
}

// makeDir creates a cgroup for the run under parent and opens its
// cgroup.procs ("" when it cannot).
func (rl *runLimits) makeDir(parent string) string {
	if parent == "" {
		return ""
	}
	sweepOnce(parent)
	var b [6]byte
	_, _ = rand.Read(b[:])
	dir := filepath.Join(parent, "hookwarden-sandbox-"+hex.EncodeToString(b[:]))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return ""
	}
	f, err := os.OpenFile(filepath.Join(dir, "cgroup.procs"), os.O_WRONLY, 0)
	if err != nil {
		_ = os.Remove(dir)
		return ""
	}
	rl.dirs = append(rl.dirs, dir)
	rl.procs = append(rl.procs, f)
	return dir
}

// closeProcs closes the runner's copies of the cgroup.procs and tasks
// files.
func (rl *runLimits) closeProcs() {
	for _, f := range rl.procs {
		f.Close()
	}
	for _, f := range rl.tasks {
		f.Close()
	}
	rl.procs, rl.tasks = nil, nil
}

// openTasks opens the tasks file of dir, a cgroup v1 made for the run.
func (rl *runLimits) openTasks(dir string) {
	if rl.noTasks {
		return
	}
	f, err := os.OpenFile(filepath.Join(dir, "tasks"), os.O_WRONLY, 0)
	if err != nil {
		rl.noTasks = true
		return
	}
	rl.tasks = append(rl.tasks, f)
}

// taskFiles are the tasks files that go to the supervisor with the
// cgroup.procs files: one per cgroup.procs, or none.
func (rl *runLimits) taskFiles() []*os.File {
	if rl.noTasks || len(rl.tasks) != len(rl.procs) {
		return nil
	}
	return rl.tasks
}

// finish reads whether each limit was hit and removes the cgroups (the
// hook's processes are gone by then).
func (rl *runLimits) finish() []LimitHit {
	rl.closeProcs()
	var out []LimitHit
	for _, e := range rl.entries {
		h := LimitHit{Resource: e.resource, Limit: e.limit, By: e.by}
		switch {
		case e.dir == "":
			h.Judgement = Judgement{Level: vocab.LevelNone, Summary: e.resource + " bounded by " + e.by + ": " + e.limit + " (whether it was reached is not known)"}
		case e.resource == "memory":
			kills, maxed := memoryEvents(e.dir, e.v2)
			if kills > 0 || maxed > 0 {
				h.Hit = true
				h.Judgement = Judgement{vocab.Destructive, vocab.LevelReview,
					fmt.Sprintf("hit the memory limit (%s, %s): %d process(es) killed for memory", e.limit, e.by, kills)}
			} else {
				h.Judgement = Judgement{Level: vocab.LevelNone, Summary: "stayed under the memory limit (" + e.limit + ")"}
			}
		case e.resource == "pids":
			if n := counter(filepath.Join(e.dir, "pids.events"), "max"); n > 0 {
				h.Hit = true
				h.Judgement = Judgement{vocab.Destructive, vocab.LevelReview,
					fmt.Sprintf("hit the process limit (%s, %s): %d new process(es) or thread(s) refused", e.limit, e.by, n)}
			} else {
				h.Judgement = Judgement{Level: vocab.LevelNone, Summary: "stayed under the process limit (" + e.limit + ")"}
			}
		case e.resource == "cpu":
			h.periods = counter(filepath.Join(e.dir, "cpu.stat"), "nr_periods")
			if n := counter(filepath.Join(e.dir, "cpu.stat"), "nr_throttled"); n > 0 {
				h.Hit = true
				h.Judgement = Judgement{Level: vocab.LevelNone, Summary: fmt.Sprintf("used more than the CPU limit (%s, %s): slowed down %d time(s)", e.limit, e.by, n)}
			} else {
				h.Judgement = Judgement{Level: vocab.LevelNone, Summary: "stayed under the CPU limit (" + e.limit + ")"}
			}
		}
		out = append(out, h)
	}
	for i := len(rl.dirs) - 1; i >= 0; i-- {
		removeCgroup(rl.dirs[i])
	}
	rl.dirs = nil
	return out
}

// removeCgroup removes an empty cgroup, waiting a little for the last
// killed processes to leave it.
func removeCgroup(dir string) {
	for i := 0; i < 200; i++ {
		err := unix.Rmdir(dir)
		if err == nil || errors.Is(err, unix.ENOENT) || !errors.Is(err, unix.EBUSY) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func memoryEvents(dir string, v2 bool) (kills, maxed int64) {
	if v2 {
		return counter(filepath.Join(dir, "memory.events"), "oom_kill"), counter(filepath.Join(dir, "memory.events"), "max")
	}
	return counter(filepath.Join(dir, "memory.oom_control"), "oom_kill"), counter(filepath.Join(dir, "memory.failcnt"), "")
}

// counter reads "key N" from a cgroup file ("" key: the file is a number).
func counter(path, key string) int64 {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Fields(l)
		switch {
		case key == "" && len(f) == 1:
			n, _ := strconv.ParseInt(f[0], 10, 64)
			return n
		case len(f) == 2 && f[0] == key:
			n, _ := strconv.ParseInt(f[1], 10, 64)
			return n
		}
	}
	return 0
}

func writeCg(dir, file, value string) error {
	return os.WriteFile(filepath.Join(dir, file), []byte(value), 0)
}

// hierarchy is a mounted cgroup hierarchy and this process's cgroup in it.
type hierarchy struct {
	v2          bool
	controllers map[string]bool // v1: those of the mount; v2: those a new child gets
	base        string          // this process's cgroup folder
	parent      string          // v2: where a child gets the controllers
}

func (h hierarchy) has(c string) bool { return h.controllers[c] }

func (h hierarchy) parentFor(string) string { return h.parent }

// cgroupHierarchies lists the hierarchies a cgroup for the run could be
// made in, cgroup v2 first.
func cgroupHierarchies() []hierarchy {
	paths := map[string]string{} // controller ("" for v2) -> own path
	if data, err := os.ReadFile("/proc/self/cgroup"); err == nil {
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			parts := strings.SplitN(l, ":", 3)
			if len(parts) != 3 {
				continue
			}
			if parts[0] == "0" && parts[1] == "" {
				paths[""] = parts[2]
				continue
			}
			for _, c := range strings.Split(parts[1], ",") {
				paths[c] = parts[2]
			}
		}
	}
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return nil
	}
	defer f.Close()
	var v2, v1 []hierarchy
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		sep := -1
		for i, x := range fields {
			if x == "-" {
				sep = i
				break
			}
		}
		if sep < 0 || sep+3 >= len(fields) || len(fields) < 5 || fields[3] != "/" {
			continue
		}
		mnt, fstype, opts := fields[4], fields[sep+1], fields[sep+3]
		switch fstype {
		case "cgroup2":
			own, ok := paths[""]
			if !ok {
				continue
			}
			base := filepath.Join(mnt, own)
			if h, ok := v2Parent(base); ok {
				v2 = append(v2, h)
			}
		case "cgroup":
			h := hierarchy{controllers: map[string]bool{}}
			for _, o := range strings.Split(opts, ",") {
				if own, ok := paths[o]; ok {
					h.controllers[o] = true
					h.base = filepath.Join(mnt, own)
				}
			}
			if h.base != "" && unix.Access(h.base, unix.W_OK) == nil {
				v1 = append(v1, h)
			}
		}
	}
	return append(v2, v1...)
}

// v2Parent finds where a child cgroup gets controllers: this process's
// own cgroup when it already hands them to children (the root, say), else
// its parent, when that is writable (a delegated subtree), so the child is
// a sibling the supervisor may move the hook into.
func v2Parent(base string) (hierarchy, bool) {
	for _, dir := range []string{base, filepath.Dir(base)} {
		data, err := os.ReadFile(filepath.Join(dir, "cgroup.subtree_control"))
		if err != nil {
			continue
		}
		h := hierarchy{v2: true, controllers: map[string]bool{}, base: base, parent: dir}
		for _, c := range strings.Fields(string(data)) {
			h.controllers[c] = true
		}
		if len(h.controllers) == 0 || unix.Access(dir, unix.W_OK) != nil || unix.Access(filepath.Join(dir, "cgroup.procs"), unix.W_OK) != nil {
			continue
		}
		return h, true
	}
	return hierarchy{}, false
}

func formatBytes(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20:
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// fallbackAll is the rlimits of every resource, for when the hook cannot
// be moved into its cgroups.
func (rl *runLimits) fallbackAll() *rlimits {
	r := &rlimits{CPU: rlimitCPUSeconds, Nice: 10}
	if rl.want.Memory > 0 {
		r.Data = uint64(rl.want.Memory)
	}
	if rl.want.Processes > 0 {
		r.Nproc = uint64(rl.want.Processes)
	}
	return r
}

// movedOut records that the supervisor could not move the hook into the
// cgroups (why): the rlimits bound it instead.
func (rl *runLimits) movedOut(why string) {
	for i := range rl.entries {
		e := &rl.entries[i]
		if e.dir != "" {
			e.dir, e.by = "", "rlimit (per process; the cgroup could not be entered: "+why+")"
		}
	}
}

// judgeLimits counts the limits' judgements in the report's level.
func judgeLimits(r *Report) {
	for _, l := range r.Limits {
		if l.Level > r.Level {
			r.Level = l.Level
		}
	}
}

// threadInCgroups moves the thread tid (the supervisor's forking thread,
// never its main one) into the hook's cgroups through their v1 tasks
// files, so that the hook's first process, which a fork makes a member
// of its forking thread's cgroups, is born in them and need not be moved
// on its way to its first exec. Each move waits for the kernel's RCU
// grace period (cgroup v1 takes a lock that needs one, 2-20 ms of wall
// here at load, 3 hierarchies); a parked supervisor does it while it
// waits for its hook, off the hook's start. The thread is not the
// process's leader, so the supervisor's memory is not the hook's memory
// cgroup's (cgroup v1 charges a process's pages to its leader's) and the
// out-of-memory killer of that cgroup does not pick it (it looks at
// leaders only); it counts as one of the hook's processes until it ends,
// right after the hook's fork.
func threadInCgroups(fds []int, tid int) error {
	for i, fd := range fds {
		if _, err := unix.Write(fd, []byte(strconv.Itoa(tid))); err != nil {
			return fmt.Errorf("tasks %d: %w", i, err)
		}
	}
	return nil
}

// enterCgroups writes pid into each cgroup.procs the runner passed
// (the supervisor's side).
func enterCgroups(fds []int, pid int) error {
	for i, fd := range fds {
		if _, err := unix.Write(fd, []byte(strconv.Itoa(pid))); err != nil {
			return fmt.Errorf("cgroup.procs %d: %w", i, err)
		}
	}
	return nil
}

// staleCgroup is the age after which a run's cgroup that is still there
// was left by a runner that died (a run is bounded by its timeout).
const staleCgroup = time.Hour

// cgroupCache keeps what every sandbox of a dry run would read again:
// the hierarchies (cgroupHierarchies parses /proc/self/cgroup and
// /proc/self/mountinfo and checks access: ~2 CPU-ms per sandbox here) and
// when each parent was last swept (sweepCgroups lists it: ~1 CPU-ms). A
// long-lived process (the window) reads the hierarchies again after
// cgroupCacheFor.
var cgroupCache struct {
	sync.Mutex
	at    time.Time
	hs    []hierarchy
	swept map[string]time.Time
}

const cgroupCacheFor = 10 * time.Second

// cachedHierarchies is cgroupHierarchies, read at most once per
// cgroupCacheFor (the hierarchies are only read from).
func cachedHierarchies() []hierarchy {
	cgroupCache.Lock()
	defer cgroupCache.Unlock()
	if cgroupCache.hs == nil || time.Since(cgroupCache.at) > cgroupCacheFor {
		cgroupCache.hs, cgroupCache.at = cgroupHierarchies(), time.Now()
	}
	return cgroupCache.hs
}

// sweepOnce sweeps parent (sweepCgroups) unless this process did in the
// last tenth of staleCgroup: a cgroup goes stale after an hour, so a
// sweep per sandbox found nothing a sweep per dry run would not.
func sweepOnce(parent string) {
	cgroupCache.Lock()
	if cgroupCache.swept == nil {
		cgroupCache.swept = map[string]time.Time{}
	}
	last, ok := cgroupCache.swept[parent]
	if ok && time.Since(last) < staleCgroup/10 {
		cgroupCache.Unlock()
		return
	}
	cgroupCache.swept[parent] = time.Now()
	cgroupCache.Unlock()
	sweepCgroups(parent)
}

// sweepCgroups removes the empty cgroups of runs whose runner died before
// it could (rmdir refuses one that still holds a process).
func sweepCgroups(parent string) {
	ents, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range ents {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), "hookwarden-sandbox-") {
			continue
		}
		if fi, err := e.Info(); err == nil && time.Since(fi.ModTime()) > staleCgroup {
			_ = unix.Rmdir(filepath.Join(parent, e.Name()))
		}
	}
}
