package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// Attacks on how the listener knows which process made a call: the
// agent's calls are let through unchecked, so a hook's process that the
// listener takes for one of the agent's (or for one it saw before) runs
// pulled code unchecked.

const pidNSEnv = "HOOKWARDEN_ENFORCE_TEST_PIDNS"

// inOwnPidNamespace runs test t again in a new user, PID and mount
// namespace with a /proc of its own, where the test's processes may set
// the next process ID (ns_last_pid) and so make a hook's process reuse
// the ID of a process the listener saw before. It returns true in that
// run; in the outer one it reports the inner run's result and returns
// false.
func inOwnPidNamespace(t *testing.T) bool {
	t.Helper()
	if os.Getenv(pidNSEnv) == "1" {
		// a container may refuse both (masked /proc paths): skip then
		if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
			t.Skipf("making the mounts private: %v", err)
		}
		if err := unix.Mount("proc", "/proc", "proc", 0, ""); err != nil {
			t.Skipf("mounting /proc: %v", err)
		}
		return true
	}
	if why := EnforceSupported(); why != "" {
		t.Skip(why)
	}
	cmd := exec.Command("/proc/self/exe", "-test.run=^"+t.Name()+"$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), pidNSEnv+"=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Cloneflags:                 syscall.CLONE_NEWUSER | syscall.CLONE_NEWPID | syscall.CLONE_NEWNS,
		UidMappings:                []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}},
		GidMappings:                []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}},
		GidMappingsEnableSetgroups: false,
	}
	out, err := cmd.CombinedOutput()
	if err != nil && len(out) == 0 {
		t.Skipf("no user and PID namespace for the test: %v", err)
	}
	t.Logf("in a PID namespace of its own:\n%s", out)
	if err != nil {
		t.Fatalf("the run in a PID namespace of its own failed: %v", err)
	}
	if strings.Contains(string(out), "--- SKIP") {
		t.Skip("skipped in the PID namespace")
	}
	return false
}

// spin is shell text that waits, with builtins only (no call the
// listener sees), until the test cond holds (at most some seconds).
func spin(cond string) string {
	return `i=0; until ` + cond + ` || [ $i -gt 3000000 ]; do i=$((i+1)); done; `
}

// reusePid is shell text that waits until $OUT/$from holds the ID of a
// process or thread of the other side (agent or hook) that made a call
// and ended, makes the next process started get that ID, and starts a
// subshell that writes its own ID to $OUT/$to and then runs cat b.txt
// into $OUT/$into. The subshell runs no program before its first call
// the listener sees (the open of /proc/self/stat), so the listener meets
// it first under the reused ID; and it starts within about a millisecond
// of the process it replaces, often in the same clock tick (the unit of a
// process's start time in /proc/PID/stat).
func reusePid(from, to, into string) string {
	return spin(`[ -s "$OUT/`+from+`" ]`) + `read x < "$OUT/` + from + `"; ` + spin(`[ ! -e /proc/$x ]`) +
		`echo $((x-1)) > /proc/sys/kernel/ns_last_pid; (read p rest < /proc/self/stat; echo $p > "$OUT/` + to + `"; exec cat b.txt > "$OUT/` + into + `")`
}

// TestEnforceAReusedProcessIDIsNotTheAgents: a process of the agent makes
// calls (the listener lets them through as the agent's) and ends; a
// hook's process then gets its process ID. It is the hook's: its read of
// b.txt, which the approval does not cover, is refused. The same for the
// ID of a thread of the agent that ended while its process goes on.
// Each case is tried several times: on the code before pidfds (process
// identity by ID and start time, in clock ticks) it failed about one time
// in three, when both processes started in the same tick.
func TestEnforceAReusedProcessIDIsNotTheAgents(t *testing.T) {
	if !inOwnPidNamespace(t) {
		return
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		python = ""
	}
	// the hook is started first and waits for the agent's process to end
	hook := `: > "$OUT/ready"; ` + reusePid("pid", "pid2", "hb")
	ready := `sh -c '` + hook + `' & ` + spin(`[ -e "$OUT/ready" ]`)
	for _, tc := range []struct{ name, agent string }{
		{"process", ready + `(read p rest < /proc/self/stat; echo $p > "$OUT/pid"); wait`},
		// the thread reads b.txt, writes its ID and ends; its process
		// goes on until the hook's process has made its first call
		{"thread", ready + `"` + python + `" -c '
import os, threading, time
out = os.environ["OUT"]
def f():
    open("b.txt").read()
    with open(out + "/tid.tmp", "w") as w:
        w.write(str(threading.get_native_id()))
t = threading.Thread(target=f)
t.start()
t.join()
os.rename(out + "/tid.tmp", out + "/pid")
for i in range(1000):
    if os.path.exists(out + "/pid2"):
        break
    time.sleep(0.01)
'; wait`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "thread" && python == "" {
				t.Skip("no python3")
			}
			reused := 0
			for try := 0; try < 12 && reused < 6; try++ {
				r := runEnforced(t, hook, tc.agent)
				was, now := strings.TrimSpace(r.read("pid")), strings.TrimSpace(r.read("pid2"))
				if was == "" || was != now {
					t.Logf("try %d: the hook's process got ID %q, not the agent's %q", try, now, was)
					continue
				}
				reused++
				if r.read("hb") != "" {
					t.Fatalf("a hook's process that reused the ID %s of the agent's %s read b.txt: %q (refused %+v)", now, tc.name, r.read("hb"), r.refused)
				}
				if got := r.refusedPaths(); !slices.Contains(got, "b.txt") {
					t.Errorf("refused %v, want b.txt", got)
				}
			}
			if reused == 0 {
				t.Skip("the process ID was never reused")
			}
		})
	}
}

