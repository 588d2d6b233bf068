//go:build unix

package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/internal/testenv"
)

// BenchmarkObserve is the observer's work for one event inside the
// process (the command line parsed, the payload read, the agent's facts,
// redaction, the locked append), with a real Claude Code PostToolUse
// payload from the kit. It reports the median and p99 per event. The
// process start is measured on the real binary (docs/architecture.md,
// "Recording").
func BenchmarkObserve(b *testing.B) {
	payload, err := os.ReadFile(filepath.Join(testenv.KitDir(b), "claude-live", "payloads", "PostToolUse.json"))
	if err != nil {
		b.Fatal(err)
	}
	root := b.TempDir()
	env := []string{"HOME=" + root, "HOOKWARDEN_HISTORY_DIR=" + filepath.Join(root, "history")}
	reg := testAgents()
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		var out bytes.Buffer
		cio := &IO{Agents: reg, Stdin: bytes.NewReader(payload), Stdout: &out, Stderr: &out, Dir: root, GOOS: "linux", Env: env}
		if code := Main(context.Background(), []string{"observe", "--agent", "claude", "--event", "PostToolUse"}, cio); code != ExitOK || out.Len() != 0 {
			b.Fatalf("exit %d: %s", code, out.String())
		}
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Microseconds()), "median-µs")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds()), "p99-µs")
	data, _ := os.ReadFile(filepath.Join(root, "history", "events.jsonl"))
	if got := strings.Count(string(data), "\n"); got < b.N {
		b.Fatalf("%d records for %d events", got, b.N)
	}
}
