package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/guard"
	"github.com/hookwarden/hookwarden/internal/safetext"
	"github.com/hookwarden/hookwarden/risk"
)

// defaultGuardBudget is how long `guard check` may keep a git command
// waiting. A review that takes longer says so at once and finishes in a
// background process, which notifies and leaves its result for `guard
// status`. HOOKWARDEN_GUARD_BUDGET (a Go duration: 2s, 0s) sets another.
const defaultGuardBudget = 400 * time.Millisecond

func (io *IO) guardBudget() time.Duration {
	if d, err := time.ParseDuration(io.Env.Get("HOOKWARDEN_GUARD_BUDGET")); err == nil && d >= 0 {
		return d
	}
	return defaultGuardBudget
}

// runGuard is `hookwarden guard install|uninstall|status|check`.
func runGuard(ctx context.Context, io *IO, args []string) error {
	if len(args) == 0 {
		return usagef("guard needs install, uninstall, status or check")
	}
	sub, args := args[0], args[1:]
	if isHelpArg(sub) {
		// guard --help: check's flag set holds every sub-command's flags.
		sub, args = "check", []string{sub}
	}
	fs := newFlags("guard " + sub)
	dir := io.projectFlag(fs)
	var gitHook *string
	var background *bool
	var gitPID *int
	var quiet *bool
	if sub == "check" {
		quiet = fs.Bool("quiet", false, "check only: print nothing, only exit 0 (nothing needs review), 3 (something does), 4 (a file cannot be read) or 1 (the review failed); it stops at the first agent with something to review")
		gitHook = fs.String("git-hook", "", "check only: the git hook that runs the check (post-merge, post-checkout, post-rewrite, post-index-change, reference-transaction, post-applypatch)")
		gitPID = fs.Int("git-pid", 0, "check only: the git process whose hook runs the check (it prints its block once)")
		background = fs.Bool("background", false, "check only: finish a slow check without a terminal and only notify")
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
		return guardManage(ctx, io, sub, repo)
	case "check":
		// git runs it on every pull: no collection while its heap is small
		defer deferGC(checkHeap)()
		if *quiet {
			if *gitHook != "" || *background {
				return usagef("guard check --quiet is for scripts: it takes neither --git-hook nor --background")
			}
			return guardVerdict(ctx, io, io.projectDir(*dir))
		}
		return guardCheck(ctx, io, checkRequest{dir: *dir, gitHook: *gitHook, gitPID: *gitPID, background: *background})
	}
	return usagef("unknown guard command %q (install, uninstall, status or check)", sub)
}

// guardManage installs, uninstalls or reports the guard in repo and in
// every checked-out submodule below it: a pull with --recurse-submodules
// changes a submodule's files in git commands that run the submodule's
// hooks, not the superproject's.
func guardManage(ctx context.Context, io *IO, sub string, repo *guard.Repo) error {
	repos := []*guard.Repo{repo}
	subs, uninitialised, err := guard.Submodules(ctx, repo)
	if err != nil {
		fmt.Fprintf(io.Stderr, "hookwarden guard: note: %v; submodules are not guarded\n", err)
	}
	seen := map[string]bool{repo.HooksDir: true}
	for _, s := range subs {
		// A hooks folder shared through an absolute core.hooksPath is
		// handled once.
		if !seen[s.HooksDir] {
			seen[s.HooksDir] = true
			repos = append(repos, s)
		}
	}
	problems := 0
	for i, r := range repos {
		if i > 0 {
			fmt.Fprintf(io.Stdout, "submodule %s\n", safetext.Line(r.Top))
		}
		p, err := guardManageOne(io, sub, r)
		if err != nil {
			return err
		}
		if p != "" {
			problems++
		}
	}
	if sub != "uninstall" {
		for _, u := range uninitialised {
			fmt.Fprintf(io.Stderr, "hookwarden guard: note: the submodule %s is not checked out, so it has no guard yet; run `hookwarden guard install` again once it is (until then a change git makes in it is not checked)\n", safetext.Line(u))
		}
	}
	if problems > 0 {
		return &ExitError{Code: ExitNeedsReview, Msg: "the guard is not running (see the warning above)"}
	}
	return nil
}

