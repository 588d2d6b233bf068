package sandbox

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestParkedHookIsBornInItsCgroups: a parked supervisor moves the thread
// it forks the hook from into the hook's cgroup v1 hierarchies while it
// waits, so the hook's first process is born there (no move, and no RCU
// grace period, on its way to its first exec: the trace says
// cgroup-born); the hook is in every limited hierarchy's cgroup of its
// run, a process limit still binds it, and none of the supervisor's
// threads stays in its cgroups once it runs (the forking thread ends
// after the hook's fork). On a machine whose limits are on cgroup v2 the
// hook is moved at its first exec as before.
func TestParkedHookIsBornInItsCgroups(t *testing.T) {
	f := newWarmFixture(t)
	t.Setenv("HOOKWARDEN_SANDBOX_TRACE", "1")
	v1 := false
	for _, h := range cgroupHierarchies() {
		v1 = v1 || !h.v2 && (h.has("memory") || h.has("pids") || h.has("cpu"))
	}
	for _, h := range cgroupHierarchies() {
		if h.v2 && (h.has("memory") || h.has("pids") || h.has("cpu")) {
			v1 = false
		}
	}
	if err := Probe(f.cfg); err != nil {
		t.Fatalf("Probe: %v", err)
	}
	// each cgroup of the hook: its tasks are the hook's processes only
	// (looked at until the forking thread has gone, 10 s at most)
	script := `grep hookwarden-sandbox- /proc/self/cgroup | while IFS=: read -r _ ctl path; do
	d=/sys/fs/cgroup/${ctl#name=}$path
	[ -r "$d/tasks" ] || { echo "unread $ctl"; continue; }
	i=0
	while [ $i -lt 200 ]; do
		own=1
		for t in $(ls /proc/1/task); do grep -qx "$t" "$d/tasks" && own=0; done
		[ $own = 1 ] && break
		sleep 0.05; i=$((i+1))
	done
	echo "cg $ctl own=$own"
done`
	r := runScript(t, f.cfg, f.proj, script, "", testEnv(f.home))
	t.Logf("%s", r.stdout)
	if r.report == nil {
		t.Fatal("no report")
	}
	if f.cfg.Warm.Stats().Served != 1 {
		t.Fatal("the hook did not take the parked supervisor")
	}
	notes := strings.Join(r.report.Notes, "\n")
	if !cgroupsUsable(r.report) {
		t.Skipf("no cgroup here: %v", r.report.Limits)
	}
	if v1 && !strings.Contains(notes, "trace cgroup-born") {
		t.Errorf("on cgroup v1 the parked supervisor's hook was moved into its cgroups at its first exec, not born there:\n%s", notes)
	}
	if strings.Contains(r.stdout, "own=0") || v1 && strings.Contains(r.stdout, "unread") {
		t.Errorf("a thread of the supervisor is in the hook's cgroups while it runs:\n%s", r.stdout)
	}
	if v1 && strings.Count(r.stdout, "own=1") == 0 {
		t.Errorf("the hook is in none of its run's cgroups:\n%s\n%s", r.stdout, r.stderr)
	}
}

