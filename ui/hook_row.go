package ui

import (
	"image/color"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
)

// hookRow shows one hook: its enable switch, status and name, where it
// comes from, what it runs, why it has its status, and the diagnostics
// about it. Tapping it selects it for the details pane.
type hookRow struct {
	hook *hooks.Hook
	// toggle is ticked while the hook is enabled (not in any
	// hooksConfig.disabled); nil for a hook that cannot run at all.
	toggle *hookToggle
	// lock says which read-only file keeps the hook disabled (nil if none).
	lock   *widget.Label
	status *badge
	// risk is the risk badge, riskLine the most serious finding (nil when
	// there is none).
	risk     *badge
	riskLine *widget.Label
	// review says why a project hook needs review (new, changed, script
	// changed, unapproved); nil when it does not.
	review *badge
	// unwatchedLine says what "approved, partly unwatched" means for the
	// hook, as list prints it (nil for any other hook).
	unwatchedLine *widget.Label
	// reach marks a hook of the user's own settings that runs project
	// code or was never traced here, reachLine says how (nil when not).
	reach     *badge
	reachLine *widget.Label
	name      *widget.RichText
	layer     *badge
	origin    *widget.RichText
	// command is nil when the name already is the command.
	command *widget.Label
	details *widget.RichText
	reason  *widget.Label
	diags   []*diagnosticLine
	box     *fyne.Container
	// selectable wraps box; it is what the list shows.
	selectable *selectableBox

	// notes are the agent's lines under the row (agents.ListNoter), as
	// list prints them.
	notes []*widget.Label
}

// rowActions are what a row's controls do.
type rowActions struct {
	// selected is called when the row is tapped.
	selected func(*hooks.Hook)
	// toggled is called when the switch is flipped: enabled is the new state.
	toggled func(h *hooks.Hook, enabled bool)
	// reviewOf is the review of a project hook (false for a hook the
	// review does not cover), for its review badge.
	reviewOf func(h *hooks.Hook) (reviewItem, bool)
	// observer is Hookwarden's own observer hook, which reads as no risk.
	observer agents.Observer
	// riskAgents are the registered agents' facts, for the risk analysis.
	riskAgents risk.Agents
	// reach are, by hook ID, the user's own hooks that reach the project
	// or were never traced here (agents.UserReachOf).
	reach map[string]agents.UserHookReach
}

func newHookRow(h *hooks.Hook, proj agents.Project, sw hookSwitch, names pathNamer, act rowActions) *hookRow {
	title, info := proj.Title(h), proj.Agent()
	r := &hookRow{
		hook:   h,
		status: newBadge(statusText(h.Status), statusColor(info, h.Status)),
		name: symbolText(shown(title), widget.RichTextStyle{TextStyle: fyne.TextStyle{Bold: true}},
			fyne.TextWrapOff, fyne.TextTruncateEllipsis),
		layer:  newBadge(layerText(h.Origin.Layer), layerColor(info, h.Origin.Layer)),
		origin: truncatedNote(shown(originText(h, names))),
		reason: &widget.Label{Text: shown(h.Reason), Wrapping: fyne.TextWrapWord,
			Importance: reasonImportance(h.Status, proj.Agent().Statuses)},
	}
	rep := hookRisk(proj, h, names.project, act.observer, act.riskAgents, trustStateOf(act.reviewOf, h))
	r.risk, r.riskLine = newRiskBadge(rep), firstFindingLabel(rep)
	if act.reviewOf != nil {
		if it, ok := act.reviewOf(h); ok && (it.hook.NeedsReview() || it.hook.Unwatched()) {
			r.review = newBadge(it.statusText(), it.statusColor())
			if line := unwatchedLine(*it.hook); line != "" {
				r.unwatchedLine = &widget.Label{Text: line, Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance}
			}
		}
	}
	if rc, ok := act.reach[h.ID]; ok && reachBadge(rc) != "" {
		r.reach = newBadge(reachBadge(rc), colorAmber)
		r.reachLine = &widget.Label{Text: shown(reachLine(rc)), Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance}
	}
	if n, ok := proj.(agents.ListNoter); ok {
		for _, line := range n.ListNotes(h) {
			if line != "" {
				r.notes = append(r.notes, &widget.Label{Text: shown(line), Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance})
			}
		}
	}
	if h.Command != "" && !strings.Contains(title, h.Command) {
		r.command = &widget.Label{Text: shown(h.Command), TextStyle: fyne.TextStyle{Monospace: true}, Truncation: fyne.TextTruncateEllipsis}
	}
	details := settingsLine(proj.Details(h), false)
	if h.Description != "" {
		if details != "" {
			details = h.Description + " · " + details
		} else {
			details = h.Description
		}
	}
	if details != "" {
		r.details = symbolText(shown(details), widget.RichTextStyle{}, fyne.TextWrapWord, fyne.TextTruncateOff)
	}
	for _, d := range h.Diagnostics {
		r.diags = append(r.diags, newDiagnosticLine(d, names))
	}
	if sw.switchable {
		r.toggle = newHookToggle(sw.enabled)
		if act.toggled != nil {
			r.toggle.OnChanged = func(on bool) { act.toggled(h, on) }
		}
		if sw.locked != "" {
			r.toggle.Disable()
			r.lock = &widget.Label{Text: shown(sw.locked), Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance}
		}
	}
	r.selectable = newSelectableBox(r.buildBox(), func() {
		if act.selected != nil {
			act.selected(h)
		}
	})
	return r
}

