package guard

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func testRepo(t *testing.T) *Repo {
	t.Helper()
	top := t.TempDir()
	return &Repo{Top: top, HooksDir: filepath.Join(top, ".git", "hooks")}
}

func TestInstallTwiceKeepsOneChainedOriginal(t *testing.T) {
	r := testRepo(t)
	if err := os.MkdirAll(r.HooksDir, 0o755); err != nil {
		t.Fatal(err)
	}
	orig := filepath.Join(r.HooksDir, "post-merge")
	if err := os.WriteFile(orig, []byte("#!/bin/sh\necho mine\n"), 0o750); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if _, err := Install(r, "/opt/hookwarden"); err != nil {
			t.Fatalf("install %d: %v", i, err)
		}
	}
	data, err := os.ReadFile(orig + chainedSuffix)
	if err != nil || string(data) != "#!/bin/sh\necho mine\n" {
		t.Fatalf("the chained original is %q, %v", data, err)
	}
	if _, err := Uninstall(r); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(orig)
	if err != nil || fi.Mode().Perm() != 0o750 {
		t.Fatalf("original not restored with its mode: %v %v", fi, err)
	}
	if _, err := os.Stat(orig + chainedSuffix); !os.IsNotExist(err) {
		t.Errorf("chained copy left behind: %v", err)
	}
}

func TestUninstallLeavesAHookThatReplacedTheGuard(t *testing.T) {
	r := testRepo(t)
	if err := os.MkdirAll(r.HooksDir, 0o755); err != nil {
		t.Fatal(err)
	}
	orig := filepath.Join(r.HooksDir, "post-checkout")
	os.WriteFile(orig, []byte("#!/bin/sh\necho first\n"), 0o755)
	if _, err := Install(r, "/opt/hookwarden"); err != nil {
		t.Fatal(err)
	}
	// Another tool writes its own post-checkout over the guard's.
	os.WriteFile(orig, []byte("#!/bin/sh\necho husky\n"), 0o755)
	res, err := Uninstall(r)
	if err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(orig); string(data) != "#!/bin/sh\necho husky\n" {
		t.Errorf("uninstall touched a hook that is not the guard's: %q", data)
	}
	if !strings.Contains(strings.Join(res.Warnings, "\n"), "no longer the guard's") {
		t.Errorf("no warning about the chained original: %v", res.Warnings)
	}
	// A second install must not move the other tool's hook over the
	// chained original.
	if _, err := Install(r, "/opt/hookwarden"); err == nil {
		t.Error("install moved a hook over an existing chained original")
	}
}

func TestScriptQuotesTheBinaryAndNeverFails(t *testing.T) {
	s := Script("post-rewrite", "/opt/it's here/hookwarden")
	for _, want := range []string{marker, `hw_bin='/opt/it'\''s here/hookwarden'`, "guard check --git-hook post-rewrite", "|| :", "exit $hw_rc", "post-rewrite.hookwarden-chained"} {
		if !strings.Contains(s, want) {
			t.Errorf("script lacks %q:\n%s", want, s)
		}
	}
}

func TestBlockEscapesAndBounds(t *testing.T) {
	var items []Item
	for i := 0; i < 12; i++ {
		items = append(items, Item{Agent: "Gemini CLI", Status: "new", Label: "h\x1b[2K"})
	}
	b := Block("/p", items, "hookwarden open --review /p", func(s string) string { return strings.ReplaceAll(s, "\x1b", `\x1b`) })
	if strings.Contains(b, "\x1b") || !strings.Contains(b, "and 4 more") || !strings.Contains(b, "12 agent hooks need review") {
		t.Errorf("block:\n%s", b)
	}
	if Block("/p", nil, "x", nil) != "" {
		t.Error("a block with nothing to review")
	}
}

// A guard installed by an earlier Hookwarden (three hooks, no record) is
// not taken for a complete one: Health names the hooks it lacks.
func TestHealthNamesTheHooksAnOlderInstallLacks(t *testing.T) {
	r := testRepo(t)
	if err := os.MkdirAll(r.HooksDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if h, err := Health(r); err != nil || h != "" {
		t.Fatalf("Health of a repository without the guard: %q %v", h, err)
	}
	for _, name := range []string{"post-merge", "post-checkout", "post-rewrite"} {
		if err := writeHook(filepath.Join(r.HooksDir, name), Script(name, "/opt/hookwarden")); err != nil {
			t.Fatal(err)
		}
	}
	h, err := Health(r)
	if err != nil || !strings.Contains(h, "post-index-change") || !strings.Contains(h, "reference-transaction") || strings.Contains(h, "post-merge,") {
		t.Errorf("Health of an older install: %q %v", h, err)
	}
	if _, err := Install(r, "/opt/hookwarden"); err != nil {
		t.Fatal(err)
	}
	if h, err := Health(r); err != nil || h != "" {
		t.Errorf("Health after installing again: %q %v", h, err)
	}
}

// Without hookwarden (moved, uninstalled) the guard's hook still lets git
// go on with the chained hook's status, and says that nothing was checked.
func TestScriptSaysSoWhenHookwardenIsGone(t *testing.T) {
	dir := t.TempDir()
	hook := filepath.Join(dir, "post-merge")
	if err := writeHook(hook, Script("post-merge", filepath.Join(dir, "gone", "hookwarden"))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(hook+chainedSuffix, []byte("#!/bin/sh\nexit 4\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(hook, "0")
	cmd.Env = []string{"PATH=/usr/bin:/bin"}
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 4 {
		t.Errorf("the hook's exit: %v, want the chained hook's 4", err)
	}
	if !strings.Contains(string(out), "hookwarden is not found") || !strings.Contains(string(out), "not checked") {
		t.Errorf("the hook said nothing without hookwarden: %q", out)
	}
}

// git skips a hook that is not executable: a `chmod -x` turns the guard off
// without removing a file, and Health says so.
func TestHealthNoticesAGuardHookThatIsNotExecutable(t *testing.T) {
	r := testRepo(t)
	if _, err := Install(r, "/opt/hookwarden"); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(r.HooksDir, "post-merge"), 0o644); err != nil {
		t.Fatal(err)
	}
	if h, err := Health(r); err != nil || !strings.Contains(h, "post-merge") || !strings.Contains(h, "not executable") {
		t.Errorf("Health with a post-merge git skips: %q %v", h, err)
	}
}