// guardManageOne does sub in one repository and returns, for status, why
// git does not run the guard there ("" when it does).
func guardManageOne(io *IO, sub string, repo *guard.Repo) (string, error) {
	var res *guard.Result
	var err error
	var problem string
	switch sub {
	case "install":
		bin, _ := os.Executable()
		res, err = guard.Install(repo, bin)
	case "uninstall":
		res, err = guard.Uninstall(repo)
	default:
		states, serr := guard.Status(repo)
		if serr != nil {
			return "", serr
		}
		res = &guard.Result{Repo: repo, Hooks: states}
		for _, st := range states {
			switch {
			case st.Installed && st.Chained:
				res.Actions = append(res.Actions, fmt.Sprintf("%-22s guard installed; runs the earlier hook %s first", st.Name, st.ChainedPath))
			case st.Installed:
				res.Actions = append(res.Actions, fmt.Sprintf("%-22s guard installed", st.Name))
			case st.Foreign:
				res.Actions = append(res.Actions, fmt.Sprintf("%-22s another hook, not the guard", st.Name))
			default:
				res.Actions = append(res.Actions, fmt.Sprintf("%-22s no hook", st.Name))
			}
		}
		problem, err = guard.Health(repo)
		if last := guard.LastReview(repo); last != "" {
			res.Actions = append(res.Actions, "last review that went on in the background:")
			for _, l := range strings.Split(strings.TrimRight(last, "\n"), "\n") {
				res.Actions = append(res.Actions, "  "+l)
			}
		}
	}
	if err != nil {
		return "", err
	}
	fmt.Fprintf(io.Stdout, "git hooks folder %s\n", safetext.Line(repo.HooksDir))
	for _, a := range res.Actions {
		fmt.Fprintf(io.Stdout, "  %s\n", safetext.Line(a))
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(io.Stderr, "hookwarden guard: note: %s\n", safetext.Line(w))
	}
	if problem != "" {
		fmt.Fprintf(io.Stderr, "hookwarden guard: WARNING: %s\n", safetext.Line(problem))
	}
	return problem, nil
}

// checkRequest is one `guard check`.
type checkRequest struct {
	dir string
	// gitHook is the git hook that runs the check ("" when a person runs
	// it), gitPID the git process that runs that hook.
	gitHook string
	gitPID  int
	// background: the check a slow one handed over; it only notifies.
	background bool
}

// projectCheck is the review of one project of a check.
type projectCheck struct {
	project string
	items   []guard.Item
	// unwatched are the approved hooks that run code Hookwarden cannot
	// watch (approved, partly unwatched): not a review, but a git command
	// that changes files they may reach is said (unwatchedNotice).
	unwatched []guard.Item
	err       error
}