// TestParkedHookStaysBounded: a hook born in its cgroups (a parked
// supervisor's) is held by each limit as one moved into them at its
// first exec: a fork bomb and a memory hog, each in a sandbox set up
// ahead. (The CPU quota is left out: whether a 0.2 CPU quota throttles a
// spinner depends on the machine's load, TestSandboxBoundsCPU fails on
// a busy machine with or without a parked supervisor.)
func TestParkedHookStaysBounded(t *testing.T) {
	for _, c := range []struct {
		mode, arg, resource, what string
		limits                    Limits
	}{
		{"procs", "300", "pids", "process limit", Limits{Processes: 40}},
		{"memory", "400", "memory", "memory limit", Limits{Memory: 96 << 20}},
	} {
		t.Run(c.mode, func(t *testing.T) {
			f := newWarmFixture(t)
			f.cfg.Limits = c.limits
			if err := Probe(f.cfg); err != nil {
				t.Fatalf("Probe: %v", err)
			}
			r := runAttack(t, f.cfg, f.proj, testEnv(f.home), c.mode, c.arg)
			t.Logf("hook said: %s%s", r.stdout, r.stderr)
			if f.cfg.Warm.Stats().Served != 1 {
				t.Fatal("the hook did not take the parked supervisor")
			}
			if r.report == nil {
				t.Fatal("no report")
			}
			if !cgroupBound(r.report, c.resource) {
				t.Skipf("no cgroup bounds %s here", c.resource)
			}
			switch c.mode {
			case "procs":
				var started, failed int
				if _, err := fmt.Sscanf(strings.TrimSpace(r.stdout), "STARTED %d FAILED %d", &started, &failed); err != nil {
					t.Fatalf("hook output %q: %v", r.stdout, err)
				}
				if started >= 40 || failed == 0 {
					t.Errorf("the process limit did not hold: %d started, %d refused", started, failed)
				}
			case "memory":
				if strings.Contains(r.stdout, "ALLOCATED") || strings.Contains(r.stdout, "ALLOC 112") {
					t.Errorf("the memory limit did not hold: %s", r.stdout)
				}
			}
			if !reportSays(r.report, c.what) {
				t.Errorf("the report does not say the %s was hit: %+v", c.what, r.report.Limits)
			}
		})
	}
}

// cgroupsUsable says whether the run's limits were cgroups.
func cgroupsUsable(r *Report) bool {
	for _, l := range r.Limits {
		if strings.HasPrefix(l.By, "cgroup") {
			return true
		}
	}
	return false
}

// TestListenerRestsOnceTheHookHasEnded: the thread the hook was forked
// from ends after the fork, so once the hook's processes have all ended
// no process uses the seccomp filter, and a receive on its listener fails
// at once (Linux 6.6 and later): the listener must then stop, not spin
// until the run ends (at real-time priority that spin starved the runner
// that would end it). The run is held open after the hook has ended (a
// runner that reads the hook's output first); the supervisor's CPU time
// from the hook's exit to the end stays well under the time held.
func TestListenerRestsOnceTheHookHasEnded(t *testing.T) {
	f := newWarmFixture(t)
	t.Setenv("HOOKWARDEN_SANDBOX_TRACE", "1")
	for _, warm := range []bool{false, true} {
		cfg := f.cfg
		if warm {
			if err := Probe(cfg); err != nil {
				t.Fatalf("Probe: %v", err)
			}
		} else {
			cfg.Warm = nil
		}
		bash, err := exec.LookPath("bash")
		if err != nil {
			t.Skip("no bash")
		}
		null, _ := os.OpenFile(os.DevNull, os.O_RDWR, 0)
		p, err := Start(cfg, Spec{Path: bash, Argv: []string{"bash", "-c", "true"}, Env: testEnv(f.home), Dir: f.proj, Stdin: null, Stdout: null, Stderr: null})
		null.Close()
		if err != nil {
			t.Fatal(err)
		}
		p.Wait()
		time.Sleep(500 * time.Millisecond) // the run held open: not a deadline
		rep := p.Close()
		if rep == nil {
			t.Fatal("no report")
		}
		exit, end := cpuAt(rep.Notes, "hook-exit"), cpuAt(rep.Notes, "end-received")
		if exit < 0 || end < 0 {
			t.Fatalf("no trace:\n%s", strings.Join(rep.Notes, "\n"))
		}
		if spent := end - exit; spent > 150*time.Millisecond {
			t.Errorf("warm %v: the supervisor spent %v of CPU between the hook's end and the run's (held open 500 ms)", warm, spent)
		}
	}
}

// cpuAt is the supervisor's CPU time a trace note gives for what (-1: no
// such note).
func cpuAt(notes []string, what string) time.Duration {
	for _, n := range notes {
		f := strings.Fields(n)
		if len(f) == 5 && f[0] == "trace" && f[1] == what && f[3] == "cpu" {
			if d, err := time.ParseDuration(f[4]); err == nil {
				return d
			}
		}
	}
	return -1
}
