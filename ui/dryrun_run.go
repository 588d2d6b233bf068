package ui

import (
	"context"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
)

// runSetup is what one press of Run does.
type runSetup struct {
	// agent is the project read again as Run was pressed (the files and
	// approvals as they are now); req is the run, gate what the gate made
	// of it before anything ran.
	agent agents.Project
	req   agents.RunRequest
	gate  *agents.RunGate
	// single is the hook picked to run alone (nil: the plan); asTrusted
	// runs as if the folder were trusted ("Run anyway").
	single    *hooks.Hook
	asTrusted bool
	// real: the user asked to run hooks that need review for real (after
	// the confirmation); always: every hook in the sandbox.
	real, always bool
	// warm keeps the sandboxes the gate's probe set up for the run's
	// sandboxed hooks (the run's own probe finds them, and each hook takes
	// one); it is closed once the run is over or will not happen.
	warm *sandbox.Warm
}

func (v *dryRunView) onRun() { v.prepare(false) }

// onRunForReal runs hooks that need review outside the sandbox, after the
// confirmation (the CLI's --yes).
func (v *dryRunView) onRunForReal() {
	v.realNext = true
	v.prepare(false)
}

// prepare reads the project again and asks the agent's gate about the run
// off the UI thread, then asks about hooks that need review or starts the
// run.
func (v *dryRunView) prepare(asTrusted bool) {
	p := v.project
	if v.run != nil || p == nil || v.agent == nil {
		return
	}
	if _, err := parsePayload(v.payload.Text); err != nil {
		return
	}
	tool, trigger := v.contextValues()
	s := &runSetup{single: v.pickedHook(), asTrusted: asTrusted, real: v.realNext, always: v.alwaysSandbox() || v.sandboxOnce}
	v.realNext, v.sandboxOnce = false, false
	s.req = agents.RunRequest{Event: v.selectedEvent(), Query: agents.Query{Tool: tool, Trigger: trigger},
		Payload: []byte(v.payload.Text), AsTrusted: asTrusted}
	if s.single != nil {
		s.req.HookIDs = []string{s.single.ID}
	}
	if s.always {
		s.req.Sandbox = agents.SandboxAlways
	}
	v.clearResults()
	v.status.SetText("Planning…")
	v.setRunning(&dryRun{id: v.runID})
	s.warm = v.newWarm()
	v.thread.Go(func() {
		ap, err := openAgain(p, s.warm) // the files and approvals as they are now
		if err == nil {
			s.agent = ap
			// a dry run must not record itself (as run --replay)
			s.req, _, err = agents.WithoutObserver(ap, p.observer(), s.req)
		}
		if err == nil {
			s.gate, err = ap.Gate(context.Background(), s.req)
		}
		v.thread.Do(func() { v.confirmAndStart(s, err) })
	})
}

// confirmAndStart runs the plan, after asking when it holds hooks that
// need review and cannot (or may not) run in the sandbox; declining runs
// nothing.
func (v *dryRunView) confirmAndStart(s *runSetup, err error) {
	if v.run == nil || v.run.id != v.runID {
		v.release(s)
		return // cancelled while planning
	}
	if err != nil {
		v.release(s)
		v.setRunning(nil)
		v.status.SetText(shown(err.Error()))
		return
	}
	g := s.gate
	if len(g.Planned) == 0 {
		v.release(s)
		v.setRunning(nil)
		v.status.SetText("")
		v.verdict.SetText(fmt.Sprintf("%s: no %s runs; %s goes ahead.", g.Plan.Label, g.Plan.Noun, s.agent.Agent().Title))
		v.showNotes(s, nil)
		return
	}
	switch {
	case s.real || g.NeedsConfirmation():
		// confirmed below: everything runs for real, and only what the
		// confirmation listed
		s.req.Sandbox = agents.SandboxNever
		for _, r := range g.Review {
			s.req.Confirm = append(s.req.Confirm, r.ID)
		}
	case len(g.Held) > 0:
		v.release(s)
		v.setRunning(nil)
		v.status.SetText("Nothing was run: the sandbox was asked for, and " + g.SandboxUnavailable + ".")
		return
	default:
		v.start(s) // approved hooks for real, the others in the sandbox
		return
	}
	if len(g.Review) == 0 {
		v.start(s)
		return
	}
	names := pathNamer{project: v.project.Dir, home: v.project.Home}
	var lines []string
	reviewOf := reviewsOf(v.project)
	for _, r := range g.Review {
		h := r.Hook
		line := fmt.Sprintf("%s  (%s, %s)", shown(s.agent.Title(h)), h.Origin.Layer, shown(names.place(h.Origin.File, h.Origin.Line, 0)))
		if h.Command != "" && h.Command != s.agent.Title(h) {
			line += "\n      " + shown(h.Command)
		}
		if r.Reason != "" {
			line += "\n      " + shown(r.Reason)
		}
		lines = append(lines, line+riskSuffix(s.agent, h, v.project.Dir, v.project.observer(), v.project.riskAgents(), trustStateOf(reviewOf, h)))
	}
	readErr := g.ReviewErr
	if !s.real && g.SandboxUnavailable != "" {
		readErr = strings.TrimSpace(readErr + "\nThey cannot run in the sandbox: " + g.SandboxUnavailable)
	}
	v.confirmUnapproved("Run unapproved "+g.Plan.Noun+"s?", s.agent.RunNotice().Review, lines, readErr, func() { v.start(s) }, func() { v.release(s) })
}