// guardCheck is what the git hooks run. From a git hook it never fails the
// git command: a problem is printed as one line and the exit code is 0.
// It reviews the repository's work tree and every superproject that holds
// it as a submodule. From a git hook the review runs within guardBudget; a
// slower one says at once that it goes on and how to see it, and is handed
// to a background process that notifies.
func guardCheck(ctx context.Context, io *IO, req checkRequest) error {
	project := io.projectDir(req.dir)
	if req.gitHook != "" {
		// One block per command the user typed, not per git process it
		// runs (git pull runs git merge, git worktree add runs git reset).
		req.gitPID = guard.OutermostGit(req.gitPID)
	}
	if req.gitHook != "" || req.background {
		// The variables git gives its hooks tie git (and an agent's own
		// git calls) to this repository, not to a superproject.
		c := *io
		c.Env = guard.WithoutRepoVars(io.Env)
		io = &c
	}
	repo, repoErr := guard.FindRepo(ctx, project)
	projects := []string{project}
	if repoErr == nil {
		projects[0] = repo.Top
		projects = append(projects, guard.Superprojects(ctx, repo)...)
	}
	if req.gitHook == "reference-transaction" {
		if repoErr != nil {
			return nil
		}
		input, _ := readBounded(io.Stdin, 8<<20)
		if need, err := guard.RefMoveNeedsCheck(ctx, repo, input); err != nil || !need {
			return nil
		}
	}
	if req.gitHook != "" && repoErr == nil {
		io.guardNewSubmodules(ctx, repo)
	}
	// A review of this git command already goes on in the background (it
	// waits for git to end): the next steps of a rebase do not wait for
	// their own.
	running := "review running in " + project
	if req.gitHook != "" && !req.background && repoErr == nil && guard.WasShown(repo, req.gitPID, running) {
		return nil
	}
	// Another hook of this git command reviewed the work tree as it is
	// (post-index-change, then post-checkout or post-merge): once is enough.
	reviewed := ""
	if stamp := guard.IndexStamp(repoOrEmpty(repo)); req.gitHook != "" && !req.background && stamp != "" {
		reviewed = "reviewed " + project + " at index " + stamp
		if guard.WasShown(repo, req.gitPID, reviewed) {
			return nil
		}
	}
	review := func() []projectCheck {
		var out []projectCheck
		for i, p := range projects {
			var r ProjectReview
			var err error
			if i == 0 && repoErr == nil {
				r, err = io.reviewProjectIn(ctx, p, repo, false)
			} else {
				r, err = io.reviewProject(ctx, p, false)
			}
			out = append(out, projectCheck{project: p, items: r.Items, unwatched: r.Unwatched, err: err})
		}
		return out
	}
	var results []projectCheck
	if req.background {
		// Look at the work tree once the git command is done with it (at
		// most ten minutes on).
		wait, cancel := context.WithTimeout(ctx, 10*time.Minute)
		guard.WaitForExit(wait, req.gitPID)
		cancel()
		// A review that never ends (whatever the project did to it) does
		// not keep a process behind for ever.
		var stop context.CancelFunc
		ctx, stop = context.WithTimeout(ctx, 15*time.Minute)
		defer stop()
		results = review()
	} else if req.gitHook == "" {
		results = review()
	} else {
		budget := io.guardBudget()
		done := make(chan []projectCheck, 1)
		var timeout <-chan time.Time
		if budget > 0 {
			go func() { done <- review() }()
			timeout = time.After(budget)
		} else {
			// No budget at all: the review always goes on in the background.
			closed := make(chan time.Time)
			close(closed)
			timeout = closed
		}
		select {
		case results = <-done:
			if reviewed != "" && reviewedCleanly(results) {
				guard.MarkShown(repo, req.gitPID, reviewed)
			}
		case <-timeout:
			// Never silent: say at once that the review goes on, and how
			// to see it, whether or not a notification can follow.
			see := "hookwarden guard check --project " + quoteForShell(project)
			if repoErr == nil {
				guard.MarkShown(repo, req.gitPID, running)
			}
			if err := io.startDetached("guard", "check", "--background", "--git-pid", strconv.Itoa(req.gitPID), "--project", project); err != nil {
				fmt.Fprintf(io.Stderr, "hookwarden guard: reviewing the agent hooks in %s takes longer than %s and could not go on in the background (%v): run `%s` to see what needs review\n",
					safetext.Line(project), budget, err, safetext.Line(see))
				return nil
			}
			fmt.Fprintf(io.Stderr, "hookwarden guard: review running: the agent hooks in %s take longer than %s to review, so the review goes on in the background and notifies when it is done (`hookwarden guard status` shows its result). To see it now: %s\n",
				safetext.Line(project), budget, safetext.Line(see))
			return nil
		case <-ctx.Done():
			return nil
		}
	}
	code := ExitOK
	var record strings.Builder
	if req.background {
		fmt.Fprintf(&record, "finished %s\n", time.Now().UTC().Format(time.RFC3339))
		if repoErr == nil {
			// Written when done, whatever was found, so that `guard status`
			// (and a test) can tell the review finished.
			defer func() { _ = guard.SaveLastReview(repo, record.String()) }()
		}
	}
	for _, r := range results {
		if r.err == nil && len(r.unwatched) > 0 && req.gitHook != "" && repoErr == nil && r.project == repo.Top {
			if note := unwatchedNotice(ctx, repo, req.gitHook, r.unwatched); note != "" && !guard.AlreadyShown(repo, req.gitPID, note) {
				if req.background {
					record.WriteString(note)
				} else {
					fmt.Fprint(io.Stderr, note)
				}
			}
		}
		if r.err != nil {
			msg := fmt.Sprintf("hookwarden guard: could not review the agent hooks in %s: %v\n", safetext.Line(r.project), r.err)
			if req.background {
				record.WriteString(msg)
				io.notifyReview(r.project, 1)
			} else {
				fmt.Fprint(io.Stderr, msg)
			}
			code = max(code, ExitFailure)
			continue
		}
		if len(r.items) == 0 {
			// as audit ends: what is approved but partly unwatched needs
			// no review, but is not plainly clean
			line := "nothing needs review in " + safetext.Line(r.project)
			if len(r.unwatched) > 0 {
				line += fmt.Sprintf("; %d approved, partly unwatched: part of what they run cannot be watched (hookwarden audit --strict lists them)", len(r.unwatched))
			}
			if req.gitHook == "" && !req.background {
				fmt.Fprintf(io.Stdout, "hookwarden guard: %s\n", line)
			}
			fmt.Fprintf(&record, "%s\n", line)
			continue
		}
		code = max(code, ExitNeedsReview)
		for _, it := range r.items {
			if it.Status == "unreadable" {
				code = ExitUnreadable
			}
		}
		block := guard.Block(r.project, r.items, reviewCommand(r.project), safetext.Line)
		if req.gitHook != "" && repoErr == nil && guard.AlreadyShown(repo, req.gitPID, block) {
			continue
		}
		if req.background {
			record.WriteString(block)
		} else {
			fmt.Fprint(io.Stderr, block)
		}
		io.notifyReview(r.project, len(r.items))
	}
	if req.gitHook != "" || req.background || code == ExitOK {
		return nil
	}
	return &ExitError{Code: code}
}

