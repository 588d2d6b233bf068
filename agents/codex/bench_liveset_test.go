package codex

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/agents"
)

// BenchmarkOpenLiveSet opens a project of 10,000 Codex hooks (as
// scripts/perf/genproject writes them) and reports what the open project
// holds per hook once collected (live-B/hook) and what opening it
// allocates per hook (allocs/hook): "handler" is the handler as it is,
// making its Identity when asked; its baseline in the same run,
// "identity-held", holds beside each handler the second copy of its
// definition the old handler kept in a field (issue 28: the live set of
// list --json sets how often the collector runs under its memory limit).
func BenchmarkOpenLiveSet(b *testing.B) {
	const n = 10000
	root := b.TempDir()
	dir, home := filepath.Join(root, "p"), filepath.Join(root, "home")
	var s strings.Builder
	s.WriteString(`{"hooks": {`)
	events := []string{"PreToolUse", "PostToolUse", "UserPromptSubmit", "SessionStart"}
	for e, ev := range events {
		if e > 0 {
			s.WriteString(",")
		}
		fmt.Fprintf(&s, "%q: [", ev)
		for g := 0; g < n/len(events)/50; g++ {
			if g > 0 {
				s.WriteString(",")
			}
			fmt.Fprintf(&s, `{"matcher": "tool_%d", "hooks": [`, g%10)
			for k := range 50 {
				if k > 0 {
					s.WriteString(",")
				}
				fmt.Fprintf(&s, `{"type": "command", "command": "bash hooks/s%03d.sh %d", "timeout": 5}`, k, g*50+k)
			}
			s.WriteString("]}")
		}
		s.WriteString("]")
	}
	s.WriteString("}}")
	for path, body := range map[string]string{
		filepath.Join(dir, ".codex", "hooks.json"):   s.String(),
		filepath.Join(dir, ".git", "HEAD"):           "ref: refs/heads/main\n",
		filepath.Join(home, ".codex", "config.toml"): fmt.Sprintf("[projects.%q]\ntrust_level = \"trusted\"\n", dir),
	} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	env := agents.Env{Vars: []string{"HOME=" + home, "HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "store")},
		GOOS: "linux", Home: home, Now: func() time.Time { return time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC) }}
	for _, variant := range []string{"handler", "identity-held"} {
		b.Run(variant, func(b *testing.B) {
			var live, allocs float64
			for range b.N {
				var before, opened, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				p, err := agent{SystemDir: filepath.Join(root, "etc-codex")}.Open(context.Background(), env, dir)
				if err != nil {
					b.Fatal(err)
				}
				runtime.ReadMemStats(&opened)
				var held []Identity
				if variant == "identity-held" {
					for _, h := range p.(*project).Handlers {
						held = append(held, h.Identity())
					}
				}
				runtime.GC()
				runtime.ReadMemStats(&after)
				if got := len(p.Hooks()); got != n {
					b.Fatalf("%d hooks, want %d", got, n)
				}
				runtime.KeepAlive(p)
				runtime.KeepAlive(held)
				live += float64(after.HeapAlloc) - float64(before.HeapAlloc)
				allocs += float64(opened.Mallocs - before.Mallocs)
			}
			b.ReportMetric(live/float64(b.N)/n, "live-B/hook")
			b.ReportMetric(allocs/float64(b.N)/n, "allocs/hook")
		})
	}
}
