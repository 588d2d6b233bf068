package cli

import (
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/guard"
	"github.com/hookwarden/hookwarden/internal/safetext"
	"github.com/hookwarden/hookwarden/sandbox"
)

// enforcing is `exec --enforce`: the agent runs under the enforcement
// listener, which holds each hook's processes to the hook's approval
// (agents.Enforcement; sandbox.Enforce says what is and is not
// guaranteed). The rules are read again whenever exec reviews the project
// (a watched file changed), so that a file changed during the session is
// refused from then on, and an approval given meanwhile counts.
type enforcing struct {
	io      *IO
	agent   string
	rules   atomic.Pointer[agents.Enforcement]
	roots   []string
	e       *sandbox.Enforcer
	mu      sync.Mutex
	seen    map[string]bool
	refused []string
}

// newEnforcing reads the rules of the reviews, or says why the agent
// cannot be started under enforcement (fail closed).
func newEnforcing(io *IO, project, agent string, reviews []agents.AgentReview) (*enforcing, error) {
	if why := sandbox.EnforceSupported(); why != "" {
		return nil, &ExitError{Code: ExitFailure, Msg: fmt.Sprintf("--enforce: %s, so %s was not started", why, agent)}
	}
	rules, err := agents.NewEnforcement(project, reviews)
	if err != nil {
		return nil, &ExitError{Code: ExitFailure, Msg: fmt.Sprintf("--enforce: %v; %s was not started", err, agent)}
	}
	if unheld := agents.Unheld(project, reviews); len(unheld) > 0 {
		return nil, &ExitError{Code: ExitFailure, Msg: cannotHold(agent, unheld)}
	}
	f := &enforcing{io: io, agent: agent, roots: rules.Roots, seen: map[string]bool{}}
	f.rules.Store(rules)
	return f, nil
}

// cannotHold says why the agent is not started under enforcement: the
// approved commands of unheld (agents.Unheld) would run as its own
// processes, unchecked, so a script changed after exec's check, or by the
// agent itself during the session, would run (issue 20: never run what
// cannot be held silently, nor with a mere warning).
func cannotHold(agent string, unheld []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "--enforce cannot hold %d approved command(s) to their approvals, so %s was not started: Hookwarden cannot tell how %s starts them from its own processes, and a script of theirs changed after this check would run unchecked:", len(unheld), safetext.Line(agent), safetext.Line(agent))
	for _, u := range unheld {
		fmt.Fprintf(&b, "\n  - %s", safetext.Line(u))
	}
	fmt.Fprintf(&b, "\n  What to do: remove or switch off those entries for this session, or start %s without --enforce (then they are checked once, at its start, and watched while it runs).", safetext.Line(agent))
	return b.String()
}

// notEnforced says, once when the agent starts without --enforce, that
// approvals resting on a traced run are not enforced. Enforcement is not
// the default: it refuses a hook's reads of the files the agent edits (a
// formatter, git diff) and takes sudo from the agent (README).
func notEnforced(io *IO, agent string, reviews []agents.AgentReview) {
	n := agents.TracedHooks(reviews)
	if n == 0 {
		return
	}
	how := "hookwarden exec --enforce would refuse it, but also refuses hooks that read files the agent edits (formatters, git diff) and takes sudo from the agent"
	if why := sandbox.EnforceSupported(); why != "" {
		how = "--enforce cannot work here: " + why
	}
	fmt.Fprintf(io.Stderr, "hookwarden exec: %d approved hook(s) rest on a traced run, which saw only the branch it took; what their other branches load is not enforced while %s runs (%s)\n", n, safetext.Line(agent), how)
}

// start starts cmd under the listener; an agent that cannot be enforced
// is not started.
func (f *enforcing) start(cmd *exec.Cmd) error {
	e, err := sandbox.Enforce(sandbox.EnforceConfig{Rules: f, Roots: f.roots, OnRefuse: f.refuse}, func() (int, error) {
		if err := cmd.Start(); err != nil {
			return 0, err
		}
		return cmd.Process.Pid, nil
	})
	if err != nil {
		if cmd.Process != nil {
			_ = cmd.Process.Kill()
		}
		return &ExitError{Code: ExitFailure, Msg: fmt.Sprintf("--enforce: %v; %s was not started", err, f.agent)}
	}
	f.e = e
	rules := f.rules.Load()
	commands := ""
	if n := rules.Commands(); n > 0 {
		commands = fmt.Sprintf(" and of %d command(s) that are no hooks (MCP servers, helpers, custom commands' shell steps the agent starts as it was seen to)", n)
	}
	fmt.Fprintf(f.io.Stderr, "hookwarden exec: enforcing the approvals of %d hook(s)%s while %s runs (not covered: the user's own MCP servers and other commands that run no project code, and work a hook hands to a daemon outside its processes)\n", rules.Hooks(), commands, safetext.Line(f.agent))
	return nil
}

