package sandbox

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSandboxRecordsReads: every file under the overlaid folders that the
// hook's processes read or executed is in Reads, once, with links
// resolved and as it was named through a link; files outside them,
// folders and files only written are not.
func TestSandboxRecordsReads(t *testing.T) {
	sandboxOrSkip(t)
	root := t.TempDir()
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	home := filepath.Join(root, "home")
	proj := filepath.Join(home, "proj")
	lib := filepath.Join(proj, "lib")
	for _, d := range []string{lib, filepath.Join(proj, "bin")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, s string, mode os.FileMode) {
		if err := os.WriteFile(p, []byte(s), mode); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(lib, "common.sh"), "X=1\n", 0o644)
	write(filepath.Join(proj, "bin", "tool"), "#!/bin/sh\necho tool\n", 0o755)
	write(filepath.Join(home, ".toolrc"), "rc\n", 0o644)
	os.Symlink(lib, filepath.Join(proj, "linked"))
	// the sourced file is reached through a computed path and a link
	script := `d=$(printf '%s' "lin" "ked"); . "$PWD/$d/common.sh"; ./bin/tool; cat ~/.toolrc >/dev/null; cat /etc/hostname >/dev/null 2>&1; echo new > out.txt; cat /dev/null`
	r := runScript(t, Config{Isolate: true, Home: home, Project: proj}, proj, script, "", testEnv(home))
	if r.report == nil {
		t.Fatalf("no report (err %v, stderr %q)", r.err, r.stderr)
	}
	for _, want := range []string{filepath.Join(lib, "common.sh"), filepath.Join(proj, "linked", "common.sh"), filepath.Join(proj, "bin", "tool"), filepath.Join(home, ".toolrc")} {
		if !slices.Contains(r.report.Reads, want) {
			t.Errorf("%s is not in Reads: %q", want, r.report.Reads)
		}
	}
	for _, p := range r.report.Reads {
		if p == "/etc/hostname" || p == filepath.Join(proj, "out.txt") || p == proj {
			t.Errorf("Reads holds %s (outside, written only, or a folder): %q", p, r.report.Reads)
		}
	}
	if n := len(r.report.Reads); n != len(slices.Compact(slices.Sorted(slices.Values(r.report.Reads)))) {
		t.Errorf("a file is listed twice: %q", r.report.Reads)
	}
	if r.report.ReadsCut {
		t.Error("ReadsCut for a handful of files")
	}
}