func originText(h *hooks.Hook, names pathNamer) string {
	if h.Origin.Extension != "" {
		// The badge says extension or plugin; its name and the file inside
		// it are enough here (the details pane has the whole path).
		inside := filepath.Join(filepath.Base(filepath.Dir(h.Origin.File)), filepath.Base(h.Origin.File))
		return h.Origin.Extension + " · " + pathNamer{}.place(inside, h.Origin.Line, h.Origin.Column)
	}
	return names.place(h.Origin.File, h.Origin.Line, h.Origin.Column)
}

// reasonImportance colours the reason of a hook that will not run as its
// agent might be expected to run it (the agent's own statuses are all
// reasons a hook does not run); a running hook's reason stays plain (its
// badge is green, and the theme's success green is hard to read on a light
// background).
func reasonImportance(s hooks.Status, agentStatuses []hooks.Status) widget.Importance {
	switch {
	case s == hooks.StatusInvalid:
		return widget.DangerImportance
	case s == hooks.StatusBlockedUntrustedFolder, s == hooks.StatusDuplicate, slices.Contains(agentStatuses, s):
		return widget.WarningImportance
	}
	return widget.MediumImportance
}

// settingsLine is the "Settings" facts of a hook's details in one line
// (with the event, or without it for a row under the event's title).
func settingsLine(fields []agents.Field, withEvent bool) string {
	var parts []string
	for _, f := range fields {
		if f.Label == detailsSettings && (withEvent || f.Key != "event") {
			parts = append(parts, f.Value)
		}
	}
	return strings.Join(parts, " · ")
}

func (r *hookRow) buildUI() fyne.CanvasObject { return r.selectable }

func (r *hookRow) buildBox() fyne.CanvasObject {
	badges := container.NewHBox(r.status)
	if r.review != nil {
		badges.Add(r.review)
	}
	if r.reach != nil {
		badges.Add(r.reach)
	}
	badges.Add(r.risk)
	badges.Add(r.layer)
	// The name has its line (after the switch), the badges and the origin
	// the line under it: on one line, at 800x600 the badges of a partly
	// unwatched critical hook and its origin left the name "…" and pushed
	// the list so wide that the details pane beside it was clipped.
	var top fyne.CanvasObject = r.name
	if r.toggle != nil {
		top = container.NewBorder(nil, nil, r.toggle, nil, r.name)
	}
	var lines []fyne.CanvasObject
	lines = append(lines, container.NewBorder(nil, nil, badges, nil, r.origin))
	if r.lock != nil {
		lines = append(lines, container.NewBorder(nil, nil, widget.NewIcon(theme.NewWarningThemedResource(theme.WarningIcon())), nil, r.lock))
	}
	if r.command != nil {
		lines = append(lines, r.command)
	}
	if r.riskLine != nil {
		lines = append(lines, r.riskLine)
	}
	if r.unwatchedLine != nil {
		lines = append(lines, r.unwatchedLine)
	}
	if r.reachLine != nil {
		lines = append(lines, r.reachLine)
	}
	for _, n := range r.notes {
		lines = append(lines, n)
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

// truncatedNote is a one-line note that ends in "…" where it has no room.
func truncatedNote(text string) *widget.RichText {
	n := newNote(text, fyne.TextWrapOff)
	n.Truncation = fyne.TextTruncateEllipsis
	return n
}
