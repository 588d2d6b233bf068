package cli

import (
	"context"
	"errors"
)

// runUntrust is not written yet.
func runUntrust(ctx context.Context, io *IO, args []string) error {
	return errors.New("not implemented yet")
}
