package cli

import (
	"fmt"

	"github.com/hookwarden/hookwarden/settingsio"
)

// unreadableError is list's exit 1 when a file it reads failed to parse or
// was refused: the listing it printed may miss hooks, so it must not read
// as a clean project (issue 9).
func unreadableError(errs []*settingsio.ParseError) error {
	if len(errs) == 0 {
		return nil
	}
	msg := fmt.Sprintf("%d file(s) could not be read; the hooks listed may be incomplete:", len(errs))
	for _, e := range errs {
		msg += "\n  " + e.Error()
	}
	return &ExitError{Code: ExitFailure, Msg: msg}
}
