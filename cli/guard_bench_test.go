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

// BenchmarkGuardCheck1000Claude is BenchmarkGuardCheck1000's in-process
// review for 1,000 Claude Code hooks running 100 scripts, approved for
// Claude Code and for Copilot CLI, which reads Claude Code's
// .claude/settings.json too (two agents review every hook, each as it runs
// them): the guard's costliest project in scripts/perf/guard.sh.
func BenchmarkGuardCheck1000Claude(b *testing.B) {
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("git is not installed")
	}
	root, _ := filepath.EvalSymlinks(b.TempDir())
	home, project, config := filepath.Join(root, "home"), filepath.Join(root, "project"), filepath.Join(root, "config")
	for i := range 100 {
		p := filepath.Join(project, "hooks", fmt.Sprintf("s%03d.sh", i))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("#!/bin/sh\n"+strings.Repeat(fmt.Sprintf("echo \"script %d\" >/dev/null\n", i), 20)), 0o755)
	}
	events := []string{"PreToolUse", "PostToolUse", "UserPromptSubmit", "SessionStart", "Stop"}
	var groups []string
	for e, event := range events {
		var defs []string
		for i := e * 200; i < (e+1)*200; i++ {
			defs = append(defs, fmt.Sprintf(`{"type": "command", "command": "bash \"$CLAUDE_PROJECT_DIR\"/hooks/s%03d.sh %d", "timeout": 5}`, i%100, i))
		}
		groups = append(groups, fmt.Sprintf(`%q: [{"matcher": "tool_%d", "hooks": [%s]}]`, event, e, strings.Join(defs, ",")))
	}
	os.MkdirAll(filepath.Join(project, ".claude"), 0o755)
	os.WriteFile(filepath.Join(project, ".claude", "settings.json"), []byte(`{"hooks": {`+strings.Join(groups, ",")+`}}`), 0o644)
	os.MkdirAll(filepath.Join(home, ".copilot"), 0o755)
	os.WriteFile(filepath.Join(home, ".copilot", "config.json"), []byte(fmt.Sprintf(`{"trustedFolders": [%q]}`, project)), 0o644)
	env := []string{"HOME=" + home, "HOOKWARDEN_CONFIG_DIR=" + config, "PATH=" + os.Getenv("PATH"),
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(root, "none.json"), "HOOKWARDEN_GUARD_NOTIFY=0",
		"GIT_CONFIG_NOSYSTEM=1", "HOOKWARDEN_GUARD_BUDGET=10m", cliSelfEnv + "=1"}
	run := func(args ...string) string {
		var out bytes.Buffer
		io := &IO{Agents: testAgents(), Stdout: &out, Stderr: &out, Env: env, Dir: project, GOOS: "linux"}
		if code := Main(context.Background(), args, io); code != 0 {
			b.Fatalf("%v: exit %d: %s", args, code, out.String())
		}
		return out.String()
	}
	if out, err := exec.Command("git", "init", "-q", project).CombinedOutput(); err != nil {
		b.Fatalf("git init: %v %s", err, out)
	}
	for _, a := range []string{"claude", "copilot"} {
		if out := run("trust", "--all", "--agent", a); !strings.Contains(out, "1000") {
			b.Fatalf("trust --all --agent %s approved no thousand hooks:\n%s", a, out)
		}
	}
	run("guard", "install")
	run("guard", "check") // the fingerprint cache filled
	b.Run("in-process", func(b *testing.B) {
		for b.Loop() {
			var out bytes.Buffer
			io := &IO{Agents: testAgents(), Stdout: &out, Stderr: &out, Env: env, Dir: project, GOOS: "linux"}
			if code := Main(context.Background(), []string{"guard", "check", "--git-hook", "post-merge"}, io); code != 0 || out.Len() != 0 {
				b.Fatalf("check: exit %d: %s", code, out.String())
			}
		}
	})
}