// TestEnforceAReusedProcessIDIsNotTheHooks: the reverse (no hole, but an
// agent that could not work): a hook's process ends and the agent's own
// process gets its ID; the agent reads what it likes.
func TestEnforceAReusedProcessIDIsNotTheHooks(t *testing.T) {
	if !inOwnPidNamespace(t) {
		return
	}
	hook := `(read p rest < /proc/self/stat; echo $p > "$OUT/pid"; read x < a.txt; echo "$x" > "$OUT/ha")`
	agent := `sh -c '` + hook + `'; ` + reusePid("pid", "pid2", "ab")
	reused := 0
	for try := 0; try < 12 && reused < 6; try++ {
		r := runEnforced(t, hook, agent)
		was, now := strings.TrimSpace(r.read("pid")), strings.TrimSpace(r.read("pid2"))
		if was == "" || was != now {
			t.Logf("try %d: the agent's process got ID %q, not the hook's %q", try, now, was)
			continue
		}
		reused++
		if r.read("ha") != "approved\n" || r.read("ab") != "pulled\n" || len(r.refused) != 0 {
			t.Fatalf("the agent's process that reused the hook's ID %s: read %q, hook read %q, refused %+v", now, r.read("ab"), r.read("ha"), r.refused)
		}
	}
	if reused == 0 {
		t.Skip("the process ID was never reused")
	}
}

// TestEnforceAgentProcessThatBecomesAHook: a process of the agent makes
// calls first (seen as the agent's), then runs a hook's command: from its
// start on it is the hook's.
func TestEnforceAgentProcessThatBecomesAHook(t *testing.T) {
	hook := `cat a.txt > "$OUT/ha"; cat b.txt > "$OUT/hb"; exec cat b.txt > "$OUT/hb2"`
	r := runEnforced(t, hook, `(read x < b.txt; read y < b.txt; exec sh -c '`+hook+`')`)
	if r.read("ha") != "approved\n" || r.read("hb") != "" || r.read("hb2") != "" {
		t.Fatalf("a hook started by an agent's process that had made calls: ha %q hb %q hb2 %q, refused %+v", r.read("ha"), r.read("hb"), r.read("hb2"), r.refused)
	}
}

// TestEnforceAHookChildAfterTheHookEnded: a hook's process the listener
// has seen goes on after the hook's first process ended (it shares the
// agent's session and group, so it could not be told by them): it is
// still the hook's.
func TestEnforceAHookChildAfterTheHookEnded(t *testing.T) {
	// the first process waits (builtins only) until its child has made a
	// call, then ends
	hook := `(read x < a.txt; echo "$x" > "$OUT/ha"; while [ ! -e "$OUT/go" ]; do :; done; read y < b.txt; echo "$y" > "$OUT/hb"; cat b.txt > "$OUT/hb2"; touch "$OUT/done") & while [ ! -e "$OUT/ha" ]; do :; done; exit 0`
	agent := `sh -c '` + hook + `'; : > "$OUT/go"; i=0; while [ ! -e "$OUT/done" ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i+1)); done`
	r := runEnforced(t, hook, agent)
	if r.read("ha") != "approved\n" {
		t.Fatalf("the hook's child could not read a.txt: %q, refused %+v", r.read("ha"), r.refused)
	}
	if strings.TrimSpace(r.read("hb")) != "" || r.read("hb2") != "" {
		t.Fatalf("the hook's child read b.txt after the hook ended: %q %q", r.read("hb"), r.read("hb2"))
	}
}

