package gemini

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// TestRunnerAgainstBareSpawn measures the hook runner against a bare
// exec.Command("bash", "-c", "true").Run() in the same process,
// interleaving the workloads round by round so that load from other
// processes hits them alike, and writes the median milliseconds per
// operation as JSON to $HOOKWARDEN_BENCH_RUNNER_OUT. It runs only when that
// is set: scripts/bench-runner.sh runs it next to Gemini CLI's own
// HookRunner ($HOOKWARDEN_BENCH_RUNNER_N operations per workload per
// round, $HOOKWARDEN_BENCH_RUNNER_ROUNDS rounds).
func TestRunnerAgainstBareSpawn(t *testing.T) {
	out := os.Getenv("HOOKWARDEN_BENCH_RUNNER_OUT")
	if out == "" {
		t.Skip("HOOKWARDEN_BENCH_RUNNER_OUT is not set (scripts/bench-runner.sh sets it)")
	}
	n, rounds := benchSetting(t, "HOOKWARDEN_BENCH_RUNNER_N", 40), benchSetting(t, "HOOKWARDEN_BENCH_RUNNER_ROUNDS", 7)
	medians, err := runnerMedians(n, rounds)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(medians)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

func benchSetting(t *testing.T, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		t.Fatalf("%s=%q: want a positive number", name, v)
	}
	return n
}

type workload struct {
	name string
	ops  int // operations per round (50-hook workloads run fewer)
	fn   func() error
}

func runnerMedians(n, rounds int) (map[string]float64, error) {
	cwd, err := os.MkdirTemp("", "hwbench-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(cwd)
	r := &runner{Env: os.Environ(), PlansDir: "/tmp/plans"}
	hookRun := func(count int, command string) func() error {
		req := runnerBenchRequest(cwd, count, command)
		return func() error {
			out := r.Run(context.Background(), req)
			for _, res := range out.Results {
				if !res.Success {
					return fmt.Errorf("hook failed: %s", res.Error)
				}
			}
			return nil
		}
	}
	bare := func() error { return exec.Command("bash", "-c", "true").Run() }
	bare50 := func() error {
		var wg sync.WaitGroup
		errs := make(chan error, 50)
		for i := 0; i < 50; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := bare(); err != nil {
					errs <- err
				}
			}()
		}
		wg.Wait()
		close(errs)
		return <-errs
	}
	few := max(n/10, 2)
	loads := []workload{
		{"bare_true", n, bare},
		{"hook_true", n, hookRun(1, "true")},
		{"hook_json", n, hookRun(1, `echo '{"decision":"allow","systemMessage":"ok"}'`)},
		{"bare_true_x50", few, bare50},
		{"hook_true_x50", few, hookRun(50, "true")},
	}
	samples := map[string][]float64{}
	for round := 0; round < rounds; round++ {
		for _, w := range loads {
			start := time.Now()
			for i := 0; i < w.ops; i++ {
				if err := w.fn(); err != nil {
					return nil, fmt.Errorf("%s: %w", w.name, err)
				}
			}
			samples[w.name] = append(samples[w.name], float64(time.Since(start))/float64(time.Millisecond)/float64(w.ops))
		}
	}
	out := map[string]float64{}
	for k, v := range samples {
		sort.Float64s(v)
		out[k] = v[len(v)/2]
	}
	return out, nil
}

func runnerBenchRequest(cwd string, count int, command string) request {
	plan := &agents.Plan{Event: beforeTool}
	for i := 0; i < count; i++ {
		plan.Hooks = append(plan.Hooks, &hooks.Hook{Agent: Name, Type: "command", Name: "h" + strconv.Itoa(i), Command: command, Ext: &HookFacts{Source: sourceProject}})
	}
	fields := hooks.NewObject(2)
	fields.Set("tool_name", "read_file")
	ti := hooks.NewObject(1)
	ti.Set("file_path", "notes.txt")
	fields.Set("tool_input", ti)
	in := newInput(inputBase{SessionID: "11111111-2222-4333-8444-555555555555", TranscriptPath: cwd + "/t.json", Cwd: cwd, Event: beforeTool, Timestamp: time.Now()}, fields)
	return request{Plan: plan, Input: in, FolderTrusted: true}
}
