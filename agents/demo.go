package agents

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"github.com/hookwarden/hookwarden/assets"
)

// DemoApprover is an Agent whose hooks in the demo project come approved
// as its trust command approves them (optional).
type DemoApprover interface {
	ApproveDemo(ctx context.Context, d assets.Demo, goos string, now time.Time) error
}

// ApproveDemo approves the hooks the demo comes with approved, for every
// agent of r: an agent that brings its own approvals does (DemoApprover);
// for the others, the hooks whose trust key is in d.ApprovedKeys are
// approved through the agent's Reviewer, as `hookwarden trust KEY` does. A
// key that no agent's review has is an error. The faces call it after
// assets.MaterializeDemo.
//
// First it points every agent at the demo's own files (PinDemo), so that
// the demo never reads a system or home file of the machine.
func ApproveDemo(ctx context.Context, r *Registry, d *assets.Demo, goos string, now time.Time) error {
	if r == nil {
		return nil
	}
	PinDemo(r, d)
	env := Env{Vars: d.Env, GOOS: goos, Home: d.Home, Now: func() time.Time { return now }}
	found := map[string]bool{}
	for _, a := range r.All() {
		if da, ok := a.(DemoApprover); ok {
			if err := da.ApproveDemo(ctx, *d, goos, now); err != nil {
				return err
			}
			continue
		}
		keys, err := approveKeys(ctx, a, env, d.ProjectDir, d.ApprovedKeys)
		if err != nil {
			return fmt.Errorf("approving the demo's hooks: %w", err)
		}
		for _, k := range keys {
			found[k] = true
		}
	}
	var missing []string
	for _, k := range d.ApprovedKeys {
		if !found[k] {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("demo project: no hook has the key %q", missing)
	}
	return nil
}

// PinDemo points the agents of r at the demo's files where their variables
// can: a variable that moves an agent's system-wide settings
// (Facts.SystemVars) and that the demo does not set is set to a path in
// the demo's system folder where there is no file (system/absent/VAR), and a variable that
// moves an agent's home (Facts.HomeVars) that the demo does not set is
// dropped from the demo's environment, so the agent's files are the ones
// under the demo's home.
func PinDemo(r *Registry, d *assets.Demo) {
	f := r.Facts()
	for _, v := range f.SystemVars {
		if !d.Env.Has(v) {
			d.Env = append(d.Env, v+"="+filepath.Join(d.Root, "system", "absent", v))
		}
	}
	for _, v := range f.HomeVars {
		if !d.Env.Has(v) && !slices.Contains(d.Unset, v) {
			d.Unset = append(d.Unset, v)
		}
	}
}
