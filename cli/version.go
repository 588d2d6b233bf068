package cli

import (
	"context"
	"strings"

	"github.com/hookwarden/hookwarden/internal/buildinfo"
)

// versionCommand is `hookwarden version`: the build, one field a line
// (`hookwarden --version` prints the one-line form).
func versionCommand() command {
	return command{"version", "", "print the version, commit and date of this build (--version: one line)", anyAgent(runVersion)}
}

func runVersion(_ context.Context, io *IO, args []string) error {
	if err := parseNoArgs(newFlags("version"), args); err != nil {
		return err
	}
	for _, line := range strings.Split(strings.TrimSuffix(buildinfo.Read().Long(), "\n"), "\n") {
		printf(io.Stdout, "%s\n", line)
	}
	return nil
}
