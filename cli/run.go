package cli

import (
	"context"
	"errors"
)

// runRun is not written yet.
func runRun(ctx context.Context, io *IO, args []string) error {
	return errors.New("not implemented yet")
}