// guardNewSubmodules installs the guard into the checked-out submodules of
// repo that do not have it yet (a pull brought them after `guard install`),
// when the guard is installed in repo: the next change git makes inside
// them is then checked too. It says what it did.
func (io *IO) guardNewSubmodules(ctx context.Context, repo *guard.Repo) {
	if _, err := os.Lstat(filepath.Join(repo.Top, ".gitmodules")); err != nil {
		return
	}
	if dirs, err := guard.Recorded(repo); err != nil || len(dirs) == 0 {
		return
	}
	subs, _, err := guard.Submodules(ctx, repo)
	if err != nil {
		return
	}
	bin, _ := os.Executable()
	for _, s := range subs {
		if dirs, err := guard.Recorded(s); err != nil || len(dirs) > 0 {
			// Installed (or uninstalled on purpose and re-recorded): leave it.
			continue
		}
		if _, err := guard.Install(s, bin); err != nil {
			fmt.Fprintf(io.Stderr, "hookwarden guard: could not guard the new submodule %s: %v\n", safetext.Line(s.Top), err)
			continue
		}
		fmt.Fprintf(io.Stderr, "hookwarden guard: installed the guard in the new submodule %s\n", safetext.Line(s.Top))
	}
}

// reviewedCleanly: every project of the check could be reviewed (a review
// that failed is tried again by the next hook).
// guardVerdict is `guard check --quiet`: guardCheck's exit code for
// project (and the superprojects that hold it), with nothing printed.
// Only the verdict is needed, so it analyses no risk and stops reviewing
// a project at the first agent with something to review; the agents
// after it are still opened, so that a file one of them cannot read still
// exits 4 and one that cannot be opened still fails, as the full check
// does. It can only differ from the full check where that one fails (1)
// for an agent whose review breaks after an earlier agent's hook needs
// review (3): both say the project is not clean.
func guardVerdict(ctx context.Context, io *IO, project string) error {
	repo, repoErr := guard.FindRepo(ctx, project)
	projects := []string{project}
	if repoErr == nil {
		projects[0] = repo.Top
		projects = append(projects, guard.Superprojects(ctx, repo)...)
	}
	code := ExitOK
	for i, p := range projects {
		var r *guard.Repo
		if i == 0 && repoErr == nil {
			r = repo
		} else if i > 0 {
			r, _ = guard.FindRepo(ctx, p)
		}
		needs, unreadable, err := io.verdictOf(ctx, p, r)
		switch {
		case err != nil:
			code = max(code, ExitFailure)
		case unreadable:
			code = ExitUnreadable
		case needs:
			code = max(code, ExitNeedsReview)
		}
	}
	if code == ExitOK {
		return nil
	}
	return &ExitError{Code: code}
}

