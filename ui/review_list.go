package ui

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/trust"
)

// reviewItem is one row of the review list: a reviewed hook, or an
// approval that matches no hook any more.
type reviewItem struct {
	// hook is the shared review (nil for a gone approval); review is the
	// agent's review it belongs to, with where the hook is and the agent's
	// own facts (nil in an item made of a bare review).
	hook   *trust.HookReview
	review *agents.HookReview
	gone   *agents.Gone
	// words are the agent's words for its review (nil: none).
	words *agents.ReviewWords
	// risk is the hook's risk analysis (nil for a gone approval).
	risk *risk.Report
	// reach says how a hook of the user's own settings reaches the
	// project (zero for any other).
	reach agents.UserHookReach
}

// hookItem is the item of the i-th hook of r.
func hookItem(r *agents.Review, i int) reviewItem {
	h := &r.Hooks[i]
	return reviewItem{hook: &h.HookReview, review: h, words: &r.Words, risk: &h.Risk}
}

// goneItem is the item of the i-th gone approval of r.
func goneItem(r *agents.Review, i int) reviewItem {
	return reviewItem{gone: &r.Gone[i], words: &r.Words}
}

func (it reviewItem) key() string {
	switch {
	case it.hook != nil:
		return it.hook.Key
	case it.gone != nil:
		return it.gone.Key
	}
	return ""
}

func (it reviewItem) label() string {
	switch {
	case it.hook != nil:
		return it.hook.Label
	case it.gone != nil:
		return it.gone.Label
	}
	return ""
}

// trusted reports whether the item's key is approved (so it can be
// revoked).
func (it reviewItem) trusted() bool {
	return it.hook == nil || (it.hook.Status != trust.StatusNew && it.hook.Status != trust.StatusChanged)
}

func (it reviewItem) statusText() string {
	if it.hook == nil {
		return "GONE"
	}
	if it.hook.Status == trust.StatusPartlyUnwatched {
		return strings.ToUpper(trust.PartlyUnwatchedLabel)
	}
	return strings.ToUpper(strings.ReplaceAll(string(it.hook.Status), "-", " "))
}

func (it reviewItem) statusColor() color.Color {
	if it.hook == nil {
		return colorGrey
	}
	switch it.hook.Status {
	case trust.StatusTrusted:
		return colorGreen
	case trust.StatusNew:
		return colorAmber
	case trust.StatusChanged:
		return colorOrange
	case trust.StatusScriptChanged, trust.StatusDefinitionChanged:
		return colorRed
	case trust.StatusApprovedOutside:
		return colorOrange
	case trust.StatusPartlyUnwatched:
		return colorAmber
	}
	return colorGrey
}

// where is the event and matcher of a hook (after its layer, when the
// agent's reviewed hooks come from more than one), or where a gone
// approval lives.
func (it reviewItem) where() string {
	switch {
	case it.gone != nil:
		return it.gone.Where
	case it.hook == nil:
		return ""
	}
	s := it.hook.Event
	if it.hook.Matcher != "" {
		s += " · " + it.hook.Matcher
	}
	if it.review != nil && it.words != nil && it.words.Layered {
		s = string(it.review.Layer) + " · " + s
	}
	return s
}

// rebuildItems lists the hooks that need review first (in settings order),
// then the trusted ones when they are shown, then the gone keys; it keeps
// the selection when its key is still listed.
func (v *reviewView) rebuildItems() {
	v.items = nil
	hidden := 0
	all, gone := v.reviewItems()
	for _, it := range all {
		if it.hook.NeedsReview() {
			v.items = append(v.items, it)
		}
	}
	// An approved hook Hookwarden cannot fully watch is no plain trusted
	// one: it stays listed (after those that need review) with its badge,
	// whether or not the trusted hooks are shown.
	unwatched := 0
	for _, it := range all {
		if it.hook.Unwatched() {
			v.items = append(v.items, it)
			unwatched++
		}
	}
	for _, it := range all {
		if it.hook.NeedsReview() || it.hook.Unwatched() {
			continue
		}
		if v.showTrusted.Checked {
			v.items = append(v.items, it)
		} else {
			hidden++
		}
	}
	v.items = append(v.items, gone...)
	v.list.UnselectAll()
	v.list.Refresh()
	n := v.countNeedingReview()
	// the count audit of the same folder gives (what the agent switch
	// says): the start folders below the top included
	below := startFoldersCount(v.project)
	offs := projectSwitchOffs(v.project)
	v.setTabCount(agents.ReviewCount(v.review) + below + len(offs))
	if v.hasReport() {
		// as audit counts them: hooks, and the commands that are not hooks
		// (each with its own partly unwatched ones)
		c := commandCounts(all)
		s := reviewSummary(v.reviewNoun(), len(all)-c.total, len(gone), n-c.needing, unwatched-c.unwatched, hidden, c)
		if below > 0 {
			s += " In the start folders below: " + needsReview(below) + " (above)."
		}
		for _, o := range offs {
			s += " " + switchOffLine(o)
		}
		v.summary.SetText(s)
	}
	sel := -1
	for i, it := range v.items {
		if it.key() == v.selectedKey {
			sel = i
			break
		}
	}
	if sel < 0 && len(v.items) > 0 && v.autoSelect {
		sel = 0
	}
	if v.list.Length() > 0 {
		// Select does nothing for the row already selected: unselect first
		// so the detail of the new audit is drawn.
		v.shownKey = ""
	}
	if v.hasReport() {
		v.autoSelect = false
	}
	if sel >= 0 {
		v.selecting = true
		v.list.Select(sel) // calls onSelected
		v.selecting = false
		if sel == 0 {
			v.list.ScrollToTop()
		}
	} else {
		v.selectedKey = ""
		v.detail.clear()
		switch {
		case len(v.unreadable()) > 0 && len(all) == 0:
			v.detail.showMessage("A settings or hooks file cannot be read (see above), so whatever hooks it holds cannot be " +
				"reviewed: this project is not clean until it is fixed.")
		case v.review != nil && len(all) == 0:
			v.detail.showMessage(v.review.Words.Empty + v.notCleanElsewhere())
		case len(v.items) > 0:
			v.detail.showMessage("Select a " + v.reviewNoun() + " in the list to see what it runs and what changed.")
		case v.hasReport():
			if more := v.notCleanElsewhere(); more != "" {
				v.detail.showMessage("Every " + v.reviewNoun() + " here is trusted (tick “Show trusted hooks” to see them)." + more)
			} else {
				v.detail.showMessage("Every " + v.reviewNoun() + " is trusted. Tick “Show trusted hooks” to see them.")
			}
		}
	}
	v.updateButtons()
}

