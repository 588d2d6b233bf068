package ui

import (
	"encoding/json"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
)

// detailsPane is the pane beside the hook list: everything about the
// selected hook, with the JSON of its config as the file has it.
// detailsTitleStyle is the style of the selected hook's name.
var detailsTitleStyle = widget.RichTextStyle{TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText}

type detailsPane struct {
	hook *hooks.Hook
	// proj is the project the hooks come from: it names them and gives
	// their details (nil: none to give).
	proj agents.Project
	// observer is Hookwarden's own observer hook, which reads as no risk.
	observer agents.Observer
	// riskAgents are the registered agents' facts, for the risk analysis.
	riskAgents risk.Agents
	// reviewOf is the review of a project hook (false for a hook the
	// review does not cover), for its trust state (nil: none at hand).
	reviewOf func(*hooks.Hook) (reviewItem, bool)

	title  *widget.RichText
	status *badge
	// review is the trust state of a hook that needs review or is
	// approved but partly unwatched, as the Review tab and audit say it
	// (hidden for any other); unwatched says what that means.
	review      *badge
	reviewBox   *fyne.Container
	unwatched   *widget.Label
	layer       *badge
	reason      *widget.Label
	place       *widget.Label
	jsonPath    *widget.Label
	description *widget.RichText
	// descriptionKey names the description row, which only agents whose
	// hooks have a description fill.
	descriptionKey *widget.Label
	command        *widget.Label
	settings       *widget.Label
	// form holds the rows; extra are the rows of details the agent labels
	// otherwise.
	form   *fyne.Container
	fixed  []fyne.CanvasObject
	extra  []fyne.CanvasObject
	config *widget.Label
	diags  *fyne.Container
	// risk lists what the risk analysis found, in words.
	risk     *fyne.Container
	openFile *keyButton

	empty   *widget.Label
	content *fyne.Container
	scroll  *container.Scroll
}

// openFileFunc opens a file in the system's editor.
type openFileFunc func(path string)

func newDetailsPane(open openFileFunc) *detailsPane {
	d := &detailsPane{
		title:       symbolText("", detailsTitleStyle, fyne.TextWrapWord, fyne.TextTruncateOff),
		status:      newBadge("", colorGrey),
		review:      newBadge("", colorGrey),
		unwatched:   &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance},
		layer:       newBadge("", colorGrey),
		reason:      &widget.Label{Wrapping: fyne.TextWrapWord},
		place:       &widget.Label{TextStyle: fyne.TextStyle{Monospace: true}, Wrapping: fyne.TextWrapBreak, Selectable: true},
		jsonPath:    &widget.Label{TextStyle: fyne.TextStyle{Monospace: true}, Wrapping: fyne.TextWrapBreak},
		description: symbolText("", widget.RichTextStyle{}, fyne.TextWrapWord, fyne.TextTruncateOff),
		command:     &widget.Label{TextStyle: fyne.TextStyle{Monospace: true}, Wrapping: fyne.TextWrapBreak, Selectable: true},
		settings:    &widget.Label{Wrapping: fyne.TextWrapWord},
		config:      &widget.Label{TextStyle: fyne.TextStyle{Monospace: true}, Selectable: true},
		diags:       container.NewVBox(),
		risk:        container.NewVBox(),
		empty:       &widget.Label{Text: "Select a hook to see its details.", Alignment: fyne.TextAlignCenter, Wrapping: fyne.TextWrapWord},
	}
	d.reviewBox = container.NewHBox(d.review)
	d.descriptionKey = key("Description")
	d.openFile = newButton("Open file", theme.DocumentIcon(), widget.MediumImportance, func() {
		if d.hook != nil && open != nil {
			open(d.hook.Origin.File)
		}
	})
	d.fixed = []fyne.CanvasObject{
		// the reason under the badges, not beside them: at 800 px the
		// badges left the reason a few letters a line
		key("Status"), container.NewVBox(container.NewHBox(d.status, d.layer), d.reviewBox, d.reason, d.unwatched),
		// the button under the path, not beside it: at 800 px the pane is
		// narrow, and a button beside squeezed the path to a letter a line
		key("File"), container.NewVBox(d.place, container.NewHBox(d.openFile)),
		key("JSON path"), d.jsonPath,
		d.descriptionKey, d.description,
		key(detailsCommand), d.command,
		key(detailsSettings), d.settings,
	}
	d.form = container.New(layout.NewFormLayout(), d.fixed...)
	d.content = container.NewVBox(d.title, d.form, d.risk, widget.NewSeparator(),
		key("Config as written"), container.NewHScroll(d.config), d.diags)
	d.scroll = container.NewScroll(container.NewStack(d.empty, d.content))
	d.show(nil, pathNamer{})
	return d
}

func (d *detailsPane) buildUI() fyne.CanvasObject { return d.scroll }

