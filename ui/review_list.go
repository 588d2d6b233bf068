package ui

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/trust"
)

// reviewItem is one row of the review list: a workspace hook, or a trusted
// key that matches no hook any more.
type reviewItem struct {
	hook *trust.HookReview
	gone string
}

func (it reviewItem) key() string {
	if it.hook != nil {
		return it.hook.Key
	}
	return it.gone
}

func (it reviewItem) label() string {
	if it.hook != nil {
		return it.hook.Label
	}
	return it.gone
}

// trusted reports whether the item's key is in trusted_hooks.json (so it
// can be revoked).
func (it reviewItem) trusted() bool {
	return it.hook == nil || it.hook.Status == trust.StatusTrusted || it.hook.Status == trust.StatusScriptChanged
}

func (it reviewItem) statusText() string {
	if it.hook == nil {
		return "GONE"
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
	case trust.StatusScriptChanged:
		return colorRed
	}
	return colorGrey
}

// where is the event and matcher of a hook.
func (it reviewItem) where() string {
	if it.hook == nil {
		return "trusted_hooks.json"
	}
	if it.hook.Matcher != "" {
		return it.hook.Event + " · " + it.hook.Matcher
	}
	return it.hook.Event
}

// rebuildItems lists the hooks that need review first (in settings order),
// then the trusted ones when they are shown, then the gone keys; it keeps
// the selection when its key is still listed.
func (v *reviewView) rebuildItems() {
	v.items = nil
	hidden := 0
	if rep := v.report; rep != nil {
		for i := range rep.Hooks {
			if rep.Hooks[i].NeedsReview() {
				v.items = append(v.items, reviewItem{hook: &rep.Hooks[i]})
			}
		}
		for i := range rep.Hooks {
			if rep.Hooks[i].NeedsReview() {
				continue
			}
			if v.showTrusted.Checked {
				v.items = append(v.items, reviewItem{hook: &rep.Hooks[i]})
			} else {
				hidden++
			}
		}
		for _, k := range rep.Gone {
			v.items = append(v.items, reviewItem{gone: k})
		}
	}
	v.list.UnselectAll()
	v.list.Refresh()
	n := countNeedingReview(v.report)
	v.setTabCount(n)
	if v.report != nil {
		v.summary.SetText(reviewSummary(v.report, n, hidden))
	}
	sel := -1
	for i, it := range v.items {
		if it.key() == v.selectedKey {
			sel = i
			break
		}
	}
	if sel < 0 && len(v.items) > 0 {
		sel = 0
	}
	if sel >= 0 {
		v.list.Select(sel) // calls onSelected
		if sel == 0 {
			v.list.ScrollToTop()
		}
	} else {
		v.selectedKey = ""
		v.detail.clear()
		if v.report != nil && len(v.report.Hooks) == 0 {
			v.detail.showMessage("This project has no workspace hooks: there is nothing to review. " +
				"Hooks from the user, system and extension settings are not checked by Gemini CLI's hook trust.")
		} else if v.report != nil {
			v.detail.showMessage("Every workspace hook is trusted. Tick “Show trusted hooks” to see them.")
		}
	}
	v.updateButtons()
}

// reviewSummary is the line above the list.
func reviewSummary(rep *trust.Report, n, hidden int) string {
	total := len(rep.Hooks)
	var s string
	switch {
	case total == 0:
		s = "No workspace hooks."
	case n == 0:
		s = fmt.Sprintf("All %s trusted.", plural(total, "workspace hook"))
	default:
		s = fmt.Sprintf("%d of %s need review.", n, plural(total, "workspace hook"))
	}
	if hidden > 0 {
		s += fmt.Sprintf(" %d trusted hidden.", hidden)
	}
	if g := len(rep.Gone); g > 0 {
		s += fmt.Sprintf(" %s no longer in use.", plural(g, "trusted key"))
	}
	return s
}

func (v *reviewView) onSelected(id widget.ListItemID) {
	if id < 0 || id >= len(v.items) {
		return
	}
	it := v.items[id]
	v.selectedKey = it.key()
	v.detail.show(it, v.project)
	v.updateButtons()
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
	enable := func(b *widget.Button, on bool) {
		if on && !v.busy && v.report != nil {
			b.Enable()
		} else {
			b.Disable()
		}
	}
	enable(v.approveButton, ok && it.hook != nil && it.hook.NeedsReview())
	enable(v.approveAll, countNeedingReview(v.report) > 0)
	enable(v.revokeButton, ok && it.trusted())
	if n := countNeedingReview(v.report); n > 0 {
		v.approveAll.SetText(fmt.Sprintf("Approve all (%d)", n))
	} else {
		v.approveAll.SetText("Approve all")
	}
}

// newReviewListRow is the list row template: status badge and label,
// the event and matcher under them.
func newReviewListRow() fyne.CanvasObject {
	status := newBadge("SCRIPT CHANGED", colorGrey)
	name := &widget.Label{Text: "hook", Truncation: fyne.TextTruncateEllipsis}
	where := newNote("BeforeTool", fyne.TextWrapOff)
	where.Truncation = fyne.TextTruncateEllipsis
	top := container.NewBorder(nil, nil, container.NewHBox(status), nil, name)
	return container.NewVBox(top, container.NewBorder(nil, nil, indent(), nil, where))
}

func updateReviewListRow(o fyne.CanvasObject, it reviewItem) {
	rows := o.(*fyne.Container).Objects
	top := rows[0].(*fyne.Container)
	name := top.Objects[0].(*widget.Label)
	status := top.Objects[1].(*fyne.Container).Objects[0].(*badge)
	where := rows[1].(*fyne.Container).Objects[0].(*widget.RichText)
	status.Text, status.Color = it.statusText(), it.statusColor()
	status.Refresh()
	name.TextStyle.Monospace = it.hook == nil || it.hook.Name == ""
	name.SetText(it.label())
	setNote(where, it.where())
}
