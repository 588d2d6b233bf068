package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// The big buttons — Approve all, Trust folder, Trust parent — make many
// hooks run at once. Each opens a summary first: what will start running,
// with each hook's command and scripts, and runs only on an explicit
// confirmation.

// summaryDialog is the last summary shown (for tests).
type summaryDialog struct {
	dialog  *riskyConfirm
	entries int
	content *fyne.Container
}

// showSummary shows a summary of entries under intro (then footer, when
// not nil), confirmed with confirm; onOK runs on the confirmation.
func (v *reviewView) showSummary(title, intro, confirm string, entries []fyne.CanvasObject, footer fyne.CanvasObject, onOK func()) {
	box := container.NewVBox(&widget.Label{Text: intro, Wrapping: fyne.TextWrapWord})
	for i, e := range entries {
		if i > 0 {
			box.Add(widget.NewSeparator())
		}
		box.Add(e)
	}
	if footer != nil {
		box.Add(widget.NewSeparator())
		box.Add(footer)
	}
	scroll := container.NewVScroll(box)
	size := v.window.Canvas().Size()
	scroll.SetMinSize(fyne.NewSize(min(720, size.Width-120), min(460, size.Height-200)))
	d := newRiskyConfirm(title, confirm, "Cancel", scroll, func(ok bool) {
		v.lastSummary = nil
		if ok {
			onOK()
		}
	}, v.window)
	v.lastSummary = &summaryDialog{dialog: d, entries: len(entries), content: box}
	d.show()
}

// confirmApproveAll lists every hook that needs review before approving
// them all.
func (v *reviewView) confirmApproveAll(onOK func()) {
	names := v.names()
	var entries []fyne.CanvasObject
	for _, it := range v.items {
		if it.hook != nil && it.hook.NeedsReview() {
			entries = append(entries, reviewSummaryEntry(it, names))
		}
	}
	if len(entries) == 0 {
		return
	}
	intro := fmt.Sprintf("Approving records %s as reviewed, as shown below. ", plural(len(entries), v.reviewNoun()))
	if v.review != nil {
		intro += v.review.Words.ApproveAll
	}
	v.showSummary("Approve all?", intro, fmt.Sprintf("Approve %s", plural(len(entries), v.reviewNoun())), entries, nil, onOK)
}

// reviewSummaryEntry is one hook of a summary: status, name and place,
// its command and every script it runs with the script's state.
func reviewSummaryEntry(it reviewItem, names pathNamer) fyne.CanvasObject {
	h := it.hook
	title := symbolText(shown(it.label()), widget.RichTextStyle{TextStyle: fyne.TextStyle{Bold: true}}, fyne.TextWrapBreak, fyne.TextTruncateOff)
	rows := []fyne.CanvasObject{
		container.NewBorder(nil, nil, container.NewVBox(newBadge(it.statusText(), it.statusColor())), nil, title),
		newNote(shown(it.where()), fyne.TextWrapBreak),
	}
	if h.IsCommand {
		rows = append(rows, detailMono(h.Command))
	}
	rows = append(rows, scriptSummary(h, names)...)
	return container.NewVBox(append(rows, summaryRisk(it)...)...)
}

// scriptSummary is one line per script of h: its state and path.
func scriptSummary(h *trust.HookReview, names pathNamer) []fyne.CanvasObject {
	if h.ScriptsError != "" {
		return []fyne.CanvasObject{&widget.Label{Text: "Scripts unknown: " + shown(h.ScriptsError), Wrapping: fyne.TextWrapWord,
			Importance: widget.WarningImportance}}
	}
	var out []fyne.CanvasObject
	for _, s := range h.Scripts {
		path := &widget.Label{Text: shown(names.name(s.Path)), TextStyle: fyne.TextStyle{Monospace: true}, Wrapping: fyne.TextWrapBreak}
		out = append(out, container.NewBorder(nil, nil, container.NewVBox(newBadge(scriptStatusText(s.Status), scriptStatusColor(s))), nil, path))
	}
	return out
}

