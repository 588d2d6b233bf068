package sandbox

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestMain(m *testing.M) {
	ServeInit()
	serveAttack()
	serveTTYRunner()
	serveExecHelper()
	os.Exit(m.Run())
}

type ran struct {
	exit           Exit
	err            error
	stdout, stderr string
	report         *Report
}

// runScript runs bash -c script under cfg, with stdin.
func runScript(t *testing.T, cfg Config, dir, script, stdin string, env []string) ran {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	return runSpec(t, cfg, bash, []string{"bash", "-c", script}, dir, stdin, env)
}

// runAttack runs the test binary as the hostile hook (serveAttack).
func runAttack(t *testing.T, cfg Config, dir string, env []string, mode string, args ...string) ran {
	t.Helper()
	return runSpec(t, cfg, "/proc/self/exe", append([]string{"hook", attackArg, mode}, args...), dir, "", env)
}

// runSpec runs path argv under cfg, with stdin, and closes the run.
func runSpec(t *testing.T, cfg Config, path string, argv []string, dir, stdin string, env []string) ran {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cfg.Init = self
	inR, inW, _ := os.Pipe()
	outR, outW, _ := os.Pipe()
	errR, errW, _ := os.Pipe()
	p, err := Start(cfg, Spec{Path: path, Argv: argv, Env: env, Dir: dir, Stdin: inR, Stdout: outW, Stderr: errW})
	closeFiles(inR, outW, errW)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	go func() { inW.WriteString(stdin); inW.Close() }()
	outC, errC := make(chan string), make(chan string)
	read := func(f *os.File, c chan string) {
		var b []byte
		buf := make([]byte, 4096)
		for {
			n, err := f.Read(buf)
			b = append(b, buf[:n]...)
			if err != nil {
				break
			}
		}
		f.Close()
		c <- string(b)
	}
	go read(outR, outC)
	go read(errR, errC)
	done := make(chan ran, 1)
	go func() {
		var r ran
		r.exit, r.err = p.Wait()
		r.report = p.Close()
		r.stdout, r.stderr = <-outC, <-errC
		done <- r
	}()
	select {
	case r := <-done:
		return r
	case <-time.After(runCap):
		t.Fatalf("the sandboxed run did not return within %v", runCap)
		return ran{}
	}
}

// runCap is how long a test waits for a sandboxed run to return: far more
// than any of them takes, so only a hang reaches it.
const runCap = 3 * time.Minute

func testEnv(home string) []string {
	return []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + home, "LANG=C.UTF-8"}
}

func sandboxOrSkip(t *testing.T) {
	t.Helper()
	self, _ := os.Executable()
	if err := Probe(Config{Init: self, Home: t.TempDir()}); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the sandbox cannot start: %v", err)
		}
		t.Skipf("the sandbox cannot start here: %v", err)
	}
}

