package ui

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// onApprove trusts the selected hook, as reviewed: it is refused when a
// script of the hook changed since the review on screen.
func (v *reviewView) onApprove() {
	it, ok := v.selected()
	if !ok || it.hook == nil || v.blocked() || !v.approvable() {
		return
	}
	if it.risk != nil && it.risk.Level == risk.LevelCritical {
		confirmCritical(v.window, "“"+it.label()+"”", criticalFindings(*it.risk), func() { v.approveItem(it) })
		return
	}
	v.approveItem(it)
}

// approveItem trusts one hook (after any confirmation).
func (v *reviewView) approveItem(it reviewItem) {
	if v.blocked() {
		return
	}
	reviewed := []trust.HookReview{*it.hook}
	done := "Approved “" + shown(it.label()) + "”"
	id := it.hook.HookID
	unwatched := unwatchedOf(reviewed)
	confirmUnwatched(v.window, unwatched, func() {
		v.write(done, func(p *project) error {
			_, err := p.proj.Approve(context.Background(), agents.ApproveRequest{IDs: []string{id}, Reviewed: reviewed, AcceptUnwatched: len(unwatched) > 0})
			return err
		})
	})
}

// onApproveAll trusts every workspace hook, as 'hookwarden trust --all',
// after a summary of what will start running and a confirmation.
func (v *reviewView) onApproveAll() {
	if v.blocked() || v.project == nil || !v.hasReport() || v.countNeedingReview() == 0 {
		return
	}
	var crit []risk.Finding
	n := 0
	all, _ := v.reviewItems()
	for _, it := range all {
		if it.risk != nil && it.risk.Level == risk.LevelCritical && it.hook.NeedsReview() {
			crit = append(crit, criticalFindings(*it.risk)...)
			n++
		}
	}
	if n > 0 {
		confirmCritical(v.window, strconv.Itoa(n)+" of these hooks", crit, v.approveAllNow)
		return
	}
	v.approveAllNow()
}

// approveAllNow trusts every hook (after any confirmation).
func (v *reviewView) approveAllNow() {
	if v.blocked() || v.project == nil || !v.hasReport() {
		return
	}
	var reviewed []trust.HookReview
	for _, h := range v.reviewedHooks() {
		reviewed = append(reviewed, *h)
	}
	p := v.project
	v.confirmApproveAll(func() {
		if v.project != p || v.blocked() {
			return // another project, or a write started meanwhile
		}
		v.approveAllReviewed(reviewed)
	})
}

// approveAllReviewed approves every hook, as the reviews on screen show
// them.
func (v *reviewView) approveAllReviewed(reviewed []trust.HookReview) {
	n := 0
	for _, h := range reviewed {
		if h.NeedsReview() {
			n++
		}
	}
	done := "Approved " + plural(n, v.reviewNoun())
	unwatched := unwatchedOf(reviewed)
	confirmUnwatched(v.window, unwatched, func() {
		v.write(done, func(p *project) error {
			_, err := p.proj.Approve(context.Background(), agents.ApproveRequest{All: true, Reviewed: reviewed, AcceptUnwatched: len(unwatched) > 0})
			return err
		})
	})
}

// onRevoke removes the approval of the selected item from the trust store.
func (v *reviewView) onRevoke() {
	it, ok := v.selected()
	if !ok || !it.trusted() || v.blocked() {
		return
	}
	k := it.key()
	done := "Revoked “" + shown(it.label()) + "”"
	v.write(done, func(p *project) error {
		_, err := p.proj.Revoke(context.Background(), agents.RevokeRequest{IDs: []string{k}})
		return err
	})
}

// write runs change off the UI thread with a backup of the files it may
// write, then audits again, moves the selection to the next item and says
// in the toast what was written where, with Undo; a failed change is shown
// in a dialog.
func (v *reviewView) write(done string, change func(*project) error) {
	p := v.project
	if p == nil || p.proj == nil || v.review == nil {
		return
	}
	files := v.review.Files
	next, acted := v.nextKey(), v.selectedKey
	v.toast.writing()
	v.setWriting(true)
	v.thread.Go(func() {
		var err error
		if len(files) == 0 {
			err = errors.New("the review names no file to write")
		}
		w := backedUpWrite(files, err, func() error { return change(p) })
		w.acted = acted
		r, rerr := reviewProject(p)
		v.thread.Do(func() {
			v.setWriting(false)
			v.movedTo(next, w.err)
			v.apply(p, r, rerr)
			v.afterWrite(p, done, w, "Nothing was trusted or revoked")
		})
	})
}

// writtenFiles is the outcome of a write made with a backup.
type writtenFiles struct {
	backup  *settingsio.Backup
	changed []string
	err     error
	// acted is the item that was selected when the write started: Undo
	// selects it again.
	acted string
}