// verdictOf is what reviewProjectIn would say of project, in short:
// whether anything needs review, whether a file could not be read.
func (io *IO) verdictOf(ctx context.Context, project string, repo *guard.Repo) (needs, unreadable bool, err error) {
	if repo != nil {
		if problem, err := guard.Health(repo); err != nil || problem != "" {
			needs = true
		}
	}
	env := io.agentEnv()
	env.Check = agents.NewVerdictCheck()
	for _, a := range io.Agents.All() {
		title := a.Info().Title
		p, err := a.Open(ctx, env, project)
		if err != nil {
			return needs, unreadable, fmt.Errorf("%s: %w", title, err)
		}
		if needs {
			// Decided: what the rest could still change is an unreadable
			// file (exit 4 over 3) or an agent that cannot open.
			unreadable = unreadable || len(p.Unreadable()) > 0
			continue
		}
		r, err := p.Review(ctx)
		if err != nil {
			return needs, unreadable, fmt.Errorf("%s: %w", title, err)
		}
		for _, it := range guardItems(title, r) {
			needs = true
			unreadable = unreadable || it.Status == "unreadable"
		}
	}
	if !needs && repo != nil && agents.SameDir(project, repo.Top) {
		items, _, err := io.nestedItems(ctx, env, repo, nil, false)
		if err != nil {
			return needs, unreadable, err
		}
		for _, it := range items {
			needs = true
			unreadable = unreadable || it.Status == "unreadable"
		}
	}
	_ = env.Check.SaveFingerprints()
	return needs, unreadable, nil
}

func reviewedCleanly(results []projectCheck) bool {
	for _, r := range results {
		if r.err != nil {
			return false
		}
	}
	return true
}

func repoOrEmpty(r *guard.Repo) *guard.Repo {
	if r == nil {
		return &guard.Repo{}
	}
	return r
}

// readBounded reads r up to limit bytes.
func readBounded(r io.Reader, limit int64) (string, error) {
	if r == nil {
		return "", nil
	}
	data, err := io.ReadAll(io.LimitReader(r, limit))
	return string(data), err
}

// refusal is exec's message when it does not start the agent.
func refusal(agent, project string, items []guard.Item) string {
	for _, it := range items {
		if it.Warning {
			return fmt.Sprintf("%s was not started: git does not run the guard (see the warning above); run `hookwarden guard install` in %s, then review what needs it", agent, quoteForShell(project))
		}
	}
	return fmt.Sprintf("%s was not started; review the hooks first (hookwarden open --review %s)", agent, quoteForShell(project))
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
	repo, _ := guard.FindRepo(ctx, project)
	return io.reviewProjectIn(ctx, project, repo, watch)
}

