package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/guard"
	"github.com/hookwarden/hookwarden/internal/safetext"
	"github.com/hookwarden/hookwarden/settingsio"
)

// What `hookwarden exec` does when a hook file or a fingerprinted script
// changes while the agent runs and something now needs review.
const (
	onChangeStop = "stop" // stop the agent (SIGTERM, then SIGKILL) and exit 3
	onChangeWarn = "warn" // say so loudly on stderr and let it run
)

// stopGrace is how long a stopped agent has between SIGTERM and SIGKILL.
const stopGrace = 5 * time.Second

// execWatch is what `exec` watches while the agent runs: every agent's
// files (Project.Watch) and every script and file seen running that the
// reviews fingerprint (agents.HookFiles). Of what needs review, items
// stop the agent; work are the hooks that need review only because work
// files they reach changed (project files reached only through a
// user-level hook's project code, which the agent edits as its work): a
// warning, and a review after the session.
func (io *IO) execWatch(ctx context.Context, project string) (items, work []guard.Item, paths []string, err error) {
	items, work, paths, _, err = io.execReview(ctx, project)
	return items, work, paths, err
}

// execReview is execWatch with the reviews it read.
func (io *IO) execReview(ctx context.Context, project string) (items, work []guard.Item, paths []string, reviews []agents.AgentReview, err error) {
	env := io.agentEnv()
	env.Check = agents.NewCheck()
	set, reviews, err := agents.CollectHookFilesAndReviews(ctx, io.Agents, env, project)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	for _, ar := range reviews {
		var soft agents.Review
		hard := *ar.Review
		hard.Hooks = nil
		for _, h := range ar.Review.Hooks {
			if h.NeedsReview() && set.OnlyWork(h) {
				soft.Hooks = append(soft.Hooks, h)
				continue
			}
			hard.Hooks = append(hard.Hooks, h)
		}
		items = append(items, guardItems(ar.Title, &hard)...)
		work = append(work, guardItems(ar.Title, &soft)...)
	}
	return items, work, set.All(), reviews, nil
}

