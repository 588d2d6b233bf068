package ui

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// header shows which project is open, the agent whose hooks the tabs show
// (a switch), and what the agent says decides whether any hook runs: its
// folder trust and its hooks switches (the Summary's heading facts).
type header struct {
	agent      *agentSwitch
	title      *widget.Label
	demo       *badge
	path       *widget.Label
	demoNotice *widget.Label
	trustIcon  *widget.Icon
	// trustKey and trustKeyFull name the trust fact in the agent's words
	// ("Folder trust", "Project trust").
	trustKey     *widget.Label
	trustKeyFull *widget.Label
	trust        *widget.Label
	enabledIcon  *widget.Icon
	enabled      *widget.Label
	counts       *widget.Label
	// trustLine and enabledLine are the facts on one line each (cut with
	// an ellipsis); details shows them in full, wrapped, when toggled.
	trustLine   *widget.Label
	enabledLine *widget.Label
	details     *fyne.Container
	more        *keyButton
	titleRow    *fyne.Container
	// countsFull is the counts in full, in the unfolded details (the
	// counts on the row are cut when the window is narrow).
	countsFull *widget.Label
	factsRow   *fyne.Container
}

func newHeader(agent *agentSwitch) *header {
	h := &header{
		agent:        agent,
		title:        &widget.Label{Text: "Hookwarden", TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText},
		demo:         newBadge("DEMO", colorAmber),
		path:         &widget.Label{Selectable: true, Truncation: fyne.TextTruncateEllipsis, TextStyle: fyne.TextStyle{Monospace: true}},
		demoNotice:   &widget.Label{Truncation: fyne.TextTruncateEllipsis, Importance: widget.WarningImportance},
		trustIcon:    widget.NewIcon(nil),
		trustKey:     key("Folder trust"),
		trustKeyFull: key("Folder trust"),
		trust:        &widget.Label{Wrapping: fyne.TextWrapWord},
		enabledIcon:  widget.NewIcon(nil),
		enabled:      &widget.Label{Wrapping: fyne.TextWrapWord},
		counts:       &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, Truncation: fyne.TextTruncateEllipsis},
		countsFull:   &widget.Label{Wrapping: fyne.TextWrapWord},
		trustLine:    &widget.Label{Truncation: fyne.TextTruncateEllipsis},
		enabledLine:  &widget.Label{Truncation: fyne.TextTruncateEllipsis},
	}
	h.more = newButton("", theme.MenuExpandIcon(), widget.LowImportance, h.toggleDetails)
	h.demo.Hide()
	h.demoNotice.Hide()
	return h
}

func (h *header) buildUI(actions fyne.CanvasObject) fyne.CanvasObject {
	// Compact: two rows — the project, the agent switch and the actions;
	// then folder trust, whether hooks run and the counts, each on one line.
	// The full texts unfold under them (the button at the end of the row),
	// so that the tabs below keep most of the window.
	// The agent drop-down needs no label: its entries are the agents.
	agent := container.NewCenter(h.agent.Select)
	h.titleRow = container.NewBorder(nil, nil, container.NewHBox(h.title, container.NewCenter(h.demo)), container.NewHBox(agent, actions), h.path)
	facts := container.NewGridWithColumns(2,
		container.NewBorder(nil, nil, container.NewHBox(h.trustIcon, h.trustKey), nil, h.trustLine),
		container.NewBorder(nil, nil, container.NewHBox(h.enabledIcon, key("Hooks")), nil, h.enabledLine))
	h.factsRow = container.New(&factsRowLayout{counts: h.counts}, facts, h.counts, h.more)
	h.details = container.New(layout.NewFormLayout(),
		h.trustKeyFull, h.trust,
		key("Hooks"), h.enabled,
		key("Counts"), h.countsFull,
	)
	h.details.Hide()
	return container.NewVBox(h.titleRow, h.factsRow, h.demoNotice, h.details)
}

// factsRowLayout lays out the header's second row: the facts (folder
// trust, hooks switch), then the counts, then the button that unfolds the
// details. The counts get their full width up to 45% of the row and are
// cut with an ellipsis beyond it (the details have them in full): a
// Border gave them their whole width, so "1 hook: 1
// blocked-untrusted-folder · 1 other command: 1 blocked-untrusted-folder"
// made the window 918 pixels wide at least, and drew the facts over one
// another while it was 800.
type factsRowLayout struct {
	counts *widget.Label
}

// countsWidth is the width the counts take uncut.
func (l *factsRowLayout) countsWidth() float32 {
	th := l.counts.Theme()
	text := fyne.MeasureText(l.counts.Text, th.Size(theme.SizeNameText), l.counts.TextStyle).Width
	return float32(math.Ceil(float64(text+2*th.Size(theme.SizeNameInnerPadding)))) + 1
}

