package cli

import (
	"context"
	"errors"
)

// runPlan is not written yet.
func runPlan(ctx context.Context, io *IO, args []string) error {
	return errors.New("not implemented yet")
}
