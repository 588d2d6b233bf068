package geminicli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// Run runs the CLI once as opts describe and returns what it produced.
// Whatever the CLI or its hooks start is killed when Run returns. A
// non-zero exit status is not an error (see Result.ExitCode); an error
// means the run could not be made or the hard cap was reached.
func Run(ctx context.Context, opts Options) (Result, error) {
	if err := opts.validate(); err != nil {
		return Result{}, err
	}
	if err := os.MkdirAll(filepath.Join(opts.HomeDir, ".tmp"), 0o755); err != nil {
		return Result{}, fmt.Errorf("creating the CLI's temp folder: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, opts.timeout())
	defer cancel()
	start := time.Now()
	var res Result
	var err error
	if opts.Interactive {
		res, err = runInteractive(ctx, opts)
	} else {
		res, err = runHeadless(ctx, opts)
	}
	res.Duration = time.Since(start)
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		res.TimedOut = true
		if err == nil {
			err = fmt.Errorf("gemini CLI run exceeded %s", opts.timeout())
		}
	}
	return res, err
}

// cliArgs are node's arguments: the bundle, the prompt flag and the fake
// model.
func cliArgs(opts Options, promptFlag string) []string {
	args := []string{opts.Bundle, promptFlag, opts.Prompt}
	if opts.FakeResponses != "" {
		args = append(args, "--fake-responses-non-strict", opts.FakeResponses)
	}
	return append(args, opts.Args...)
}

func runHeadless(ctx context.Context, opts Options) (Result, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "node", cliArgs(opts, "-p")...)
	cmd.Dir = opts.ProjectDir
	cmd.Env = opts.Environ()
	cmd.Stdin = nil // /dev/null: headless, nothing to read
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	ownProcessGroup(cmd)
	// On cancel, kill the whole group (CLI and hooks), not only node.
	cmd.Cancel = func() error { return killProcessGroup(cmd.Process.Pid) }
	// Do not wait for pipes held open by orphans after the kill.
	cmd.WaitDelay = cleanupCap
	runErr := cmd.Run()
	if cmd.Process != nil {
		// Hooks the CLI left behind must not outlive the run.
		_ = killProcessGroup(cmd.Process.Pid)
	}
	res := Result{ExitCode: -1, Stdout: stdout.String(), Stderr: stderr.String()}
	if cmd.ProcessState != nil {
		res.ExitCode = cmd.ProcessState.ExitCode()
	}
	var exitErr *exec.ExitError
	if runErr != nil && !errors.As(runErr, &exitErr) {
		return res, fmt.Errorf("running gemini CLI: %w", runErr)
	}
	return res, nil
}