// reviewStartFolder is reviewProject for an agent about to start in
// project: the folders below it that an agent started there would read
// (nestedItems) are not its.
func (io *IO) reviewStartFolder(ctx context.Context, project string) (ProjectReview, error) {
	repo, _ := guard.FindRepo(ctx, project)
	return io.reviewFolders(ctx, project, repo, false, false)
}

// reviewProjectIn is reviewProject for a project whose repository is known
// (nil when it is in none).
func (io *IO) reviewProjectIn(ctx context.Context, project string, repo *guard.Repo, watch bool) (ProjectReview, error) {
	return io.reviewFolders(ctx, project, repo, watch, true)
}

// reviewFolders is reviewProjectIn; with nested, at the repository's top,
// the folders below it that track an agent's files are reviewed too.
func (io *IO) reviewFolders(ctx context.Context, project string, repo *guard.Repo, watch, nested bool) (ProjectReview, error) {
	var out ProjectReview
	if repo != nil {
		// A guard that git no longer runs is said wherever the review is
		// shown: the block, exec's refusal, the tray's count.
		if problem, err := guard.Health(repo); err != nil || problem != "" {
			if err != nil {
				problem = "cannot tell whether git still runs the guard: " + err.Error()
			}
			out.Items = append(out.Items, guard.Item{Agent: "git", Status: "guard off", Label: problem, Level: risk.LevelCritical, Warning: true})
		}
	}
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
		for _, o := range agents.ProjectSwitchOffs(p) {
			// as audit: a project that switches off your own guard needs review
			out.Items = append(out.Items, guard.Item{Agent: title, Status: "switched off", Label: switchOffText(o), Level: risk.LevelReview})
		}
		out.Unwatched = append(out.Unwatched, unwatchedItems(title, r)...)
	}
	if nested && repo != nil && agents.SameDir(project, repo.Top) {
		items, watched, err := io.nestedItems(ctx, env, repo, out.Items, watch)
		if err != nil {
			return out, err
		}
		out.Items = append(out.Items, items...)
		if watch {
			// a pull into a start folder changes the count: the tray
			// follows their files too
			out.Watch = agents.SortedPaths(append(out.Watch, watched...))
		}
	}
	// The next check reads only the scripts that changed since; a cache
	// that cannot be written costs only speed.
	_ = env.Check.SaveFingerprints()
	// The most serious first, for every list made from it.
	out.Items = guard.Sort(out.Items)
	return out, nil
}

