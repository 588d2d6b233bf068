package ui

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
)

// folderBanner shows the agent's folder-trust decision for the project,
// what decided it, and, where the agent's folder trust can be written,
// the answers of its trust dialog.
type folderBanner struct {
	icon   *widget.Icon
	state  *widget.Label
	rule   *widget.RichText
	effect *widget.Label

	trustButton  *widget.Button
	parentButton *widget.Button
	denyButton   *widget.Button
	buttons      *fyne.Container
}

func newFolderBanner(onSet func(level string)) *folderBanner {
	b := &folderBanner{
		icon:   widget.NewIcon(nil),
		state:  &widget.Label{Text: "Folder trust", TextStyle: fyne.TextStyle{Bold: true}},
		rule:   newNote("", fyne.TextWrapOff),
		effect: &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance},
	}
	b.trustButton = &widget.Button{Text: "Trust folder", Icon: theme.ConfirmIcon(), OnTapped: func() { onSet("trust") }}
	b.parentButton = &widget.Button{Text: "Trust parent", Icon: theme.FolderIcon(), OnTapped: func() { onSet("parent") }}
	b.denyButton = &widget.Button{Text: "Don't trust", Icon: theme.CancelIcon(), OnTapped: func() { onSet("deny") }}
	b.rule.Truncation = fyne.TextTruncateEllipsis
	b.effect.Hide()
	return b
}

func (b *folderBanner) buildUI() fyne.CanvasObject {
	// One line — state, the rule cut to the width left, the answers —
	// and what it means under it only when it limits what runs.
	b.buttons = container.NewHBox(b.trustButton, b.parentButton, b.denyButton)
	line := container.NewBorder(nil, nil, container.NewHBox(b.icon, b.state), b.buttons, b.rule)
	return container.NewVBox(line, b.effect, widget.NewSeparator())
}

// show displays p's folder trust, as its review describes it.
func (b *folderBanner) show(p *project) {
	var f agents.FolderView
	if p.Review != nil {
		f = p.Review.Folder
	}
	names := pathNamer{project: p.Dir, home: p.Home}
	b.icon.SetResource(okIcon(f.Trusted))
	b.state.SetText(shown(orWords(f.Title, "Folder trust")))
	setNote(b.rule, factText(f.Rule, names))
	var effect []string
	for _, e := range f.Effects {
		effect = append(effect, factText(e, names))
	}
	b.effect.SetText(shownBlock(strings.Join(effect, "\n")))
	b.effect.Hidden = len(effect) == 0
	b.effect.Refresh()
	if b.buttons != nil {
		b.buttons.Hidden = f.Answers == nil
		b.buttons.Refresh()
	}
	for _, x := range []struct {
		button *widget.Button
		level  string
	}{{b.trustButton, "trust"}, {b.parentButton, "parent"}, {b.denyButton, "deny"}} {
		x.button.Importance = widget.MediumImportance
		if x.level == f.Current {
			x.button.Importance = widget.HighImportance
		}
		if f.Writable && slices.Contains(f.Answers, x.level) {
			x.button.Enable()
		} else {
			x.button.Disable()
		}
		x.button.Refresh()
	}
}