// TestEnforceThreads: a thread of a hook's process is the hook's (its
// read of b.txt is refused, of a.txt let through), and so is a program a
// thread that is not the first runs (the kernel gives it the process's
// ID); a thread of the agent's own process that runs a program is the
// agent's.
func TestEnforceThreads(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	code := `import os, threading
out = os.environ["OUT"]
def rd(name, to):
    try:
        with open(name) as f, open(out + "/" + os.environ["WHO"] + to, "w") as w:
            w.write(f.read())
    except OSError:
        pass
def run():
    os.execv("/bin/sh", ["sh", "-c", "cat b.txt > " + out + "/" + os.environ["WHO"] + "x"])
for a in (("a.txt", "ta"), ("b.txt", "tb")):
    t = threading.Thread(target=rd, args=a)
    t.start()
    t.join()
threading.Thread(target=run).start()
threading.Event().wait(30)`
	hook := `WHO=h "` + python + `" -c "$CODE"`
	r := runEnforced(t, hook, `WHO=a "`+python+`" -c "$CODE"; sh -c '`+hook+`'`, "CODE="+code)
	if r.read("ax") != "pulled\n" || r.read("atb") != "pulled\n" {
		t.Errorf("the agent's thread, or the program it ran, could not read b.txt: %q %q (refused %+v)", r.read("atb"), r.read("ax"), r.refused)
	}
	if r.read("hta") != "approved\n" {
		t.Errorf("a hook's thread could not read a.txt: %q (refused %+v)", r.read("hta"), r.refused)
	}
	if r.read("htb") != "" || r.read("hx") != "" {
		t.Fatalf("a hook's thread read b.txt: %q, the program it ran: %q", r.read("htb"), r.read("hx"))
	}
}

// TestEnforceThreadsOfTheHooksFirstProcess: the hook's first process (the
// shell the agent starts) often becomes the hook's program itself (`sh
// -c 'node x.js'` runs node in the shell's process). The threads of that
// program are the hook's: Node reads a file asynchronously on a thread of
// its pool, Python on any thread it starts. Their parent is the agent,
// as the process's is; they were taken for the agent's, and their reads
// of pulled files went through.
func TestEnforceThreadsOfTheHooksFirstProcess(t *testing.T) {
	cases := []struct{ name, prog, code string }{
		{"node", "node", `const fs = require("fs"); fs.readFile("b.txt", (e, d) => fs.writeFileSync(process.env.OUT + "/hb", d || "")); fs.readFile("a.txt", (e, d) => fs.writeFileSync(process.env.OUT + "/ha", d || ""))`},
		{"python", "python3", `import os, threading
def rd(name, to):
    try:
        with open(name) as f, open(os.environ["OUT"] + "/" + to, "w") as w:
            w.write(f.read())
    except OSError:
        pass
for a in (("a.txt", "ha"), ("b.txt", "hb")):
    t = threading.Thread(target=rd, args=a)
    t.start()
    t.join()`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := exec.LookPath(tc.prog)
			if err != nil {
				t.Skip("no " + tc.prog)
			}
			flag := "-c"
			if tc.name == "node" {
				flag = "-e"
			}
			// the hook's shell runs the program in its own process
			hook := `exec "` + prog + `" ` + flag + ` "$CODE"`
			r := runEnforced(t, hook, `sh -c '`+hook+`'`, "CODE="+tc.code)
			if r.read("hb") != "" {
				t.Fatalf("a thread of the hook's %s read b.txt: %q (refused %+v)", tc.name, r.read("hb"), r.refused)
			}
			if r.read("ha") != "approved\n" {
				t.Errorf("a thread of the hook's %s could not read a.txt: %q (refused %+v)", tc.name, r.read("ha"), r.refused)
			}
			if got := r.refusedPaths(); !slices.Contains(got, "b.txt") {
				t.Errorf("refused %v, want b.txt", got)
			}
		})
	}
}

