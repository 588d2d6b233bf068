package agents

import (
	"context"
	"time"

	"github.com/hookwarden/hookwarden/assets"
)

// DemoApprover is an Agent whose hooks in the demo project come approved
// as its trust command approves them (optional).
type DemoApprover interface {
	ApproveDemo(ctx context.Context, d assets.Demo, goos string, now time.Time) error
}

// ApproveDemo approves the demo's hooks of every agent of r that has
// approvals to bring (DemoApprover); the faces call it after
// assets.MaterializeDemo.
func ApproveDemo(ctx context.Context, r *Registry, d assets.Demo, goos string, now time.Time) error {
	if r == nil {
		return nil
	}
	for _, a := range r.All() {
		if da, ok := a.(DemoApprover); ok {
			if err := da.ApproveDemo(ctx, d, goos, now); err != nil {
				return err
			}
		}
	}
	return nil
}
