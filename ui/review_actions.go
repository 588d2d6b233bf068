package ui

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents/claude"
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
	if it.claude != nil {
		v.approveClaude(done, reviewed, it.hook.HookID)
		return
	}
	h := it.hook.ProjectHook
	v.write(done, func(p *project, opts gemini.Options) error {
		if err := recheckGemini(p, opts, reviewed); err != nil {
			return err
		}
		_, err := gemini.Approve(p.Registry.Snapshot, opts, []trust.ProjectHook{h}, v.now())
		return err
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
	if v.project.Claude != nil {
		v.approveClaude(done, reviewed)
		return
	}
	v.write(done, func(p *project, opts gemini.Options) error {
		if err := recheckGemini(p, opts, reviewed); err != nil {
			return err
		}
		all, _ := gemini.ProjectHooks(p.Registry.Snapshot)
		_, err := gemini.Approve(p.Registry.Snapshot, opts, all, v.now())
		return err
	})
}

// onRevoke removes the selected key from trusted_hooks.json and the store.
func (v *reviewView) onRevoke() {
	it, ok := v.selected()
	if !ok || !it.trusted() || v.blocked() {
		return
	}
	k := it.key()
	done := "Revoked “" + shown(it.label()) + "”"
	if v.project != nil && v.project.Claude != nil {
		v.revokeClaude(done, k)
		return
	}
	v.write(done, func(p *project, opts gemini.Options) error {
		return gemini.Revoke(p.Registry.Snapshot, opts, []string{k})
	})
}

// write runs change off the UI thread with a backup of the files it may
// write, then audits again, moves the selection to the next item and says
// in the toast what was written where, with Undo; a failed change is shown
// in a dialog.
func (v *reviewView) write(done string, change func(*project, gemini.Options) error) {
	p := v.project
	if p == nil || p.Registry == nil {
		return
	}
	next, acted := v.nextKey(), v.selectedKey
	v.setWriting(true)
	v.thread.Go(func() {
		var files []string
		opts, err := trustOptions(p)
		if err == nil {
			files = opts.WrittenFiles(p.Registry.Snapshot)
		}
		w := backedUpWrite(files, err, func() error { return change(p, opts) })
		w.acted = acted
		rep, aerr := auditProject(p)
		v.thread.Do(func() {
			v.setWriting(false)
			v.movedTo(next, w.err)
			v.apply(p, rep, aerr)
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
	v.setWriting(true)
	v.thread.Go(func() {
		err := w.backup.Restore()
		var rep *gemini.Report
		var crep *claude.Report
		var aerr error
		if p.Claude != nil {
			crep, aerr = auditClaude(p)
		} else {
			rep, aerr = auditProject(p)
		}
		v.thread.Do(func() {
			v.setWriting(false)
			if err == nil && w.acted != "" {
				v.selectedKey = w.acted
			}
			if p.Claude != nil {
				v.applyClaude(p, crep, aerr)
			} else {
				v.apply(p, rep, aerr)
			}
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

// onSetFolderTrust records an answer in trustedFolders.json (after a
// confirmation for TRUST_PARENT, which trusts every sibling folder too)
// and has the window load the project again.
func (v *reviewView) onSetFolderTrust(level gemini.TrustLevel) {
	p := v.project
	if p == nil || p.Registry == nil || v.blocked() {
		return
	}
	snap := p.Registry.Snapshot
	done := map[gemini.TrustLevel]string{gemini.TrustFolder: "Trusted the folder", gemini.TrustParent: "Trusted the parent folder",
		gemini.DoNotTrust: "Marked the folder as not trusted"}[level]
	do := func() {
		v.setWriting(true)
		v.thread.Go(func() {
			w := backedUpWrite([]string{snap.Paths.TrustedFolders}, nil, func() error {
				return gemini.SetFolderTrust(context.Background(), snap.Paths.TrustedFolders, snap.ProjectDir, level, p.GOOS)
			})
			v.thread.Do(func() {
				v.setWriting(false)
				if w.err != nil {
					v.showError("Folder trust was not changed", w.err)
					return
				}
				if len(w.changed) > 0 {
					v.toast.show(done+". Wrote "+v.fileList(w.changed)+".", func() { v.undo(p, done, w) })
				}
				if v.onFolderTrustChanged != nil {
					v.onFolderTrustChanged()
				}
			})
		})
	}
	if level == gemini.DoNotTrust {
		do() // runs nothing more: no summary needed
		return
	}
	v.confirmFolderTrust(level, func() {
		if v.project == p && !v.blocked() {
			do()
		}
	})
}

// onRepair backs up the unusable trusted_hooks.json and rewrites it with
// what can be salvaged, after a confirmation.
func (v *reviewView) onRepair() {
	if v.report == nil || v.blocked() {
		return
	}
	path := v.report.TrustedHooksFile
	msg := fmt.Sprintf("%s cannot be used by Gemini CLI.\n\nRepair first copies it to %s.corrupt-<time>, "+
		"then rewrites it with every project entry that can still be read.", path, filepath.Base(path))
	d := dialog.NewConfirm("Repair trusted_hooks.json", msg, func(ok bool) {
		if ok {
			v.repair(path)
		}
	}, v.window)
	d.SetConfirmText("Back up and repair")
	d.SetDismissText("Cancel")
	showDialog(v.window, d, nil)
}

func (v *reviewView) repair(path string) {
	p := v.project
	if p == nil || p.Registry == nil {
		return
	}
	v.setWriting(true)
	v.thread.Go(func() {
		res, err := gemini.RepairTrustedHooks(path, v.now())
		rep, aerr := auditProject(p)
		v.thread.Do(func() {
			v.setWriting(false)
			v.apply(p, rep, aerr)
			defer v.trustChanged()
			switch {
			case err != nil:
				v.showError("The trust file was not repaired", err)
			case res.Backup != "":
				showInformation("trusted_hooks.json repaired",
					fmt.Sprintf("The old file is kept as %s.\n%s carried over.", res.Backup, plural(res.Salvaged, "project entry")), v.window)
			}
		})
	})
}

// showProblems lists what is wrong with the trust and settings files.
func (v *reviewView) showProblems() {
	v.problems.RemoveAll()
	rep := v.report
	if rep == nil {
		return
	}
	if rep.TrustedHooksError != "" {
		msg := &widget.Label{Text: shown(rep.TrustedHooksError) + ". Hookwarden does not write it until it is repaired.",
			Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance}
		repair := &widget.Button{Text: "Repair…", Icon: theme.MediaReplayIcon(), OnTapped: v.onRepair}
		v.problems.Add(withRightButton(msg, repair))
	}
	v.showUnreadable()
	if rep.SettingsError != "" && len(rep.Unreadable) == 0 {
		v.problems.Add(&widget.Label{Text: shown(rep.SettingsError) + " — Gemini CLI refuses to start until it is fixed.",
			Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance})
	}
	if rep.CheckAbort != nil {
		v.problems.Add(&widget.Label{Text: shown(rep.CheckAbort.Reason), Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance})
	}
}

// showError explains a failure in a dialog; a trusted_hooks.json that
// cannot be used gets the offer to repair it.
func (v *reviewView) showError(title string, err error) {
	var again *changedSinceReview
	if errors.As(err, &again) {
		v.showChangedAgain(again)
		return
	}
	if errors.Is(err, gemini.ErrUnusableFile) && v.report != nil && v.report.TrustedHooksError != "" {
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
