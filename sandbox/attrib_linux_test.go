package sandbox

// Attribution across the hooks of one event: whatever sets up their
// sandboxes (one each today, set up ahead by a Warm), what one hook
// opened, executed, wrote, sent and left running is in its own report and
// in no other, and no hook sees or reaches another's writes or processes.
// These tests hold the per-hook design to it, and any design that shares
// set-up work between an event's hooks must keep them green.

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// attribHooks are the hooks of the attribution tests; their index + 1 is
// the last byte of the address each one sends to.
var attribHooks = []string{"A", "B", "C"}

// attackAttrib is one hook of an event (attack mode "attrib"): argv is
// "attrib-NAME" and its roles. Every hook reads read-NAME and the secret
// ~/.ssh/id_NAME, runs ./tool-NAME, writes out-NAME, "common" (from-NAME)
// and /tmp/tmp-NAME, and sends net-NAME to an address of its own; then it
// looks for what the other hooks wrote (their files, "common" holding
// another's text, /tmp) and for their processes, which it tries to ptrace
// and signal. Roles: "linger" leaves a process in a session of its own
// that outlives the hook; "handoff" writes "handoff" (a file the next hook
// reads), says "ready" and keeps looking for the others' processes until
// its stdin ends; "seek" reads "handoff"; "killall", last, asks
// whether it may signal any process but its own and PID 1 (kill -1 with
// signal 0: nothing is sent). A line starting with LEAK is something it reached of
// another hook; "ok ..." lines are what must work.
func attackAttrib(args []string) {
	if len(args) == 0 {
		fmt.Println("no name")
		return
	}
	tag := args[0]
	name := strings.TrimPrefix(tag, "attrib-")
	roles := args[1:]
	has := func(r string) bool { return slices.Contains(roles, r) }
	idx := slices.Index(attribHooks, name) + 1
	if _, err := os.ReadFile("read-" + name); err != nil {
		fmt.Println("no read:", err)
	}
	if _, err := os.ReadFile(filepath.Join(os.Getenv("HOME"), ".ssh", "id_"+name)); err != nil {
		fmt.Println("no secret:", err)
	}
	if out, err := exec.Command("./tool-" + name).Output(); err != nil || strings.TrimSpace(string(out)) != "tool-"+name {
		fmt.Printf("no tool: %v %q\n", err, out)
	} else {
		fmt.Println("ok tool")
	}
	os.WriteFile("out-"+name, []byte(name+"\n"), 0o644)
	os.WriteFile("common", []byte("from-"+name+"\n"), 0o644)
	os.WriteFile(filepath.Join("/tmp", "tmp-"+name), []byte(name+"\n"), 0o644)
	if c, err := net.DialTimeout("tcp", fmt.Sprintf("203.0.113.%d:%d", idx, 9100+idx), 10*time.Second); err == nil {
		fmt.Fprintf(c, "net-%s\n", name)
		c.Close()
		fmt.Println("ok net")
	} else {
		fmt.Println("no net:", err)
	}
	if has("linger") {
		attr := &os.ProcAttr{Files: []*os.File{nil, nil, nil}, Sys: &unix.SysProcAttr{Setsid: true}}
		if _, err := os.StartProcess("/proc/self/exe", []string{"hook", attackArg, "linger", tag}, attr); err != nil {
			fmt.Println("no linger:", err)
		}
	}
	if has("handoff") {
		os.WriteFile("handoff", []byte("from-"+name+"\n"), 0o644)
	}
	if has("seek") {
		if b, err := os.ReadFile("handoff"); err == nil {
			fmt.Printf("LEAK handoff %q\n", b)
		}
	}
	lookForOthers(name, tag)
	if has("handoff") {
		fmt.Println("ready")
		done := make(chan struct{})
		go func() { io.Copy(io.Discard, os.Stdin); close(done) }()
		for waiting := true; waiting; {
			select {
			case <-done:
				waiting = false
			case <-time.After(5 * time.Millisecond):
				lookForProcesses(tag)
			}
		}
		lookForOthers(name, tag)
	}
	if has("killall") {
		// whether any process but this one and PID 1 may be signalled
		// (kill -1); with signal 0, which is never sent: a hook that is
		// not confined, by a bug or in a test's check of itself, must not
		// kill the machine's processes
		if unix.Kill(-1, 0) == nil {
			fmt.Println("LEAK may signal some process (kill -1)")
		}
	}
	fmt.Println("alive")
}

