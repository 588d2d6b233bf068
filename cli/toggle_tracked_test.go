package cli

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// committedProject is a project whose .gemini/settings.json (workspace) is
// committed in a git repository made for the test.
func committedProject(t *testing.T, workspace string) *fixture {
	t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	f := newFixture(t, map[string]string{"project/.gemini/settings.json": workspace})
	f.env = append(f.env, "PATH="+filepath.Dir(git), "GIT_CONFIG_NOSYSTEM=1", "XDG_CONFIG_HOME="+f.home)
	commitAll(t, f.project, f.env, ".gemini/settings.json")
	return f
}

// commitAll makes dir a git repository with files committed.
func commitAll(t *testing.T, dir string, env []string, files ...string) {
	t.Helper()
	for _, args := range [][]string{{"init", "-q"}, append([]string{"add"}, files...),
		{"-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", "hooks"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = dir, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
}

func TestClaudeDisableRefusesATrackedSettingsFile(t *testing.T) {
	t.Parallel()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	const settings = `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo bye"}]}]}}`
	cio, out, errOut, project := claudeEnv(t, map[string]string{"PROJECT/.claude/settings.json": settings})
	cio.Env = append(cio.Env, "PATH="+filepath.Dir(git), "GIT_CONFIG_NOSYSTEM=1")
	commitAll(t, project, append(cio.Env, "XDG_CONFIG_HOME="+t.TempDir()), ".claude/settings.json")
	path := filepath.Join(project, ".claude", "settings.json")
	if code := Main(context.Background(), []string{"disable", "--agent", "claude", "echo bye"}, cio); code != ExitFailure ||
		!strings.Contains(errOut.String(), path+" is tracked by git") {
		t.Fatalf("disable: exit %d\n%s\n%s", code, out, errOut)
	}
	if data, _ := os.ReadFile(path); string(data) != settings {
		t.Fatalf("a refused disable wrote the file:\n%s", data)
	}
	if code := Main(context.Background(), []string{"disable", "--agent", "claude", "--force-workspace", "echo bye"}, cio); code != ExitOK {
		t.Fatalf("--force-workspace: exit %d\n%s\n%s", code, out, errOut)
	}
	if data, _ := os.ReadFile(path); string(data) == settings {
		t.Error("--force-workspace did not disable")
	}
}

func TestDisableRefusesATrackedWorkspaceFile(t *testing.T) {
	t.Parallel()
	f := committedProject(t, toggleWorkspace)
	ws := filepath.Join(f.project, ".gemini", "settings.json")
	for _, args := range [][]string{{"disable", "fmt"}, {"disable-all"}} {
		out, errOut, code := f.run(t, args...)
		if code != ExitFailure || !strings.Contains(errOut, ws+" is tracked by git") || !strings.Contains(errOut, "--scope user") ||
			!strings.Contains(errOut, "in every project") {
			t.Errorf("%v: exit %d\n%s\n%s", args, code, out, errOut)
		}
	}
	if data, _ := os.ReadFile(ws); string(data) != toggleWorkspace {
		t.Fatalf("a refused disable wrote the tracked file:\n%s", data)
	}
	if _, errOut, code := f.run(t, "disable", "--scope", "user", "fmt"); code != ExitOK {
		t.Errorf("--scope user: exit %d %s", code, errOut)
	}
	if _, errOut, code := f.run(t, "disable", "--force-workspace", "./lint.sh --all"); code != ExitOK {
		t.Errorf("--force-workspace: exit %d %s", code, errOut)
	}
	// Enable puts the tracked file back exactly: git sees no change.
	if out, errOut, code := f.run(t, "enable-all"); code != ExitOK {
		t.Fatalf("enable-all: exit %d\n%s\n%s", code, out, errOut)
	}
	cmd := exec.Command("git", "status", "--porcelain")
	cmd.Dir, cmd.Env = f.project, f.env
	if out, err := cmd.Output(); err != nil || len(out) != 0 {
		t.Errorf("git status after enable: %q %v", out, err)
	}
}

func TestEnableSaysWhenItChangesATrackedFile(t *testing.T) {
	t.Parallel()
	// The repository itself disables "fmt": enabling it changes the
	// tracked file, and the command says so.
	disabled := strings.Replace(toggleWorkspace, "\n  }\n}\n", "\n  },\n  \"hooksConfig\": {\"disabled\": [\"fmt\"]}\n}\n", 1)
	f := committedProject(t, disabled)
	out, errOut, code := f.run(t, "enable", "fmt")
	if code != ExitOK || !strings.Contains(out, "is tracked by git: this change shows in git status") {
		t.Errorf("enable: exit %d\n%s\n%s", code, out, errOut)
	}
}