// nestedItems are what needs review, as guard items, in the start folders
// below the repository's top (agents.ReviewEveryStartFolder, what audit
// at the top reviews): an agent started in one reads files the review of
// the top does not (an agent started in pkg/ runs the hooks of pkg's own
// settings and skills). A folder is listed when it is not clean
// (agents.StartFolder.Clean decides, as for audit); items the top already
// lists are left out; the others say their folder and the files a pull
// changed. Past agents.MaxStartFolders, one item says which are left.
// With withWatch, watch are the folders' files whose change can change
// the items.
func (io *IO) nestedItems(ctx context.Context, env agents.Env, repo *guard.Repo, listed []guard.Item, withWatch bool) (items []guard.Item, watch []string, err error) {
	all, err := agents.ReviewEveryStartFolder(ctx, env, io.Agents, repo)
	if err != nil {
		return nil, nil, err
	}
	if len(all) > 0 && all[0].ListError != "" {
		return []guard.Item{{Agent: "git", Status: "unreadable", Level: risk.LevelReview,
			Label: all[0].ListError + ": review them with hookwarden audit --project FOLDER"}}, nil, nil
	}
	// file is the hook's own file when it is the folder's: such an item
	// is never the top's, however alike its words (one command text in
	// two packages' settings, each running its own script)
	type key struct{ agent, status, label, where, file string }
	seen := map[key]bool{}
	for _, it := range listed {
		seen[key{it.Agent, it.Status, it.Label, it.Where, ""}] = true
	}
	more := false
	for _, a := range all {
		title := a.Agent.Info().Title
		more = more || a.More
		for _, f := range a.Folders {
			if withWatch {
				watch = append(watch, f.Watch()...)
			}
			if f.Clean() {
				continue
			}
			var folderItems []guard.Item
			var changed [][]string
			var files []string
			for _, h := range f.Review.Hooks {
				if h.NeedsReview() {
					folderItems = append(folderItems, guardHookItem(title, h))
					changed = append(changed, agents.ChangedScripts(h))
					file := ""
					if rel, err := filepath.Rel(f.Project, h.File); h.File != "" && err == nil && filepath.IsLocal(rel) {
						file = h.File
					}
					files = append(files, file)
				}
			}
			folderItems = append(folderItems, guardFolderItems(title, f.Review)...)
			if len(folderItems) == 0 {
				// not clean for a reason no item names: never silent
				folderItems = append(folderItems, guard.Item{Agent: title, Status: "needs review", Label: "audit there", Level: risk.LevelReview})
			}
			for i, it := range folderItems {
				k := key{it.Agent, it.Status, it.Label, it.Where, ""}
				if i < len(files) {
					k.file = files[i]
				}
				if seen[k] {
					continue
				}
				seen[k] = true
				where := "started in " + f.Folder + "/"
				if i < len(changed) && len(changed[i]) > 0 {
					where += ", changed " + relToTop(repo.Top, changed[i])
				}
				where += ": hookwarden audit --project " + f.Project
				if it.Where != "" {
					where = it.Where + "; " + where
				}
				it.Where = where
				items = append(items, it)
			}
		}
	}
	if more {
		items = append(items, guard.Item{Agent: "git", Status: "not reviewed", Level: risk.LevelReview,
			Label: fmt.Sprintf("more than %d folders below the top hold agent files; only the first %d were reviewed as start folders: review the others with hookwarden audit --project FOLDER", agents.MaxStartFolders, agents.MaxStartFolders)})
	}
	return items, watch, nil
}

// relToTop joins paths, each relative to top when it is below it.
func relToTop(top string, paths []string) string {
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		if rel, err := filepath.Rel(top, p); err == nil && filepath.IsLocal(rel) {
			p = rel
		}
		out = append(out, p)
	}
	return strings.Join(out, ", ")
}

// nestedMarkers are the agents' project files (their relative Config
// paths) whose presence below a repository's top makes a folder a start
// folder to review (guard.NestedFolders).
func (io *IO) nestedMarkers() []string { return agentMarkers(io.Agents) }

// agentMarkers are reg's agents' project files: their relative Config
// paths ("dir/" a folder).
func agentMarkers(reg *agents.Registry) []string { return reg.Markers() }

// guardItems are what needs review in one agent's review: the hooks that
// need review, the files it could not read, a trust file it cannot use and
// its critical findings.
func guardItems(agent string, r *agents.Review) []guard.Item {
	var items []guard.Item
	for _, h := range r.Hooks {
		if h.NeedsReview() {
			items = append(items, guardHookItem(agent, h))
		}
	}
	return append(items, guardFolderItems(agent, r)...)
}

// guardHookItem is the guard item of one hook that needs review.
func guardHookItem(agent string, h agents.HookReview) guard.Item {
	it := guard.Item{Agent: agent, Status: string(h.Status), Label: h.HookReview.Label, Where: eventWhere(h.Event, h.Matcher)}
	it.Level = h.Risk.Level
	if h.RunsUnseenCode() && it.Level < risk.LevelReview {
		// Code Hookwarden cannot see is never shown as harmless.
		it.Level = risk.LevelReview
	}
	if h.Risk.Level > risk.LevelNone {
		if f, ok := h.Risk.First(); ok {
			it.Risk = h.Risk.Level.String() + ": " + f.Summary
		}
	}
	return it
}

