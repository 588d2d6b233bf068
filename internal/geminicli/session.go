package geminicli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// pollInterval is how often a Session looks at the screen while waiting.
const pollInterval = 200 * time.Millisecond

// quitGrace and cleanupCap are generous caps (a loaded machine can take
// seconds where an idle one takes milliseconds), not expected durations.
const (
	quitGrace  = 60 * time.Second
	cleanupCap = 30 * time.Second
)

// Session is an interactive CLI running in a detached tmux session on a
// private tmux server (its own socket, so it never touches the user's tmux).
type Session struct {
	socket string
	name   string
	env    []string
	// statusFile receives the CLI's exit status from the shell that runs
	// it: tmux 3.3 sometimes shows a pane dead without ever reporting the
	// status.
	statusFile string
	// panePID is the CLI's pid; tmux makes it a session and group leader,
	// so its hooks share its process group.
	panePID int
}

func (s *Session) tmux(ctx context.Context, args ...string) (string, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "tmux", append([]string{"-S", s.socket}, args...)...)
	cmd.Env = s.env
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.String(), fmt.Errorf("tmux %s: %w: %s", args[0], err, strings.TrimSpace(stderr.String()))
	}
	return stdout.String(), nil
}

// Screen returns the visible text of the terminal.
func (s *Session) Screen(ctx context.Context) (string, error) {
	return s.tmux(ctx, "capture-pane", "-p", "-t", s.name)
}

// SendKeys types keys into the terminal; tmux key names such as "Enter",
// "Escape" or "Down" are understood, other strings are typed as they are.
func (s *Session) SendKeys(ctx context.Context, keys ...string) error {
	_, err := s.tmux(ctx, append([]string{"send-keys", "-t", s.name}, keys...)...)
	return err
}

// Exited reports whether the CLI has ended and, if so, its exit status
// (128+n when signal n killed it). A pane that tmux shows dead without a
// status counts as not ended yet, unless the status file says otherwise.
func (s *Session) Exited(ctx context.Context) (bool, int, error) {
	if data, err := os.ReadFile(s.statusFile); err == nil {
		if code, err := strconv.Atoi(strings.TrimSpace(string(data))); err == nil {
			return true, code, nil
		}
	}
	out, err := s.tmux(ctx, "display-message", "-p", "-t", s.name,
		"#{pane_dead}:#{pane_dead_status}:#{pane_dead_signal}")
	if err != nil {
		return false, 0, err
	}
	fields := strings.Split(strings.TrimSpace(out), ":")
	if len(fields) != 3 || fields[0] != "1" {
		return false, 0, nil
	}
	if code, err := strconv.Atoi(fields[1]); err == nil {
		return true, code, nil
	}
	if sig, err := strconv.Atoi(fields[2]); err == nil {
		return true, 128 + sig, nil
	}
	return false, 0, nil
}

// WaitForText waits until text is on the screen or ctx ends.
func (s *Session) WaitForText(ctx context.Context, text string) error {
	var screen string
	for {
		var err error
		if screen, err = s.Screen(ctx); err == nil && strings.Contains(screen, text) {
			return nil
		}
		if exited, code, _ := s.Exited(ctx); exited {
			return fmt.Errorf("the CLI exited (status %d) before %q appeared; screen:\n%s", code, text, screen)
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for %q: %w; screen:\n%s", text, ctx.Err(), screen)
		case <-time.After(pollInterval):
		}
	}
}

// waitForCount waits until text is on the screen at least n times or ctx
// ends.
func (s *Session) waitForCount(ctx context.Context, text string, n int) error {
	for {
		screen, err := s.Screen(ctx)
		if err == nil && strings.Count(screen, text) >= n {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for %q on screen: %w; screen:\n%s", text, ctx.Err(), screen)
		case <-time.After(pollInterval):
		}
	}
}

// WaitForExit waits until the CLI has ended or ctx ends.
func (s *Session) WaitForExit(ctx context.Context) (int, error) {
	for {
		exited, code, err := s.Exited(ctx)
		if exited {
			return code, nil
		}
		select {
		case <-ctx.Done():
			if err == nil {
				err = ctx.Err()
			}
			return -1, fmt.Errorf("waiting for the CLI to exit: %w", err)
		case <-time.After(pollInterval):
		}
	}
}