// superviseAgent starts the agent as a child of Hookwarden in the same
// terminal (its stdin, stdout and stderr are Hookwarden's own; signals
// sent to Hookwarden alone are passed on; the agent's exit status becomes
// Hookwarden's), and stays with it: when a watched file changes, it
// reviews the project again, and when something needs review now it stops
// the agent (onChange "stop", exit 3) or warns on stderr ("warn").
//
// The watch is armed, and the project checked once more, before the agent
// starts, so no change between the first check and the start is missed.
// What remains: a change is seen after the watcher's debounce and a
// review (tens of milliseconds), so an agent that rewrites a hook and
// runs it at once can win that race; `hookwarden protect on` closes it
// for the agent's own tool calls.
//
// With enforce (exec --enforce), the agent runs under the enforcement
// listener (sandbox.Enforce): a hook's processes may not open or run a
// file of the project that the hook's approval does not cover, or whose
// content is not the approved one (enforce.go).
func superviseAgent(ctx context.Context, io *IO, project, path string, argv []string, onChange string, enforce bool) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	_, _, paths, err := io.execWatch(ctx, project)
	if err != nil {
		return &ExitError{Code: ExitFailure, Msg: fmt.Sprintf("could not review the agent hooks, so %s was not started: %v", argv[0], err)}
	}
	w, err := settingsio.WatchPaths(ctx, paths, settingsio.WatchOptions{})
	if err != nil {
		return &ExitError{Code: ExitFailure, Msg: fmt.Sprintf("could not watch the agent hooks, so %s was not started: %v", argv[0], err)}
	}
	items, work, paths, reviews, err := io.execReview(ctx, project) // again, now that the watch is armed
	if err != nil {
		return &ExitError{Code: ExitFailure, Msg: fmt.Sprintf("could not review the agent hooks, so %s was not started: %v", argv[0], err)}
	}
	items = enforcedItems(items, enforce)
	if items = append(items, work...); len(items) > 0 { // before a session, everything needs review first
		fmt.Fprint(io.Stderr, guard.Block(project, items, reviewCommand(project), safetext.Line))
		return &ExitError{Code: ExitNeedsReview, Msg: fmt.Sprintf("%s was not started: a hook changed while Hookwarden checked it", argv[0])}
	}
	if err := w.RetargetPaths(paths); err != nil {
		return &ExitError{Code: ExitFailure, Msg: err.Error()}
	}

	var enf *enforcing
	if enforce {
		if enf, err = newEnforcing(io, project, argv[0], reviews); err != nil {
			return err
		}
	} else {
		notEnforced(io, argv[0], reviews)
	}

	cmd := exec.Command(path)
	cmd.Args, cmd.Env = argv, io.Env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	// Signals the terminal sends reach the agent itself (it is in the same
	// process group); Hookwarden only must not die of them.
	sigs := make(chan os.Signal, 8)
	signal.Notify(sigs, forwardedSignals()...)
	defer signal.Stop(sigs)
	if enf != nil {
		if err := enf.start(cmd); err != nil {
			return err
		}
		defer enf.close()
	} else if err := cmd.Start(); err != nil {
		return &ExitError{Code: ExitFailure, Msg: err.Error()}
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()

	var stopped []guard.Item
	warned := ""
	var kill <-chan time.Time
	changes := w.Changes()
	for {
		select {
		case err := <-exited:
			if enf != nil {
				enf.summary()
			}
			if stopped != nil {
				return &ExitError{Code: ExitNeedsReview, Msg: fmt.Sprintf("stopped %s: a hook or a script it runs changed while it ran and needs review (hookwarden open --review %s)", argv[0], quoteForShell(project))}
			}
			return agentExit(err)
		case s := <-sigs:
			if passOn(s) {
				_ = cmd.Process.Signal(s)
			}
		case <-kill:
			_ = cmd.Process.Kill()
			kill = nil
		case ch, ok := <-changes:
			if !ok {
				changes = nil
				fmt.Fprintf(io.Stderr, "\nhookwarden exec: WARNING: the watch on the agent hooks stopped (%v); changes are no longer checked\n", w.Err())
				continue
			}
			if stopped != nil {
				continue
			}
			items, work, now, reviews, err := io.execReview(ctx, project)
			items = enforcedItems(items, enf != nil)
			if err != nil {
				items = []guard.Item{{Status: "unreadable", Label: err.Error()}}
			}
			if err == nil && enf != nil {
				if uerr := enf.update(reviews); uerr != nil {
					stopped = append([]guard.Item{}, items...)
					fmt.Fprintf(io.Stderr, "\n!!! hookwarden exec: %s changed while %s runs, and --enforce cannot hold what it now runs (%s): stopping %s !!!\n",
						safetext.Line(strings.Join(ch.Paths, ", ")), safetext.Line(argv[0]), safetext.Line(uerr.Error()), safetext.Line(argv[0]))
					_ = cmd.Process.Signal(syscall.SIGTERM)
					kill = time.After(stopGrace)
					continue
				}
			}
			if err == nil && !slices.Equal(now, paths) {
				paths = now
				_ = w.RetargetPaths(paths)
				// A file of the new list written between the review and
				// its watch (a nested skill's SKILL.md right after its
				// folder) raised no event: review once more.
				if items2, work2, now2, err2 := io.execWatch(ctx, project); err2 == nil {
					items, work = enforcedItems(items2, enf != nil), work2
					if !slices.Equal(now2, paths) {
						paths = now2
						_ = w.RetargetPaths(paths)
					}
				}
			}
			if len(items) == 0 && len(work) > 0 {
				// Only work files changed (the agent's ordinary edits of
				// project code a user hook runs): say which hook needs
				// review after the session, and let the agent go on.
				block := guard.Block(project, work, reviewCommand(project), safetext.Line)
				if block != warned {
					fmt.Fprintf(io.Stderr, "\nhookwarden exec: %s changed while %s runs; it is project code that a hook of your own settings runs, so %s goes on, but that hook now needs review after the session (it runs the edited code meanwhile):\n%s",
						safetext.Line(strings.Join(ch.Paths, ", ")), safetext.Line(argv[0]), safetext.Line(argv[0]), block)
					warned = block
				}
				continue
			}
			if len(items) == 0 {
				if warned != "" {
					fmt.Fprintf(io.Stderr, "\nhookwarden exec: the agent hooks are as approved again\n")
					warned = ""
				}
				continue
			}
			block := guard.Block(project, append(items, work...), reviewCommand(project), safetext.Line)
			what := strings.Join(ch.Paths, ", ")
			if onChange == onChangeWarn {
				if block != warned {
					fmt.Fprintf(io.Stderr, "\n!!! hookwarden exec: WARNING: %s changed while %s runs, and now needs review; the agent may run what you did not approve !!!\n%s",
						safetext.Line(what), safetext.Line(argv[0]), block)
					warned = block
				}
				continue
			}
			stopped = items
			fmt.Fprintf(io.Stderr, "\n!!! hookwarden exec: %s changed while %s runs, and now needs review: stopping %s !!!\n%s",
				safetext.Line(what), safetext.Line(argv[0]), safetext.Line(argv[0]), block)
			_ = cmd.Process.Signal(syscall.SIGTERM)
			kill = time.After(stopGrace)
		}
	}
}

// agentExit is the agent's end as Hookwarden's exit: its code, or 128 +
// the signal that killed it, as a shell reports it.
func agentExit(err error) error {
	if err == nil {
		return nil
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if st, ok := ee.Sys().(syscall.WaitStatus); ok && st.Signaled() {
			return &ExitError{Code: 128 + int(st.Signal())}
		}
		return &ExitError{Code: ee.ExitCode()}
	}
	return &ExitError{Code: ExitFailure, Msg: err.Error()}
}
