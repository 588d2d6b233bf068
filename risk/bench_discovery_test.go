package risk

import (
	"testing"

	"github.com/hookwarden/hookwarden/trust"
)

// BenchmarkThousandHooksDiscovery is the part of BenchmarkThousandHooks
// that is trust's script discovery (the files the gate fingerprints, read
// by the analysis too): the same 1,000 commands and 100 scripts, one
// DiscoveryCache per listing. The difference between the two is the risk
// analysis itself.
func BenchmarkThousandHooksDiscovery(b *testing.B) {
	dir, cmds := thousandHooksProject(b)
	benchDiscovery(b, dir, cmds)
}

// benchDiscovery times the discovery of cmds in dir, one DiscoveryCache
// per operation (a listing's), reporting CPU time too.
func benchDiscovery(b *testing.B, dir string, cmds []string) {
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		c := trust.NewDiscoveryCache()
		for _, cmd := range cmds {
			if _, err := c.DiscoverScripts(cmd, dir); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64((cpuTime()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
