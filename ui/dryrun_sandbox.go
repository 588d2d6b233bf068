package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/sandbox"
)

// prefAlwaysSandbox is the preference "always sandbox dry runs".
const prefAlwaysSandbox = "alwaysSandboxDryRuns"

// newSandboxSwitch is the tab's "Sandbox every hook" switch, kept in the
// preferences when there are any.
func (c *runControl) newSandboxSwitch() *widget.Check {
	check := widget.NewCheck("Sandbox every hook", nil)
	if c.prefs != nil {
		check.Checked = c.prefs.BoolWithFallback(prefAlwaysSandbox, false)
	}
	check.OnChanged = func(on bool) {
		if c.prefs != nil {
			c.prefs.SetBool(prefAlwaysSandbox, on)
		}
	}
	return check
}

// alwaysSandbox reports the switch (false before the tab is built).
func (c *runControl) alwaysSandbox() bool {
	return c.sandboxAll != nil && c.sandboxAll.Checked
}

// sandboxBlock is a result card's behaviour report: the summary, then the
// network attempts and the writes outside the project first.
func sandboxBlock(r *sandbox.Report) fyne.CanvasObject {
	if r == nil {
		return &widget.Label{Text: "Ran in the sandbox, but the sandbox gave no report.", Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance}
	}
	box := container.NewVBox()
	title := &widget.Label{Text: "In the sandbox: " + r.Summary(), Wrapping: fyne.TextWrapWord, TextStyle: fyne.TextStyle{Bold: true}}
	switch r.Level {
	case risk.LevelCritical:
		title.Importance = widget.DangerImportance
	case risk.LevelReview:
		title.Importance = widget.WarningImportance
	}
	box.Add(title)
	box.Add(newNote("Nothing it wrote reached your files and nothing it sent left this machine.", fyne.TextWrapWord))
	for _, l := range r.Lines() {
		col, text := colorGrey, "INFO"
		switch l.Level {
		case risk.LevelCritical:
			col, text = colorRed, "CRITICAL"
		case risk.LevelReview:
			col, text = colorAmber, "REVIEW"
		}
		line := &widget.Label{Text: l.Text, Wrapping: fyne.TextWrapWord}
		box.Add(container.NewBorder(nil, nil, newBadge(text, col), nil, line))
		if d := strings.TrimRight(l.Detail, "\n"); d != "" {
			if r := []rune(d); len(r) > 1200 {
				d = string(r[:1200]) + "…"
			}
			detail := &widget.Label{Text: d, TextStyle: fyne.TextStyle{Monospace: true}, Wrapping: fyne.TextWrapBreak, Selectable: true}
			box.Add(container.NewBorder(nil, nil, indent(), nil, detail))
		}
	}
	return box
}
