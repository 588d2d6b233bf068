package cli

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/guard"
	"github.com/hookwarden/hookwarden/internal/safetext"
	"github.com/hookwarden/hookwarden/risk"
)

// guardBudget is how long `guard check` may keep a git command waiting.
// A review that takes longer finishes in a background process, which then
// only notifies.
const guardBudget = 400 * time.Millisecond

// runGuard is `hookwarden guard install|uninstall|status|check`.
func runGuard(ctx context.Context, io *IO, args []string) error {
	if len(args) == 0 {
		return usagef("guard needs install, uninstall, status or check")
	}
	sub, args := args[0], args[1:]
	fs := newFlags("guard " + sub)
	dir := io.projectFlag(fs)
	var gitHook *string
	var background *bool
	if sub == "check" {
		gitHook = fs.String("git-hook", "", "the git hook that runs the check")
		background = fs.Bool("background", false, "finish a slow check without a terminal and only notify")
	}
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	switch sub {
	case "install", "uninstall", "status":
		repo, err := guard.FindRepo(ctx, io.projectDir(*dir))
		if err != nil {
			return err
		}
		return guardManage(io, sub, repo)
	case "check":
		return guardCheck(ctx, io, *dir, *gitHook, *background)
	}
	return usagef("unknown guard command %q (install, uninstall, status or check)", sub)
}

