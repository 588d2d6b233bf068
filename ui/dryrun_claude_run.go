package ui

import (
	"context"
	"fmt"
	"strings"

	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
)

// claudeRunSetup is what one press of Run does for Claude Code.
type claudeRunSetup struct {
	event  hooks.Event
	label  string // "PreToolUse Bash"
	input  *hooks.Object
	pctx   *claude.Context
	single *hooks.Hook
	// planned are the handlers Claude Code would run (or the one picked);
	// unapproved those of them Hookwarden reviews and its store does not
	// approve (claude.Unapproved), which run only after a
	// confirmation; auditErr says why the store could not be read.
	planned    []*hooks.Hook
	unapproved []*hooks.Hook
	auditErr   error
	// check is the spawn-time check of the approved handlers' scripts.
	check func(*hooks.Hook) error
	// real, choice and sup as in runSetup.
	real   bool
	always bool
	choice hooks.RunChoice
	sup    sandbox.Config
}

// prepareClaude plans the run and reviews the planned handlers off the UI
// thread, then asks about unapproved ones or starts the run.
func (v *dryRunView) prepareClaude() {
	p := v.project
	input, err := parsePayload(v.payload.Text)
	if err != nil {
		return
	}
	pctx, err := v.claudePlanContext(input)
	if err != nil {
		v.status.SetText(shown(err.Error()))
		return
	}
	s := &claudeRunSetup{event: v.selectedEvent(), input: input, pctx: pctx, single: v.pickedHook(), real: v.realNext}
	v.realNext = false
	policy := hooks.SandboxPolicy{Always: v.alwaysSandbox() || v.sandboxOnce}
	s.always = policy.Always
	v.sandboxOnce = false
	s.label = string(s.event) + claudeContextLabel(pctx)
	v.clearResults()
	v.status.SetText("Planning…")
	v.setRunning(&dryRun{id: v.runID})
	v.thread.Go(func() {
		if s.single != nil {
			s.planned = []*hooks.Hook{s.single}
		} else if plan := p.Claude.Registry.Plan(s.event, s.pctx); plan != nil {
			s.planned = plan.Hooks
		}
		rep, err := auditClaude(p) // the store as it is now: approvals made since the load count
		s.unapproved, s.auditErr, s.check = claude.Unapproved(rep, s.planned), err, claude.ScriptCheck(rep)
		s.sup = supervisorFor(p, p.Claude.Snapshot.Paths.ConfigDir)
		if !s.real {
			s.choice = chooseRun(s.sup, policy, s.planned, s.unapproved)
		}
		v.thread.Do(func() { v.confirmAndStartClaude(s) })
	})
}

// confirmAndStartClaude runs the plan, after asking when it holds project,
// local or plugin handlers that are not approved; declining runs nothing.
func (v *dryRunView) confirmAndStartClaude(s *claudeRunSetup) {
	if v.run == nil || v.run.id != v.runID {
		return // cancelled while planning
	}
	if len(s.planned) == 0 {
		v.setRunning(nil)
		v.status.SetText("")
		v.verdict.SetText(s.label + ": no handler runs; Claude Code goes ahead.")
		v.showClaudeNotes(s, nil)
		return
	}
	switch {
	case s.real || len(s.choice.Held) > 0 && !s.always:
		s.choice = hooks.SandboxPolicy{Confirmed: true}.Choose(s.planned, s.unapproved, nil)
	case len(s.choice.Held) > 0:
		v.setRunning(nil)
		v.status.SetText("Nothing was run: the sandbox was asked for, and " + s.choice.Unavailable + ".")
		return
	default:
		v.startClaude(s)
		return
	}
	if len(s.unapproved) == 0 {
		v.startClaude(s)
		return
	}
	names := pathNamer{project: v.project.Dir, home: v.project.Home}
	var lines []string
	for _, h := range s.unapproved {
		lines = append(lines, fmt.Sprintf("%s  (%s, %s)", shown(hookTitle(h)), h.Origin.Layer, shown(names.place(h.Origin.File, h.Origin.Line, 0)))+riskSuffix(h, v.project.Dir))
	}
	var readErr string
	if s.auditErr != nil {
		readErr = fmt.Sprintf("the store cannot be read: %v", s.auditErr)
	}
	if !s.real && s.choice.Unavailable != "" {
		readErr = strings.TrimSpace(readErr + "\nThey cannot run in the sandbox: " + s.choice.Unavailable)
	}
	v.confirmUnapproved("Run unapproved handlers?", "These handlers are not approved in Hookwarden's store:",
		lines, readErr, func() { v.startClaude(s) })
}

