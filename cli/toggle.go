package cli

import (
	"context"
	"errors"
)

// runDisable is not written yet.
func runDisable(ctx context.Context, io *IO, args []string) error {
	return errors.New("not implemented yet")
}

// runEnable is not written yet.
func runEnable(ctx context.Context, io *IO, args []string) error {
	return errors.New("not implemented yet")
}

// runDisableAll is not written yet.
func runDisableAll(ctx context.Context, io *IO, args []string) error {
	return errors.New("not implemented yet")
}

// runEnableAll is not written yet.
func runEnableAll(ctx context.Context, io *IO, args []string) error {
	return errors.New("not implemented yet")
}
