package ui

import (
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// reviewView is the Review tab: the agent's trust review of the hooks the
// project controls (agents.Reviewer.Review), the folder-trust decision,
// and the actions that write the agent's trust store (Approve, Revoke,
// the repair of a store the agent cannot use). Files are written only
// when a button is clicked, off the UI thread; the view reviews again
// after every write.
type reviewView struct {
	window fyne.Window
	thread uiThread
	now    func() time.Time
	// onFolderTrustChanged runs after trustedFolders.json was written: the
	// window reloads the project, whose folder trust (and so the status of
	// every settings hook) changed.
	onFolderTrustChanged func()
	// onTabChanged runs after the tab's label or icon changed.
	onTabChanged func()
	// onTrustChanged runs after an approval, a revocation or a repair:
	// the window reloads, so that the banner, the header's counts and the
	// Files tab follow.
	onTrustChanged func()
	// onOpenStartFolder opens the review of a start folder below the top
	// (showStartFolders); nil: the folders are not listed.
	onOpenStartFolder func(dir string)
	// onSandboxRun dry-runs the selected hook in the sandbox (the Dry run
	// tab does it); sandboxRun is its button.
	onSandboxRun func(id string, event hooks.Event)
	sandboxRun   *keyButton
	// traceApprove traces the selected hook in the sandbox and approves
	// it with what it read (review_trace.go).
	traceApprove *keyButton

	project *project
	// review is the review on screen (nil while none is).
	review *agents.Review
	// items are the rows of the list (trusted hooks only when showTrusted).
	items       []reviewItem
	selectedKey string
	// busy is set while an audit runs, writing while a trust file is
	// written; the buttons wait for both.
	busy, writing bool
	// autoSelect selects the first row when the next audit is shown: only
	// for a project (or agent) newly on screen.
	autoSelect bool
	// armed is false for a moment after a write moved the selection to the
	// next item, so that a second click on Approve cannot approve a hook
	// nobody looked at; arm re-arms it after that moment (armGen drops a
	// stale re-arm). A selection the user makes arms it at once.
	armed  bool
	armGen int
	arm    func(func())
	// selecting is set while the view selects a row itself.
	selecting bool
	// shownKey is the item whose detail is on screen, with every script
	// of it shown in full when shownComplete.
	shownKey      string
	shownComplete bool
	// onDisable switches the hook with the given ID off, as the Hooks
	// tab's switch does.
	onDisable func(hookID string)
	// disableable reports whether the hook with the given ID can be
	// switched off now.
	disableable func(hookID string) bool
	// lastSummary is the summary dialog on screen (for tests).
	lastSummary *summaryDialog

	tab      *container.TabItem
	folder   *folderBanner
	problems *fyne.Container
	// notes are what the agent says about the project's hooks and the
	// hooks Hookwarden switched off, in a scroll no taller than a fifth of
	// the window (the list keeps its room on a small screen).
	notes         *fyne.Container
	summary       *widget.Label
	showTrusted   *widget.Check
	list          *keyList
	detail        *reviewDetail
	approveButton *keyButton
	approveAll    *keyButton
	revokeButton  *keyButton
	disableButton *keyButton
	toast         *toast
	hint          *widget.RichText
	progress      *widget.ProgressBarInfinite
	content       fyne.CanvasObject
}

func newReviewView(w fyne.Window, thread uiThread) *reviewView {
	v := &reviewView{window: w, thread: thread, now: time.Now, armed: true, toast: newToast(),
		summary:  &widget.Label{Text: "Open a project to review its hooks.", Wrapping: fyne.TextWrapWord},
		problems: container.NewVBox(),
		notes:    container.NewVBox(),
		detail:   newReviewDetail(),
		progress: widget.NewProgressBarInfinite(),
	}
	v.folder = newFolderBanner(v.onSetFolderTrust)
	v.hint = newNote("", fyne.TextWrapWord)
	v.hint.Hide()
	v.detail.onSeen = v.updateButtons
	v.showTrusted = widget.NewCheck("Show trusted hooks", func(bool) { v.rebuildItems() })
	v.list = newKeyList(func() int { return len(v.items) }, newReviewListRow,
		func(id widget.ListItemID, o fyne.CanvasObject) { updateReviewListRow(o, v.items[id]) }, v.onSelected)
	v.list.onRight = v.focusDetail
	v.approveButton = newButton("Approve", theme.ConfirmIcon(), widget.HighImportance, v.onApprove)
	v.approveAll = newButton("Approve all", theme.ConfirmIcon(), widget.MediumImportance, v.onApproveAll)
	v.revokeButton = newButton("Revoke", theme.ContentRemoveIcon(), widget.MediumImportance, v.onRevoke)
	v.sandboxRun = v.newSandboxRunButton()
	v.traceApprove = v.newTraceApproveButton()
	v.disableButton = newButton("Disable", theme.MediaPauseIcon(), widget.MediumImportance, v.onDisableSelected)
	v.arm = func(f func()) { time.AfterFunc(armDelay, func() { thread.Do(f) }) }
	v.progress.Hide()
	v.tab = container.NewTabItemWithIcon("Review", theme.VisibilityIcon(), nil)
	v.updateButtons()
	return v
}

// tabItem is the Review tab; its label carries the number of hooks that
// need review.
func (v *reviewView) tabItem() *container.TabItem {
	if v.content == nil {
		v.content = v.buildUI()
		v.tab.Content = v.content
	}
	return v.tab
}

func (v *reviewView) buildUI() fyne.CanvasObject {
	listHead := container.NewBorder(nil, nil, nil, container.NewHBox(v.traceApprove, v.showTrusted), v.summary)
	split := container.NewHSplit(v.list, v.detail.buildUI())
	split.Offset = 0.36
	// The hint has its own full-width row above the buttons: beside them
	// it wrapped to four lines at 800×600 and took the list's room.
	actions := container.NewVBox(v.hint, container.NewBorder(nil, nil, nil,
		container.NewHBox(v.sandboxRun, v.revokeButton, v.disableButton, v.approveAll, v.approveButton),
		v.progress))
	capped := &cappedHeight{content: v.notes, limit: v.notesLimit}
	notes := container.New(capped, container.NewVScroll(v.notes))
	top := container.NewVBox(v.folder.buildUI(), v.problems, notes, listHead)
	box, reflow := newReflowBorder(top, container.NewVBox(v.toast.buildUI(), widget.NewSeparator(), actions), split)
	capped.grew = reflow.relayout
	return box
}

// show audits p (a freshly loaded project) and shows the result.
func (v *reviewView) show(p *project) {
	if v.project == nil || !sameProject(v.project, p) {
		v.autoSelect = true
		v.toast.hide() // its Undo belongs to the project that was on screen
	}
	v.project = p
	v.folder.show(p)
	// The load audited the project a moment ago: show that audit rather
	// than read every script again (writes audit afresh).
	if p.Review != nil {
		v.apply(p, p.Review, nil)
	} else {
		v.refresh()
	}
}

// focusDetail gives the keyboard to the detail: Page Down and End scroll
// it to its end, where Approve unlocks.
func (v *reviewView) focusDetail() {
	if v.window != nil {
		v.window.Canvas().Focus(v.detail.keys)
	}
}

// focusList gives the keyboard to the list (the tab was brought up).
func (v *reviewView) focusList() {
	if v.window != nil && len(v.items) > 0 {
		v.window.Canvas().Focus(v.list)
	}
}

// approveShortcut is Ctrl+Enter on the tab: Approve, when it is enabled.
func (v *reviewView) approveShortcut() {
	if !v.approveButton.Disabled() {
		v.onApprove()
	}
}

// armDelay is how long Approve waits after a write moved the selection.
const armDelay = 700 * time.Millisecond

// disarm keeps Approve off until arm calls back.
func (v *reviewView) disarm() {
	v.armed = false
	v.armGen++
	gen := v.armGen
	v.arm(func() {
		if gen == v.armGen {
			v.armed = true
			v.updateButtons()
		}
	})
	v.updateButtons()
}

// showLoading clears the view while the window loads a project.
func (v *reviewView) showLoading() {
	v.project, v.review, v.items = nil, nil, nil
	v.summary.SetText("Reading the project…")
	v.problems.RemoveAll()
	v.detail.clear()
	v.list.Refresh()
	v.setTabCount(0)
	v.updateButtons()
}

// showOpenError says that no project could be opened.
func (v *reviewView) showOpenError(err error) {
	v.showLoading()
	v.summary.SetText("Could not open the project: " + shown(err.Error()))
}

// refresh reviews the project again, off the UI thread.
func (v *reviewView) refresh() {
	p := v.project
	if p == nil {
		return
	}
	v.setBusy(true)
	v.thread.Go(func() {
		r, err := reviewProject(p)
		v.thread.Do(func() { v.apply(p, r, err) })
	})
}

// apply shows a review of p; a result for a project no longer on screen
// is dropped.
func (v *reviewView) apply(p *project, r *agents.Review, err error) {
	if p != v.project {
		return
	}
	v.setBusy(false)
	if err != nil {
		v.review = nil
		v.summary.SetText("Could not review the hooks: " + shown(err.Error()))
		v.summary.Importance = widget.DangerImportance
		v.rebuildItems()
		// a review that could not be made is never clean: the tab counts
		// it, as the agent switch does
		v.setTabCount(1 + startFoldersCount(p) + len(projectSwitchOffs(p)))
		v.showError("Could not review the hooks", err)
		return
	}
	v.summary.Importance = widget.MediumImportance
	v.review = r
	v.showProblems()
	v.rebuildItems()
}

// countNeedingReview counts the reviewed hooks on screen that are not
// plainly trusted.
func (v *reviewView) countNeedingReview() int {
	n := 0
	for _, h := range v.reviewedHooks() {
		if h.NeedsReview() {
			n++
		}
	}
	return n
}

// unreadable are the files of the review on screen that cannot be read:
// each counts as needing review.
func (v *reviewView) unreadable() []settingsio.FileError {
	if v.review == nil {
		return nil
	}
	return v.review.Unreadable
}

// showUnreadable lists the files that cannot be read above the list.
func (v *reviewView) showUnreadable() {
	names := v.names()
	for _, e := range v.unreadable() {
		v.problems.Add(&widget.Label{Text: shown(names.place(e.Path, e.Line, e.Column)+": "+e.Message) +
			" — its hooks cannot be reviewed until the file is fixed.", Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance})
	}
}

// reviewedHooks are the reviews of the hooks on screen.
func (v *reviewView) reviewedHooks() []*trust.HookReview {
	var out []*trust.HookReview
	if v.review != nil {
		for i := range v.review.Hooks {
			out = append(out, &v.review.Hooks[i].HookReview)
		}
	}
	return out
}

// hasReport reports whether a review is on screen.
func (v *reviewView) hasReport() bool { return v.review != nil }

func (v *reviewView) setTabCount(n int) {
	text, icon := "Review", theme.VisibilityIcon()
	if n > 0 {
		text = fmt.Sprintf("Review (%d)", n)
		icon = theme.NewWarningThemedResource(theme.WarningIcon())
	}
	if v.tab.Text == text {
		return
	}
	v.tab.Text, v.tab.Icon = text, icon
	if v.onTabChanged != nil {
		v.onTabChanged()
	}
}

func (v *reviewView) setBusy(busy bool) {
	v.busy = busy
	v.showProgress()
}

// setWriting marks a write to a trust file in progress.
func (v *reviewView) setWriting(writing bool) {
	v.writing = writing
	v.showProgress()
}

// blocked reports whether an audit or a write is in progress.
func (v *reviewView) blocked() bool { return v.busy || v.writing }

func (v *reviewView) showProgress() {
	if v.blocked() {
		v.progress.Show()
		v.progress.Start()
	} else {
		v.progress.Stop()
		v.progress.Hide()
	}
	v.updateButtons()
}

// showWarnings lists what the agent itself says about the project's hooks
// (Review.Warnings) above the list, as the audit does: after the agent's
// heading when they are not sentences of their own (Gemini CLI's warning
// names the hooks: one line of names, which the window has room for),
// else one sentence a line.
func (v *reviewView) showWarnings() {
	v.notes.RemoveAll()
	r := v.review
	if r == nil || len(r.Warnings) == 0 {
		return
	}
	if r.Words.Warnings != "" {
		items := make([]string, 0, len(r.Warnings))
		for _, w := range r.Warnings {
			items = append(items, shown(w))
		}
		v.notes.Add(&widget.Label{Text: shown(r.Words.Warnings) + " " + strings.Join(items, " · "),
			Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance})
		return
	}
	for _, w := range r.Warnings {
		v.notes.Add(&widget.Label{Text: shown(w), Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance})
	}
}

// showDisabled lists the hooks Hookwarden switched off by moving them out
// of the agent's files (Review.Disabled): they are not in the list, and
// the Hooks tab switches them back on.
func (v *reviewView) showDisabled() {
	r := v.review
	if r == nil || len(r.Disabled) == 0 {
		return
	}
	names := v.names()
	lines := make([]string, 0, len(r.Disabled))
	for _, d := range r.Disabled {
		lines = append(lines, "• "+shown(d.Event+" "+d.Label)+" ("+shown(names.name(d.File))+")")
	}
	head := fmt.Sprintf("Switched off by Hookwarden (%d, not listed below; the Hooks tab switches them back on):", len(r.Disabled))
	v.notes.Add(&widget.Label{Text: head + "\n" + strings.Join(lines, "\n"), Wrapping: fyne.TextWrapWord})
}

// notesLimit is the most height the notes take: a fifth of the window,
// at least 90 (they scroll beyond).
func (v *reviewView) notesLimit() float32 {
	if v.window == nil {
		return 90
	}
	return max(90, v.window.Canvas().Size().Height/5)
}

// cappedHeight lays out one object (a scroll of content) as tall as
// content wants, up to limit().
// The content's wrapped labels know their height only once they have a
// width: when a layout finds it other than the height given, grew lays
// the parent out again.
type cappedHeight struct {
	content fyne.CanvasObject
	limit   func() float32
	grew    func()
	given   float32
}

func (c *cappedHeight) height() float32 {
	if len(c.content.(*fyne.Container).Objects) == 0 {
		return 0
	}
	return min(c.content.MinSize().Height, c.limit())
}

func (c *cappedHeight) MinSize(objects []fyne.CanvasObject) fyne.Size {
	c.given = c.height()
	return fyne.NewSize(0, c.given)
}

func (c *cappedHeight) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objects {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
	if h := c.height(); h != c.given && c.grew != nil {
		c.given = h
		c.grew()
	}
}