// lookForOthers prints a LEAK line for each file of another hook's this
// one can see, and for each of their processes (lookForProcesses).
func lookForOthers(name, tag string) {
	for _, o := range attribHooks {
		if o == name {
			continue
		}
		for _, p := range []string{"out-" + o, filepath.Join("/tmp", "tmp-"+o)} {
			if _, err := os.Lstat(p); err == nil {
				fmt.Printf("LEAK file %s\n", p)
			}
		}
	}
	if b, err := os.ReadFile("common"); err != nil || string(b) != "from-"+name+"\n" {
		fmt.Printf("LEAK common %q %v\n", b, err)
	}
	lookForProcesses(tag)
}

// lookForProcesses prints a LEAK line for every process of another
// hook's it can see, ptrace or signal.
func lookForProcesses(tag string) {
	for _, pid := range visiblePids() {
		if pid == os.Getpid() {
			continue
		}
		cmd := string(cmdlineOf(pid))
		if !strings.Contains(cmd, "attrib-") || strings.Contains(cmd, tag) {
			continue
		}
		fmt.Printf("LEAK sees %d %q\n", pid, cmd)
		if ptraced(pid) {
			fmt.Printf("LEAK ptraced %d\n", pid)
		}
		if unix.Kill(pid, 0) == nil {
			fmt.Printf("LEAK may signal %d\n", pid)
		}
	}
}

// attribRun is one hook of the attribution tests, started.
type attribRun struct {
	name  string
	p     *Process
	stdin *os.File
	lines chan string
	out   []string
	rep   *Report
	err   error
}

// startAttrib starts hook name with roles under cfg in dir; its stdout
// comes line by line on r.lines.
func startAttrib(cfg Config, dir string, env []string, name string, roles ...string) (*attribRun, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	argv := append([]string{"hook", attackArg, "attrib", "attrib-" + name}, roles...)
	p, err := Start(cfg, Spec{Path: "/proc/self/exe", Argv: argv, Env: env, Dir: dir, Stdin: inR, Stdout: outW, Stderr: outW})
	closeFiles(inR, outW)
	if err != nil {
		closeFiles(inW, outR)
		return nil, err
	}
	r := &attribRun{name: name, p: p, stdin: inW, lines: make(chan string, 256)}
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			r.lines <- sc.Text()
		}
		outR.Close()
		close(r.lines)
	}()
	return r, nil
}

// finish ends the hook's input, waits for it and closes its run.
func (r *attribRun) finish() {
	r.stdin.Close()
	if _, err := r.p.Wait(); err != nil {
		r.err = err
	}
	r.rep = r.p.Close()
	for l := range r.lines {
		r.out = append(r.out, l)
	}
}

// attribFixture is a project with each hook's file to read and tool to
// run, and a home with each hook's secret.
func attribFixture(t *testing.T) warmFixture {
	t.Helper()
	f := newWarmFixture(t)
	for _, n := range attribHooks {
		os.WriteFile(filepath.Join(f.proj, "read-"+n), []byte("input of "+n+"\n"), 0o644)
		os.WriteFile(filepath.Join(f.proj, "tool-"+n), []byte("#!/bin/sh\necho tool-"+n+"\n"), 0o755)
		os.WriteFile(filepath.Join(f.home, ".ssh", "id_"+n), []byte("-----BEGIN OPENSSH PRIVATE KEY-----\nkey-of-"+n+"\n"), 0o600)
	}
	return f
}