func (f *enforcing) close() {
	if f.e != nil {
		f.e.Close()
	}
}

// update reads the rules of a new review. An error says what a change
// made that enforcement cannot hold (a hook whose start cannot be told,
// a command that is no hook newly not held): exec then stops the agent
// whatever --on-change says, since it would run as the agent's own
// process, unchecked (the rules of the last review stay meanwhile).
func (f *enforcing) update(reviews []agents.AgentReview) error {
	if len(reviews) == 0 {
		return nil
	}
	rules, err := agents.NewEnforcement(f.roots[0], reviews)
	if err != nil {
		return err
	}
	f.rules.Store(rules)
	if unheld := agents.Unheld(f.roots[0], reviews); len(unheld) > 0 {
		return fmt.Errorf("%s is not held: Hookwarden cannot tell how %s starts it", strings.Join(unheld, "; "), f.agent)
	}
	return nil
}

// Root is sandbox.EnforceRules.
func (f *enforcing) Root(argv []string) (string, bool) { return f.rules.Load().Root(argv) }

// Approved is sandbox.EnforceRules.
func (f *enforcing) Approved(key, real string) ([]string, bool) {
	return f.rules.Load().Approved(key, real)
}

// label names the hook of key.
func (f *enforcing) label(key string) string {
	if key == sandbox.UnknownHook {
		return "a process whose hook could not be told"
	}
	if l := f.rules.Load().Label(key); l != "" {
		return l
	}
	agent, command, _ := strings.Cut(key, "\x1f")
	return agent + ": " + command
}

// refuse writes one line per hook and file refused, and keeps it for the
// summary.
func (f *enforcing) refuse(r sandbox.Refusal) {
	what := "open"
	if r.Exec {
		what = "run"
	}
	line := fmt.Sprintf("%s: refused to %s %s (%s)", safetext.Line(f.label(r.Hook)), what, safetext.Line(r.Path), r.Why)
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.seen[line] {
		return
	}
	f.seen[line] = true
	f.refused = append(f.refused, line)
	fmt.Fprintf(f.io.Stderr, "hookwarden exec: %s\n", line)
}

// summary lists what was refused, when anything was.
func (f *enforcing) summary() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.refused) == 0 {
		return
	}
	fmt.Fprintf(f.io.Stderr, "\nhookwarden exec: while %s ran, %d open(s) or start(s) of project files by its hooks (or the approved commands it holds) were refused, their approvals not covering them:\n", safetext.Line(f.agent), len(f.refused))
	for _, l := range f.refused {
		fmt.Fprintf(f.io.Stderr, "  - %s\n", l)
	}
	fmt.Fprint(f.io.Stderr, "  What to do: a script or data file of the hook that changed since its approval needs review (hookwarden audit); one its traced run did not see is approved with hookwarden trust --trace. A hook that must read the files the agent edits or makes (a formatter, a linter, git diff) cannot work under --enforce: start the agent without --enforce for it.\n")
}

// enforcedItems are items as exec weighs them: under --enforce without
// the findings that say only that the agent runs the project's hooks
// without asking (guard.Item.Unprompted). exec starts the agent only when
// every one of those hooks is approved (an unapproved one is an item of
// its own), and --enforce holds each of its processes to its approval,
// which is what asking would have given; a hook it cannot hold stops exec
// (NewEnforcement). Without --enforce they stop the agent: a branch the
// approval's trace did not take would run unasked.
func enforcedItems(items []guard.Item, enforce bool) []guard.Item {
	if !enforce {
		return items
	}
	return slices.DeleteFunc(slices.Clone(items), func(it guard.Item) bool { return it.Unprompted })
}
