package ui

import (
	"time"
)

// closeWait is how long closing the window waits for a cancelled run's
// hooks to be killed.
const closeWait = 3 * time.Second

// sameProject reports whether a and b are the same folder shown for the
// same agent (b a reload of a).
func sameProject(a, b *project) bool { return a.Dir == b.Dir && a.Agent == b.Agent }

// refreshInPlace takes in a reload of the project on screen: the trust
// note and the hook choices follow the files, while the chosen event, the
// hook input, the results and a run in progress stay. A run still waiting
// for its plan or a confirmation is cancelled: what it would run may have
// changed with the files.
func (v *dryRunView) refreshInPlace(p *project) {
	waiting := v.run != nil && v.run.cancel == nil
	if waiting {
		v.abandonRun()
	}
	if !v.setProject(p) {
		return
	}
	picked := ""
	if h := v.pickedHook(); h != nil {
		picked = h.ID
	}
	v.refreshing = true
	v.listHookChoices()
	for i, h := range v.choices {
		if h.ID == picked {
			v.hookPick.SetSelectedIndex(i + 1)
			break
		}
	}
	v.refreshing = false
	switch {
	case waiting:
		v.status.SetText("Cancelled: the project's files changed before the run started; press Run again.")
	case v.run == nil && len(v.cards) == 0:
		v.showPlanPreview()
	}
}

// abandonRun stops the run in progress, if any, and closes an open
// confirmation: its hooks are killed, its late results dropped, and the
// view is ready for the next run. It reports whether a run was stopped.
func (v *dryRunView) abandonRun() bool {
	r := v.run
	if r != nil {
		v.runID++ // before the dialog closes: its answer is stale now
		if r.cancel != nil {
			r.cancel()
		}
		v.setRunning(nil)
	}
	v.closeConfirm()
	return r != nil
}

// closeConfirm closes the open confirmation without acting on it.
func (v *dryRunView) closeConfirm() {
	if d := v.confirm; d != nil {
		v.confirm = nil
		d.Hide()
	}
}

// stop ends the run in progress as the window closes, waiting up to wait
// for its hooks to be killed, so that none outlives the app.
func (v *dryRunView) stop(wait time.Duration) {
	r := v.run
	v.abandonRun()
	if r == nil || r.done == nil {
		return
	}
	select {
	case <-r.done:
	case <-time.After(wait):
	}
}