func (l *factsRowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	facts, counts, more := objs[0], objs[1], objs[2]
	pad := theme.Padding()
	mw := more.MinSize().Width
	cw := min(l.countsWidth(), size.Width*0.45)
	more.Move(fyne.NewPos(size.Width-mw, 0))
	more.Resize(fyne.NewSize(mw, size.Height))
	counts.Move(fyne.NewPos(size.Width-mw-cw, 0))
	counts.Resize(fyne.NewSize(cw, size.Height))
	facts.Move(fyne.NewPos(0, 0))
	facts.Resize(fyne.NewSize(max(size.Width-mw-cw-pad, 0), size.Height))
}

func (l *factsRowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w, h := theme.Padding(), float32(0)
	for _, o := range objs {
		m := o.MinSize()
		w += m.Width
		h = max(h, m.Height)
	}
	return fyne.NewSize(w, h)
}

// maxTitleRunes is the longest project name the header shows whole: a
// longer one is cut (the path beside it and the window title have it in
// full), so that the agent switch and the buttons keep their place in an
// 800 pixel wide window.
const maxTitleRunes = 18

// clipRunes cuts s to n runes, ending in an ellipsis when cut.
func clipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
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
	h.agent.setCounts(p.counts)
	h.agent.selectTitle(p.Info.Title)
	h.title.SetText(clipRunes(shown(filepath.Base(p.Dir)), maxTitleRunes))
	h.path.SetText(shown(p.Dir))
	if p.Demo != nil {
		h.demo.Show()
		h.demoNotice.SetText(fmt.Sprintf("No hooks in %s, so this is Hookwarden's built-in DEMO project: "+
			"a temporary copy with its own home, system settings and extension. "+
			"Your own %s files are not read or changed.", p.Requested, agentTitles(h.agent.titles)))
		h.demoNotice.Show()
	} else {
		h.demo.Hide()
		h.demoNotice.Hide()
	}
	s := p.proj.Summary()
	trust, enabled := s.Fact("folder_trust"), s.Fact("hooks")
	h.trustIcon.SetResource(okIcon(trust.OK))
	label := trust.Title
	if label == "" {
		label = trust.Label
	}
	if label == "" {
		label = "Folder trust"
	}
	h.trustKey.SetText(label)
	h.trustKeyFull.SetText(label)
	h.enabledIcon.SetResource(okIcon(enabled.OK))
	h.setFacts(shown(factText(trust, names)), shown(factText(enabled, names)))
	h.counts.SetText(countsText(p.proj.Hooks(), p.Info.Statuses))
	h.countsFull.SetText(h.counts.Text)
	if h.factsRow != nil {
		h.factsRow.Refresh() // a cut label's size does not change with its text: lay the row out for the new counts
	}
	h.setMore(s.Facts)
}

// setMore puts the agent's further facts of the project under the folder
// trust and the hooks switch, in the unfolded details.
func (h *header) setMore(facts []agents.Field) {
	objs := h.details.Objects[:6:6] // folder trust, hooks switch, counts
	for _, f := range facts {
		v := &widget.Label{Text: shown(f.Value), Wrapping: fyne.TextWrapWord}
		if f.Code {
			v.Wrapping, v.TextStyle = fyne.TextWrapBreak, fyne.TextStyle{Monospace: true}
		}
		objs = append(objs, key(f.Label), v)
	}
	h.details.Objects = objs
	h.details.Refresh()
}

// agentTitles are the titles of the agents on the switch for a sentence:
// "Gemini CLI and Claude Code".
func agentTitles(titles []string) string {
	if len(titles) < 2 {
		return strings.Join(titles, "")
	}
	return strings.Join(titles[:len(titles)-1], ", ") + " and " + titles[len(titles)-1]
}

// factText is a heading fact in words, with the files it names shortened.
func factText(f agents.Fact, names pathNamer) string {
	text := f.Text
	for _, path := range f.Paths {
		if path != "" {
			text = strings.ReplaceAll(text, path, names.name(path))
		}
	}
	return text
}

// countsText is "9 hooks: 5 runs, 1 disabled, …" in a fixed status order
// (the neutral statuses, then the agent's own), and after it the other
// commands the project makes the agent run (MCP servers, helpers):
// "· 3 other commands: 3 runs".
func countsText(hs []*hooks.Hook, agentStatuses []hooks.Status) string {
	var hookList, others []*hooks.Hook
	for _, h := range hs {
		if h.IsHook() {
			hookList = append(hookList, h)
		} else {
			others = append(others, h)
		}
	}
	text := statusCounts(hookList, "hook", agentStatuses)
	if len(others) > 0 {
		text += " · " + statusCounts(others, "other command", agentStatuses)
	}
	return text
}

// statusCounts is "N noun(s): 5 runs, 1 disabled, …".
func statusCounts(hs []*hooks.Hook, noun string, agentStatuses []hooks.Status) string {
	order := append([]hooks.Status{hooks.StatusRuns, hooks.StatusDuplicate, hooks.StatusDisabled,
		hooks.StatusInvalid, hooks.StatusBlockedUntrustedFolder, hooks.StatusHooksOff}, agentStatuses...)
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
		return plural(len(hs), noun)
	}
	return plural(len(hs), noun) + ": " + strings.Join(parts, ", ")
}
