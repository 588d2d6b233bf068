package sandbox

import (
	"os"
	"path/filepath"
	"slices"
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
