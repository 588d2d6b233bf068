package guard

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

func TestNestedFolder(t *testing.T) {
	for _, c := range []struct {
		file, marker, want string
		ok                 bool
	}{
		{"pkg/.agent/settings.json", ".agent/settings.json", "pkg", true},
		{"a/b/.agent/skills/x/SKILL.md", ".agent/skills/", "a/b", true},
		{".agent/settings.json", ".agent/settings.json", "", false},
		{"pkg/.agent/settings.json.bak", ".agent/settings.json", "", false},
		{"pkg/x.agent/settings.json", ".agent/settings.json", "", false},
		{"a/.agent/settings.json/b/.agent/settings.json", ".agent/settings.json", "a/.agent/settings.json/b", true},
		{"pkg/.mcp.json", ".mcp.json", "pkg", true},
	} {
		got, ok := nestedFolder(c.file, c.marker)
		if got != c.want || ok != c.ok {
			t.Errorf("nestedFolder(%q, %q) = %q %v, want %q %v", c.file, c.marker, got, ok, c.want, c.ok)
		}
	}
}

// TestNestedFoldersLeaveOutAFolderDeletedHere: a start folder git tracks
// but that is gone from the work tree (deleted here, not committed; a
// sparse checkout) is no folder an agent can start in. It was listed, and
// every agent's review of it failed (lstat: no such file), so audit and
// the guard's check exited 1 for the whole project.
func TestNestedFoldersLeaveOutAFolderDeletedHere(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	top := t.TempDir()
	for _, rel := range []string{"kept/.agent/settings.json", "gone/.agent/settings.json"} {
		p := filepath.Join(top, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", "commit", "-qm", "i"}} {
		cmd := exec.Command("git", append([]string{"-C", top}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	if err := os.RemoveAll(filepath.Join(top, "gone")); err != nil {
		t.Fatal(err)
	}
	repo, err := FindRepo(context.Background(), top)
	if err != nil {
		t.Fatal(err)
	}
	dirs, _, err := NestedFolders(context.Background(), repo, []string{".agent/settings.json"}, 32)
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) != 1 || dirs[0] != "kept" {
		t.Errorf("start folders %q, want only kept (gone/ is deleted here)", dirs)
	}
}
