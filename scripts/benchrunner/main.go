// Command benchrunner measures Hookwarden's hook runner against a bare
// exec.Command("bash", "-c", "true").Run() in the same process, interleaving
// the workloads round by round so that load from other processes hits them
// alike. It prints the median milliseconds per operation as JSON.
// scripts/bench-runner.sh runs it next to Gemini CLI's own HookRunner.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"github.com/hookwarden/hookwarden/hooks"
)

func main() {
	n := flag.Int("n", 40, "operations per workload per round")
	rounds := flag.Int("rounds", 7, "rounds")
	flag.Parse()
	if err := run(*n, *rounds); err != nil {
		fmt.Fprintln(os.Stderr, "benchrunner:", err)
		os.Exit(1)
	}
}

type workload struct {
	name string
	ops  int // operations per round (50-hook workloads run fewer)
	fn   func() error
}

func run(n, rounds int) error {
	cwd, err := os.MkdirTemp("", "hwbench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(cwd)
	r := &gemini.Runner{Env: os.Environ(), PlansDir: "/tmp/plans"}
	hookRun := func(count int, command string) func() error {
		req := request(cwd, count, command)
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
					return fmt.Errorf("%s: %w", w.name, err)
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
	return json.NewEncoder(os.Stdout).Encode(out)
}

func request(cwd string, count int, command string) gemini.Request {
	plan := &gemini.Plan{Event: gemini.BeforeTool}
	for i := 0; i < count; i++ {
		plan.Hooks = append(plan.Hooks, &hooks.Hook{Agent: gemini.Name, Type: "command", Name: "h" + strconv.Itoa(i), Command: command, Ext: &gemini.HookFacts{Source: gemini.SourceProject}})
	}
	fields := hooks.NewObject(2)
	fields.Set("tool_name", "read_file")
	ti := hooks.NewObject(1)
	ti.Set("file_path", "notes.txt")
	fields.Set("tool_input", ti)
	in := gemini.NewInput(gemini.InputBase{SessionID: "11111111-2222-4333-8444-555555555555", TranscriptPath: cwd + "/t.json", Cwd: cwd, Event: gemini.BeforeTool, Timestamp: time.Now()}, fields)
	return gemini.Request{Plan: plan, Input: in, FolderTrusted: true}
}
