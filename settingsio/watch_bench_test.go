package settingsio

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// BenchmarkWatcherLatency measures the time from an external write of a
// watched settings file to the Change on the channel: the debounce plus
// the OS's event delivery. Run with
//
//	go test ./settingsio -run XXX -bench WatcherLatency -benchtime 50x
func BenchmarkWatcherLatency(b *testing.B) {
	for _, debounce := range []time.Duration{DefaultDebounce, time.Millisecond} {
		b.Run("debounce="+debounce.String(), func(b *testing.B) {
			target := filepath.Join(b.TempDir(), ".gemini", "settings.json")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			w, err := WatchPaths(ctx, []string{target}, WatchOptions{Debounce: debounce})
			if err != nil {
				b.Fatal(err)
			}
			var total, worst time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				start := time.Now()
				mustWrite(b, target, `{"n": `+strconv.Itoa(i)+`}`)
				select {
				case <-w.Changes():
				case <-time.After(hangGuard):
					b.Fatalf("no change within %s", hangGuard)
				}
				d := time.Since(start)
				total += d
				worst = max(worst, d)
			}
			b.ReportMetric(float64(total.Microseconds())/float64(b.N)/1000, "ms/change")
			b.ReportMetric(float64(worst.Microseconds())/1000, "ms-worst")
			cancel()
			<-w.Done()
		})
	}
}
