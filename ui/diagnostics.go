package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// diagnosticLine is one finding: a severity icon, the place and the message.
type diagnosticLine struct {
	diag  hooks.Diagnostic
	icon  *widget.Icon
	label *widget.Label
}

func newDiagnosticLine(d hooks.Diagnostic, names pathNamer) *diagnosticLine {
	text := d.Message
	if place := names.place(d.File, d.Line, d.Column); place != "" {
		text = place + ": " + d.Message
	}
	return &diagnosticLine{
		diag:  d,
		icon:  widget.NewIcon(severityIcon(d.Severity)),
		label: &widget.Label{Text: shown(text), Wrapping: fyne.TextWrapWord, Importance: severityImportance(d.Severity)},
	}
}

func severityIcon(s hooks.Severity) fyne.Resource {
	switch s {
	case hooks.SeverityCritical, hooks.SeverityFatal, hooks.SeverityError:
		return theme.NewErrorThemedResource(theme.ErrorIcon())
	case hooks.SeverityWarning:
		return theme.NewWarningThemedResource(theme.WarningIcon())
	}
	return theme.InfoIcon()
}

func severityImportance(s hooks.Severity) widget.Importance {
	switch s {
	case hooks.SeverityCritical, hooks.SeverityFatal, hooks.SeverityError:
		return widget.DangerImportance
	case hooks.SeverityWarning:
		return widget.WarningImportance
	}
	return widget.MediumImportance
}

func (l *diagnosticLine) buildUI() fyne.CanvasObject {
	return container.NewBorder(nil, nil, l.icon, nil, l.label)
}

// fileProblems lists what belongs to no hook: the project's file-level
// diagnostics (parse errors with file:line:column, unknown event names, an
// unknown entry in a list of disabled hooks, …), the settings files the
// agent skips although they exist (an insecure system file, the project
// file of a project that is the home folder) and what else the agent says
// about its files (agents.FileNoter: a store it cannot use, the demo). It
// is a collapsible section, open when it holds an error.
type fileProblems struct {
	lines     []*diagnosticLine
	item      *widget.AccordionItem
	accordion *widget.Accordion
	view      fyne.CanvasObject // the accordion, measured afresh (accordionFit)
}

func newFileProblems(p *project, names pathNamer) *fileProblems {
	fp := &fileProblems{}
	if p.proj == nil {
		return fp
	}
	for _, d := range p.proj.Diagnostics() {
		if d.HookID == "" {
			fp.add(d, names)
		}
	}
	for _, l := range p.proj.Layers() {
		if l.State != agents.FileIgnored || !l.Exists || l.Owner != "" {
			continue // an extension or plugin switched off is no problem
		}
		d := hooks.Diagnostic{Severity: hooks.SeverityWarning, Message: l.Note}
		if !strings.Contains(l.Note, l.Path) {
			d.File = l.Path // a note that names its file is shown as it is
		}
		fp.add(d, names)
	}
	if n, ok := p.proj.(agents.FileNoter); ok {
		for _, d := range n.FileNotes(p.Demo != nil) {
			fp.add(d, names)
		}
	}
	return fp
}

func (fp *fileProblems) add(d hooks.Diagnostic, names pathNamer) {
	fp.lines = append(fp.lines, newDiagnosticLine(d, names))
}

// title is "Problems in settings files (1 error, 2 warnings)".
func (fp *fileProblems) title() string {
	n := map[hooks.Severity]int{}
	for _, l := range fp.lines {
		n[l.diag.Severity]++
	}
	var parts []string
	if c := n[hooks.SeverityCritical] + n[hooks.SeverityFatal] + n[hooks.SeverityError]; c > 0 {
		parts = append(parts, plural(c, "error"))
	}
	if c := n[hooks.SeverityWarning]; c > 0 {
		parts = append(parts, plural(c, "warning"))
	}
	if c := n[hooks.SeverityInfo]; c > 0 {
		parts = append(parts, plural(c, "note"))
	}
	return "Problems in settings files (" + strings.Join(parts, ", ") + ")"
}

func (fp *fileProblems) hasErrors() bool {
	for _, l := range fp.lines {
		if s := l.diag.Severity; s == hooks.SeverityCritical || s == hooks.SeverityFatal || s == hooks.SeverityError {
			return true
		}
	}
	return false
}

// buildUI returns nil when there is nothing to report.
func (fp *fileProblems) buildUI() fyne.CanvasObject {
	if len(fp.lines) == 0 {
		return nil
	}
	var objs []fyne.CanvasObject
	for _, l := range fp.lines {
		objs = append(objs, l.buildUI())
	}
	fp.item = &widget.AccordionItem{Title: fp.title(), Detail: container.NewVBox(objs...), Open: fp.hasErrors()}
	fp.accordion = widget.NewAccordion(fp.item)
	fp.view = container.New(&accordionFit{acc: fp.accordion}, fp.accordion)
	return fp.view
}

// accordionFit lays out one widget.Accordion and measures its open
// details again each time it is asked its size. The Accordion keeps the
// size it measured first, and a wrapped line knows its height only once it
// has its width: the open "Problems in settings files" of one agent's
// demo project at 800×600 was measured for two lines, wrapped to three, and its
// last line was drawn under the heading that follows.
type accordionFit struct {
	acc     *widget.Accordion
	details fyne.Size // what the open details measured last
}

func (l *accordionFit) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l *accordionFit) MinSize([]fyne.CanvasObject) fyne.Size {
	var d fyne.Size
	for _, it := range l.acc.Items {
		if it.Open && it.Detail != nil {
			m := it.Detail.MinSize()
			d = fyne.NewSize(max(d.Width, m.Width), d.Height+m.Height)
		}
	}
	if d != l.details {
		l.details = d
		l.acc.Refresh() // drops the size it keeps and lays the details out again
	}
	return l.acc.MinSize()
}
