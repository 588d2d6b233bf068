package ui

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
	"github.com/hookwarden/hookwarden/trust"
)

// runSetup is what one press of Run will do.
type runSetup struct {
	event   hooks.Event
	label   string // "BeforeTool write_file"
	plan    *hooks.Plan
	input   *hooks.Object
	trusted bool // the folder trust the runner sees
	// asTrusted: the folder is not trusted, and the user asked to run the
	// settings hooks anyway.
	asTrusted bool
	single    *hooks.Hook
	// unapproved are the workspace hooks of the plan that are not in
	// trusted_hooks.json; trustErr says why that file could not be read.
	unapproved []*hooks.Hook
	trustErr   error
	// why says why each unapproved hook is held (by hook ID); check is
	// the gate's spawn-time check of the approved ones' scripts.
	why   map[string]string
	check func(*hooks.Hook) error
	// real: the user asked to run hooks that need review for real (after
	// the confirmation); choice is the dry-run rule's answer.
	real   bool
	always bool
	choice hooks.RunChoice
	sup    sandbox.Config
}

func (v *dryRunView) onRun() { v.prepare(false) }

// onRunForReal runs hooks that need review outside the sandbox, after the
// confirmation (the CLI's --yes).
func (v *dryRunView) onRunForReal() {
	v.realNext = true
	v.prepare(false)
}

// onRunAnyway asks before running settings hooks in an untrusted folder.
func (v *dryRunView) onRunAnyway() {
	if v.run != nil || v.project == nil {
		return
	}
	msg := "Gemini CLI would run none of this folder's settings hooks, because the folder is not trusted.\n\n" +
		"Run them anyway, as if the folder were trusted? They run on this machine with your permissions."
	p := v.project
	var d *dialog.ConfirmDialog
	d = dialog.NewConfirm("Run in an untrusted folder", msg, func(ok bool) {
		if v.confirm != d || v.project != p {
			return // the view was reset meanwhile
		}
		v.confirm = nil
		if ok {
			v.prepare(true)
		}
	}, v.window)
	d.SetConfirmText("Run anyway")
	d.SetDismissText("Cancel")
	v.confirm = d
	showDialog(v.window, d, nil)
}

// prepare plans the run and reads trusted_hooks.json off the UI thread,
// then asks about unapproved workspace hooks or starts the run.
func (v *dryRunView) prepare(asTrusted bool) {
	p := v.project
	if v.run != nil || p == nil {
		return
	}
	if p.Claude != nil {
		v.prepareClaude()
		return
	}
	input, err := parsePayload(v.payload.Text)
	if err != nil {
		return
	}
	event := v.selectedEvent()
	tool, trigger := v.contextValues()
	pctx, err := gemini.ContextFor(event, tool, trigger)
	if err != nil {
		v.status.SetText(shown(err.Error()))
		return
	}
	s := &runSetup{event: event, label: string(event) + planContextLabel(pctx), input: input,
		trusted: p.Registry.Snapshot.FolderTrust.Trusted(), single: v.pickedHook(), real: v.realNext}
	v.realNext = false
	policy := hooks.SandboxPolicy{Always: v.alwaysSandbox() || v.sandboxOnce}
	s.always = policy.Always
	v.sandboxOnce = false
	s.asTrusted = asTrusted && !s.trusted
	v.clearResults()
	v.status.SetText("Planning…")
	v.setRunning(&dryRun{id: v.runID})
	v.thread.Go(func() {
		s.plan = planFor(p, s, pctx)
		var opts gemini.Options
		if dir, err := trust.StoreDirFromEnv(p.Env, p.GOOS); err == nil {
			opts.Store = trust.Store{Dir: dir}
		}
		g := gemini.HoldUnapproved(p.Registry.Snapshot, opts, s.plan)
		s.unapproved, s.trustErr, s.why, s.check = g.Unapproved, g.Err, g.Why, g.Check
		s.sup = supervisorFor(p, p.Registry.Snapshot.Paths.GeminiDir)
		if s.plan != nil && !s.real {
			s.choice = chooseRun(s.sup, policy, s.plan.Hooks, s.unapproved)
		}
		v.thread.Do(func() { v.confirmAndStart(s) })
	})
}

// planFor is the plan Gemini CLI would run (one hook when a single hook
// was picked), built as if the folder were trusted when asked to.
func planFor(p *project, s *runSetup, pctx *hooks.PlanContext) *hooks.Plan {
	if s.single != nil {
		return &hooks.Plan{Event: s.event, Sequential: s.single.Sequential, Hooks: []*hooks.Hook{s.single}}
	}
	reg := p.Registry
	if s.asTrusted {
		reg = gemini.BuildAsTrusted(reg.Snapshot)
	}
	return reg.Plan(s.event, pctx)
}