// TestSandboxHoldsAgainstEscapes tries, from inside, what a hook that knows
// it is sandboxed would try: undo the mounts, write through a symlink or to
// the read-only rest, reach a real network, read the supervisor's pipes,
// forge report lines. None of it may change a real file or the report.
func TestSandboxHoldsAgainstEscapes(t *testing.T) {
	sandboxOrSkip(t)
	root := t.TempDir()
	home := filepath.Join(root, "home")
	proj := filepath.Join(home, "proj")
	outside := filepath.Join(root, "outside")
	for _, d := range []string{proj, outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(outside, "victim"), []byte("real\n"), 0o644)
	os.Symlink(filepath.Join(outside, "victim"), filepath.Join(proj, "link"))
	script := strings.Join([]string{
		`umount -l ` + proj + ` 2>/dev/null && echo UMOUNTED`,
		`mount -o remount,rw / 2>/dev/null && echo REMOUNTED`,
		`echo pwned > link 2>/dev/null && echo WROTE-LINK`,
		`echo pwned > ` + filepath.Join(outside, "victim") + ` 2>/dev/null && echo WROTE-OUTSIDE`,
		`echo pwned > /etc/hookwarden-test 2>/dev/null && echo WROTE-ETC`,
		`ls /proc/self/fd | wc -l`,
		`ip -o link 2>/dev/null | grep -v ' lo:' | grep -q . && echo HAS-NIC`,
		`printf 'x\033[2K\rfake line' > "$(printf 'evil\033[2Kname')"`,
		`kill -TERM $$`,
	}, "; ")
	r := runScript(t, Config{Isolate: true, Home: home, Project: proj}, proj, script, "", testEnv(home))
	for _, bad := range []string{"UMOUNTED", "REMOUNTED", "WROTE-LINK", "WROTE-OUTSIDE", "WROTE-ETC", "HAS-NIC"} {
		if strings.Contains(r.stdout, bad) {
			t.Errorf("%s inside the sandbox:\n%s", bad, r.stdout)
		}
	}
	if fds := strings.TrimSpace(r.stdout); !strings.HasPrefix(fds, "4") {
		t.Errorf("the hook has file descriptors beyond 0-2 (and ls's own): %q", fds)
	}
	if b, _ := os.ReadFile(filepath.Join(outside, "victim")); string(b) != "real\n" {
		t.Errorf("a real file outside changed: %q", b)
	}
	if r.exit.Exited || r.exit.Signal != "SIGTERM" {
		t.Errorf("the hook's own end is not reported as it was: %+v (err %v)", r.exit, r.err)
	}
	if r.report == nil {
		t.Fatal("no report")
	}
	for _, l := range r.report.Lines() {
		if strings.ContainsAny(l.Text+l.Detail, "\x1b\r") {
			t.Errorf("a report line carries raw control characters: %q", l.Text)
		}
	}
	found := false
	for _, f := range r.report.Files {
		if strings.Contains(f.Path, "evil") && f.Change == Created && f.InProject {
			found = true
		}
	}
	if !found {
		t.Errorf("the created file is not in the report: %+v", r.report.Files)
	}
}

// TestSandboxKeepsExitStatus: the code a hook exits with is the one the
// runner sees, and a timeout's SIGTERM reaches the hook's group.
func TestSandboxKeepsExitStatus(t *testing.T) {
	sandboxOrSkip(t)
	home := t.TempDir()
	r := runScript(t, Config{Isolate: true, Home: home, Project: home}, home, `echo out; echo err >&2; exit 7`, "", testEnv(home))
	if !r.exit.Exited || r.exit.Code != 7 || r.stdout != "out\n" || r.stderr != "err\n" {
		t.Errorf("got %+v %q %q", r.exit, r.stdout, r.stderr)
	}
}

// TestHookStartsWithDefaultSignals: the agent starts a hook with every
// signal at its default (a timeout's SIGTERM ends it, a closed pipe's
// SIGPIPE too), and so must the supervisor, supervised or sandboxed: it
// lets SIGTERM, SIGINT, SIGHUP and SIGPIPE pass by catching them, and an
// ignored signal would stay ignored in the hook. A signal this test was
// started with ignored (a CI runner may hand down one, such as 32) is
// inherited by the agent's hooks as well; the supervisor must add none and
// clear those four.
func TestHookStartsWithDefaultSignals(t *testing.T) {
	own, err := sigIgn("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	var four uint64
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGINT, syscall.SIGPIPE, syscall.SIGTERM} {
		four |= 1 << (sig - 1)
	}
	want := own &^ four
	for _, isolate := range []bool{false, true} {
		if isolate {
			sandboxOrSkip(t)
		}
		home := t.TempDir()
		r := runScript(t, Config{Isolate: isolate, Home: home, Project: home}, home, `grep SigIgn /proc/self/status`, "", testEnv(home))
		got, err := parseSigIgn(r.stdout)
		if err != nil || got != want {
			t.Errorf("isolate=%v: the hook starts with signals ignored %q, want %016x (this test's own %016x less the four the supervisor catches; err %v, %v)",
				isolate, strings.TrimSpace(r.stdout), want, own, err, r.err)
		}
	}
}

// sigIgn is the SigIgn mask of a /proc/PID/status file.
func sigIgn(path string) (uint64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "SigIgn:") {
			return parseSigIgn(line)
		}
	}
	return 0, fmt.Errorf("%s has no SigIgn line", path)
}

func parseSigIgn(line string) (uint64, error) {
	v, ok := strings.CutPrefix(strings.TrimSpace(line), "SigIgn:")
	if !ok {
		return 0, fmt.Errorf("not a SigIgn line: %q", line)
	}
	return strconv.ParseUint(strings.TrimSpace(v), 16, 64)
}
