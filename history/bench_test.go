package history

import (
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"
)

// BenchmarkRecordEvent is the observer's work for one event once its
// payload is read: redact, encode, lock, append. It reports the median
// and p99 per event besides the mean. The payload is a real Claude Code
// PostToolUse payload from the conformance kit when it is there.
func BenchmarkRecordEvent(b *testing.B) {
	payload := []byte(`{"session_id":"7f0b7c1e-2c61-4d0a-9a52-4b8c1f0e9d21","transcript_path":"/home/user/.claude/projects/-home-user-project/7f0b7c1e.jsonl","cwd":"/home/user/project","permission_mode":"bypassPermissions","hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"echo hi > out.txt","description":"write"},"tool_response":{"stdout":"","stderr":"","interrupted":false,"isImage":false},"tool_use_id":"toolu_standin_1"}`)
	if real, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "conformance", "claude-live", "payloads", "PostToolUse.json")); err == nil {
		payload = real
	}
	s := Store{Dir: filepath.Join(b.TempDir(), "history")}
	times := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		r := Record{ID: NewID(start), Time: start, Agent: "claude", Event: "PostToolUse", Source: SourceObserver}
		r.SetPayload(payload, s.PayloadCap())
		if err := s.Append(r); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Microseconds()), "median-µs")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds()), "p99-µs")
}
