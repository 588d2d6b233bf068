package cli

import (
	"context"
	"errors"
)

// runFolderTrust is not written yet.
func runFolderTrust(ctx context.Context, io *IO, args []string) error {
	return errors.New("not implemented yet")
}
