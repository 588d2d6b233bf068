//go:build linux

package gemini

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/sandbox"
)

// BenchmarkIsolation measures what the supervisor and the sandbox add to
// one hook (bash -c true, on the same input), against the same hook
// started directly, in the same run:
//
//	go test -run '^$' -bench BenchmarkIsolation -benchtime 50x ./hooks/
func BenchmarkIsolation(b *testing.B) {
	self, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	home := b.TempDir()
	project := filepath.Join(home, "proj")
	if err := os.MkdirAll(project, 0o755); err != nil {
		b.Fatal(err)
	}
	for _, mode := range []string{"direct", "supervised", "sandboxed"} {
		b.Run(mode, func(b *testing.B) {
			r := &Runner{Env: []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home}, PlansDir: "/tmp/plans"}
			switch mode {
			case "supervised":
				r.Isolation.Supervisor = sandbox.Config{Init: self}
			case "sandboxed":
				r.Isolation.Supervisor = sandbox.Config{Init: self, Home: home, Project: project}
				r.Isolation.Sandboxed = func(*hooks.Hook) bool { return true }
				if err := sandbox.Probe(r.Isolation.Supervisor); err != nil {
					b.Skipf("the sandbox cannot start here: %v", err)
				}
			}
			req := benchRequest(b, 1, "true")
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				out := r.Run(context.Background(), req)
				if res := out.Results[0]; !res.Success || res.Sandboxed != (mode == "sandboxed") {
					b.Fatalf("hook failed: %+v", res)
				}
			}
		})
	}
}
