package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkGuardCheck1000 measures the guard's time inside `git pull` on a
// project with 1,000 approved hooks running 100 scripts: "in-process" is
// the review itself, "post-merge" the whole installed git hook as git runs
// it (a shell, the hookwarden process start and the review).
func BenchmarkGuardCheck1000(b *testing.B) {
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("git is not installed")
	}
	root, _ := filepath.EvalSymlinks(b.TempDir())
	home, project, config := filepath.Join(root, "home"), filepath.Join(root, "project"), filepath.Join(root, "config")
	for i := 0; i < 100; i++ {
		p := filepath.Join(project, ".gemini", "hooks", fmt.Sprintf("s%03d.sh", i))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(strings.Repeat(fmt.Sprintf("echo script %d >/dev/null\n", i), 60)), 0o755)
	}
	var defs []string
	for i := 0; i < 1000; i++ {
		defs = append(defs, fmt.Sprintf(`{"matcher":"tool_%d","hooks":[{"type":"command","name":"hook-%d","command":"bash .gemini/hooks/s%03d.sh %d"}]}`, i%10, i, i%100, i))
	}
	os.MkdirAll(filepath.Join(home, ".gemini"), 0o755)
	os.WriteFile(filepath.Join(project, ".gemini", "settings.json"), []byte(`{"hooks":{"BeforeTool":[`+strings.Join(defs, ",")+`]}}`), 0o644)
	env := []string{"HOME=" + home, "HOOKWARDEN_CONFIG_DIR=" + config, "PATH=" + os.Getenv("PATH"),
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(root, "none.json"), "HOOKWARDEN_GUARD_NOTIFY=0",
		"GIT_CONFIG_NOSYSTEM=1", "HOOKWARDEN_GUARD_BUDGET=10m", cliSelfEnv + "=1"}
	run := func(args ...string) {
		var out bytes.Buffer
		io := &IO{Agents: testAgents(), Stdout: &out, Stderr: &out, Env: env, Dir: project, GOOS: "linux"}
		if code := Main(context.Background(), args, io); code != 0 {
			b.Fatalf("%v: exit %d: %s", args, code, out.String())
		}
	}
	if out, err := exec.Command("git", "init", "-q", project).CombinedOutput(); err != nil {
		b.Fatalf("git init: %v %s", err, out)
	}
	run("trust", "--all")
	run("guard", "install")

	b.Run("in-process", func(b *testing.B) {
		for b.Loop() {
			var out bytes.Buffer
			io := &IO{Agents: testAgents(), Stdout: &out, Stderr: &out, Env: env, Dir: project, GOOS: "linux"}
			if code := Main(context.Background(), []string{"guard", "check", "--git-hook", "post-merge"}, io); code != 0 || out.Len() != 0 {
				b.Fatalf("check: exit %d: %s", code, out.String())
			}
		}
	})
	b.Run("post-merge", func(b *testing.B) {
		hook := filepath.Join(project, ".git", "hooks", "post-merge")
		for b.Loop() {
			cmd := exec.Command(hook, "0")
			cmd.Dir, cmd.Env = project, env
			if out, err := cmd.CombinedOutput(); err != nil || len(out) != 0 {
				b.Fatalf("post-merge: %v %s", err, out)
			}
		}
	})
}
