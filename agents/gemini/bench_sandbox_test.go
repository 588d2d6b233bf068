//go:build linux

package gemini

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/sandbox"
)

// BenchmarkIsolation measures what the supervisor and the sandbox add to
// one hook (bash -c true, on the same input), against the same hook
// started directly, in the same run; "dryrun" is a sandboxed dry run's
// share as a dry run pays it: the probe (its sandbox kept in a
// sandbox.Warm) and the hook, which runs in the probed sandbox. The "3"
// modes are an event of three such hooks (run at once, as Gemini CLI runs
// them): sandboxed3 gives each a sandbox of its own after a probe that
// keeps nothing (before sandbox.Warm), dryrun3 probes for three, so the
// second and third hooks' sandboxes are set up alongside the first's:
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
	for _, mode := range []string{"direct", "supervised", "sandboxed", "dryrun", "sandboxed3", "dryrun3"} {
		b.Run(mode, func(b *testing.B) {
			r := &runner{Env: []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home}, PlansDir: "/tmp/plans"}
			switch mode {
			case "supervised":
				r.Isolation.Supervisor = sandbox.Config{Init: self}
			case "sandboxed", "dryrun", "sandboxed3", "dryrun3":
				r.Isolation.Supervisor = sandbox.Config{Init: self, Home: home, Project: project}
				r.Isolation.Sandboxed = func(*hooks.Hook) bool { return true }
				if err := sandbox.Probe(r.Isolation.Supervisor); err != nil {
					b.Skipf("the sandbox cannot start here: %v", err)
				}
			}
			n, sandboxed := 1, mode != "direct" && mode != "supervised"
			if strings.HasSuffix(mode, "3") {
				n = 3
			}
			req := benchRequestIn(b, n, "true", project)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				switch mode {
				case "dryrun", "dryrun3":
					warm := sandbox.NewWarm()
					r.Isolation.Supervisor.Warm = warm
					if err := sandbox.ProbeFor(r.Isolation.Supervisor, n); err != nil {
						b.Fatal(err)
					}
					defer warm.Close()
				case "sandboxed3":
					if err := sandbox.Probe(r.Isolation.Supervisor); err != nil {
						b.Fatal(err)
					}
				}
				out := r.Run(context.Background(), req)
				for _, res := range out.Results {
					if !res.Success || res.Sandboxed != sandboxed {
						b.Fatalf("hook failed: %+v", res)
					}
				}
			}
		})
	}
}