func guardManage(io *IO, sub string, repo *guard.Repo) error {
	var res *guard.Result
	var err error
	switch sub {
	case "install":
		bin, _ := os.Executable()
		res, err = guard.Install(repo, bin)
	case "uninstall":
		res, err = guard.Uninstall(repo)
	default:
		states, serr := guard.Status(repo)
		if serr != nil {
			return serr
		}
		res = &guard.Result{Repo: repo, Hooks: states}
		for _, st := range states {
			switch {
			case st.Installed && st.Chained:
				res.Actions = append(res.Actions, fmt.Sprintf("%-14s guard installed; runs the earlier hook %s first", st.Name, st.ChainedPath))
			case st.Installed:
				res.Actions = append(res.Actions, fmt.Sprintf("%-14s guard installed", st.Name))
			case st.Foreign:
				res.Actions = append(res.Actions, fmt.Sprintf("%-14s another hook, not the guard", st.Name))
			default:
				res.Actions = append(res.Actions, fmt.Sprintf("%-14s no hook", st.Name))
			}
		}
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(io.Stdout, "git hooks folder %s\n", safetext.Line(repo.HooksDir))
	for _, a := range res.Actions {
		fmt.Fprintf(io.Stdout, "  %s\n", safetext.Line(a))
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(io.Stderr, "hookwarden guard: note: %s\n", safetext.Line(w))
	}
	return nil
}

// guardCheck is what the git hooks run. It never fails the git command: a
// problem is printed as one line and the exit code is 0. The review runs
// within guardBudget; a slower one is handed to a background process.
func guardCheck(ctx context.Context, io *IO, dir, gitHook string, background bool) error {
	project := io.projectDir(dir)
	type answer struct {
		items []guard.Item
		err   error
	}
	done := make(chan answer, 1)
	go func() {
		items, err := io.reviewItems(project)
		done <- answer{items, err}
	}()
	var a answer
	if background {
		a = <-done
	} else {
		select {
		case a = <-done:
		case <-time.After(guardBudget):
			if err := io.startDetached("guard", "check", "--background", "--project", project); err != nil {
				fmt.Fprintf(io.Stderr, "hookwarden guard: the review takes long and could not continue in the background: %v\n", err)
			}
			return nil
		case <-ctx.Done():
			return nil
		}
	}
	if a.err != nil {
		if !background {
			fmt.Fprintf(io.Stderr, "hookwarden guard: could not review the agent hooks in %s: %v\n", safetext.Line(project), a.err)
		}
		return nil
	}
	if len(a.items) == 0 {
		return nil
	}
	if !background {
		fmt.Fprint(io.Stderr, guard.Block(project, a.items, reviewCommand(project), safetext.Line))
	}
	io.notifyReview(project, len(a.items))
	return nil
}

// reviewCommand is the command line that opens the review of project.
func reviewCommand(project string) string {
	return "hookwarden open --review " + quoteForShell(project)
}

// reviewItems audits every agent that has hooks in project and returns the
// hooks that need review, each with its highest risk, and counts what the
// audit could not read (a settings or hooks file, a trust file) and
// project-wide critical findings as needing review: never as clean.
func (io *IO) reviewItems(project string) ([]guard.Item, error) {
	r, err := io.reviewProject(context.Background(), project, false)
	return r.Items, err
}

// ProjectReview is what needs review in one project, for every agent.
type ProjectReview struct {
	// Items are the hooks that need review, and what could not be read.
	Items []guard.Item
	// Unwatched are the hooks approved but partly unwatched (exec
	// refuses them).
	Unwatched []guard.Item
	// Watch are the files of every agent's layers (and what else its
	// project names to watch): a change to one can change Items.
	Watch []string
}

// ReviewProject audits every agent that has hooks in project, as the guard
// does (see reviewItems), and lists the files to watch for a change. The
// tray calls it for each recent project.
func (io *IO) ReviewProject(project string) (ProjectReview, error) {
	return io.reviewProject(context.Background(), project, true)
}

// reviewProject reviews project for every registered agent, in the
// registry's order, over one read of Hookwarden's store (nothing is written
// during the check; scripts are still fingerprinted from disk); with watch
// it gathers each project's files to watch as well.
func (io *IO) reviewProject(ctx context.Context, project string, watch bool) (ProjectReview, error) {
	var out ProjectReview
	env := io.agentEnv()
	env.Check = agents.NewCheck()
	for _, a := range io.Agents.All() {
		title := a.Info().Title
		p, err := a.Open(ctx, env, project)
		if err != nil {
			return out, fmt.Errorf("%s: %w", title, err)
		}
		if watch {
			out.Watch = append(out.Watch, p.Watch()...)
		}
		r, err := p.Review(ctx)
		if err != nil {
			return out, fmt.Errorf("%s: %w", title, err)
		}
		out.Items = append(out.Items, guardItems(title, r)...)
		out.Unwatched = append(out.Unwatched, unwatchedItems(title, r)...)
	}
	return out, nil
}

// guardItems are what needs review in one agent's review: the hooks that
// need review, the files it could not read, a trust file it cannot use and
// its critical findings.
func guardItems(agent string, r *agents.Review) []guard.Item {
	var items []guard.Item
	for _, h := range r.Hooks {
		if !h.NeedsReview() {
			continue
		}
		it := guard.Item{Agent: agent, Status: string(h.Status), Label: h.HookReview.Label, Where: eventWhere(h.Event, h.Matcher)}
		if h.Risk.Level > risk.LevelNone {
			if f, ok := h.Risk.First(); ok {
				it.Risk = h.Risk.Level.String() + ": " + f.Summary
			}
		}
		items = append(items, it)
	}
	for _, e := range r.Unreadable {
		items = append(items, guard.Item{Agent: agent, Status: "unreadable", Label: e.Error()})
	}
	if r.StoreError != "" {
		items = append(items, guard.Item{Agent: agent, Status: "trust file", Label: r.StoreError})
	}
	for _, d := range r.Critical {
		items = append(items, guard.Item{Agent: agent, Status: "critical", Label: d.Message})
	}
	return items
}

func eventWhere(event, matcher string) string {
	if matcher == "" {
		return event
	}
	return event + "[" + matcher + "]"
}

// startDetached starts hookwarden again with args, in its own session and
// without the git command's streams, and does not wait for it.
func (io *IO) startDetached(args ...string) error {
	bin, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = io.Env
	cmd.Dir = io.Dir
	cmd.SysProcAttr = detachedAttr()
	if err := cmd.Start(); err != nil {
		return err
	}
	return cmd.Process.Release()
}

// notifyReview sends a desktop notification whose action opens the review,
// when the session has a desktop and notify-send is there. It waits for no
// click: a detached `notify-send --wait` does that.
func (io *IO) notifyReview(project string, n int) {
	if io.Env.Get("HOOKWARDEN_GUARD_NOTIFY") == "0" ||
		(io.Env.Get("DBUS_SESSION_BUS_ADDRESS") == "" && io.Env.Get("DISPLAY") == "" && io.Env.Get("WAYLAND_DISPLAY") == "") {
		return
	}
	notify, err := exec.LookPath("notify-send")
	if err != nil {
		return
	}
	bin, err := os.Executable()
	if err != nil {
		return
	}
	noun := "hook needs"
	if n != 1 {
		noun = "hooks need"
	}
	body := fmt.Sprintf("%d agent %s review in %s", n, noun, project)
	// A shell waits for the click and opens the review; notify-send prints
	// the action's name when it is chosen.
	script := `[ "$("$0" --app-name=Hookwarden --action=review=Review --wait "Hookwarden" "$1")" = review ] && exec "$2" open --review "$3"`
	cmd := exec.Command("/bin/sh", "-c", script, notify, body, bin, project)
	cmd.Env = io.Env
	cmd.SysProcAttr = detachedAttr()
	if cmd.Start() == nil {
		_ = cmd.Process.Release()
	}
}

func detachedAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }

