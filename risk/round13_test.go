package risk

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// writeProject writes files (path → text) into a new project folder.
func writeProject(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for rel, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestProgramRootedInUnknownOutputIsReview: a program whose folder is what
// a command printed ($(brew --prefix)/bin/x, R=$(tool); "$R/x.sh") is
// chosen at run time, as one in an unset variable ("$VIRTUAL_ENV/bin/x",
// already review) is. It read none (real4-fk5: a runner path whose root
// falls back to a command's output, started with setsid nohup). A path
// discovery resolves to a file ("$(git rev-parse --show-toplevel)/x.sh" in
// a repository) is that file, and no finding.
func TestProgramRootedInUnknownOutputIsReview(t *testing.T) {
	for _, tc := range []struct {
		script string
		want   Level
	}{
		{"R=$(foo --root)\n\"$R/x.sh\"\n", LevelReview},
		{"\"$(brew --prefix)/bin/black\" .\n", LevelReview},
		{"R=\"${CLAUDE_PROJECT_DIR:-}\"\n[[ -n \"$R\" ]] || R=\"$(some-tool root)\"\nsetsid nohup \"$R/run.sh\" </dev/null >/dev/null 2>&1 &\n", LevelReview},
		// a choice among known names (the newest of a glob) is no
		// unknown root
		{"c=(\"$(dirname \"$0\")\"/bin/tool-v*)\nlatest=$(printf '%s\\n' \"${c[@]}\" | sort -V | tail -n1)\necho \"$latest\"\n", LevelNone},
		{"D=$(cd \"$(dirname \"$0\")\" && pwd)\n\"$D/x.sh\"\n", LevelNone},
	} {
		dir := writeProject(t, map[string]string{"hook.sh": tc.script, "x.sh": "echo ok\n", "run.sh": "echo ok\n"})
		r := Analyze(Hook{Agent: "claude", Event: "PostToolUse", Command: "bash hook.sh", ProjectDir: dir}, Options{Agents: testAgents})
		if r.Level != tc.want {
			t.Errorf("%q: level %s (%v), want %s", tc.script, r.Level, r.Findings, tc.want)
		}
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := writeProject(t, map[string]string{"scripts/x.sh": "echo ok\n"})
	makeGitRepo(t, dir)
	cmd := `"$(git rev-parse --show-toplevel)/scripts/x.sh"`
	if r := Analyze(Hook{Agent: "claude", Event: "PostToolUse", Command: cmd, ProjectDir: dir}, Options{Agents: testAgents}); r.Level != LevelNone {
		t.Errorf("%s in a repository: level %s (%v), want none: discovery resolves it", cmd, r.Level, r.Findings)
	}
}