// show fills the pane with h (nil empties it).
func (d *detailsPane) show(h *hooks.Hook, names pathNamer) {
	d.hook = h
	if h == nil {
		d.content.Hide()
		d.empty.Show()
		return
	}
	d.empty.Hide()
	var fields []agents.Field
	var info agents.Info
	title := h.DisplayName()
	if d.proj != nil {
		fields, title, info = d.proj.Details(h), d.proj.Title(h), d.proj.Agent()
	}
	setSymbolText(d.title, shown(title), detailsTitleStyle)
	d.status.Text, d.status.Color = statusText(h.Status), statusColor(info, h.Status)
	d.status.Refresh()
	d.layer.Text, d.layer.Color = layerText(h.Origin.Layer), layerColor(info, h.Origin.Layer)
	d.layer.Refresh()
	d.reason.SetText(shown(h.Reason))
	d.showReview(h)
	d.place.SetText(shown(originText(h, names)))
	d.jsonPath.SetText(shown(h.Origin.Path))
	rows := detailRows(fields)
	_, hasDescription := rows.texts[detailsDescription]
	setSymbolText(d.description, orNone(rows.texts[detailsDescription]), widget.RichTextStyle{})
	showIf(d.descriptionKey, hasDescription)
	showIf(d.description, hasDescription)
	d.command.SetText(orNone(rows.texts[detailsCommand]))
	d.settings.SetText(orNone(rows.texts[detailsSettings]))
	d.extra = nil
	for _, label := range rows.order {
		switch label {
		case detailsDescription, detailsCommand, detailsSettings:
			continue
		}
		d.extra = append(d.extra, key(label), &widget.Label{Text: orNone(rows.texts[label]), Wrapping: fyne.TextWrapWord})
	}
	d.form.Objects = append(append([]fyne.CanvasObject{}, d.fixed...), d.extra...)
	d.form.Refresh()
	d.config.SetText(shownBlock(configJSON(h.Node)))
	if h.Origin.File == "" {
		d.openFile.Disable()
	} else {
		d.openFile.Enable()
	}
	rep := hookRisk(d.proj, h, names.project, d.observer, d.riskAgents, trustStateOf(d.reviewOf, h))
	d.risk.Objects = []fyne.CanvasObject{container.NewHBox(newRiskBadge(rep)), findingsView(rep, names)}
	d.risk.Refresh()
	d.diags.Objects = nil
	for _, diag := range h.Diagnostics {
		d.diags.Add(newDiagnosticLine(diag, names).buildUI())
	}
	d.diags.Refresh()
	d.content.Show()
	d.scroll.ScrollToTop()
}

// showReview shows h's trust state beside its run status when it needs
// review or is approved but partly unwatched (the row's review badge; the
// line `list` prints under such a hook).
func (d *detailsPane) showReview(h *hooks.Hook) {
	var it reviewItem
	ok := false
	if d.reviewOf != nil {
		it, ok = d.reviewOf(h)
	}
	if !ok || it.hook == nil || !(it.hook.NeedsReview() || it.hook.Unwatched()) {
		d.reviewBox.Hide()
		d.unwatched.Hide()
		return
	}
	d.review.Text, d.review.Color = it.statusText(), it.statusColor()
	d.review.Refresh()
	d.reviewBox.Show()
	d.unwatched.SetText(unwatchedLine(*it.hook))
	showIf(d.unwatched, d.unwatched.Text != "")
}

// The rows of the details pane every agent's details can fill.
const (
	detailsDescription = "Description"
	detailsCommand     = "Command"
	detailsSettings    = "Settings"
)

// detailTexts are a hook's details as shown, by row label (escaped): the
// fields of one label on one row, code one per line (line breaks kept
// where the agent says so), other facts joined by " · ". Fields without
// a label are for documents only.
type detailTexts struct {
	texts map[string]string
	order []string
}

func detailRows(fields []agents.Field) detailTexts {
	rows := detailTexts{texts: map[string]string{}}
	for _, f := range fields {
		if f.Label == "" {
			continue
		}
		text, sep := shown(f.Value), " · "
		if f.Code {
			sep = "\n"
			if f.Lines {
				text = shownBlock(f.Value)
			}
		}
		prev, seen := rows.texts[f.Label]
		switch {
		case !seen:
			rows.order = append(rows.order, f.Label)
			rows.texts[f.Label] = text
		case f.Code:
			rows.texts[f.Label] = prev + sep + text
		case prev == "":
			rows.texts[f.Label] = text
		case text != "":
			rows.texts[f.Label] = prev + sep + text
		}
	}
	return rows
}

func orNone(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// configJSON is the hook's config object as written in its file (strings
// before the agent's environment expansion, keys in file order, numbers as
// typed), indented by two spaces.
func configJSON(n *settingsio.Node) string {
	if n == nil {
		return "(no config object)"
	}
	var b strings.Builder
	writeNodeJSON(&b, n, "")
	return b.String()
}

func writeNodeJSON(b *strings.Builder, n *settingsio.Node, indent string) {
	switch n.Kind {
	case settingsio.Bool:
		b.WriteString(strconv.FormatBool(n.Bool))
	case settingsio.Number:
		b.WriteString(n.Raw)
	case settingsio.String:
		q, _ := json.Marshal(n.Raw)
		b.Write(q)
	case settingsio.Array:
		if len(n.Items) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for i, it := range n.Items {
			b.WriteString(indent + "  ")
			writeNodeJSON(b, it, indent+"  ")
			if i < len(n.Items)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "]")
	case settingsio.Object:
		if len(n.Members) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for i, m := range n.Members {
			k, _ := json.Marshal(m.Key)
			b.WriteString(indent + "  ")
			b.Write(k)
			b.WriteString(": ")
			writeNodeJSON(b, m.Value, indent+"  ")
			if i < len(n.Members)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "}")
	default:
		b.WriteString("null")
	}
}