// runExec is `hookwarden exec [--agent NAME] -- AGENT ARGS...`: it audits
// the project (the working folder) and replaces itself with the agent only
// when nothing needs review.
func runExec(ctx context.Context, io *IO, args []string) error {
	i := 0
	for i < len(args) && args[i] != "--" {
		i++
	}
	var before, agentArgs []string
	if i < len(args) {
		before, agentArgs = args[:i], args[i+1:]
	} else {
		before, agentArgs = nil, args
	}
	fs := newFlags("exec")
	dir := io.projectFlag(fs)
	rest, err := parseFlags(fs, before)
	if err != nil {
		return err
	}
	agentArgs = append(rest, agentArgs...)
	if len(agentArgs) == 0 {
		return usagef("exec needs the agent to start: hookwarden exec -- gemini ARGS...")
	}
	project := io.projectDir(*dir)
	pr, err := io.reviewProject(ctx, project, false)
	if err != nil {
		return &ExitError{Code: ExitFailure, Msg: fmt.Sprintf("could not review the agent hooks, so %s was not started: %v", agentArgs[0], err)}
	}
	items := pr.Items
	if len(items) == 0 && len(pr.Unwatched) > 0 {
		fmt.Fprint(io.Stderr, guard.Block(project, pr.Unwatched, reviewCommand(project), safetext.Line))
		return &ExitError{Code: ExitNeedsReview, Msg: fmt.Sprintf("%s was not started: %d approved hook(s) run code Hookwarden cannot watch (hookwarden audit --strict lists them)", agentArgs[0], len(pr.Unwatched))}
	}
	if len(items) > 0 {
		fmt.Fprint(io.Stderr, guard.Block(project, items, reviewCommand(project), safetext.Line))
		code := ExitNeedsReview
		for _, it := range items {
			if it.Status == "unreadable" {
				code = ExitUnreadable
			}
		}
		return &ExitError{Code: code, Msg: fmt.Sprintf("%s was not started; review the hooks first (hookwarden open --review %s)", agentArgs[0], quoteForShell(project))}
	}
	path, err := exec.LookPath(agentArgs[0])
	if err != nil {
		return &ExitError{Code: ExitFailure, Msg: err.Error()}
	}
	if io.execAgent != nil {
		return io.execAgent(path, agentArgs, io.Env)
	}
	return syscall.Exec(path, agentArgs, io.Env)
}
