package ui

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/hooks"
)

// header shows which project is open, the agent whose hooks the tabs show
// (a switch), and the settings that decide whether any hook runs: folder
// trust and hooksConfig.enabled (Gemini CLI), or Claude Code's folder flag,
// disableAllHooks and allowManagedHooksOnly.
type header struct {
	agent       *widget.RadioGroup
	title       *widget.Label
	demo        *badge
	path        *widget.Label
	demoNotice  *widget.Label
	trustIcon   *widget.Icon
	trust       *widget.Label
	enabledIcon *widget.Icon
	enabled     *widget.Label
	counts      *widget.Label
	// trustLine and enabledLine are the facts on one line each (cut with
	// an ellipsis); details shows them in full, wrapped, when toggled.
	trustLine   *widget.Label
	enabledLine *widget.Label
	details     *fyne.Container
	more        *widget.Button
}

func newHeader(onAgent func(hooks.Agent)) *header {
	h := &header{
		agent:       newAgentSwitch(onAgent),
		title:       &widget.Label{Text: "Hookwarden", TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText},
		demo:        newBadge("DEMO", colorAmber),
		path:        &widget.Label{Selectable: true, Truncation: fyne.TextTruncateEllipsis, TextStyle: fyne.TextStyle{Monospace: true}},
		demoNotice:  &widget.Label{Truncation: fyne.TextTruncateEllipsis, Importance: widget.WarningImportance},
		trustIcon:   widget.NewIcon(nil),
		trust:       &widget.Label{Wrapping: fyne.TextWrapWord},
		enabledIcon: widget.NewIcon(nil),
		enabled:     &widget.Label{Wrapping: fyne.TextWrapWord},
		counts:      &widget.Label{TextStyle: fyne.TextStyle{Bold: true}},
		trustLine:   &widget.Label{Truncation: fyne.TextTruncateEllipsis},
		enabledLine: &widget.Label{Truncation: fyne.TextTruncateEllipsis},
	}
	h.more = &widget.Button{Icon: theme.MenuExpandIcon(), Importance: widget.LowImportance, OnTapped: h.toggleDetails}
	h.demo.Hide()
	h.demoNotice.Hide()
	return h
}

func (h *header) buildUI(actions fyne.CanvasObject) fyne.CanvasObject {
	// Compact: two rows — the project, the agent switch and the actions;
	// then folder trust, whether hooks run and the counts, each on one line.
	// The full texts unfold under them (the button at the end of the row),
	// so that the tabs below keep most of the window.
	agent := container.NewCenter(container.NewHBox(key("Agent"), h.agent))
	titleRow := container.NewBorder(nil, nil, container.NewHBox(h.title, container.NewCenter(h.demo)), container.NewHBox(agent, actions), h.path)
	facts := container.NewGridWithColumns(2,
		container.NewBorder(nil, nil, container.NewHBox(h.trustIcon, key("Folder trust")), nil, h.trustLine),
		container.NewBorder(nil, nil, container.NewHBox(h.enabledIcon, key("Hooks")), nil, h.enabledLine))
	factsRow := container.NewBorder(nil, nil, nil, container.NewHBox(h.counts, h.more), facts)
	h.details = container.New(layout.NewFormLayout(),
		key("Folder trust"), h.trust,
		key("Hooks"), h.enabled,
	)
	h.details.Hide()
	return container.NewVBox(titleRow, factsRow, h.demoNotice, h.details)
}

// toggleDetails unfolds or folds the full texts of the facts.
func (h *header) toggleDetails() {
	if h.details.Visible() {
		h.details.Hide()
		h.more.SetIcon(theme.MenuExpandIcon())
	} else {
		h.details.Show()
		h.more.SetIcon(theme.MenuDropUpIcon())
	}
}

// setFacts shows the folder trust and the hooks switch, on one line each
// and in full.
func (h *header) setFacts(trust, enabled string) {
	h.trust.SetText(trust)
	h.trustLine.SetText(trust)
	h.enabled.SetText(enabled)
	h.enabledLine.SetText(enabled)
}

// key is the name of one fact in the header.
func key(text string) *widget.Label {
	return &widget.Label{Text: text, TextStyle: fyne.TextStyle{Bold: true}}
}

func okIcon(ok bool) fyne.Resource {
	if ok {
		return theme.NewSuccessThemedResource(theme.ConfirmIcon())
	}
	return theme.NewWarningThemedResource(theme.WarningIcon())
}

func (h *header) showLoading(dir string) {
	h.path.SetText(shown(dir))
}

func (h *header) show(p *project) {
	names := pathNamer{project: p.Dir, home: p.Home}
	h.agent.SetSelected(agentName(p.Agent))
	h.title.SetText(shown(filepath.Base(p.Dir)))
	h.path.SetText(shown(p.Dir))
	if p.Demo != nil {
		h.demo.Show()
		h.demoNotice.SetText(fmt.Sprintf("No hooks in %s, so this is Hookwarden's built-in DEMO project: "+
			"a temporary copy with its own home, system settings and extension. "+
			"Your own Gemini CLI and Claude Code files are not read or changed.", p.Requested))
		h.demoNotice.Show()
	} else {
		h.demo.Hide()
		h.demoNotice.Hide()
	}
	if p.Claude != nil {
		h.showClaude(p.Claude, names)
		return
	}
	r := p.Registry
	h.trustIcon.SetResource(okIcon(r.Snapshot.FolderTrust.Trusted()))
	h.enabledIcon.SetResource(okIcon(r.HooksEnabled))
	h.setFacts(shown(trustText(r.Snapshot.FolderTrust, names)), shown(enabledText(r, names)))
	h.counts.SetText(countsText(r.Hooks))
}

func trustText(t gemini.FolderTrust, names pathNamer) string {
	s := string(t.State)
	if s == "" {
		s = "unknown"
	}
	if t.Reason != "" {
		s += " — " + t.Reason
	}
	if t.Err != nil {
		s += " (" + names.place(t.Err.Path, t.Err.Line, t.Err.Column) + ": " + t.Err.Msg + ")"
	}
	if !t.Trusted() {
		s += ". Gemini CLI runs no settings hooks here, only extension hooks."
	}
	return s
}

func enabledText(r *gemini.Registry, names pathNamer) string {
	state := "on"
	if !r.HooksEnabled {
		state = "off"
	}
	if r.HooksEnabledBy == "" {
		return state + " — Gemini CLI's default (hooksConfig.enabled is not set)"
	}
	return state + " — hooksConfig.enabled in " + names.name(r.HooksEnabledBy)
}

// countsText is "9 hooks: 5 runs, 1 disabled, …" in a fixed status order.
func countsText(hs []*hooks.Hook) string {
	order := []hooks.Status{hooks.StatusRuns, hooks.StatusDuplicate, hooks.StatusDisabled,
		hooks.StatusInvalid, hooks.StatusBlockedUntrustedFolder, hooks.StatusHooksOff,
		claude.StatusBlockedByPolicy, claude.StatusNeverRuns}
	n := map[hooks.Status]int{}
	for _, h := range hs {
		n[h.Status]++
	}
	var parts []string
	for _, s := range order {
		if n[s] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n[s], s))
		}
	}
	if len(parts) == 0 {
		return plural(len(hs), "hook")
	}
	return plural(len(hs), "hook") + ": " + strings.Join(parts, ", ")
}
