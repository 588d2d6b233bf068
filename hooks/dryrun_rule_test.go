package hooks

import (
	"errors"
	"testing"
)

func TestSandboxPolicyChoose(t *testing.T) {
	ok, broken := func() error { return nil }, func() error { return errors.New("no user namespaces") }
	a, u := &Hook{Name: "approved"}, &Hook{Name: "unapproved"}
	planned, unapproved := []*Hook{a, u}, []*Hook{u}
	tests := []struct {
		name          string
		p             SandboxPolicy
		probe         func() error
		run, sandbox  int
		held          int
		unavailable   bool
		probeExpected bool
	}{
		{"default: unapproved in the sandbox", SandboxPolicy{}, ok, 2, 1, 0, false, true},
		{"default, no sandbox: held back", SandboxPolicy{}, broken, 1, 0, 1, true, true},
		{"--yes: all for real", SandboxPolicy{Confirmed: true}, broken, 2, 0, 0, false, false},
		{"--sandbox: all sandboxed", SandboxPolicy{Always: true, Confirmed: true}, ok, 2, 2, 0, false, true},
		{"--sandbox, no sandbox: nothing runs", SandboxPolicy{Always: true}, broken, 0, 0, 2, true, true},
		{"--no-sandbox: held back", SandboxPolicy{Never: true}, broken, 1, 0, 1, false, false},
		{"--no-sandbox --yes: all for real", SandboxPolicy{Never: true, Confirmed: true}, broken, 2, 0, 0, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			probed, probedFor := false, 0
			c := tc.p.Choose(planned, unapproved, func(n int) error { probed, probedFor = true, n; return tc.probe() })
			if len(c.Run) != tc.run || len(c.Sandboxed) != tc.sandbox || len(c.Held) != tc.held || (c.Unavailable != "") != tc.unavailable || probed != tc.probeExpected {
				t.Errorf("run %d sandboxed %d held %d unavailable %q probed %v", len(c.Run), len(c.Sandboxed), len(c.Held), c.Unavailable, probed)
			}
			// the probe is told how many hooks would run in the sandbox
			if probed && tc.sandbox > 0 && probedFor != tc.sandbox {
				t.Errorf("probed for %d hooks, %d run in the sandbox", probedFor, tc.sandbox)
			}
			if c.IsSandboxed(a) && !tc.p.Always {
				t.Error("an approved hook was sandboxed without --sandbox")
			}
		})
	}
	// nothing needs review: no probe, no sandbox
	c := SandboxPolicy{}.Choose([]*Hook{a}, nil, func(int) error { t.Fatal("probed"); return nil })
	if len(c.Run) != 1 || len(c.Sandboxed) != 0 {
		t.Errorf("%+v", c)
	}
}
