package cli

import (
	"context"
	"errors"
)

// runTrust is not written yet.
func runTrust(ctx context.Context, io *IO, args []string) error {
	return errors.New("not implemented yet")
}