// Quit types /quit and waits (at most grace) for the CLI to exit.
func (s *Session) Quit(ctx context.Context, grace time.Duration) (int, error) {
	before, _ := s.Screen(ctx)
	if err := s.SendKeys(ctx, "/quit"); err != nil {
		return -1, err
	}
	// Enter submits only once the UI has taken the text: wait until one
	// more "/quit" shows than before, however long a loaded machine takes.
	if err := s.waitForCount(ctx, "/quit", strings.Count(before, "/quit")+1); err != nil {
		return -1, err
	}
	if err := s.SendKeys(ctx, "Enter"); err != nil {
		return -1, err
	}
	waitCtx, cancel := context.WithTimeout(ctx, grace)
	defer cancel()
	return s.WaitForExit(waitCtx)
}

// WaitThenQuit is the default Interact: wait until doneText is on screen,
// then quit.
func WaitThenQuit(doneText string) func(ctx context.Context, s *Session) error {
	return func(ctx context.Context, s *Session) error {
		if err := s.WaitForText(ctx, doneText); err != nil {
			return err
		}
		_, err := s.Quit(ctx, quitGrace)
		return err
	}
}

// startSession starts the CLI in a new tmux server whose socket lives in
// dir.
func startSession(ctx context.Context, opts Options, dir string) (*Session, error) {
	if _, err := exec.LookPath("tmux"); err != nil {
		return nil, fmt.Errorf("%w: tmux is not installed (needed to drive Gemini's interactive UI)", ErrMissingPrerequisite)
	}
	conf := filepath.Join(dir, "tmux.conf")
	// remain-on-exit keeps the pane (and its exit status) after the CLI ends.
	if err := os.WriteFile(conf, []byte("set -g remain-on-exit on\nset -g history-limit 10000\nset -g default-terminal xterm-256color\n"), 0o644); err != nil {
		return nil, fmt.Errorf("writing tmux config: %w", err)
	}
	s := &Session{socket: filepath.Join(dir, "tmux.sock"), name: "gemini", env: opts.Environ(),
		statusFile: filepath.Join(dir, "exit-status")}
	// The pane runs sh (the group leader), which runs node in the
	// foreground and writes its exit status.
	args := []string{"-f", conf, "new-session", "-d", "-s", s.name, "-x", "200", "-y", "50",
		"-c", opts.ProjectDir, "--", "/bin/sh", "-c", `status=$1; shift; node "$@"; echo $? > "$status"`,
		"sh", s.statusFile}
	args = append(args, cliArgs(opts, "-i")...)
	if _, err := s.tmux(ctx, args...); err != nil {
		return nil, fmt.Errorf("starting the CLI in tmux: %w", err)
	}
	out, err := s.tmux(ctx, "display-message", "-p", "-t", s.name, "#{pane_pid}")
	if err != nil {
		s.close()
		return nil, err
	}
	if s.panePID, err = strconv.Atoi(strings.TrimSpace(out)); err != nil {
		s.close()
		return nil, fmt.Errorf("tmux pane pid %q: %w", out, err)
	}
	return s, nil
}

// close kills the CLI's process group and the private tmux server. It uses
// its own short deadline: the run's context may already be over.
func (s *Session) close() {
	_ = killProcessGroup(s.panePID)
	ctx, cancel := context.WithTimeout(context.Background(), cleanupCap)
	defer cancel()
	_, _ = s.tmux(ctx, "kill-server")
}

func runInteractive(ctx context.Context, opts Options) (Result, error) {
	dir, err := os.MkdirTemp("", "geminicli-tmux-")
	if err != nil {
		return Result{}, fmt.Errorf("creating tmux folder: %w", err)
	}
	defer os.RemoveAll(dir)
	s, err := startSession(ctx, opts, dir)
	if err != nil {
		return Result{ExitCode: -1}, err
	}
	defer s.close()
	interact := opts.Interact
	if interact == nil {
		interact = WaitThenQuit(opts.DoneText)
	}
	res := Result{ExitCode: -1}
	interactErr := interact(ctx, s)
	screenCtx, cancel := context.WithTimeout(context.Background(), cleanupCap)
	defer cancel()
	res.Screen, _ = s.Screen(screenCtx)
	if exited, code, _ := s.Exited(screenCtx); exited {
		res.ExitCode = code
	}
	if interactErr != nil {
		return res, fmt.Errorf("interactive gemini CLI: %w", interactErr)
	}
	return res, nil
}