// confirmFolderTrust lists the hooks that start running once the agent
// trusts the folder (the answers "trust" and "parent") before writing the
// answer: those it holds back now, but not those that stay off even then
// (FolderView.StaysOff), which a note names instead.
func (v *reviewView) confirmFolderTrust(level string, onOK func()) {
	p := v.project
	names := v.names()
	reviews := map[string]reviewItem{}
	all, _ := v.reviewItems()
	for _, it := range all {
		reviews[it.hook.HookID] = it
	}
	held := v.review.Folder.HeldBack
	if held == "" {
		held = hooks.StatusBlockedUntrustedFolder
	}
	var entries []fyne.CanvasObject
	var off []string
	for _, h := range p.proj.Hooks() {
		if h.Status != held {
			continue
		}
		if why, ok := v.review.Folder.StaysOff[h.ID]; ok {
			off = append(off, "•  "+shown(p.proj.Title(h))+" — "+shown(names.shorten(why, h.Origin.File)))
			continue
		}
		entries = append(entries, folderSummaryEntry(p.proj.Title(h), v.review.Folder.Unreviewed, h, reviews, names, p.Info))
	}
	var footer fyne.CanvasObject
	if len(off) > 0 {
		footer = newNote(fmt.Sprintf("Held back now, and still off once trusted (%d):\n%s",
			len(off), strings.Join(off, "\n")), fyne.TextWrapWord)
	}
	folder := v.review.Folder
	c := folder.Confirm[level]
	intro := shown(c.Intro)
	switch {
	case len(entries) == 0 && len(off) > 0:
		intro += "No hook starts running here: every one held back now stays off once trusted (below)."
	case len(entries) == 0:
		intro += folder.None
	default:
		intro += fmt.Sprintf(folder.Starts, plural(len(entries), "hook"))
	}
	v.showSummary(c.Title, intro, c.Button, entries, footer, onOK)
}

// folderSummaryEntry is one hook that a folder trust lets run: its layer,
// event, command and, for a workspace hook, its review and scripts.
func folderSummaryEntry(name, unreviewed string, h *hooks.Hook, reviews map[string]reviewItem, names pathNamer, info agents.Info) fyne.CanvasObject {
	title := symbolText(shown(name), widget.RichTextStyle{TextStyle: fyne.TextStyle{Bold: true}}, fyne.TextWrapBreak, fyne.TextTruncateOff)
	where := string(h.Event)
	if h.Matcher != "" {
		where += " · matcher " + h.Matcher
	}
	where += " · " + names.place(h.Origin.File, h.Origin.Line, h.Origin.Column)
	badges := container.NewHBox(newBadge(layerText(h.Origin.Layer), layerColor(info, h.Origin.Layer)))
	it, reviewed := reviews[h.ID]
	if reviewed {
		badges.Add(newBadge(it.statusText(), it.statusColor()))
	}
	rows := []fyne.CanvasObject{container.NewBorder(nil, nil, badges, nil, title), newNote(shown(where), fyne.TextWrapBreak)}
	if h.Command != "" {
		rows = append(rows, detailMono(h.Command))
	}
	if reviewed {
		rows = append(rows, scriptSummary(it.hook, names)...)
		rows = append(rows, summaryRisk(it)...)
	} else if unreviewed != "" {
		rows = append(rows, newNote(unreviewed, fyne.TextWrapWord))
	}
	return container.NewVBox(rows...)
}

// summaryRisk is the highest finding of the risk analysis of it, the line
// its row in the Hooks tab shows (nothing when there is no finding or no
// analysis).
func summaryRisk(it reviewItem) []fyne.CanvasObject {
	if it.risk == nil {
		return nil
	}
	if l := firstFindingLabel(*it.risk); l != nil {
		return []fyne.CanvasObject{l}
	}
	return nil
}

// names shortens paths of the project on screen.
func (v *reviewView) names() pathNamer {
	if v.project == nil {
		return pathNamer{}
	}
	return pathNamer{project: v.project.Dir, home: v.project.Home}
}