// confirmAndStart runs the plan, after asking when it holds workspace
// hooks that are not approved; declining runs nothing.
func (v *dryRunView) confirmAndStart(s *runSetup) {
	if v.run == nil || v.run.id != v.runID {
		return // cancelled while planning
	}
	if s.plan == nil || len(s.plan.Hooks) == 0 {
		v.setRunning(nil)
		v.status.SetText("")
		v.verdict.SetText(s.label + ": no hook runs; Gemini goes ahead.")
		v.showNotes(s, nil)
		return
	}
	switch {
	case s.real || len(s.choice.Held) > 0 && !s.always:
		// confirmed below: everything runs for real
		s.choice = hooks.SandboxPolicy{Confirmed: true}.Choose(s.plan.Hooks, s.unapproved, nil)
	case len(s.choice.Held) > 0:
		v.setRunning(nil)
		v.status.SetText("Nothing was run: the sandbox was asked for, and " + s.choice.Unavailable + ".")
		return
	default:
		v.start(s) // approved hooks for real, the others in the sandbox
		return
	}
	if len(s.unapproved) == 0 {
		v.start(s)
		return
	}
	names := pathNamer{project: v.project.Dir, home: v.project.Home}
	var lines []string
	for _, h := range s.unapproved {
		line := fmt.Sprintf("%s  (%s)\n      %s", shown(h.DisplayName()), shown(names.place(h.Origin.File, h.Origin.Line, 0)), shown(h.Command))
		if why := s.why[h.ID]; why != "" {
			line += "\n      " + shown(why)
		}
		lines = append(lines, line+riskSuffix(h, v.project.Dir))
	}
	var readErr string
	if s.trustErr != nil {
		readErr = fmt.Sprintf("trusted_hooks.json cannot be read: %v", s.trustErr)
	}
	if s.sandboxWhy() != "" {
		readErr = strings.TrimSpace(readErr + "\nThey cannot run in the sandbox: " + s.sandboxWhy())
	}
	v.confirmUnapproved("Run unapproved hooks?", "These workspace hooks are not approved, changed (command or script) since they were, or run code Hookwarden cannot see:",
		lines, readErr, func() { v.start(s) })
}

// confirmUnapproved asks before a dry run that holds hooks the user has not
// approved; declining runs nothing.
func (v *dryRunView) confirmUnapproved(title, intro string, lines []string, readErr string, run func()) {
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
	var d *dialog.ConfirmDialog
	d = dialog.NewCustomConfirm(title, "Run them", "Don't run", msg, func(ok bool) {
		if v.confirm != d || id != v.runID || v.run == nil || v.run.id != id || v.project != p {
			return // the view was reset meanwhile: this plan is stale
		}
		v.confirm = nil
		if !ok {
			v.setRunning(nil)
			v.status.SetText("Nothing was run.")
			return
		}
		run()
	}, v.window)
	d.Resize(fyne.NewSize(620, 0))
	v.confirm = d
	showDialog(v.window, d, nil)
}

// start runs s off the UI thread; each result fills its card as it
// arrives, and the verdict follows when all are done.
func (v *dryRunView) start(s *runSetup) {
	p := v.project
	ctx, cancel := context.WithCancel(context.Background())
	run := &dryRun{id: v.runID, cancel: cancel, done: make(chan struct{})}
	v.setRunning(run)
	v.status.SetText(fmt.Sprintf("Running %s…", plural(len(s.plan.Hooks), "hook")))
	v.showCards(s.plan)
	snap := p.Registry.Snapshot
	home := snap.Paths.Home
	if home == "" {
		home = p.Home
	}
	runner := &gemini.Runner{
		Env:          p.Env,
		Sanitization: gemini.SanitizationFor(snap),
		PlansDir:     gemini.PlansDirFor(home, snap.ProjectDir, hooks.ToJSString(s.input.Value("session_id"))),
		Check:        s.check,
		Isolation:    hooks.Isolation{Supervisor: s.sup, Sandboxed: s.choice.IsSandboxed},
		OnResult: func(i int, r *gemini.Result) {
			res := *r
			v.thread.Do(func() { v.showResult(run.id, i, &res) })
		},
	}
	req := gemini.Request{Plan: s.plan, Input: s.input, FolderTrusted: s.trusted || s.asTrusted}
	v.thread.Go(func() {
		out := runner.Run(ctx, req)
		cancel()
		close(run.done)
		v.thread.Do(func() { v.finish(run.id, s, &out) })
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
	if r != nil {
		v.progress.Show()
		v.progress.Start()
	} else {
		v.progress.Stop()
		v.progress.Hide()
	}
	v.updateRunButtons()
}

// planContextLabel is " write_file" or " startup" ("" without context).
func planContextLabel(c *hooks.PlanContext) string {
	switch {
	case c == nil:
		return ""
	case c.ToolName != "":
		return " " + c.ToolName
	}
	return " " + c.Trigger
}

// sandboxWhy says why hooks that need review cannot run in the sandbox
// ("" when they can, or the user asked to run them for real).
func (s *runSetup) sandboxWhy() string {
	if s.real {
		return ""
	}
	return s.choice.Unavailable
}
