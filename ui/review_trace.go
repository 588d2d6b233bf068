package ui

import (
	"context"

	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/trust"
)

// newTraceApproveButton is Review's "Trace & approve": the
// selected hook runs once in the sandbox with its event's sample payload
// (never outside it), and is approved with every file it read or executed
// (agents.TraceAndApprove, as `hookwarden trust --trace`).
func (v *reviewView) newTraceApproveButton() *keyButton {
	b := newButton("Trace & approve", theme.SearchIcon(), widget.MediumImportance, v.onTraceApprove)
	b.Disable()
	return b
}

// onTraceApprove traces and approves the selected hook, as reviewed
// (a critical one after the same confirmation as Approve).
func (v *reviewView) onTraceApprove() {
	it, ok := v.selected()
	if !ok || it.hook == nil || v.blocked() || !v.approvable() || v.review == nil {
		return
	}
	if it.risk != nil && it.risk.Level == risk.LevelCritical {
		confirmCritical(v.window, "“"+it.label()+"”", criticalFindings(*it.risk), func() { v.traceApproveItem(it) })
		return
	}
	v.traceApproveItem(it)
}

// traceApproveItem traces and approves one hook (after any confirmation).
func (v *reviewView) traceApproveItem(it reviewItem) {
	if v.blocked() || v.review == nil {
		return
	}
	var rv *agents.HookReview
	for i := range v.review.Hooks {
		if v.review.Hooks[i].HookID == it.hook.HookID {
			rv = &v.review.Hooks[i]
		}
	}
	if rv == nil {
		return
	}
	picked := []agents.HookReview{*rv}
	picked[0].HookReview = *it.hook
	done := "Traced in the sandbox and approved “" + shown(it.label()) + "” with the files it read"
	// what a trace cannot stand in for (code chosen at run time) needs the
	// same confirmation as Approve
	var untraceable []trust.HookReview
	if left := it.hook.Unresolved; len(left) > 0 {
		h := *it.hook
		h.Unresolved = nil
		for _, u := range left {
			if !u.Traceable {
				h.Unresolved = append(h.Unresolved, u)
			}
		}
		untraceable = unwatchedOf([]trust.HookReview{h})
	}
	confirmUnwatched(v.window, untraceable, func() { v.traceApproveConfirmed(picked, done, len(untraceable) > 0) })
}

// traceApproveConfirmed traces and approves picked once every
// confirmation is given.
func (v *reviewView) traceApproveConfirmed(picked []agents.HookReview, done string, acceptUnwatched bool) {
	v.write(done, func(p *project) error {
		opts := agents.TraceOptions{AcceptUnwatched: acceptUnwatched}
		if dir, err := trust.StoreDirFromEnv(p.Env, p.GOOS); err == nil {
			opts.StoreDir = dir
		}
		if p.agent != nil {
			opts.Events = p.agent.Events()
		}
		_, err := agents.TraceAndApprove(context.Background(), p.proj, picked, opts, false, nil)
		return err
	})
}

// updateTraceApproveButton enables the button as Approve is.
func (v *reviewView) updateTraceApproveButton() {
	if v.traceApprove == nil {
		return
	}
	it, ok := v.selected()
	_, traceable := v.projectTracer()
	if ok && it.hook != nil && it.hook.NeedsReview() && v.approvable() && traceable && !v.blocked() && v.hasReport() {
		v.traceApprove.Enable()
	} else {
		v.traceApprove.Disable()
	}
}

// projectTracer is the project's TraceRecorder, when it has one.
func (v *reviewView) projectTracer() (agents.TraceRecorder, bool) {
	if v.project == nil || v.project.proj == nil {
		return nil, false
	}
	r, ok := v.project.proj.(agents.TraceRecorder)
	return r, ok
}
