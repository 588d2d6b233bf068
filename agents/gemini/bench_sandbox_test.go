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
// started directly, in the same run; "dryrun" is a sandboxed dry run's
// share as a dry run pays it: the probe (its sandbox kept in a
// sandbox.Warm) and the hook, which runs in the probed sandbox:
//
//	go test -run '^$' -bench BenchmarkIsolation -benchtime 50x ./agents/gemini/
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
	for _, mode := range []string{"direct", "supervised", "sandboxed", "dryrun"} {
		b.Run(mode, func(b *testing.B) {
			r := &runner{Env: []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home}, PlansDir: "/tmp/plans"}
			switch mode {
			case "supervised":
				r.Isolation.Supervisor = sandbox.Config{Init: self}
			case "sandboxed", "dryrun":
				r.Isolation.Supervisor = sandbox.Config{Init: self, Home: home, Project: project}
				r.Isolation.Sandboxed = func(*hooks.Hook) bool { return true }
				if err := sandbox.Probe(r.Isolation.Supervisor); err != nil {
					b.Skipf("the sandbox cannot start here: %v", err)
				}
			}
			req := benchRequestIn(b, 1, "true", project)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if mode == "dryrun" {
					warm := sandbox.NewWarm()
					r.Isolation.Supervisor.Warm = warm
					if err := sandbox.Probe(r.Isolation.Supervisor); err != nil {
						b.Fatal(err)
					}
					defer warm.Close()
				}
				out := r.Run(context.Background(), req)
				if res := out.Results[0]; !res.Success || res.Sandboxed != (mode == "sandboxed" || mode == "dryrun") {
					b.Fatalf("hook failed: %+v", res)
				}
			}
		})
	}
}