// guardFolderItems are guardItems' items that are not hooks: the files r
// could not read, a trust file it cannot use and its critical findings.
func guardFolderItems(agent string, r *agents.Review) []guard.Item {
	var items []guard.Item
	for _, e := range r.Unreadable {
		items = append(items, guard.Item{Agent: agent, Status: "unreadable", Label: e.Error(), Level: risk.LevelReview})
	}
	if r.StoreError != "" {
		items = append(items, guard.Item{Agent: agent, Status: "trust file", Label: r.StoreError, Level: risk.LevelReview})
	}
	for _, d := range r.Critical {
		items = append(items, guard.Item{Agent: agent, Status: "critical", Label: d.Message, Level: risk.LevelCritical, Unprompted: d.Unprompted})
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

// runExec is `hookwarden exec [--agent NAME] -- AGENT ARGS...`: it audits
// the project (the working folder) and starts the agent only when nothing
// needs review, then stays with it (superviseAgent, exec_watch.go).
func runExec(ctx context.Context, io *IO, args []string) error {
	i := 0
	for i < len(args) && args[i] != "--" {
		i++
	}
	fs := newFlags("exec")
	dir := io.projectFlag(fs)
	onChange := fs.String("on-change", onChangeStop, "when a hook or a script it runs changes while the agent runs and needs review: stop the agent, or warn on stderr")
	enforce := fs.Bool("enforce", false, "while the agent runs, refuse (EACCES) any open or start by a hook's processes of a project file that the hook's approval does not cover or whose content is not the approved one (Linux; the agent is not started when this cannot be done)")
	var agentArgs []string
	var err error
	if i < len(args) {
		// exec [FLAGS] [AGENT ARGS] -- ARGS: everything after -- is the agent's.
		var rest []string
		if rest, err = parseFlags(fs, args[:i]); err == nil {
			agentArgs = append(rest, args[i+1:]...)
		}
	} else {
		// exec [FLAGS] AGENT ARGS: the flags end at the first argument that
		// is not one (exec --help is help, never a program named --help).
		agentArgs, err = parseLeadingFlags(fs, args)
	}
	if err != nil {
		return err
	}
	if *onChange != onChangeStop && *onChange != onChangeWarn {
		return usagef("--on-change is %q or %q, not %q", onChangeStop, onChangeWarn, *onChange)
	}
	if len(agentArgs) == 0 {
		return usagef("exec needs the agent to start: hookwarden exec -- AGENT ARGS...")
	}
	project := io.projectDir(*dir)
	pr, err := io.reviewStartFolder(ctx, project)
	if err != nil {
		return &ExitError{Code: ExitFailure, Msg: fmt.Sprintf("could not review the agent hooks, so %s was not started: %v", agentArgs[0], err)}
	}
	items := enforcedItems(pr.Items, *enforce)
	if len(items) == 0 && len(pr.Unwatched) > 0 {
		fmt.Fprint(io.Stderr, guard.UnwatchedBlock(project, pr.Unwatched, reviewCommand(project), safetext.Line))
		what := fmt.Sprintf("%d approved entries run", len(pr.Unwatched))
		if len(pr.Unwatched) == 1 {
			what = "1 approved entry runs"
		}
		return &ExitError{Code: ExitNeedsReview, Msg: fmt.Sprintf("%s was not started: %s code Hookwarden cannot watch (hookwarden audit --strict lists them)", agentArgs[0], what)}
	}
	if len(items) > 0 {
		fmt.Fprint(io.Stderr, guard.Block(project, items, reviewCommand(project), safetext.Line))
		code := ExitNeedsReview
		for _, it := range items {
			if it.Status == "unreadable" {
				code = ExitUnreadable
			}
		}
		return &ExitError{Code: code, Msg: refusal(agentArgs[0], project, items)}
	}
	path, err := exec.LookPath(agentArgs[0])
	if err != nil {
		return &ExitError{Code: ExitFailure, Msg: err.Error()}
	}
	if io.execAgent != nil && !*enforce {
		return io.execAgent(path, agentArgs, io.Env)
	}
	return superviseAgent(ctx, io, project, path, agentArgs, *onChange, *enforce)
}
