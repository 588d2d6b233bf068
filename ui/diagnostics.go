package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
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

// fileProblems lists what belongs to no hook: the registry's file-level
// diagnostics (parse errors with file:line:column, unknown event names, an
// unknown entry in hooksConfig.disabled, …) and the settings files Gemini
// CLI skips although they exist (an insecure system file, the workspace
// file of a project that is the home folder). It is a collapsible section,
// open when it holds an error.
type fileProblems struct {
	lines     []*diagnosticLine
	item      *widget.AccordionItem
	accordion *widget.Accordion
}

// demoSystemNote explains why the demo's system files are skipped.
const demoSystemNote = "In the demo this is expected: its system files sit in a temporary folder that root does not own, " +
	"and Gemini CLI would skip them too. Real system settings live in /etc/gemini-cli and belong to root."

func newFileProblems(p *project, names pathNamer) *fileProblems {
	if p.Claude != nil {
		return newClaudeFileProblems(p.Claude, names)
	}
	fp := &fileProblems{}
	for _, d := range p.Registry.Diagnostics {
		if d.HookID == "" {
			fp.add(d, names)
		}
	}
	systemSkipped := false
	for _, f := range p.Registry.Snapshot.Layers {
		if f == nil || !f.Exists || f.Ignored == "" {
			continue
		}
		fp.add(hooks.Diagnostic{Severity: hooks.SeverityWarning, Message: f.Ignored}, names)
		systemSkipped = systemSkipped || f.Layer == settingsio.LayerSystem || f.Layer == settingsio.LayerSystemDefaults
	}
	if systemSkipped && p.Demo != nil {
		fp.add(hooks.Diagnostic{Severity: hooks.SeverityInfo, Message: demoSystemNote}, names)
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
	return fp.accordion
}

// newClaudeFileProblems lists the Claude Code registry's file-level
// diagnostics (a broken file with line:column, an unknown event, a plugin
// that is enabled but not installed, …), the settings files Claude Code
// skips although they exist, and a store Hookwarden cannot read.
func newClaudeFileProblems(c *claudeProject, names pathNamer) *fileProblems {
	fp := &fileProblems{}
	for _, d := range c.Registry.Diagnostics {
		if d.HookID == "" {
			fp.add(d, names)
		}
	}
	for _, f := range c.Snapshot.Layers {
		if f.Exists && f.Ignored != "" {
			fp.add(hooks.Diagnostic{File: f.Path, Severity: hooks.SeverityWarning, Message: f.Ignored}, names)
		}
	}
	if c.StoreErr != nil {
		fp.add(hooks.Diagnostic{Severity: hooks.SeverityError, Message: "Hookwarden's store cannot be used, so handlers it disabled are not listed: " + c.StoreErr.Error()}, names)
	}
	return fp
}
