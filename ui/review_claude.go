package ui

import (
	"errors"
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// auditClaude reviews p's Claude Code handlers against Hookwarden's store
// (claude.Audit), reading the store again.
func auditClaude(p *project) (*claude.Report, error) {
	c := p.Claude
	if c.Store.Dir == "" {
		return nil, errors.Join(errors.New("Hookwarden's store cannot be located"), c.StoreErr)
	}
	return claude.Audit(c.Snapshot, c.Registry.Hooks, c.Store)
}

// applyClaude shows an audit of p's Claude Code handlers; a result for a
// project no longer on screen is dropped.
func (v *reviewView) applyClaude(p *project, rep *claude.Report, err error) {
	if p != v.project {
		return
	}
	v.setBusy(false)
	v.report = nil
	v.problems.RemoveAll()
	if err != nil {
		v.claudeReport = nil
		v.summary.SetText("Could not review the Claude Code handlers: " + shown(err.Error()))
		v.summary.Importance = widget.DangerImportance
		v.rebuildItems()
		v.showError("Could not review the Claude Code handlers", err)
		return
	}
	v.summary.Importance = widget.MediumImportance
	v.claudeReport = rep
	v.showUnreadable()
	if n := len(rep.Disabled); n > 0 {
		v.problems.Add(&widget.Label{Text: fmt.Sprintf("%s disabled by Hookwarden (kept in its store; switch them on in the Hooks tab).",
			plural(n, "handler")), Wrapping: fyne.TextWrapWord})
	}
	v.rebuildItems()
}

// claudeHooksOf returns the registry's handlers with the given IDs.
func claudeHooksOf(p *project, ids ...string) []*hooks.Hook {
	var out []*hooks.Hook
	for _, id := range ids {
		if h := p.Claude.Registry.Hook(id); h != nil {
			out = append(out, h)
		}
	}
	return out
}

// approveClaude records approvals for the handlers with the given IDs,
// or for every reviewed handler when there are none ('hookwarden trust
// --agent claude --all'), as reviewed: it is refused when a script of one
// of them changed since the reviews on screen.
func (v *reviewView) approveClaude(done string, reviewed []trust.HookReview, ids ...string) {
	all := len(ids) == 0
	v.writeClaude(done, func(p *project) error {
		if err := recheckClaude(p, reviewed); err != nil {
			return err
		}
		hs := claudeHooksOf(p, ids...)
		if all {
			hs = nil
			for _, h := range p.Claude.Registry.Hooks {
				if claude.Reviewed(h) {
					hs = append(hs, h)
				}
			}
		}
		if len(hs) == 0 {
			return errors.New("the handler is no longer in the project; reload and try again")
		}
		_, err := claude.Approve(p.Claude.Snapshot, hs, p.Claude.Store, v.now())
		return err
	})
}

// revokeClaude removes the approval with the given fingerprint.
func (v *reviewView) revokeClaude(done, fingerprint string) {
	v.writeClaude(done, func(p *project) error {
		_, err := claude.Revoke(p.Claude.Snapshot.ProjectDir, []string{fingerprint}, p.Claude.Store)
		return err
	})
}

// writeClaude runs change off the UI thread with a backup of Hookwarden's
// store, then reviews again, moves the selection on and says in the toast
// what was written, with Undo; a failed change is shown in a dialog.
func (v *reviewView) writeClaude(done string, change func(*project) error) {
	p := v.project
	if p == nil || p.Claude == nil || v.blocked() {
		return
	}
	next, acted := v.nextKey(), v.selectedKey
	v.setWriting(true)
	v.thread.Go(func() {
		var err error
		if p.Claude.Store.Dir == "" {
			err = errors.Join(errors.New("Hookwarden's store cannot be located"), p.Claude.StoreErr)
		}
		w := backedUpWrite([]string{p.Claude.Store.Path()}, err, func() error { return change(p) })
		w.acted = acted
		rep, aerr := auditClaude(p)
		v.thread.Do(func() {
			v.setWriting(false)
			v.movedTo(next, w.err)
			v.applyClaude(p, rep, aerr)
			v.afterWrite(p, done, w, "Nothing was approved or revoked")
		})
	})
}