// confirmUnapproved asks before a dry run that holds hooks the user has not
// approved; declining runs nothing.
// cancelled is called instead of run when the plan does not run.
func (v *dryRunView) confirmUnapproved(title, intro string, lines []string, readErr string, run, cancelled func()) {
	var b strings.Builder
	b.WriteString(intro + "\n\n")
	// Each line is escaped part by part (shown), joined with real line
	// breaks: escaping it whole printed those breaks as "\n".
	for _, l := range lines {
		parts := strings.Split(l, "\n")
		for i := range parts {
			parts[i] = shown(parts[i])
		}
		b.WriteString("•  " + strings.Join(parts, "\n") + "\n")
	}
	if readErr != "" {
		fmt.Fprintf(&b, "\n(%s)\n", shown(readErr))
	}
	b.WriteString("\nThey run on this machine with your permissions. Run them?")
	msg := &widget.Label{Text: b.String(), Wrapping: fyne.TextWrapWord}
	id, p := v.runID, v.project
	var d *riskyConfirm
	d = newRiskyConfirm(title, "Run them", "Don't run", msg, func(ok bool) {
		if v.confirm != d || id != v.runID || v.run == nil || v.run.id != id || v.project != p {
			cancelled()
			return // the view was reset meanwhile: this plan is stale
		}
		v.confirm = nil
		if !ok {
			cancelled()
			v.setRunning(nil)
			v.status.SetText("Nothing was run.")
			return
		}
		run()
	}, v.window)
	v.confirm = d
	d.show()
	d.Resize(fyne.NewSize(620, 0))
}

// start runs s through the agent's runner off the UI thread; each result
// fills its card as it arrives, and the verdict follows when all are done.
func (v *dryRunView) start(s *runSetup) {
	ctx, cancel := context.WithCancel(context.Background())
	run := &dryRun{id: v.runID, cancel: cancel, done: make(chan struct{})}
	v.setRunning(run)
	starting := s.gate.Run
	if s.req.Sandbox == agents.SandboxNever {
		starting = s.gate.Planned
	}
	v.status.SetText(fmt.Sprintf("Running %s…", plural(len(starting), s.gate.Plan.Noun)))
	v.showCards(starting)
	req := s.req
	req.OnResult = func(i int, r agents.HookRun) {
		v.thread.Do(func() { v.showResult(run.id, i, &r) })
	}
	v.thread.Go(func() {
		res, err := s.agent.DryRun(ctx, req)
		cancel()
		s.warm.Close() // the supervisors no hook took
		close(run.done)
		v.thread.Do(func() { v.finish(run.id, s, res, err) })
	})
}

// onCancel stops the run in progress: its hooks are killed.
func (v *dryRunView) onCancel() {
	if v.run == nil {
		return
	}
	if v.run.cancel != nil {
		v.run.cancel()
		v.status.SetText("Cancelling…")
	} else {
		v.runID++ // still planning: drop its result
		v.setRunning(nil)
		v.status.SetText("Cancelled.")
	}
}

func (v *dryRunView) setRunning(r *dryRun) {
	v.run = r
	v.showRunning(r != nil)
	v.updateRunButtons()
}

// release ends the supervisors s's probe set up for a run that will not
// happen (off the UI thread: each ends within supervisorWait).
func (v *dryRunView) release(s *runSetup) {
	if w := s.warm; w != nil {
		s.warm = nil
		v.thread.Go(w.Close)
	}
}

// openAgain reads p's folder again as its agent does, in p's environment,
// with warm for the sandboxes of the dry run it is read for.
func openAgain(p *project, warm *sandbox.Warm) (agents.Project, error) {
	env := p.env()
	env.Warm = warm
	return p.agent.Open(context.Background(), env, p.Dir)
}