// TestEnforceCloneParent: a process the hook's first process starts with
// clone(CLONE_PARENT) (or clone3) has the agent for its parent, and was
// taken for the agent's own: it read b.txt. CLONE_PARENT is refused
// (EPERM) in the agent's tree, and clone3, whose flags the filter cannot
// read, fails with ENOSYS (the C library then uses clone).
func TestEnforceCloneParent(t *testing.T) {
	prog, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	for _, tc := range []struct{ name, call string }{
		{"clone", `libc.syscall(SYS_clone, CLONE_PARENT | 17, 0, 0, 0, 0)`},
		{"clone3", `libc.syscall(SYS_clone3, ctypes.byref(args), ctypes.sizeof(args))`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code := `import ctypes, os, platform, time
libc = ctypes.CDLL(None, use_errno=True)
CLONE_PARENT = 0x8000
SYS_clone = 56 if platform.machine() == "x86_64" else 220
SYS_clone3 = 435
args = (ctypes.c_uint64 * 11)(CLONE_PARENT, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
pid = ` + tc.call + `
if pid == 0:
    time.sleep(0.3)
    try:
        d = open("b.txt").read()
        open(os.environ["OUT"] + "/hb", "w").write(d)
    except OSError:
        pass
    os._exit(0)
open(os.environ["OUT"] + "/cp", "w").write(str(pid) + " " + str(ctypes.get_errno()))
`
			hook := `exec "` + prog + `" -c "$CODE"`
			r := runEnforced(t, hook, `sh -c '`+hook+`'; sleep 1`, "CODE="+code)
			t.Logf("clone: %q (pid errno)", r.read("cp"))
			if r.read("hb") != "" {
				t.Fatalf("a child the hook's first process started with %s and CLONE_PARENT read b.txt", tc.name)
			}
		})
	}
}

// TestEnforceAHookStartedByAThreadOfTheAgent: a thread of the agent that
// is not its process's first runs a hook's command in place (execve from
// that thread: the kernel gives the process's ID to it). The process the
// hook then runs in had made calls as the agent's under that ID; it is
// the hook's now.
func TestEnforceAHookStartedByAThreadOfTheAgent(t *testing.T) {
	prog, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	hook := `read x < a.txt; echo "$x" > "$OUT/ha"; cat b.txt > "$OUT/hb"`
	code := `import os, threading
open("b.txt").read()
def run():
    os.execv("/bin/sh", ["sh", "-c", os.environ["HOOK"]])
threading.Thread(target=run).start()
threading.Event().wait(30)`
	r := runEnforced(t, hook, `"`+prog+`" -c "$CODE"`, "CODE="+code, "HOOK="+hook)
	if r.read("ha") != "approved\n" {
		t.Errorf("the hook could not read a.txt: %q (refused %+v)", r.read("ha"), r.refused)
	}
	if r.read("hb") != "" {
		t.Fatalf("a hook started by a thread of the agent read b.txt: %q", r.read("hb"))
	}
}

// TestEnforceKeepsWhatItKnowsOfLiveProcesses: the listener bounds what
// it keeps of processes (65,536 entries; 8 here). It dropped everything
// at the bound, and a hook's first process that ran on was then taken
// for the agent's (its parent): the processes it started next read
// b.txt. Only entries of processes that ended go now.
func TestEnforceKeepsWhatItKnowsOfLiveProcesses(t *testing.T) {
	if why := EnforceSupported(); why != "" {
		t.Skip(why)
	}
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	dir, out := filepath.Join(root, "proj"), filepath.Join(root, "out")
	for _, d := range []string{dir, out} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for n, c := range map[string]string{"a.txt": "approved\n", "b.txt": "pulled\n"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// the hook starts 40 processes (more than the bound), then reads
	hook := `i=0; while [ $i -lt 40 ]; do /bin/true; i=$((i+1)); done; cat a.txt > "$OUT/ha"; cat b.txt > "$OUT/hb"`
	agent := spin(`[ -e "$OUT/go" ]`) + `sh -c '` + hook + `'`
	var mu sync.Mutex
	var refused []Refusal
	cmd := exec.Command("/bin/sh", "-c", agent)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), "OUT="+out)
	rules := testRules{hook: hook, covered: map[string]string{filepath.Join(dir, "a.txt"): sum("approved\n")}}
	e, err := Enforce(EnforceConfig{Rules: rules, Roots: []string{dir}, OnRefuse: func(f Refusal) {
		mu.Lock()
		refused = append(refused, f)
		mu.Unlock()
	}}, func() (int, error) {
		if err := cmd.Start(); err != nil {
			return 0, err
		}
		return cmd.Process.Pid, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	e.mu.Lock()
	e.maxProcs = 8
	e.mu.Unlock()
	if err := os.WriteFile(filepath.Join(out, "go"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	ha, _ := os.ReadFile(filepath.Join(out, "ha"))
	hb, _ := os.ReadFile(filepath.Join(out, "hb"))
	if string(hb) != "" {
		t.Fatalf("after the listener reached its bound, the hook read b.txt: %q", hb)
	}
	if string(ha) != "approved\n" {
		t.Errorf("the hook could not read a.txt: %q (refused %+v)", ha, refused)
	}
}
