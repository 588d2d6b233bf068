package ui

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/trust"
)

// onApprove trusts the selected hook, as reviewed: it is refused when a
// script of the hook changed since the review on screen.
func (v *reviewView) onApprove() {
	it, ok := v.selected()
	if !ok || it.hook == nil || v.blocked() {
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
	if it.claude != nil {
		v.approveClaude(reviewed, it.hook.HookID)
		return
	}
	h := it.hook.ProjectHook
	v.write(func(p *project, opts trust.Options) error {
		if err := recheckGemini(p, opts, reviewed); err != nil {
			return err
		}
		_, err := trust.Approve(p.Registry.Snapshot, opts, []trust.ProjectHook{h}, v.now())
		return err
	})
}

// onApproveAll trusts every workspace hook, as 'hookwarden trust --all'.
func (v *reviewView) onApproveAll() {
	if v.blocked() || v.project == nil || !v.hasReport() {
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
		confirmCritical(v.window, plural(n, "of these hooks"), crit, v.approveAllNow)
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
	if v.project.Claude != nil {
		v.approveClaude(reviewed)
		return
	}
	v.write(func(p *project, opts trust.Options) error {
		if err := recheckGemini(p, opts, reviewed); err != nil {
			return err
		}
		all, _ := trust.ProjectHooks(p.Registry.Snapshot)
		_, err := trust.Approve(p.Registry.Snapshot, opts, all, v.now())
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
	if v.project != nil && v.project.Claude != nil {
		v.revokeClaude(k)
		return
	}
	v.write(func(p *project, opts trust.Options) error {
		return trust.Revoke(p.Registry.Snapshot, opts, []string{k})
	})
}

// write runs change off the UI thread, then audits again and shows the
// result, and has the window reload; a failed change is shown in a dialog.
func (v *reviewView) write(change func(*project, trust.Options) error) {
	p := v.project
	if p == nil || p.Registry == nil {
		return
	}
	v.setWriting(true)
	v.thread.Go(func() {
		opts, err := trustOptions(p)
		if err == nil {
			err = change(p, opts)
		}
		rep, aerr := auditProject(p)
		v.thread.Do(func() {
			v.setWriting(false)
			v.apply(p, rep, aerr)
			if err != nil {
				v.showError("Nothing was trusted or revoked", err)
			}
			v.trustChanged()
		})
	})
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
func (v *reviewView) onSetFolderTrust(level trust.TrustLevel) {
	p := v.project
	if p == nil || p.Registry == nil || v.blocked() {
		return
	}
	snap := p.Registry.Snapshot
	do := func() {
		v.setWriting(true)
		v.thread.Go(func() {
			err := trust.SetFolderTrust(context.Background(), snap.Paths.TrustedFolders, snap.ProjectDir, level, p.GOOS)
			v.thread.Do(func() {
				v.setWriting(false)
				if err != nil {
					v.showError("Folder trust was not changed", err)
					return
				}
				if v.onFolderTrustChanged != nil {
					v.onFolderTrustChanged()
				}
			})
		})
	}
	if level != trust.TrustParent {
		do()
		return
	}
	msg := fmt.Sprintf("Trust every folder in %s, not only %s?\n\nGemini CLI will then run the settings hooks of all of them.",
		filepath.Dir(snap.ProjectDir), filepath.Base(snap.ProjectDir))
	d := dialog.NewConfirm("Trust the parent folder", msg, func(ok bool) {
		if ok {
			do()
		}
	}, v.window)
	d.SetConfirmText("Trust parent")
	d.SetDismissText("Cancel")
	d.Show()
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
	d.Show()
}

func (v *reviewView) repair(path string) {
	p := v.project
	if p == nil || p.Registry == nil {
		return
	}
	v.setWriting(true)
	v.thread.Go(func() {
		res, err := trust.RepairTrustedHooks(path, v.now())
		rep, aerr := auditProject(p)
		v.thread.Do(func() {
			v.setWriting(false)
			v.apply(p, rep, aerr)
			defer v.trustChanged()
			switch {
			case err != nil:
				v.showError("The trust file was not repaired", err)
			case res.Backup != "":
				dialog.ShowInformation("trusted_hooks.json repaired",
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
	if rep.SettingsError != "" {
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
	if errors.Is(err, trust.ErrUnusableFile) && v.report != nil && v.report.TrustedHooksError != "" {
		msg := &widget.Label{Text: shown(err.Error()) + "\n\nRepair backs the file up first, then rewrites what can be salvaged.",
			Wrapping: fyne.TextWrapWord}
		d := dialog.NewCustomConfirm(title, "Repair…", "Close", msg, func(ok bool) {
			if ok {
				v.onRepair()
			}
		}, v.window)
		d.Resize(fyne.NewSize(560, 0))
		d.Show()
		return
	}
	d := dialog.NewError(fmt.Errorf("%s: %w", title, err), v.window)
	d.Show()
}

// borderRight puts right at the right end of center's row.
func withRightButton(center, right fyne.CanvasObject) fyne.CanvasObject {
	return container.NewBorder(nil, nil, nil, container.NewVBox(right), center)
}
