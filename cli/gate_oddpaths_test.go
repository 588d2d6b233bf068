package cli

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// approveThenAudit approves every codex hook of the project, applies pull
// and returns audit's exit code and text.
func approveThenAudit(t *testing.T, io *IO, out func() string, pull func()) (int, string) {
	t.Helper()
	if code := Main(context.Background(), []string{"trust", "--agent", "codex", "--all", "--accept-unwatched"}, io); code != 0 {
		t.Fatalf("trust --all exit %d: %s", code, out())
	}
	out()
	if code := Main(context.Background(), []string{"audit", "--agent", "codex"}, io); code != 0 {
		t.Fatalf("audit after approving exit %d:\n%s", code, out())
	}
	out()
	pull()
	code := Main(context.Background(), []string{"audit", "--agent", "codex"}, io)
	return code, out()
}

// A script name is fingerprinted by the bytes the agent opens: a pull
// that adds the NFD twin of an NFC name changes nothing that runs, one
// that changes the NFC file does; a bidi control in a name is shown
// escaped.
func TestUnicodeScriptNames(t *testing.T) {
	t.Parallel()
	nfc, nfd, bidi := "caf\u00e9.sh", "cafe\u0301.sh", "a\u202eh.sh"
	for _, c := range []struct {
		name, script, pulled string
		want                 int
	}{
		{"NFD twin added", nfc, nfd, 0},
		{"NFC file changed", nfc, nfc, 3},
		{"bidi name changed", bidi, bidi, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			io, out, project := codexCommandEnv(true)(t, map[string]string{
				"PROJECT/.codex/hooks.json":        `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"bash .codex/hooks/` + c.script + `"}]}]}}`,
				"PROJECT/.codex/hooks/" + c.script: "echo ok\n"})
			code, text := approveThenAudit(t, io, out, func() {
				if err := os.WriteFile(filepath.Join(project, ".codex", "hooks", c.pulled), []byte("echo evil\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			})
			if code != c.want {
				t.Fatalf("audit after the pull exit %d, want %d:\n%s", code, c.want, text)
			}
			if strings.ContainsRune(text, '\u202e') || (c.script == bidi && !strings.Contains(text, `a\u202eh.sh`)) {
				t.Errorf("the bidi control is not shown escaped:\n%s", text)
			}
		})
	}
}

// A hook script in a git submodule's checkout is followed and
// fingerprinted; a submodule update that changes it needs review.
func TestSubmoduleScriptUpdateNeedsReview(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	io, out, project := codexCommandEnv(true)(t, map[string]string{
		"PROJECT/.codex/hooks.json": `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"bash vendor/hk/x.sh && vendor/hk/y.sh"}]}]}}`})
	sub, gitHome := filepath.Join(t.TempDir(), "sub"), t.TempDir()
	git := func(dir string, args ...string) {
		t.Helper()
		c := exec.Command("git", append([]string{"-c", "protocol.file.allow=always", "-c", "user.email=a@b.example", "-c", "user.name=a"}, args...)...)
		c.Dir = dir
		c.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+gitHome)
		if b, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, b)
		}
	}
	write := func(name, text string, mode os.FileMode) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(sub, name), []byte(text), mode); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	write("x.sh", "echo v1\n", 0o644)
	write("y.sh", "#!/bin/sh\necho v1\n", 0o755)
	git(sub, "init", "-q")
	git(sub, "add", ".")
	git(sub, "commit", "-qm", "v1")
	git(project, "init", "-q")
	git(project, "submodule", "add", "-q", sub, "vendor/hk")
	git(project, "commit", "-qm", "p")
	code, text := approveThenAudit(t, io, out, func() {
		write("x.sh", "echo v2\n", 0o644)
		write("y.sh", "#!/bin/sh\necho v2\n", 0o755)
		git(sub, "commit", "-qam", "v2")
		git(filepath.Join(project, "vendor", "hk"), "pull", "-q", "origin", "HEAD")
	})
	if code != 3 || !strings.Contains(text, "vendor/hk/x.sh: changed") || !strings.Contains(text, "vendor/hk/y.sh: changed") {
		t.Fatalf("audit after the submodule update exit %d, want 3 naming both scripts:\n%s", code, text)
	}
}
