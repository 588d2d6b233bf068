package cli

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// BenchmarkListJSONMemory measures `list --json` of 10,000 hooks per agent
// (Gemini CLI, Claude Code, Codex CLI, each its own file in one project, as
// scripts/perf/genproject writes them): "command" is the whole command as
// it runs (the project and every agent reading its file opened, the list
// streamed hook by hook); its baselines in the same run: "opened-twice"
// (Gemini CLI), the command after one more Open of the listed agent, as
// list --json parsed its files before it opened it once with the readers,
// and "materialized", the list document with every hook's object built
// before anything is written (as list --json did before it streamed), on
// one open project; "diagnostics-held", the list with the project's
// diagnostics gathered before the first hook and held to the end, against
// "streamed", the same list as it is now.
// peak-MB is the heap's peak (live objects and garbage not yet collected,
// sampled every millisecond), what a process's RSS follows.
func BenchmarkListJSONMemory(b *testing.B) {
	const n = 10000
	files := map[string]string{}
	for i := 0; i < 100; i++ {
		files[fmt.Sprintf("project/hooks/s%03d.sh", i)] = strings.Repeat(fmt.Sprintf("echo \"script %d\" >/dev/null\n", i), 20)
	}
	shapes := map[string]struct {
		file   string
		events []string
		hook   func(h int) string
	}{
		"gemini": {"project/.gemini/settings.json", []string{"BeforeTool", "AfterTool", "BeforeAgent", "SessionStart"}, func(h int) string {
			return fmt.Sprintf(`{"type": "command", "name": "hook-%d", "command": "bash hooks/s%03d.sh %d", "timeout": 5000}`, h, h%100, h)
		}},
		"claude": {"project/.claude/settings.json", []string{"PreToolUse", "PostToolUse", "UserPromptSubmit", "SessionStart"}, func(h int) string {
			return fmt.Sprintf(`{"type": "command", "command": "bash \"$CLAUDE_PROJECT_DIR\"/hooks/s%03d.sh %d", "timeout": 5}`, h%100, h)
		}},
		"codex": {"project/.codex/hooks.json", []string{"PreToolUse", "PostToolUse", "UserPromptSubmit", "SessionStart"}, func(h int) string {
			return fmt.Sprintf(`{"type": "command", "command": "bash hooks/s%03d.sh %d", "timeout": 5}`, h%100, h)
		}},
	}
	for _, s := range shapes {
		var b strings.Builder
		b.WriteString(`{"hooks": {`)
		per := n / len(s.events)
		for e, ev := range s.events {
			if e > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "%q: [", ev)
			for g := 0; g < per/50; g++ {
				if g > 0 {
					b.WriteString(",")
				}
				fmt.Fprintf(&b, `{"matcher": "tool_%d", "hooks": [`, g%10)
				for k := 0; k < 50; k++ {
					if k > 0 {
						b.WriteString(",")
					}
					b.WriteString(s.hook(e*per + g*50 + k))
				}
				b.WriteString("]}")
			}
			b.WriteString("]")
		}
		b.WriteString("}}")
		files[s.file] = b.String()
	}
	f := newFixture(b, files)
	for _, name := range []string{"gemini", "claude", "codex"} {
		agent, _ := testAgents().Get(name)
		b.Run(name+"/command", func(b *testing.B) {
			peak := watchHeap(b)
			for range b.N {
				io := &IO{Agents: testAgents(), Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Env: f.env, Dir: f.project, GOOS: "linux"}
				if code := Main(context.Background(), []string{"list", "--json", "--agent", name}, io); code != 0 {
					b.Fatalf("list --json --agent %s: exit %d", name, code)
				}
			}
			peak()
		})
		if name == "gemini" {
			// the command as it was before it parsed the listed agent's
			// files once: an Open for the names of its files, then the
			// list (which opens it again with the readers)
			b.Run(name+"/opened-twice", func(b *testing.B) {
				peak := watchHeap(b)
				for range b.N {
					io := &IO{Agents: testAgents(), Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Env: f.env, Dir: f.project, GOOS: "linux"}
					p, err := io.open(context.Background(), agent, "")
					if err != nil || len(agents.DocumentPaths(p)) == 0 {
						b.Fatalf("open: %v", err)
					}
					if code := Main(context.Background(), []string{"list", "--json", "--agent", name}, io); code != 0 {
						b.Fatalf("list --json --agent %s: exit %d", name, code)
					}
				}
				peak()
			})
		}
		// the command as it was before it gathered the diagnostics when
		// it writes them: gathered first and held while every hook is
		// written
		// ("streamed": the same without it)
		for _, variant := range []string{"streamed", "diagnostics-held"} {
			b.Run(name+"/"+variant, func(b *testing.B) {
				peak := watchHeap(b)
				for range b.N {
					io := &IO{Agents: testAgents(), Env: f.env, Dir: f.project, GOOS: "linux"}
					p, err := io.open(context.Background(), agent, "")
					if err != nil {
						b.Fatal(err)
					}
					var held []hooks.Diagnostic
					if variant == "diagnostics-held" {
						held = p.Diagnostics()
					}
					if err := writeListJSON(io2Discard{}, io.agentEnv(), p, nil, agents.Observer{}, io.riskOptions()); err != nil {
						b.Fatal(err)
					}
					runtime.KeepAlive(held)
				}
				peak()
			})
		}
		b.Run(name+"/materialized", func(b *testing.B) {
			peak := watchHeap(b)
			for range b.N {
				io := &IO{Agents: testAgents(), Env: f.env, Dir: f.project, GOOS: "linux"}
				p, err := io.open(context.Background(), agent, "")
				if err != nil {
					b.Fatal(err)
				}
				if err := writeJSON(io2Discard{}, materializedListDocument(p)); err != nil {
					b.Fatal(err)
				}
			}
			peak()
		})
	}
}

// io2Discard is io.Discard (the name io is the IO in these benchmarks).
type io2Discard struct{}

func (io2Discard) Write(p []byte) (int, error) { return len(p), nil }

// watchHeap samples the heap every millisecond until the returned func
// is called, which reports the peak as peak-MB.
func watchHeap(b *testing.B) func() {
	var mu sync.Mutex
	var max uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/heap/unused:bytes"}}
	go func() {
		defer close(done)
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(sample)
			if v := sample[0].Value.Uint64() + sample[1].Value.Uint64(); v > max {
				mu.Lock()
				max = v
				mu.Unlock()
			}
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	return func() {
		close(stop)
		<-done
		b.ReportMetric(float64(max)/1e6, "peak-MB")
	}
}
