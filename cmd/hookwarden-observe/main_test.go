package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// build compiles this command into dir.
func build(tb testing.TB, dir string) string {
	tb.Helper()
	bin := filepath.Join(dir, "hookwarden-observe")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		tb.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// The binary prints nothing and exits 0 on a payload, on garbage and
// with a history it cannot write, and records what it can.
func TestObserverBinary(t *testing.T) {
	dir := t.TempDir()
	bin := build(t, dir)
	hist := filepath.Join(dir, "history")
	run := func(stdin string, env ...string) {
		cmd := exec.Command(bin, "--agent", "claude", "--event", "Stop")
		cmd.Stdin = strings.NewReader(stdin)
		cmd.Env = append([]string{"HOME=" + dir}, env...)
		out, err := cmd.CombinedOutput()
		if err != nil || len(out) != 0 {
			t.Fatalf("exit %v, output %q", err, out)
		}
	}
	run(`{"cwd":"/p"}`, "HOOKWARDEN_HISTORY_DIR="+hist)
	run("\x00garbage", "HOOKWARDEN_HISTORY_DIR="+hist)
	run(`{}`, "HOOKWARDEN_HISTORY_DIR=/proc/hookwarden-cannot-write-here")
	run(`{}`) // no history variable: under HOME
	data, err := os.ReadFile(filepath.Join(hist, "events.jsonl"))
	if err != nil || bytes.Count(data, []byte("\n")) != 2 {
		t.Fatalf("%v\n%s", err, data)
	}
}

// BenchmarkObserverProcess is the observer's whole cost per event as an
// agent pays it: the process started, the payload written to its stdin,
// the record appended, the exit. It reports the median and p99.
func BenchmarkObserverProcess(b *testing.B) {
	dir := b.TempDir()
	bin := build(b, dir)
	payload := []byte(`{"session_id":"7f0b7c1e","transcript_path":"/home/user/.claude/projects/p/s.jsonl","cwd":"/home/user/project","permission_mode":"default","hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"echo hi > out.txt","description":"write"},"tool_response":{"stdout":"","stderr":"","interrupted":false,"isImage":false},"tool_use_id":"toolu_1"}`)
	env := []string{"HOME=" + dir, "HOOKWARDEN_HISTORY_DIR=" + filepath.Join(dir, "history")}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		cmd := exec.Command(bin, "--agent", "claude", "--event", "PostToolUse")
		cmd.Stdin, cmd.Env = bytes.NewReader(payload), env
		if out, err := cmd.CombinedOutput(); err != nil || len(out) != 0 {
			b.Fatalf("exit %v, output %q", err, out)
		}
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkProcessBaseline is /bin/true started the same way: what any
// hook costs on this machine, to read BenchmarkObserverProcess against.
func BenchmarkProcessBaseline(b *testing.B) {
	times := make([]time.Duration, 0, b.N)
	for i := 0; i < b.N; i++ {
		start := time.Now()
		cmd := exec.Command("/bin/true")
		cmd.Stdin = strings.NewReader("{}")
		if err := cmd.Run(); err != nil {
			b.Skip("no /bin/true")
		}
		times = append(times, time.Since(start))
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds())/1000, "p99-ms")
}