// backedUpWrite backs up files, runs change and records what it changed;
// it runs off the UI thread. A backup that fails stops the write: a write
// that cannot be undone is not made without the user knowing.
func backedUpWrite(files []string, err error, change func() error) writtenFiles {
	if err != nil {
		return writtenFiles{err: err}
	}
	b, err := settingsio.BackUp(files...)
	if err != nil {
		return writtenFiles{err: fmt.Errorf("nothing was written: %w", err)}
	}
	err = change()
	changed, serr := b.Seal()
	if err == nil {
		err = serr
	}
	return writtenFiles{backup: b, changed: changed, err: err}
}

// nextKey is the item after the selected one (before it, for the last),
// where the selection goes after a write.
func (v *reviewView) nextKey() string {
	for i, it := range v.items {
		if it.key() != v.selectedKey {
			continue
		}
		switch {
		case i+1 < len(v.items):
			return v.items[i+1].key()
		case i > 0:
			return v.items[i-1].key()
		}
	}
	return ""
}

// movedTo selects next once the audit after a write is shown (the same
// item when the write failed); Approve waits to be armed again, so that a
// second click cannot approve the next hook before it was seen.
func (v *reviewView) movedTo(next string, err error) {
	if err != nil {
		return
	}
	v.selectedKey = next
	v.disarm()
}

// afterWrite says what a write did in the toast, with Undo when it changed
// files, and tells the window; a failure goes to a dialog.
func (v *reviewView) afterWrite(p *project, done string, w writtenFiles, failTitle string) {
	defer v.trustChanged()
	if w.err != nil {
		v.showError(failTitle, w.err)
		if len(w.changed) == 0 {
			return
		}
	}
	if len(w.changed) == 0 {
		v.toast.show(done+". Nothing had to be written: the files already said so.", nil)
		return
	}
	v.toast.show(done+". Wrote "+v.fileList(w.changed)+".", func() { v.undo(p, done, w) })
}

// undo puts the files of a write back as they were, then audits again.
func (v *reviewView) undo(p *project, done string, w writtenFiles) {
	if v.blocked() || v.project == nil || !sameProject(v.project, p) {
		v.toast.show("Undo is not possible any more: another project is on screen.", nil)
		return
	}
	p = v.project
	v.toast.writing()
	v.setWriting(true)
	v.thread.Go(func() {
		err := w.backup.Restore()
		r, rerr := reviewProject(p)
		v.thread.Do(func() {
			v.setWriting(false)
			if err == nil && w.acted != "" {
				v.selectedKey = w.acted
			}
			v.apply(p, r, rerr)
			defer v.trustChanged()
			if err != nil {
				v.toast.show("Undo failed: "+shown(err.Error()), nil)
				v.showError("Nothing was undone", err)
				return
			}
			v.toast.show("Undone: "+done+". Restored "+v.fileList(w.changed)+" byte for byte.", nil)
		})
	})
}

// fileList names files for the toast.
func (v *reviewView) fileList(files []string) string {
	names := v.names()
	var out []string
	for _, f := range files {
		out = append(out, shown(names.name(f)))
	}
	return strings.Join(out, " and ")
}

// trustChanged tells the window that a trust file was written.
func (v *reviewView) trustChanged() {
	if v.onTrustChanged != nil {
		v.onTrustChanged()
	}
}

// onSetFolderTrust records an answer of the agent's folder trust (one of
// agents.FolderView.Answers; after a confirmation for those that make
// hooks run, the ones with a FolderView.Confirm)
// and has the window load the project again.
func (v *reviewView) onSetFolderTrust(level string) {
	p := v.project
	if p == nil || p.proj == nil || v.review == nil || v.blocked() {
		return
	}
	folder := v.review.Folder
	done := orWords(folder.Labels[level].Done, "Set the folder trust to "+level)
	do := func() {
		v.toast.writing()
		v.setWriting(true)
		v.thread.Go(func() {
			var res *agents.FolderTrustResult
			ft, ok := p.proj.(agents.FolderTruster)
			err := agents.Lacking(p.proj.Agent(), agents.CapFolderTrust)
			if ok {
				res, err = ft.SetFolderTrust(context.Background(), level)
			}
			w := writtenFiles{err: err}
			if res != nil {
				w.backup, w.changed = res.Backup, res.Files
			}
			v.thread.Do(func() {
				v.setWriting(false)
				if w.err != nil {
					v.showError("Folder trust was not changed", w.err)
					return
				}
				if len(w.changed) > 0 {
					v.toast.show(done+". Wrote "+v.fileList(w.changed)+".", func() { v.undo(p, done, w) })
				} else {
					v.toast.show(done+". Nothing had to be written: the files already said so.", nil)
				}
				if v.onFolderTrustChanged != nil {
					v.onFolderTrustChanged()
				}
			})
		})
	}
	if _, confirm := folder.Confirm[level]; !confirm {
		do() // an answer that makes no hook run: no summary needed
		return
	}
	v.confirmFolderTrust(level, func() {
		if v.project == p && !v.blocked() {
			do()
		}
	})
}

