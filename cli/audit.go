package cli

import (
	"context"
	"errors"
)

// runAudit is not written yet.
func runAudit(ctx context.Context, io *IO, args []string) error {
	return errors.New("not implemented yet")
}
