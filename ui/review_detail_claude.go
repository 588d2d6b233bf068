package ui

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/trust"
)

// claudeStatusMeaning says what a review status means for a Claude Code
// handler, which Claude Code itself never reviews.
var claudeStatusMeaning = map[trust.HookStatus]string{
	trust.StatusNew: "Hookwarden has no approval for this handler. Claude Code runs it without asking once the folder is " +
		"trusted (and always under claude -p). Read it, then approve it.",
	trust.StatusChanged: "The handler at this place changed since it was approved. Claude Code runs the new version " +
		"without any warning.",
	trust.StatusScriptChanged: "Approved, but a script it runs changed since. Claude Code runs the new version " +
		"without any warning.",
	trust.StatusTrusted: "Approved in Hookwarden's store, and no script it runs changed since.",
	trust.StatusDefinitionChanged: "Approved, but the project's settings changed what it runs (see below). Claude Code " +
		"runs it with the new settings without any warning.",
}

const claudeGoneMeaning = "This approval in Hookwarden's store matches no handler of the project any more (the handler " +
	"was removed or changed). Revoke it so that the handler is reviewed again if it comes back."

// showClaude fills the panel with a Claude Code review item: what its
// status means, where the handler is, its fingerprint, what it runs, the
// diff against the approved version and its scripts.
func (d *reviewDetail) showClaude(it reviewItem, names pathNamer) bool {
	if ap := it.goneApproval; ap != nil {
		d.content.Add(&widget.Label{Text: claudeGoneMeaning, Wrapping: fyne.TextWrapWord})
		rows := detailField("Was at", detailMono(names.name(ap.File)+"  ·  "+ap.Event+" group "+strconv.Itoa(ap.Group)+", handler "+strconv.Itoa(ap.Index)))
		rows = append(rows, detailField("Approved", detailText(ap.ApprovedAt))...)
		rows = append(rows, detailField("Fingerprint", detailMono(it.gone))...)
		d.content.Add(detailForm(rows...))
		return true
	}
	h, c := it.hook, it.claude
	d.content.Add(&widget.Label{Text: claudeStatusMeaning[h.Status], Wrapping: fyne.TextWrapWord, Importance: trustMeaningImportance(h.Status)})
	where := names.place(c.File, h.Line, h.Column) + "  ·  " + h.Event
	if h.Matcher != "" {
		where += "  ·  matcher " + h.Matcher
	}
	d.content.Add(badgeLine(newBadge(layerText(c.Layer), layerColor(c.Layer)), where))
	var rows []fyne.CanvasObject
	if c.Plugin != "" {
		rows = append(rows, detailField("Plugin", detailText(c.Plugin))...)
	}
	rows = append(rows, detailField("Type", detailText(h.Type))...)
	rows = append(rows, detailField("Fingerprint", detailMono(h.Key))...)
	d.content.Add(detailForm(rows...))
	d.showFieldChanges(h)
	if h.Status == trust.StatusChanged {
		d.content.Add(detailSection("Handler — changes since it was approved"))
		d.commandDiff = newDiffView(diffWords, h.CommandDiff)
		d.content.Add(d.commandDiff)
		d.content.Add(newNote("Approved before: "+shown(h.PreviousCommand), fyne.TextWrapBreak))
	} else {
		d.content.Add(detailSection("Runs"))
		d.content.Add(detailMono(h.Command))
	}
	return d.showScripts(h, names)
}