// TestEventHooksAreAttributedApart: three hooks of one event, run as the
// agents run them (at once, each its own process), in the sandboxes of
// one dry run. A writes a file the others read next and leaves a process
// running, then stays and keeps trying to see, ptrace and signal the
// others' processes; B and C, started while A runs, read what A wrote,
// look for every file and process of the others, try to ptrace and
// signal them, and B asks whether any process but its own and PID 1 may
// be signalled (kill -1, signal 0); C leaves a process running too. Each
// hook's report names exactly its own files (the same path "common" with
// its own text), reads, secrets, programs, network attempts and processes
// left running; no hook sees another's writes or processes, and none is
// killed by another. "sequential" is Gemini CLI's sequential hooks: A has
// ended (and its sandbox with it) before B and C start, and they still
// see none of it.
func TestEventHooksAreAttributedApart(t *testing.T) {
	t.Run("concurrent", func(t *testing.T) { testAttribution(t, false) })
	t.Run("sequential", func(t *testing.T) { testAttribution(t, true) })
}

func testAttribution(t *testing.T, sequential bool) {
	f := attribFixture(t)
	if err := ProbeFor(f.cfg, len(attribHooks)); err != nil {
		t.Fatalf("ProbeFor: %v", err)
	}
	env := testEnv(f.home)
	a, err := startAttrib(f.cfg, f.proj, env, "A", "handoff", "linger")
	if err != nil {
		t.Fatalf("Start A: %v", err)
	}
	ready := false
	for l := range a.lines {
		a.out = append(a.out, l)
		if l == "ready" {
			ready = true
			break
		}
	}
	if !ready || sequential {
		a.finish()
		if !ready {
			t.Fatalf("hook A did not get ready: %v\n%s", a.err, strings.Join(a.out, "\n"))
		}
	}
	b, errB := startAttrib(f.cfg, f.proj, env, "B", "seek", "killall")
	c, errC := startAttrib(f.cfg, f.proj, env, "C", "seek", "linger")
	if errB != nil || errC != nil {
		t.Fatalf("Start B, C: %v, %v", errB, errC)
	}
	done := make(chan struct{})
	go func() {
		b.stdin.Close()
		c.stdin.Close()
		b.finish()
		c.finish()
		if !sequential {
			a.finish()
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(runCap):
		t.Fatalf("the hooks did not end within %v", runCap)
	}
	runs := []*attribRun{a, b, c}
	wantFiles := map[string][]string{"A": {"common", "handoff", "out-A"}, "B": {"common", "out-B"}, "C": {"common", "out-C"}}
	wantLeft := map[string]bool{"A": true, "B": false, "C": true}
	for _, r := range runs {
		checkAttributed(t, f, r, wantFiles[r.name], wantLeft[r.name])
	}
	if b.rep != nil && !slices.ContainsFunc(b.rep.Absent, func(p string) bool { return filepath.Base(p) == "handoff" }) {
		t.Errorf("B's report does not say it looked for the handoff file A wrote (absent): %v", b.rep.Absent)
	}
	if st := f.cfg.Warm.Stats(); st.Served != len(attribHooks) {
		t.Errorf("%d of the %d hooks ran in a sandbox set up ahead", st.Served, len(attribHooks))
	}
	for _, n := range append([]string{"common", "handoff"}, "out-A", "out-B", "out-C") {
		if _, err := os.Stat(filepath.Join(f.proj, n)); err == nil {
			t.Errorf("%s reached the real project", n)
		}
	}
	if n := f.scratchLeft(t); n != 0 {
		t.Errorf("%d scratch folder(s) left", n)
	}
}

// checkAttributed checks hook r's output and report: nothing of another
// hook's reached, and exactly its own doings in the report.
func checkAttributed(t *testing.T, f warmFixture, r *attribRun, files []string, left bool) {
	t.Helper()
	me := r.name
	out := strings.Join(r.out, "\n")
	if r.err != nil || !strings.Contains(out, "ok tool") || !strings.Contains(out, "ok net") || !strings.Contains(out, "alive") {
		t.Errorf("hook %s did not run to its end as asked: %v\n%s", me, r.err, out)
	}
	seen := map[string]bool{}
	for _, l := range r.out {
		if (strings.HasPrefix(l, "LEAK") || strings.HasPrefix(l, "no ")) && !seen[l] {
			seen[l] = true
			t.Errorf("hook %s: %s", me, l)
		}
	}
	rep := r.rep
	if rep == nil {
		t.Errorf("hook %s: no report", me)
		return
	}
	var got []string
	for _, fc := range rep.Files {
		got = append(got, filepath.Base(fc.Path))
		if filepath.Base(fc.Path) == "common" && (!strings.Contains(fc.Diff, "from-"+me) || strings.Count(fc.Diff, "from-") != 1) {
			t.Errorf("hook %s's report shows another's text in common: %q", me, fc.Diff)
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, files) {
		t.Errorf("hook %s's report lists the files %v, want exactly %v", me, got, files)
	}
	var secrets []string
	for _, s := range rep.Secrets {
		secrets = append(secrets, filepath.Base(s.Path))
	}
	if !slices.Equal(secrets, []string{"id_" + me}) {
		t.Errorf("hook %s's report lists the secrets %v, want exactly id_%s", me, secrets, me)
	}
	own := func(s string) bool { return strings.Contains(s, "-"+me) }
	other := func(s string) bool {
		for _, o := range attribHooks {
			if o != me && (strings.HasSuffix(s, "-"+o) || strings.Contains(s, "attrib-"+o) || strings.Contains(s, "net-"+o)) {
				return true
			}
		}
		return false
	}
	for _, want := range []string{"read-" + me, "tool-" + me} {
		if !slices.ContainsFunc(rep.Reads, func(p string) bool { return filepath.Base(p) == want }) {
			t.Errorf("hook %s's reads miss %s: %v", me, want, rep.Reads)
		}
	}
	for _, p := range slices.Concat(rep.Reads, rep.Absent, rep.Listed) {
		if other(filepath.Base(p)) || filepath.Base(p) == "handoff" && me == "A" {
			t.Errorf("hook %s's report names a path of another hook's: %s", me, p)
		}
	}
	ranTool := false
	for _, pr := range rep.Programs {
		ranTool = ranTool || filepath.Base(pr.Path) == "tool-"+me
		if other(filepath.Base(pr.Path)) || slices.ContainsFunc(pr.Argv, other) {
			t.Errorf("hook %s's report names a program of another hook's: %+v", me, pr)
		}
	}
	if !ranTool {
		t.Errorf("hook %s's programs miss tool-%s: %+v", me, me, rep.Programs)
	}
	sent := false
	for _, n := range rep.Network {
		sent = sent || strings.Contains(n.Preview, "net-"+me)
		if other(n.Preview) || n.Addr != "" && n.Addr != "203.0.113."+fmt.Sprint(slices.Index(attribHooks, me)+1) && strings.HasPrefix(n.Addr, "203.0.113.") {
			t.Errorf("hook %s's report has another hook's network attempt: %+v", me, n)
		}
	}
	if !sent {
		t.Errorf("hook %s's own network attempt is not in its report: %+v", me, rep.Network)
	}
	lingered := false
	for _, pr := range rep.LeftRunning {
		if slices.ContainsFunc(pr.Argv, own) {
			lingered = true
		} else {
			t.Errorf("hook %s's report names a process left running that is not its own: %+v", me, pr)
		}
	}
	if lingered != left {
		t.Errorf("hook %s's report says it left a process running: %v, want %v (%+v)", me, lingered, left, rep.LeftRunning)
	}
}
