package sandbox

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// testRules: one hook, recognised by its `sh -c` text, whose approval
// covers a.txt with its content.
type testRules struct {
	hook    string
	covered map[string]string // real path -> sha256
}

func (r testRules) Root(argv []string) (string, bool) {
	if len(argv) >= 3 && argv[len(argv)-2] == "-c" && argv[len(argv)-1] == r.hook {
		return "h", true
	}
	return "", false
}

func (r testRules) Approved(key, real string) ([]string, bool) {
	if s, ok := r.covered[real]; ok && key == "h" {
		return []string{s}, false
	}
	return nil, false
}

func sum(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

type enforceRun struct {
	dir, out string
	refused  []Refusal
}

// runEnforced runs the agent script (sh) in a project of a.txt, b.txt and
// x.sh under enforcement, with hook the approved hook's command text and
// env added to the agent's environment.
func runEnforced(t *testing.T, hook, agent string, env ...string) *enforceRun {
	t.Helper()
	if why := EnforceSupported(); why != "" {
		t.Skip(why)
	}
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	r := &enforceRun{dir: filepath.Join(root, "proj"), out: filepath.Join(root, "out")}
	for _, d := range []string{r.dir, r.out} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{"a.txt": "approved\n", "b.txt": "pulled\n", "x.sh": "#!/bin/sh\necho ran > \"$OUT/x\"\n"}
	for n, c := range files {
		if err := os.WriteFile(filepath.Join(r.dir, n), []byte(c), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	rules := testRules{hook: hook, covered: map[string]string{filepath.Join(r.dir, "a.txt"): sum(files["a.txt"])}}
	var mu sync.Mutex
	cmd := exec.Command("/bin/sh", "-c", agent)
	cmd.Dir, cmd.Env = r.dir, append(append(os.Environ(), "OUT="+r.out), env...)
	e, err := Enforce(EnforceConfig{Rules: rules, Roots: []string{r.dir}, OnRefuse: func(f Refusal) {
		mu.Lock()
		r.refused = append(r.refused, f)
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
	if err := cmd.Wait(); err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatalf("agent: %v", err)
		}
	}
	return r
}

func (r *enforceRun) read(name string) string {
	b, _ := os.ReadFile(filepath.Join(r.out, name))
	return string(b)
}

func (r *enforceRun) refusedPaths() []string {
	var out []string
	for _, f := range r.refused {
		out = append(out, filepath.Base(f.Path))
	}
	slices.Sort(out)
	return out
}

// TestEnforceRefusesWhatTheApprovalDoesNotCover: a hook's process may
// read a.txt (approved, unchanged) but not b.txt nor run x.sh; the agent's
// own processes read and run anything.
func TestEnforceRefusesWhatTheApprovalDoesNotCover(t *testing.T) {
	hook := `cat a.txt > "$OUT/ha"; cat b.txt > "$OUT/hb"; ./x.sh; cat ./../proj/b.txt > "$OUT/hb2"; cat /proc/self/cwd/b.txt > "$OUT/hb3"`
	agent := `sh -c '` + hook + `'; cat b.txt > "$OUT/ab"; ./x.sh; cp "$OUT/x" "$OUT/ax"`
	r := runEnforced(t, hook, agent)
	if r.read("ha") != "approved\n" {
		t.Errorf("the hook could not read its approved file: %q", r.read("ha"))
	}
	for _, n := range []string{"hb", "hb2", "hb3"} {
		if r.read(n) != "" {
			t.Errorf("the hook read b.txt (%s): %q", n, r.read(n))
		}
	}
	if r.read("ab") != "pulled\n" || r.read("ax") != "ran\n" {
		t.Errorf("the agent's own reads were refused: %q %q", r.read("ab"), r.read("ax"))
	}
	if got := r.refusedPaths(); !slices.Contains(got, "b.txt") || !slices.Contains(got, "x.sh") {
		t.Errorf("refused %v, want b.txt and x.sh", got)
	}
}

// TestEnforceChangedContentIsRefused: a.txt changed after the approval.
func TestEnforceChangedContentIsRefused(t *testing.T) {
	hook := `cat a.txt > "$OUT/ha"`
	r := runEnforced(t, hook, `echo changed > a.txt; sh -c '`+hook+`'`)
	if r.read("ha") != "" || len(r.refused) != 1 || !strings.Contains(r.refused[0].Why, "not the approved") {
		t.Fatalf("a changed approved file: read %q, refused %+v", r.read("ha"), r.refused)
	}
}

// TestEnforceFollowsOrphans: a hook's process whose parent ended before
// it ran anything is still the hook's: by its session when the hook leads
// one (setsid, as most agents start hooks), else it is refused as of
// unknown origin.
func TestEnforceFollowsOrphans(t *testing.T) {
	// the background subshell runs builtins only until its parent ended:
	// its first call the listener sees is its cat's start
	hook := `( (while [ ! -e "$OUT/go" ]; do :; done; cat b.txt > "$OUT/ob"; cat a.txt > "$OUT/oa"; touch "$OUT/done") &) ; exit 0`
	wait := `; touch "$OUT/go"; i=0; while [ ! -e "$OUT/done" ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i+1)); done`
	for _, tc := range []struct{ name, agent string }{
		{"session", `setsid sh -c '` + hook + `'` + wait},
		{"shared", `sh -c '` + hook + `'` + wait},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runEnforced(t, hook, tc.agent)
			if r.read("ob") != "" {
				t.Fatalf("an orphan of the hook read b.txt; refused %+v", r.refused)
			}
			if len(r.refused) == 0 {
				t.Fatalf("nothing refused")
			}
			if tc.name == "session" && (r.refused[0].Hook != "h" || r.read("oa") != "approved\n") {
				t.Fatalf("the orphan was not the hook's: %+v, oa %q", r.refused, r.read("oa"))
			}
		})
	}
}

// TestEnforceWriteOnlyOpenDoesNotMakeAFileTheHooks is review17's doubt:
// a write-only open without O_CREAT (dd conv=nocreat,notrunc, no byte
// written) of b.txt, which the approval does not cover, made it the
// hook's own, and the hook then read it. It is still the pulled file.
func TestEnforceWriteOnlyOpenDoesNotMakeAFileTheHooks(t *testing.T) {
	hook := `dd if=/dev/null of=b.txt conv=nocreat,notrunc 2>/dev/null; cat b.txt > "$OUT/hb"`
	r := runEnforced(t, hook, `sh -c '`+hook+`'`)
	if r.read("hb") != "" {
		t.Fatalf("the hook read b.txt after a write-only open that wrote nothing: %q", r.read("hb"))
	}
	if got := r.refusedPaths(); !slices.Contains(got, "b.txt") {
		t.Errorf("refused %v, want b.txt", got)
	}
}

// TestEnforceAFileTheHookDeletedIsNoLongerItsOwn: the hook makes c.txt
// and deletes it; the agent (a pull) then puts another c.txt there (same
// path; on most file systems the same inode number too). The hook's next
// run may not read it: what it wrote is gone.
func TestEnforceAFileTheHookDeletedIsNoLongerItsOwn(t *testing.T) {
	hook := `if [ -e go ]; then cat c.txt > "$OUT/hc"; else echo mine > c.txt; stat -c %i c.txt > "$OUT/i1"; rm c.txt; fi`
	r := runEnforced(t, hook, `sh -c '`+hook+`'; echo pulled > c.txt; stat -c %i c.txt > "$OUT/i2"; : > go; sh -c '`+hook+`'`)
	t.Logf("inode of the hook's c.txt %s, of the pulled one %s", strings.TrimSpace(r.read("i1")), strings.TrimSpace(r.read("i2")))
	if r.read("hc") != "" {
		t.Fatalf("the hook read the pulled c.txt as its own: %q", r.read("hc"))
	}
	if got := r.refusedPaths(); !slices.Contains(got, "c.txt") {
		t.Errorf("refused %v, want c.txt", got)
	}
}

// TestEnforceTheHookReadsWhatItMade: the rule above keeps a hook's own
// files its own (made with O_CREAT, read back by another process).
func TestEnforceTheHookReadsWhatItMade(t *testing.T) {
	hook := `echo mine > c.txt; cat c.txt > "$OUT/hc"; mkdir -p sub; printf x > sub/d.txt; cat sub/d.txt > "$OUT/hd"`
	r := runEnforced(t, hook, `sh -c '`+hook+`'`)
	if r.read("hc") != "mine\n" || r.read("hd") != "x" || len(r.refused) != 0 {
		t.Fatalf("the hook could not read back what it made: %q %q, refused %+v", r.read("hc"), r.read("hd"), r.refused)
	}
}