// startClaude runs s with Claude Code's runner off the UI thread; each
// result fills its card as it arrives, and the verdict follows.
func (v *dryRunView) startClaude(s *claudeRunSetup) {
	p := v.project
	ctx, cancel := context.WithCancel(context.Background())
	run := &dryRun{id: v.runID, cancel: cancel, done: make(chan struct{})}
	v.setRunning(run)
	v.status.SetText(fmt.Sprintf("Running %s…", plural(len(s.planned), "handler")))
	v.showCards(&hooks.Plan{Event: s.event, Hooks: s.planned})
	snap := p.Claude.Snapshot
	runner := &claude.Runner{
		Env:        p.Env,
		ProjectDir: snap.ProjectDir,
		ConfigDir:  snap.Paths.ConfigDir,
		Check:      s.check,
		Isolation:  hooks.Isolation{Supervisor: s.sup, Sandboxed: s.choice.IsSandboxed},
		OnResult: func(i int, r *claude.RunResult) {
			res := *r
			v.thread.Do(func() { v.showClaudeResult(run.id, i, &res) })
		},
	}
	req := claude.RunRequest{Event: s.event, Hooks: s.planned, Input: s.input}
	v.thread.Go(func() {
		out := runner.Run(ctx, req)
		cancel()
		close(run.done)
		v.thread.Do(func() { v.finishClaude(run.id, s, &out) })
	})
}

// showClaudeResult fills card i of run id as its handler finishes.
func (v *dryRunView) showClaudeResult(id, i int, r *claude.RunResult) {
	if id != v.runID || i < 0 || i >= len(v.cards) {
		return
	}
	v.cards[i].showClaude(r)
	v.countDone()
}

// finishClaude shows the outcome of run id: the final results, the merged
// decision in words and the event's warnings.
func (v *dryRunView) finishClaude(id int, s *claudeRunSetup, out *claude.RunOutcome) {
	if id != v.runID {
		return
	}
	v.setRunning(nil)
	for i := range out.Results {
		if i < len(v.cards) {
			v.cards[i].showClaude(&out.Results[i])
		}
	}
	mode := " at once"
	if len(out.Results) < 2 {
		mode = ""
	}
	v.status.SetText(fmt.Sprintf("%s ran%s in %s.", plural(len(out.Results), "handler"), mode, formatDuration(out.Duration)))
	v.verdict.SetText(shown(out.Decision.Headline))
	v.verdict.Importance = claudeEffectImportance(out.Decision.Effect)
	v.verdict.Refresh()
	v.showClaudeNotes(s, out.Decision.Details)
	v.warnings.RemoveAll()
	for _, w := range out.Warnings {
		if w.Index < 0 {
			v.warnings.Add(warningLine(w.Message))
		}
	}
	v.relayout()
}

// showClaudeNotes lists the decision's details and how the run differs
// from a real Claude Code session.
func (v *dryRunView) showClaudeNotes(s *claudeRunSetup, details []string) {
	lines := append([]string{}, details...)
	if s.single != nil {
		lines = append(lines, "Only "+hookTitle(s.single)+" ran; Claude Code runs every matching handler of the event at once.")
		if s.single.Status != hooks.StatusRuns {
			lines = append(lines, "Claude Code would not run this handler: "+s.single.Reason)
		}
	}
	switch n := len(s.choice.Sandboxed); {
	case n > 0:
		lines = append(lines, fmt.Sprintf("%s ran in the sandbox: nothing they wrote reached your files and nothing they sent left this machine; "+
			"Claude Code would run them for real, without asking.", plural(n, "handler")))
	case len(s.unapproved) > 0:
		lines = append(lines, fmt.Sprintf("%s not approved in Hookwarden's store ran after your confirmation; "+
			"Claude Code runs them without asking.", plural(len(s.unapproved), "handler")))
	}
	v.setVerdictDetail(lines)
}

func claudeEffectImportance(effect string) widget.Importance {
	switch effect {
	case claude.EffectBlocked, claude.EffectStopped:
		return widget.DangerImportance
	case claude.EffectAsks, claude.EffectDefers:
		return widget.WarningImportance
	}
	return widget.MediumImportance
}