// notCleanElsewhere is what the empty list's message adds when the
// project still needs review for what the list does not hold: critical
// findings and start folders below the top (both listed above it).
func (v *reviewView) notCleanElsewhere() string {
	var out string
	if v.review != nil && len(v.review.Critical) > 0 {
		out += " But the project is not clean: read the CRITICAL findings above."
	}
	if n := startFoldersCount(v.project); n > 0 {
		out += " In the start folders below the top, " + needsReview(n) + ": open each with its Review button above."
	}
	for _, o := range projectSwitchOffs(v.project) {
		out += " " + switchOffLine(o)
	}
	return out
}

// needsReview is "1 needs review" or "N need review".
func needsReview(n int) string {
	if n == 1 {
		return "1 needs review"
	}
	return strconv.Itoa(n) + " need review"
}

// reviewSummary is the line above the list: total reviews of noun, gone
// keys, n needing review, unwatched approved but partly unwatched ones
// (never counted as trusted) and hidden trusted ones, then the commands
// that are not hooks, counted apart (as audit counts them).
func reviewSummary(noun string, total, gone, n, unwatched, hidden int, commands commandTally) string {
	var s string
	switch {
	case total == 0:
		s = "No " + noun + "s"
	case n == 0 && unwatched == 0:
		s = fmt.Sprintf("All %s trusted", plural(total, noun))
	case n == 0:
		s = fmt.Sprintf("All %s approved; %d %s%s", plural(total, noun), unwatched, trust.PartlyUnwatchedLabel, strictNote)
	default:
		s = fmt.Sprintf("%d of %s need review", n, plural(total, noun))
		if unwatched > 0 {
			s += fmt.Sprintf(", %d %s%s", unwatched, trust.PartlyUnwatchedLabel, strictNote)
		}
	}
	if commands.total > 0 {
		s += fmt.Sprintf("; %d of %s need review", commands.needing, plural(commands.total, "command that is not a hook"))
		if commands.unwatched > 0 {
			s += fmt.Sprintf(", %d %s%s", commands.unwatched, trust.PartlyUnwatchedLabel, strictNote)
		}
	}
	s += "."
	if hidden > 0 {
		s += fmt.Sprintf(" %d trusted hidden.", hidden)
	}
	if gone > 0 {
		s += fmt.Sprintf(" %s no longer in use.", plural(gone, "trusted key"))
	}
	return s
}

// strictNote follows a count of approved but partly unwatched entries: the
// window has no strict mode and counts them 0, but says that the strict
// audit and exec refuse them (they exit 3).
const strictNote = " (hookwarden audit --strict and exec refuse them)"

// commandTally counts the commands that are not hooks (MCP servers,
// helper and tool commands) of a review: all, those that need review and
// those approved but partly unwatched.
type commandTally struct{ total, needing, unwatched int }

// commandCounts is the tally of all's commands that are not hooks.
func commandCounts(all []reviewItem) commandTally {
	var c commandTally
	for _, it := range all {
		if it.review != nil && it.review.Kind != "" {
			c.total++
			if it.hook.NeedsReview() {
				c.needing++
			}
			if it.hook.Unwatched() {
				c.unwatched++
			}
		}
	}
	return c
}

// reviewNoun is what the review lists, in the agent's words.
func (v *reviewView) reviewNoun() string {
	if v.review != nil && v.review.Words.Noun != "" {
		return v.review.Words.Noun
	}
	return "hook"
}

