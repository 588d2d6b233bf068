package hooks

// SandboxPolicy is how a dry run treats hooks that are not approved, the
// one rule of the CLI and the Dry run tab:
//   - approved hooks run for real (under the supervisor);
//   - unapproved hooks (new, changed, script changed, untrusted folder) run
//     in the sandbox, without a confirmation;
//   - Confirmed (--yes, the GUI's confirmation) runs unapproved hooks for
//     real;
//   - Always (--sandbox, "always sandbox dry runs") runs every hook in the
//     sandbox, Confirmed or not;
//   - Never (--no-sandbox) never sandboxes: unapproved hooks are then held
//     back unless Confirmed.
//
// Where the sandbox cannot start, unapproved hooks are held back unless
// Confirmed (the explicit confirmation of old), and the choice says why.
type SandboxPolicy struct {
	Confirmed, Always, Never bool
}

// RunChoice is what a dry run does with each planned hook.
type RunChoice struct {
	// Run are the hooks that run, in plan order; Sandboxed those of them
	// that run in the sandbox.
	Run       []*Hook
	Sandboxed map[*Hook]bool
	// Held are the unapproved hooks that do not run.
	Held []*Hook
	// Unavailable says why the sandbox could not be used ("" = it was not
	// needed, or it works).
	Unavailable string
}

// IsSandboxed is the Isolation.Sandboxed of the choice.
func (c *RunChoice) IsSandboxed(h *Hook) bool { return c.Sandboxed[h] }

// Choose applies the policy to planned hooks, unapproved being those of
// them that need review. probe says why the sandbox cannot start (nil: it
// can); it is only called when a hook would run in the sandbox, with the
// number of hooks that would (so that their sandboxes can be set up ahead:
// sandbox.Warm).
func (p SandboxPolicy) Choose(planned, unapproved []*Hook, probe func(hooks int) error) RunChoice {
	held := make(map[*Hook]bool, len(unapproved))
	for _, h := range unapproved {
		held[h] = true
	}
	c := RunChoice{Sandboxed: map[*Hook]bool{}}
	wantSandbox := p.Always || !p.Never && !p.Confirmed && len(unapproved) > 0
	sandboxOK := false
	if wantSandbox {
		n := 0 // the hooks that would run in the sandbox
		for _, h := range planned {
			if p.Always || held[h] {
				n++
			}
		}
		if err := probe(n); err != nil {
			c.Unavailable = err.Error()
		} else {
			sandboxOK = true
		}
	}
	for _, h := range planned {
		switch {
		case p.Always && sandboxOK:
			c.Run = append(c.Run, h)
			c.Sandboxed[h] = true
		case p.Always:
			c.Held = append(c.Held, h) // asked for the sandbox only
		case !held[h] || p.Confirmed:
			c.Run = append(c.Run, h)
		case sandboxOK:
			c.Run = append(c.Run, h)
			c.Sandboxed[h] = true
		default:
			c.Held = append(c.Held, h)
		}
	}
	return c
}