// onRepair mends a trust store the agent cannot use (agents.Repairer: a
// backup, then what can be salvaged), after a confirmation.
func (v *reviewView) onRepair() {
	if v.review == nil || v.blocked() {
		return
	}
	var prob *agents.Problem
	for i := range v.review.Problems {
		if v.review.Problems[i].Repair {
			prob = &v.review.Problems[i]
			break
		}
	}
	if prob == nil {
		return
	}
	d := dialog.NewConfirm(prob.RepairTitle, prob.RepairText, func(ok bool) {
		if ok {
			v.repair()
		}
	}, v.window)
	d.SetConfirmText("Back up and repair")
	d.SetDismissText("Cancel")
	showDialog(v.window, d, nil)
}

func (v *reviewView) repair() {
	p := v.project
	if p == nil || p.proj == nil {
		return
	}
	v.toast.writing()
	v.setWriting(true)
	v.thread.Go(func() {
		var res *agents.ApproveResult
		rp, ok := p.proj.(agents.Repairer)
		err := agents.Lacking(p.proj.Agent(), agents.CapRepair)
		if ok {
			res, err = rp.Repair(context.Background())
		}
		r, rerr := reviewProject(p)
		v.thread.Do(func() {
			v.setWriting(false)
			v.apply(p, r, rerr)
			defer v.trustChanged()
			switch {
			case err != nil:
				v.showError("The trust file was not repaired", err)
			case res != nil && res.Backup != "":
				title := "Trust file repaired"
				if len(res.Notes) > 0 {
					title = res.Notes[0]
				}
				showInformation(title, fmt.Sprintf("The old file is kept as %s.\n%s carried over.", res.Backup, plural(res.Salvaged, "project entry")), v.window)
			}
		})
	})
}

// showProblems lists what is wrong with the trust store and the settings:
// first what Repair mends, then the files that cannot be read, then the
// rest.
func (v *reviewView) showProblems() {
	v.problems.RemoveAll()
	if v.review == nil {
		return
	}
	// The agent's critical findings first, in red, each whole with its
	// place (the audit's CRITICAL lines; the banner has room for one).
	names := v.names()
	for _, d := range v.review.Critical {
		d.Severity = hooks.SeverityCritical
		v.problems.Add(newDiagnosticLine(d, names).buildUI())
	}
	for _, pr := range v.review.Problems {
		if pr.Repair {
			msg := &widget.Label{Text: shown(pr.Text), Wrapping: fyne.TextWrapWord, Importance: problemImportance(pr)}
			repair := newButton("Repair…", theme.MediaReplayIcon(), widget.MediumImportance, v.onRepair)
			v.problems.Add(withRightButton(msg, repair))
		}
	}
	v.showUnreadable()
	for _, pr := range v.review.Problems {
		if !pr.Repair {
			v.problems.Add(&widget.Label{Text: shown(pr.Text), Wrapping: fyne.TextWrapWord, Importance: problemImportance(pr)})
		}
	}
	v.showWarnings()
	v.showDisabled()
	v.showStartFolders()
}

func problemImportance(p agents.Problem) widget.Importance {
	if p.Severe {
		return widget.DangerImportance
	}
	return widget.WarningImportance
}

// repairable reports whether the review on screen has a problem Repair
// mends.
func (v *reviewView) repairable() bool {
	if v.review == nil {
		return false
	}
	for _, p := range v.review.Problems {
		if p.Repair {
			return true
		}
	}
	return false
}

// showError explains a failure in a dialog; while the trust store cannot
// be used, the dialog offers to repair it.
func (v *reviewView) showError(title string, err error) {
	var again *agents.ChangedSinceReview
	if errors.As(err, &again) {
		v.showChangedAgain(again)
		return
	}
	if v.repairable() {
		msg := &widget.Label{Text: shown(err.Error()) + "\n\nRepair backs the file up first, then rewrites what can be salvaged.",
			Wrapping: fyne.TextWrapWord}
		d := dialog.NewCustomConfirm(title, "Repair…", "Close", msg, func(ok bool) {
			if ok {
				v.onRepair()
			}
		}, v.window)
		d.Resize(fyne.NewSize(560, 0))
		showDialog(v.window, d, nil)
		return
	}
	showError(fmt.Errorf("%s: %w", title, err), v.window)
}

// borderRight puts right at the right end of center's row.
func withRightButton(center, right fyne.CanvasObject) fyne.CanvasObject {
	return container.NewBorder(nil, nil, nil, container.NewVBox(right), center)
}
