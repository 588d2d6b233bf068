package trust

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func snapBases(snaps []ScriptSnapshot) []string {
	var out []string
	for _, s := range snaps {
		out = append(out, filepath.Base(s.Path))
	}
	return out
}

// TestApprovalRereadsAScriptChangedDuringTheRun: the hooks of one approval
// share what following a script found, but only while the script (and
// each script it runs) is the file it was read from. A script rewritten
// between two hooks — here run with different arguments — is followed
// again: the second hook fingerprints what the new text runs, not what
// the old one ran. On the old code (results kept by path) the second
// approval fingerprinted b.sh, which a.sh no longer runs, and not c.sh.
func TestApprovalRereadsAScriptChangedDuringTheRun(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("a.sh", "#!/bin/bash\nbash ./b.sh\n")
	write("b.sh", "#!/bin/bash\necho b\n")
	write("c.sh", "#!/bin/bash\necho c\n")
	write("d.sh", "#!/bin/bash\necho d\n")
	fp := NewFingerprinterFor(dir, Runtime{})
	scripts := func(cmd string) []string {
		t.Helper()
		snaps, parseErr, err := fp.Scripts(cmd, nil, nil)
		if parseErr != nil || err != nil {
			t.Fatal(parseErr, err)
		}
		return snapBases(snaps)
	}
	if got := scripts("bash a.sh one"); !slices.Equal(got, []string{"a.sh", "b.sh"}) {
		t.Fatalf("first hook: %v", got)
	}
	write("a.sh", "#!/bin/bash\nbash ./c.sh --changed\n") // another size: another key
	if got := scripts("bash a.sh two"); !slices.Equal(got, []string{"a.sh", "c.sh"}) {
		t.Fatalf("after a.sh changed, the hook fingerprints %v, want [a.sh c.sh]", got)
	}
	// A script the changed one runs changes: the result of the script
	// that runs it is not reused either.
	write("c.sh", "#!/bin/bash\nbash ./d.sh\n")
	if got := scripts("bash a.sh three"); !slices.Equal(got, []string{"a.sh", "c.sh", "d.sh"}) {
		t.Fatalf("after c.sh changed, the hook fingerprints %v, want [a.sh c.sh d.sh]", got)
	}
	if got := scripts("bash a.sh four"); !slices.Equal(got, []string{"a.sh", "c.sh", "d.sh"}) {
		t.Fatalf("unchanged: %v", got)
	}
}

// TestSourcedScriptIsReadAndParsedOnce: a library every hook script
// sources is read and parsed once per cache (sourced scripts are walked in
// each caller's scope, so their results are not kept; their text and
// syntax tree are).
func TestSourcedScriptIsReadAndParsedOnce(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "lib.sh"), []byte("helper() { bash ./x.sh; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"s1.sh", "s2.sh", "s3.sh", "x.sh"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("#!/bin/bash\n. ./lib.sh\nhelper\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	c := NewDiscoveryCache()
	var first *scriptText
	for _, cmd := range []string{"bash s1.sh", "bash s2.sh", "bash s3.sh"} {
		if _, err := c.DiscoverScripts(cmd, dir); err != nil {
			t.Fatal(err)
		}
		lib := c.byProject[dir].texts[filepath.Join(dir, "lib.sh")]
		if lib == nil {
			t.Skip("no file keys on this platform: every script is read")
		}
		if first == nil {
			first = lib
		} else if lib != first {
			t.Fatalf("%s: lib.sh was read again", cmd)
		}
		if len(lib.parsed) != 1 {
			t.Fatalf("lib.sh parsed in %d dialects", len(lib.parsed))
		}
	}
}

// TestFingerprintTakesTheFollowedText: an approval's fingerprint of a
// script discovery followed is the hash of the text it followed, the same
// as reading the file.
func TestFingerprintTakesTheFollowedText(t *testing.T) {
	dir := t.TempDir()
	body := "#!/bin/bash\nbash ./b.sh\n"
	if err := os.WriteFile(filepath.Join(dir, "a.sh"), []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "b.sh"), []byte("echo b\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	fp := NewFingerprinter(dir)
	snaps, parseErr, err := fp.Scripts("bash a.sh", nil, nil)
	if parseErr != nil || err != nil {
		t.Fatal(parseErr, err)
	}
	for _, s := range snaps {
		want, err := snapshotScript(ScriptRef{Path: s.Path, Word: s.Word, Via: s.Via}, dir)
		if err != nil {
			t.Fatal(err)
		}
		if s.SHA256 != want.SHA256 || s.Size != want.Size || s.Content == nil || *s.Content != *want.Content {
			t.Fatalf("%s: %s %d, read: %s %d", s.Path, s.SHA256, s.Size, want.SHA256, want.Size)
		}
	}
	if len(snaps) != 2 {
		t.Fatalf("%d snapshots", len(snaps))
	}
}