// TestSandboxRecordsAbsentPaths: a path under the overlaid folders that
// the hook's processes looked for and did not find — an open that fails,
// a test -f, an access check, a stat(1), an exec a PATH search tries — is
// in Absent, once, as named; a file that exists, a path outside the
// overlaid folders and a descriptor's fstat are not.
func TestSandboxRecordsAbsentPaths(t *testing.T) {
	sandboxOrSkip(t)
	root := t.TempDir()
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	home := filepath.Join(root, "home")
	proj := filepath.Join(home, "proj")
	if err := os.MkdirAll(filepath.Join(proj, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(proj, ".present"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Symlink("nowhere", filepath.Join(proj, "dangling"))
	script := `[ -f .mytoolrc ] && . ./.mytoolrc
cat nothere.txt 2>/dev/null
[ -r .probe-r ] || true
stat -c %n node_modules/foo/index.js >/dev/null 2>&1
cat dangling 2>/dev/null
cat ~/.toolrc 2>/dev/null
cat /etc/nothere-hookwarden 2>/dev/null
[ -f .present ] && cat .present >/dev/null
PATH="$PWD/bin:$PATH" true-ish-program 2>/dev/null
cat nothere.txt 2>/dev/null
exit 0`
	// without RecordProbes (a dry run, not a trace) only opens and execs
	// of missing paths are recorded
	r := runScript(t, Config{Isolate: true, Home: home, Project: proj}, proj, script, "", testEnv(home))
	if r.report == nil {
		t.Fatalf("no report (err %v, stderr %q)", r.err, r.stderr)
	}
	if !slices.Contains(r.report.Absent, filepath.Join(proj, "nothere.txt")) || slices.Contains(r.report.Absent, filepath.Join(proj, ".mytoolrc")) {
		t.Errorf("without RecordProbes: Absent %q, want the failed open and not the test -f", r.report.Absent)
	}
	r = runScript(t, Config{Isolate: true, Home: home, Project: proj, RecordProbes: true}, proj, script, "", testEnv(home))
	if r.report == nil {
		t.Fatalf("no report (err %v, stderr %q)", r.err, r.stderr)
	}
	for _, want := range []string{".mytoolrc", "nothere.txt", ".probe-r", "node_modules/foo/index.js", "dangling", "bin/true-ish-program"} {
		if !slices.Contains(r.report.Absent, filepath.Join(proj, want)) {
			t.Errorf("%s is not in Absent: %q", want, r.report.Absent)
		}
	}
	if !slices.Contains(r.report.Absent, filepath.Join(home, ".toolrc")) {
		t.Errorf("~/.toolrc is not in Absent: %q", r.report.Absent)
	}
	for _, p := range r.report.Absent {
		if p == "/etc/nothere-hookwarden" || p == filepath.Join(proj, ".present") || !strings.HasPrefix(p, home+"/") {
			t.Errorf("Absent holds %s (outside, or present): %q", p, r.report.Absent)
		}
	}
	if n := len(r.report.Absent); n != len(slices.Compact(slices.Sorted(slices.Values(r.report.Absent)))) {
		t.Errorf("a path is listed twice: %q", r.report.Absent)
	}
	if r.report.AbsentCut {
		t.Error("AbsentCut for a handful of paths")
	}
	if !slices.Contains(r.report.Reads, filepath.Join(proj, ".present")) {
		t.Errorf("the file that exists is not in Reads: %q", r.report.Reads)
	}
}

// TestSandboxAbsentPathsAreCapped: a hook that probes more paths than the
// report keeps leaves the list cut, which says so (a trace is then
// incomplete), and the run still ends.
func TestSandboxAbsentPathsAreCapped(t *testing.T) {
	sandboxOrSkip(t)
	root := t.TempDir()
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	home := filepath.Join(root, "home")
	proj := filepath.Join(home, "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	script := `i=0; while [ $i -lt 700 ]; do [ -e "probe-$i" ]; i=$((i+1)); done; exit 0`
	r := runScript(t, Config{Isolate: true, Home: home, Project: proj, RecordProbes: true}, proj, script, "", testEnv(home))
	if r.report == nil {
		t.Fatalf("no report (err %v, stderr %q)", r.err, r.stderr)
	}
	if !r.report.AbsentCut || len(r.report.Absent) < maxEventsPerKind {
		t.Fatalf("700 probes: %d absent paths kept, cut %v; want the cap and the cut", len(r.report.Absent), r.report.AbsentCut)
	}
}

// TestSandboxRecordsListedFolders: a folder under the overlaid folders
// that the hook's processes opened to list (a glob, ls) is in Listed,
// once, with links resolved and as named through a link; a folder only
// passed through (cd, a path's parent) or outside them is not.
func TestSandboxRecordsListedFolders(t *testing.T) {
	sandboxOrSkip(t)
	root := t.TempDir()
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	home := filepath.Join(root, "home")
	proj := filepath.Join(home, "proj")
	plugins := filepath.Join(proj, "plugins")
	other := filepath.Join(proj, "other")
	for _, d := range []string{plugins, other} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(plugins, "a.sh"), []byte("A=1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Symlink(plugins, filepath.Join(proj, "linked"))
	script := `for f in linked/*.sh; do . "$f"; done; ls plugins >/dev/null; ls plugins >/dev/null; cd other && cd ..; ls /etc >/dev/null`
	r := runScript(t, Config{Isolate: true, Home: home, Project: proj}, proj, script, "", testEnv(home))
	if r.report == nil {
		t.Fatalf("no report (err %v, stderr %q)", r.err, r.stderr)
	}
	for _, want := range []string{plugins, filepath.Join(proj, "linked")} {
		if !slices.Contains(r.report.Listed, want) {
			t.Errorf("%s is not in Listed: %q", want, r.report.Listed)
		}
	}
	for _, p := range r.report.Listed {
		if p == other || p == "/etc" {
			t.Errorf("Listed holds %s (only passed through, or outside): %q", p, r.report.Listed)
		}
	}
	if n := len(r.report.Listed); n != len(slices.Compact(slices.Sorted(slices.Values(r.report.Listed)))) {
		t.Errorf("a folder is listed twice: %q", r.report.Listed)
	}
	if slices.Contains(r.report.Reads, plugins) {
		t.Errorf("a folder is in Reads: %q", r.report.Reads)
	}
}
