//go:build unix

package gemini

import (
	"context"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/internal/testenv"
)

// The benchmarks compare the runner's cost per hook with a bare
// exec.Command("bash", "-c", "true").Run() in the same process;
// scripts/bench-runner.sh prints the ratios and runs the same workloads
// through Gemini CLI's own HookRunner.

func benchRequest(b *testing.B, n int, command string) request {
	b.Helper()
	return benchRequestIn(b, n, command, b.TempDir())
}

// benchRequestIn is benchRequest with cwd as the session's folder.
func benchRequestIn(b *testing.B, n int, command, cwd string) request {
	b.Helper()
	plan := &agents.Plan{Event: beforeTool}
	for i := 0; i < n; i++ {
		plan.Hooks = append(plan.Hooks, &hooks.Hook{Type: "command", Name: "h" + strconv.Itoa(i), Command: command, Ext: &HookFacts{Source: sourceProject}})
	}
	fields := hooks.NewObject(2)
	fields.Set("tool_name", "read_file")
	ti := hooks.NewObject(1)
	ti.Set("file_path", "notes.txt")
	fields.Set("tool_input", ti)
	in := newInput(inputBase{SessionID: "11111111-2222-4333-8444-555555555555", TranscriptPath: cwd + "/t.json", Cwd: cwd, Event: beforeTool, Timestamp: time.Now()}, fields)
	return request{Plan: plan, Input: in, FolderTrusted: true}
}

func benchRun(b *testing.B, n int, command string) {
	if _, err := exec.LookPath("bash"); err != nil {
		b.Skip("bash not found")
	}
	r := &runner{Env: testenv.CleanEnv(b), PlansDir: filepath.Join(b.TempDir(), "plans")}
	req := benchRequest(b, n, command)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out := r.Run(context.Background(), req)
		if !out.Results[0].Success {
			b.Fatalf("hook failed: %+v", out.Results[0])
		}
	}
}

func BenchmarkBareSpawnTrue(b *testing.B) {
	if _, err := exec.LookPath("bash"); err != nil {
		b.Skip("bash not found")
	}
	for i := 0; i < b.N; i++ {
		if err := exec.Command("bash", "-c", "true").Run(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBareSpawnTrue50Parallel(b *testing.B) {
	if _, err := exec.LookPath("bash"); err != nil {
		b.Skip("bash not found")
	}
	for i := 0; i < b.N; i++ {
		var wg sync.WaitGroup
		for j := 0; j < 50; j++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_ = exec.Command("bash", "-c", "true").Run()
			}()
		}
		wg.Wait()
	}
}

func BenchmarkHookTrue(b *testing.B) { benchRun(b, 1, "true") }

func BenchmarkHookJSON(b *testing.B) {
	benchRun(b, 1, `echo '{"decision":"allow","systemMessage":"ok"}'`)
}

func BenchmarkHookTrue50Parallel(b *testing.B) { benchRun(b, 50, "true") }
