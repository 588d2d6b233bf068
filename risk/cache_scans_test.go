package risk

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestCacheKeepsNoReadingPerHookCommand: a Cache shared by a list keeps
// the text readings of what many hooks share (a script's text), not one
// of each hook's own command: 1,000 hooks with 1,000 commands that run one
// script leave one reading (the script's), where one per command was kept
// for the whole list (issue 28). The findings are those without a cache.
func TestCacheKeepsNoReadingPerHookCommand(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{"s.sh": "#!/bin/sh\necho hello\n"}
	cache := NewCache()
	for i := range 1000 {
		h := Hook{Agent: "claude", Event: "PreToolUse", Command: fmt.Sprintf("bash s.sh %d && curl -s https://example.invalid/%d", i, i), ProjectDir: dir}
		cached := analyseIn(t, h, files, Options{Agents: testAgents, Cache: cache})
		if i%250 == 0 {
			plain := analyseIn(t, h, files, Options{Agents: testAgents})
			if fmt.Sprint(plain.Level, plain.Findings) != fmt.Sprint(cached.Level, cached.Findings) {
				t.Errorf("%d: without cache %s %+v, with %s %+v", i, plain.Level, plain.Findings, cached.Level, cached.Findings)
			}
		}
	}
	if n := len(cache.scans); n > 10 {
		t.Errorf("the cache keeps %d text readings after 1,000 hooks of one script, want a few", n)
	}
}

// BenchmarkCacheScans analyses 10,000 hooks, each its own command running
// one shared script, with one Cache (as list --json does) and reports what
// the Cache holds per hook afterwards (cache-B/hook): "own-command" reads
// each hook's command without the Cache, as now; its baseline in the same
// run, "every-text", also keeps the reading of each hook's command in the
// Cache, as before (issue 28).
func BenchmarkCacheScans(b *testing.B) {
	const n = 10000
	dir := b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "s.sh"), []byte("#!/bin/sh\necho hello\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, variant := range []string{"own-command", "every-text"} {
		b.Run(variant, func(b *testing.B) {
			var held float64
			for range b.N {
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				cache := NewCache()
				for i := range n {
					cmd := fmt.Sprintf("bash s.sh %d", i)
					Analyze(Hook{Agent: "claude", Event: "PreToolUse", Command: cmd, ProjectDir: dir}, Options{Agents: testAgents, Cache: cache})
					if variant == "every-text" {
						cache.scan(cmd, cache.secretText(testAgents.Credentials), nil)
					}
				}
				runtime.GC()
				runtime.ReadMemStats(&after)
				runtime.KeepAlive(cache)
				held += float64(after.HeapAlloc) - float64(before.HeapAlloc)
			}
			b.ReportMetric(held/float64(b.N)/n, "cache-B/hook")
		})
	}
}