// reviewItems are the items of the review on screen in settings order,
// and its gone approvals.
func (v *reviewView) reviewItems() (hooks, gone []reviewItem) {
	if v.review == nil {
		return nil, nil
	}
	for i := range v.review.Hooks {
		it := hookItem(v.review, i)
		if v.project != nil {
			it.reach = v.project.Reach[it.hook.HookID]
		}
		hooks = append(hooks, it)
	}
	for i := range v.review.Gone {
		gone = append(gone, goneItem(v.review, i))
	}
	return hooks, gone
}

func (v *reviewView) onSelected(id widget.ListItemID) {
	if id < 0 || id >= len(v.items) {
		return
	}
	it := v.items[id]
	v.selectedKey = it.key()
	v.shownComplete = v.detail.show(it, v.project)
	v.shownKey = it.key()
	v.detail.scroll.Refresh() // lays the new content out, so its height is known
	v.detail.scroll.ScrollToTop()
	v.detail.checkSeen()
	if !v.selecting {
		v.armed = true
		v.armGen++
	}
	v.updateButtons()
}

// approvable reports whether Approve may act on the selection: its detail,
// with every script it runs, is on screen, and it was not just moved to.
func (v *reviewView) approvable() bool {
	return v.armed && v.shownComplete && v.detail.seenEnd && v.shownKey != "" && v.shownKey == v.selectedKey
}

// onDisableSelected switches the selected hook off, as its switch in the
// Hooks tab does.
func (v *reviewView) onDisableSelected() {
	it, ok := v.selected()
	if !ok || it.hook == nil || v.blocked() || v.onDisable == nil {
		return
	}
	v.onDisable(it.hook.HookID)
}

// selected is the item shown in the detail panel.
func (v *reviewView) selected() (reviewItem, bool) {
	for _, it := range v.items {
		if it.key() == v.selectedKey {
			return it, true
		}
	}
	return reviewItem{}, false
}

func (v *reviewView) updateButtons() {
	it, ok := v.selected()
	enable := func(b *keyButton, on bool) {
		if on && !v.blocked() && v.hasReport() {
			b.Enable()
		} else {
			b.Disable()
		}
	}
	enable(v.approveButton, ok && it.hook != nil && it.hook.NeedsReview() && v.approvable())
	if ok && it.hook != nil && it.hook.NeedsReview() && v.shownComplete && !v.detail.seenEnd {
		setNote(v.hint, "To approve, scroll the detail (every script it runs) to its end: the wheel, or Right from the list, then End.")
		v.hint.Show()
	} else {
		v.hint.Hide()
	}
	enable(v.disableButton, ok && it.hook != nil && v.disableable != nil && v.disableable(it.hook.HookID))
	enable(v.approveAll, v.countNeedingReview() > 0)
	enable(v.revokeButton, ok && it.trusted())
	v.updateSandboxRunButton()
	v.updateTraceApproveButton()
	if n := v.countNeedingReview(); n > 0 {
		v.approveAll.SetText(fmt.Sprintf("Approve all (%d)", n))
	} else {
		v.approveAll.SetText("Approve all")
	}
}

// newReviewListRow is the list row template: the label on a line of its
// own, the status and risk badges and the event and matcher under it. (The
// badges once stood before the label on its line: at 800x600 "APPROVED,
// PARTLY UNWATCHED" and "CRITICAL" left it no room, and the row showed
// only "…".)
func newReviewListRow() fyne.CanvasObject {
	status := newBadge("SCRIPT CHANGED", colorGrey)
	name := symbolText("hook", widget.RichTextStyle{}, fyne.TextWrapOff, fyne.TextTruncateEllipsis)
	where := newNote("event", fyne.TextWrapOff)
	where.Truncation = fyne.TextTruncateEllipsis
	badges := container.NewHBox(status, newBadge("NO RISK FOUND", colorGrey))
	return container.NewVBox(name, container.NewBorder(nil, nil, badges, nil, where))
}

func updateReviewListRow(o fyne.CanvasObject, it reviewItem) {
	rows := o.(*fyne.Container).Objects
	name := rows[0].(*widget.RichText)
	second := rows[1].(*fyne.Container)
	where := second.Objects[0].(*widget.RichText)
	badges := second.Objects[1].(*fyne.Container)
	status := badges.Objects[0].(*badge)
	status.Text, status.Color = it.statusText(), it.statusColor()
	status.Refresh()
	setSymbolText(name, shown(it.label()), widget.RichTextStyle{TextStyle: fyne.TextStyle{Monospace: it.hook == nil || it.hook.Name == ""}})
	rb := badges.Objects[1].(*badge)
	if it.risk == nil {
		rb.Hide()
	} else {
		rb.Text, rb.Color = riskText(it.risk.Level), riskColor(it.risk.Level)
		rb.Show()
		rb.Refresh()
	}
	setNote(where, shown(reachWhere(it.reach)+it.where()))
}
