package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// seqProject is a home with a project in it holding keep.txt, gone.txt and
// a folder dir with inside.txt.
func seqProject(t *testing.T) (home, proj string) {
	t.Helper()
	home = t.TempDir()
	proj = filepath.Join(home, "proj")
	if err := os.MkdirAll(filepath.Join(proj, "dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{"keep.txt": "keep\n", "gone.txt": "gone\n", "dir/inside.txt": "inside\n"} {
		if err := os.WriteFile(filepath.Join(proj, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return home, proj
}

// files is a report's files as "change path" lines, relative to base.
func files(r *Report, base string) []string {
	var out []string
	if r == nil {
		return nil
	}
	for _, f := range r.Files {
		rel, _ := filepath.Rel(base, f.Path)
		out = append(out, string(f.Change)+" "+rel)
	}
	return out
}

func hasLine(lines []string, want string) bool {
	for _, l := range lines {
		if l == want {
			return true
		}
	}
	return false
}

// TestSequenceLaterHookSeesEarlierWrites is the layered view of a
// sequential event (issue 28): the agent runs its hooks one after another
// and hook 2 sees what hook 1 wrote, so in a dry run hook 2's sandbox
// holds hook 1's upper layer under its own. Each report still names only
// its own hook's writes: hook 2 changing the file hook 1 created is a
// change (with hook 1's content as the old side), not a creation; hook 1's
// other files and its deletion are not in hook 2's report. Nothing reaches
// the real project. Fails on main: hook 2 saw the project as it was.
func TestSequenceLaterHookSeesEarlierWrites(t *testing.T) {
	sandboxOrSkip(t)
	home, proj := seqProject(t)
	seq := NewSequence()
	defer seq.Close()
	cfg := Config{Isolate: true, Home: home, Project: proj, Sequence: seq}
	one := runScript(t, cfg, proj, `echo one > marker.txt; rm gone.txt; rm -r dir; mkdir dir; echo new > dir/other.txt; echo home > "$HOME/.seq-home"`, "", testEnv(home))
	if one.err != nil || !one.exit.Exited || one.exit.Code != 0 {
		t.Fatalf("hook 1: %+v %v %s", one.exit, one.err, one.stderr)
	}
	two := runScript(t, cfg, proj, `cat marker.txt; test -e gone.txt && echo SEES-GONE; test -e dir/inside.txt && echo SEES-INSIDE; cat dir/other.txt; cat "$HOME/.seq-home"; cat keep.txt; echo two >> marker.txt; touch dir/other.txt`, "", testEnv(home))
	if want := "one\nnew\nhome\nkeep\n"; two.stdout != want {
		t.Errorf("hook 2 did not see the project as hook 1 left it: stdout %q, want %q (stderr %q, %+v %v)", two.stdout, want, two.stderr, two.exit, two.err)
	}
	if two.report == nil || one.report == nil {
		t.Fatal("no report")
	}
	if two.report.SawEarlier != 1 || one.report.SawEarlier != 0 {
		t.Errorf("SawEarlier: hook 1 %d, hook 2 %d; want 0 and 1", one.report.SawEarlier, two.report.SawEarlier)
	}
	f1, f2 := files(one.report, proj), files(two.report, proj)
	for _, want := range []string{"created marker.txt", "deleted gone.txt", "created dir/other.txt"} {
		if !hasLine(f1, want) {
			t.Errorf("hook 1's report lacks %q: %q", want, f1)
		}
	}
	if !hasLine(f2, "changed marker.txt") || len(f2) != 1 {
		t.Errorf("hook 2's report should hold only its change of marker.txt: %q", f2)
	}
	for _, f := range two.report.Files {
		if strings.HasSuffix(f.Path, "marker.txt") && (!strings.Contains(f.Diff, "+ two") || !strings.Contains(f.Diff, "  one")) {
			t.Errorf("hook 2's change of marker.txt is not diffed against hook 1's content: %q", f.Diff)
		}
	}
	for _, name := range []string{"marker.txt", "dir/other.txt"} {
		if _, err := os.Stat(filepath.Join(proj, name)); err == nil {
			t.Errorf("%s reached the real project", name)
		}
	}
	for _, name := range []string{"gone.txt", "dir/inside.txt", "keep.txt"} {
		if _, err := os.Stat(filepath.Join(proj, name)); err != nil {
			t.Errorf("%s is gone from the real project: %v", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(home, ".seq-home")); err == nil {
		t.Error("the home file reached the real home")
	}
}

// TestSequenceKeepsEachHooksOwnRecords: hook 1 reads a secret, runs a
// program and looks a name up; hook 2, which sees its files, must not be
// charged with any of it, and a hook of another sequence sees none of its
// files.
func TestSequenceKeepsEachHooksOwnRecords(t *testing.T) {
	sandboxOrSkip(t)
	home, proj := seqProject(t)
	if err := os.MkdirAll(filepath.Join(home, ".ssh"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".ssh", "id_rsa"), []byte("KEY\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	seq := NewSequence()
	defer seq.Close()
	cfg := Config{Isolate: true, Home: home, Project: proj, Sequence: seq}
	one := runScript(t, cfg, proj, `cat "$HOME/.ssh/id_rsa" > copy.txt; getent hosts exfil.example >/dev/null; env true`, "", testEnv(home))
	two := runScript(t, cfg, proj, `cat copy.txt`, "", testEnv(home))
	if two.stdout != "KEY\n" {
		t.Fatalf("hook 2 did not see hook 1's copy: %q %q", two.stdout, two.stderr)
	}
	if len(one.report.Secrets) == 0 {
		t.Errorf("hook 1's secret read is not in its report")
	}
	if len(two.report.Secrets) != 0 || len(two.report.Network) != 0 {
		t.Errorf("hook 2 is charged with hook 1's records: secrets %+v network %+v", two.report.Secrets, two.report.Network)
	}
	for _, p := range two.report.Programs {
		if strings.Contains(strings.Join(p.Argv, " "), "getent") || strings.Contains(strings.Join(p.Argv, " "), "env true") {
			t.Errorf("hook 2 is charged with hook 1's program %q", p.Argv)
		}
	}
	if len(files(two.report, proj)) != 0 {
		t.Errorf("hook 2 is charged with hook 1's files: %q", files(two.report, proj))
	}
	another := NewSequence()
	defer another.Close()
	other := runScript(t, Config{Isolate: true, Home: home, Project: proj, Sequence: another}, proj, `cat copy.txt 2>/dev/null || echo NONE`, "", testEnv(home))
	if other.stdout != "NONE\n" {
		t.Errorf("a hook of another sequence sees this one's files: %q", other.stdout)
	}
	plain := runScript(t, Config{Isolate: true, Home: home, Project: proj}, proj, `cat copy.txt 2>/dev/null || echo NONE`, "", testEnv(home))
	if plain.stdout != "NONE\n" {
		t.Errorf("a hook of no sequence sees its files: %q", plain.stdout)
	}
}

// TestSequenceOverlayAttributesCannotBePlanted: overlayfs obeys its own
// extended attributes (user.overlay.* with userxattr) in a lower layer, and
// an earlier hook's upper layer becomes a lower one. A hook that sets them
// through the overlay (an opaque folder would hide the real folder's files
// from the next hook; a redirect or a metacopy would show another file in
// place of one) must not change what the next hook sees: before Linux 6.7
// overlayfs refuses them, since then it stores them escaped
// (user.overlay.overlay.*), as plain attributes of the file, and the
// layers' copy for the next hook keeps only overlayfs's own opaque mark.
func TestSequenceOverlayAttributesCannotBePlanted(t *testing.T) {
	sandboxOrSkip(t)
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	home, proj := seqProject(t)
	seq := NewSequence()
	defer seq.Close()
	cfg := Config{Isolate: true, Home: home, Project: proj, Sequence: seq}
	plant := `import os
os.makedirs("dir/sub", exist_ok=True)
open("dir/decoy", "w").write("decoy\n")
for path, name, value in [("dir", "user.overlay.opaque", b"y"), ("dir", "user.overlay.opaque", b"x"), ("dir/decoy", "user.overlay.redirect", b"/keep.txt"),
        ("dir/decoy", "user.overlay.metacopy", b""), ("dir/sub", "user.overlay.whiteout", b"y"), ("dir", "trusted.overlay.opaque", b"y")]:
    try:
        os.setxattr(path, name, value)
        print("SET", path, name)
    except OSError as e:
        pass
`
	one := runSpec(t, cfg, py, []string{"python3", "-c", plant}, proj, "", testEnv(home))
	t.Logf("hook 1: %q", one.stdout)
	two := runScript(t, cfg, proj, `cat dir/inside.txt; cat dir/decoy; ls -a dir/sub | wc -l`, "", testEnv(home))
	if two.stdout != "inside\ndecoy\n2\n" {
		t.Errorf("hook 2's view was changed by hook 1's attributes: %q %q", two.stdout, two.stderr)
	}
}

// TestSequenceSaysWhatItCouldNotStack: a hook's layers that cannot be
// carried to the next hook (here a Unix socket, which cannot be made
// again for a lower layer) are not shown in part: the next hook sees the
// real files and its report says it saw none of the earlier hook's files
// (SawEarlier 0), so the dry run keeps its warning. A hook that wrote
// nothing leaves nothing to miss.
func TestSequenceSaysWhatItCouldNotStack(t *testing.T) {
	sandboxOrSkip(t)
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	home, proj := seqProject(t)
	seq := NewSequence()
	defer seq.Close()
	cfg := Config{Isolate: true, Home: home, Project: proj, Sequence: seq}
	quiet := runScript(t, cfg, proj, `cat keep.txt >/dev/null`, "", testEnv(home))
	if quiet.report.SawEarlier != 0 {
		t.Errorf("the first hook saw %d earlier hooks", quiet.report.SawEarlier)
	}
	one := runSpec(t, cfg, py, []string{"python3", "-c", `import socket
open("marker.txt", "w").write("one\n")
socket.socket(socket.AF_UNIX).bind("sock")`}, proj, "", testEnv(home))
	if one.err != nil || one.exit.Code != 0 {
		t.Fatalf("hook 1: %+v %v %s", one.exit, one.err, one.stderr)
	}
	two := runScript(t, cfg, proj, `cat marker.txt 2>/dev/null || echo NONE`, "", testEnv(home))
	if two.stdout != "NONE\n" || two.report.SawEarlier != 1 {
		t.Errorf("hook 2: stdout %q, saw %d earlier hooks; want the real files and 1 (the quiet hook only)", two.stdout, two.report.SawEarlier)
	}
}

// TestSequenceDoesNotCopyAFloodOfFiles: a hook that writes more files than
// the layers' copy takes (maxLayerEntries) is not stacked, rather than
// holding the dry run up while they are copied: the next hook sees the
// real files and says it saw none of the earlier one's.
func TestSequenceDoesNotCopyAFloodOfFiles(t *testing.T) {
	sandboxOrSkip(t)
	home, proj := seqProject(t)
	seq := NewSequence()
	defer seq.Close()
	cfg := Config{Isolate: true, Home: home, Project: proj, Sequence: seq}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	// links: no open per file, so the hook itself is quick
	one := runSpec(t, cfg, py, []string{"python3", "-c", `import os
os.mkdir("flood")
open("flood/f", "w").close()
for i in range(20001):
    os.link("flood/f", "flood/l%d" % i)
open("marker.txt", "w").write("one\n")`}, proj, "", testEnv(home))
	if one.err != nil || one.exit.Code != 0 {
		t.Fatalf("hook 1: %+v %v %s", one.exit, one.err, one.stderr)
	}
	two := runScript(t, cfg, proj, `cat marker.txt 2>/dev/null || echo NONE`, "", testEnv(home))
	if two.stdout != "NONE\n" || two.report.SawEarlier != 0 {
		t.Errorf("hook 2: stdout %q, saw %d earlier hooks; want the real files and 0", two.stdout, two.report.SawEarlier)
	}
}

// TestSequenceParkedHooksSeeEarlierWrites is the layered view with the
// sandboxes set up ahead (Warm), as a dry run has them: every hook of the
// event is served by a parked supervisor, each later one with the earlier
// hooks' layers put into the lower layer it holds for them before it
// begins, so hook 3 sees what hooks 1 and 2 wrote (hook 2 replacing a
// file of hook 1's and deleting another), each report holds its own
// hook's files, and a park no hook took adds nothing to the sequence.
// Fails without fill: a parked hook sees the project as it was.
func TestSequenceParkedHooksSeeEarlierWrites(t *testing.T) {
	sandboxOrSkip(t)
	home, proj := seqProject(t)
	self, _ := os.Executable()
	seq, warm := NewSequence(), NewWarm()
	defer seq.Close()
	cfg := Config{Init: self, Isolate: true, Home: home, Project: proj, Sequence: seq, Warm: warm}
	if err := ProbeFor(cfg, 4); err != nil {
		t.Fatalf("ProbeFor: %v", err)
	}
	one := runScript(t, cfg, proj, `echo one > a.txt; echo one > b.txt; mkdir -p d/e; echo deep > d/e/f; chmod 0500 d`, "", testEnv(home))
	two := runScript(t, cfg, proj, `cat a.txt; echo two > a.txt; rm b.txt; rm gone.txt`, "", testEnv(home))
	three := runScript(t, cfg, proj, `cat a.txt; test -e b.txt && echo SEES-B; test -e gone.txt && echo SEES-GONE; cat d/e/f; cat keep.txt`, "", testEnv(home))
	warm.Close()
	if f1 := files(one.report, proj); len(f1) != 5 {
		t.Errorf("hook 1's report: %q", f1)
	}
	if st := warm.Stats(); st.Served != 3 {
		t.Errorf("%d of 3 hooks were served a parked sandbox", st.Served)
	}
	if two.stdout != "one\n" || three.stdout != "two\ndeep\nkeep\n" {
		t.Errorf("the later hooks did not see the earlier ones' files: hook 2 %q (%s), hook 3 %q (%s)", two.stdout, two.stderr, three.stdout, three.stderr)
	}
	if two.report.SawEarlier != 1 || three.report.SawEarlier != 2 {
		t.Errorf("SawEarlier: hook 2 %d, hook 3 %d; want 1 and 2", two.report.SawEarlier, three.report.SawEarlier)
	}
	f2, f3 := files(two.report, proj), files(three.report, proj)
	for _, want := range []string{"changed a.txt", "deleted b.txt", "deleted gone.txt"} {
		if !hasLine(f2, want) {
			t.Errorf("hook 2's report lacks %q: %q", want, f2)
		}
	}
	if len(f2) != 3 || len(f3) != 0 {
		t.Errorf("the reports hold other hooks' files: hook 2 %q, hook 3 %q", f2, f3)
	}
	if seq.count() != 3 {
		t.Errorf("the sequence holds %d hooks, want 3 (an unused park adds none)", seq.count())
	}
	for _, name := range []string{"a.txt", "b.txt", "d"} {
		if _, err := os.Stat(filepath.Join(proj, name)); err == nil {
			t.Errorf("%s reached the real project", name)
		}
	}
	if _, err := os.Stat(filepath.Join(proj, "gone.txt")); err != nil {
		t.Errorf("gone.txt is gone from the real project: %v", err)
	}
}

// TestSequenceCountsOnlyItsHooks: the gate's probe of a dry run without a
// Warm starts a sandbox with the same configuration, Sequence included; it
// is no hook of the event, so it must not count among the earlier hooks
// a later one saw (the dry run would then warn where the view is true).
func TestSequenceCountsOnlyItsHooks(t *testing.T) {
	sandboxOrSkip(t)
	home, proj := seqProject(t)
	self, _ := os.Executable()
	seq := NewSequence()
	defer seq.Close()
	cfg := Config{Init: self, Isolate: true, Home: home, Project: proj, Sequence: seq}
	if err := Probe(cfg); err != nil {
		t.Fatalf("Probe: %v", err)
	}
	runScript(t, cfg, proj, `echo one > a.txt`, "", testEnv(home))
	two := runScript(t, cfg, proj, `cat a.txt`, "", testEnv(home))
	if two.stdout != "one\n" || two.report.SawEarlier != 1 || seq.count() != 2 {
		t.Errorf("hook 2: %q, saw %d earlier hooks, the sequence holds %d; want one, 1 and 2", two.stdout, two.report.SawEarlier, seq.count())
	}
}

// TestSequenceLeavesNoLayersBehind: the layers a Sequence keeps on disk,
// and those it could not keep (a copy refused part way), are gone once it
// is closed; a Warm's parks leave none either.
func TestSequenceLeavesNoLayersBehind(t *testing.T) {
	sandboxOrSkip(t)
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	home, proj := seqProject(t)
	scratch := t.TempDir()
	self, _ := os.Executable()
	seq, warm := NewSequence(), NewWarm()
	cfg := Config{Init: self, Isolate: true, Home: home, Project: proj, Sequence: seq, Warm: warm, TempDir: scratch}
	if err := ProbeFor(cfg, 3); err != nil {
		t.Fatalf("ProbeFor: %v", err)
	}
	runScript(t, cfg, proj, `echo one > a.txt`, "", testEnv(home))
	runSpec(t, cfg, py, []string{"python3", "-c", `import socket
open("b.txt", "w").write("b\n")
socket.socket(socket.AF_UNIX).bind("sock")`}, proj, "", testEnv(home))
	runScript(t, cfg, proj, `cat a.txt`, "", testEnv(home))
	warm.Close()
	seq.Close()
	left, _ := filepath.Glob(filepath.Join(scratch, "hookwarden-*"))
	if len(left) > 0 {
		t.Errorf("left behind: %q", left)
	}
}
