package gemini

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// benchFixture is a project with 1,000 workspace hooks (11 events) that
// run 100 different scripts, all approved.
func benchFixture(b *testing.B) *fixture {
	f := newFixture(b)
	for i := 0; i < 100; i++ {
		var body strings.Builder
		body.WriteString("#!/bin/sh\n")
		for l := 0; l < 60; l++ {
			fmt.Fprintf(&body, "echo \"script %d line %d\" >/dev/null\n", i, l)
		}
		f.write(fmt.Sprintf(".gemini/hooks/s%03d.sh", i), body.String(), 0o755)
	}
	events := []string{"BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "Notification", "SessionStart",
		"SessionEnd", "PreCompress", "BeforeModel", "AfterModel", "BeforeToolSelection"}
	var s strings.Builder
	s.WriteString("{\"hooks\": {\n")
	n := 0
	for e, ev := range events {
		if e > 0 {
			s.WriteString(",\n")
		}
		fmt.Fprintf(&s, "  %q: [", ev)
		for d := 0; n < 1000 && (d < 10 || e == len(events)-1); d++ {
			if d > 0 {
				s.WriteString(",")
			}
			fmt.Fprintf(&s, "\n    {\"matcher\": \"tool_%d\", \"hooks\": [", d)
			for h := 0; h < 10 && n < 1000; h++ {
				if h > 0 {
					s.WriteString(",")
				}
				var cmd string
				switch n % 3 {
				case 0:
					cmd = fmt.Sprintf("$GEMINI_PROJECT_DIR/.gemini/hooks/s%03d.sh --n %d", n%100, n)
				case 1:
					cmd = fmt.Sprintf("bash .gemini/hooks/s%03d.sh %d | tee /dev/null", n%100, n)
				default:
					cmd = fmt.Sprintf("FOO=%d sh \"$GEMINI_PROJECT_DIR/.gemini/hooks/s%03d.sh\" && echo done", n, n%100)
				}
				fmt.Fprintf(&s, "\n      {\"type\": \"command\", \"name\": \"hook-%d\", \"command\": %q, \"timeout\": 5000}", n, cmd)
				n++
			}
			s.WriteString("\n    ]}")
		}
		s.WriteString("\n  ]")
	}
	s.WriteString("\n}}\n")
	f.settings(s.String())
	if res := f.approveAll(); len(res.Approved) != 1000 {
		b.Fatalf("fixture: %d hooks approved, want 1000", len(res.Approved))
	}
	return f
}

// BenchmarkAudit measures a full audit (load the settings layers, read
// trusted_hooks.json and the store, fingerprint every script) of a project
// with 1,000 hooks and 100 scripts.
func BenchmarkAudit(b *testing.B) {
	f := benchFixture(b)
	r := f.audit()
	if len(r.Hooks) != 1000 || r.NeedsReview {
		b.Fatalf("fixture audit: %d hooks, needs review %v", len(r.Hooks), r.NeedsReview)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f.audit()
	}
}

// approveAllFixture is a project with n workspace hooks (unique names, 50
// per definition, over four events) that run 100 different scripts.
func approveAllFixture(b *testing.B, n int) *fixture {
	f := newFixture(b)
	for i := 0; i < 100; i++ {
		f.write(fmt.Sprintf(".gemini/hooks/s%03d.sh", i), fmt.Sprintf("#!/bin/sh\necho %d\n", i), 0o755)
	}
	events := []string{"BeforeTool", "AfterTool", "BeforeAgent", "SessionStart"}
	var s strings.Builder
	s.WriteString("{\"hooks\": {")
	per := (n + len(events) - 1) / len(events)
	h := 0
	for e, ev := range events {
		if e > 0 {
			s.WriteString(",")
		}
		fmt.Fprintf(&s, "\n  %q: [", ev)
		for d := 0; h < n && d*50 < per; d++ {
			if d > 0 {
				s.WriteString(",")
			}
			fmt.Fprintf(&s, "\n    {\"matcher\": \"tool_%d\", \"hooks\": [", d)
			for j := 0; j < 50 && h < n; j++ {
				if j > 0 {
					s.WriteString(",")
				}
				fmt.Fprintf(&s, "{\"type\": \"command\", \"name\": \"hook-%d\", \"command\": \"bash .gemini/hooks/s%03d.sh %d\", \"env\": {\"N\": \"%d\"}}", h, h%100, h, h)
				h++
			}
			s.WriteString("]}")
		}
		s.WriteString("\n  ]")
	}
	s.WriteString("\n}}\n")
	f.settings(s.String())
	return f
}

// BenchmarkApproveAll is `hookwarden trust --all` on projects of 10,000
// and 100,000 hooks: load the layers, list the workspace hooks, approve
// them all into an empty trusted_hooks.json and store. (Before the keys
// and places were looked up through maps, 100,000 hooks took 128 s.)
func BenchmarkApproveAll(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("hooks=%d", n), func(b *testing.B) {
			f := approveAllFixture(b, n)
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				os.Remove(f.trustedHooksPath())
				os.RemoveAll(f.store.Dir)
				b.StartTimer()
				snap := f.load()
				hooks, _ := reviewedHooks(snap)
				res, err := approve(snap, f.opts(), hooks, fixedNow)
				if err != nil || len(res.Added) != n {
					b.Fatalf("approved %d of %d: %v", len(res.Added), n, err)
				}
			}
		})
	}
}
