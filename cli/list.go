package cli

import (
	"context"
	"errors"
)

// runList is not written yet.
func runList(ctx context.Context, io *IO, args []string) error {
	return errors.New("not implemented yet")
}
