package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/hooks"
)

// hookRow shows one hook: status and name, where it comes from, what it
// runs, why it has its status, and the diagnostics about it.
type hookRow struct {
	hook   *hooks.Hook
	status *badge
	name   *widget.Label
	layer  *badge
	origin *widget.RichText
	// command is nil when the name already is the command.
	command *widget.Label
	details *widget.Label
	reason  *widget.Label
	diags   []*diagnosticLine
	box     *fyne.Container
}

func newHookRow(h *hooks.Hook, names pathNamer) *hookRow {
	r := &hookRow{
		hook:   h,
		status: newBadge(statusText(h.Status), statusColor(h.Status)),
		name:   &widget.Label{Text: h.DisplayName(), TextStyle: fyne.TextStyle{Bold: true}, Truncation: fyne.TextTruncateEllipsis},
		layer:  newBadge(layerText(h.Origin.Layer), layerColor(h.Origin.Layer)),
		origin: newNote(originText(h, names), fyne.TextWrapOff),
		reason: &widget.Label{Text: h.Reason, Wrapping: fyne.TextWrapWord, Importance: reasonImportance(h.Status)},
	}
	if h.Name != "" && h.Command != "" {
		r.command = &widget.Label{Text: h.Command, TextStyle: fyne.TextStyle{Monospace: true}, Truncation: fyne.TextTruncateEllipsis}
	}
	details := hookDetails(h)
	if h.Description != "" {
		if details != "" {
			details = h.Description + " · " + details
		} else {
			details = h.Description
		}
	}
	if details != "" {
		r.details = &widget.Label{Text: details, Wrapping: fyne.TextWrapWord}
	}
	for _, d := range h.Diagnostics {
		r.diags = append(r.diags, newDiagnosticLine(d, names))
	}
	return r
}

func originText(h *hooks.Hook, names pathNamer) string {
	s := names.place(h.Origin.File, h.Origin.Line, h.Origin.Column)
	if h.Origin.Extension != "" {
		s = h.Origin.Extension + ": " + s
	}
	return s
}

// reasonImportance colours the reason of a hook that will not run as Gemini
// might expect; a running hook's reason stays plain (its badge is green, and
// the theme's success green is hard to read on a light background).
func reasonImportance(s hooks.Status) widget.Importance {
	switch s {
	case hooks.StatusInvalid:
		return widget.DangerImportance
	case hooks.StatusBlockedUntrustedFolder, hooks.StatusDuplicate:
		return widget.WarningImportance
	}
	return widget.MediumImportance
}

func (r *hookRow) buildUI() fyne.CanvasObject {
	top := container.NewBorder(nil, nil, r.status, container.NewHBox(r.layer, r.origin), r.name)
	var lines []fyne.CanvasObject
	if r.command != nil {
		lines = append(lines, r.command)
	}
	if r.details != nil {
		lines = append(lines, r.details)
	}
	if r.hook.Reason != "" && !r.reasonInDiagnostics() {
		lines = append(lines, r.reason)
	}
	for _, d := range r.diags {
		lines = append(lines, d.buildUI())
	}
	r.box = container.NewVBox(top, container.NewBorder(nil, nil, indent(), nil, container.NewVBox(lines...)))
	return r.box
}

// reasonInDiagnostics reports whether a diagnostic already says the reason
// (with its place), so the row need not say it twice.
func (r *hookRow) reasonInDiagnostics() bool {
	for _, d := range r.hook.Diagnostics {
		if d.Message == r.hook.Reason {
			return true
		}
	}
	return false
}

// indent is the blank space that sets a hook's details off from its name.
func indent() fyne.CanvasObject {
	r := canvas.NewRectangle(color.Transparent)
	r.SetMinSize(fyne.NewSize(18, 0))
	return r
}
