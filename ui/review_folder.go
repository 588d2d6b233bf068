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
// the answers it takes (agents.FolderView.Answers), in its words.
type folderBanner struct {
	icon   *widget.Icon
	state  *widget.Label
	rule   *widget.RichText
	effect *widget.Label

	onSet func(level string)
	// answers are the buttons of the answers shown now, by level, in the
	// order the agent gives them in levels.
	answers map[string]*keyButton
	levels  []string
	buttons *fyne.Container
}

func newFolderBanner(onSet func(level string)) *folderBanner {
	b := &folderBanner{
		icon:    widget.NewIcon(nil),
		state:   &widget.Label{Text: "Folder trust", TextStyle: fyne.TextStyle{Bold: true}},
		rule:    newNote("", fyne.TextWrapOff),
		effect:  &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance},
		onSet:   onSet,
		answers: map[string]*keyButton{},
		buttons: container.NewHBox(),
	}
	b.rule.Truncation = fyne.TextTruncateEllipsis
	b.effect.Hide()
	return b
}

func (b *folderBanner) buildUI() fyne.CanvasObject {
	// One line — state, the rule cut to the width left, the answers —
	// and what it means under it only when it limits what runs.
	line := container.NewBorder(nil, nil, container.NewHBox(b.icon, b.state), b.buttons, b.rule)
	return container.NewVBox(line, b.effect, widget.NewSeparator())
}

// button is the button of answer level (nil when the agent does not
// offer it).
func (b *folderBanner) button(level string) *keyButton { return b.answers[level] }

// answerIcon is the icon an agent names for an answer.
func answerIcon(name string) fyne.Resource {
	switch name {
	case "confirm":
		return theme.ConfirmIcon()
	case "folder":
		return theme.FolderIcon()
	case "cancel":
		return theme.CancelIcon()
	}
	return nil
}

// setAnswers makes the buttons of f's answers, when they are not the ones
// shown already.
func (b *folderBanner) setAnswers(f agents.FolderView) {
	same := slices.Equal(b.levels, f.Answers)
	for _, l := range f.Answers {
		if bt := b.answers[l]; bt == nil || bt.Text != orWords(f.Labels[l].Button, l) {
			same = false
		}
	}
	if same {
		return
	}
	b.levels = slices.Clone(f.Answers)
	b.answers = map[string]*keyButton{}
	b.buttons.RemoveAll()
	for _, l := range f.Answers {
		words := f.Labels[l]
		bt := newButton(shown(orWords(words.Button, l)), answerIcon(words.Icon), widget.MediumImportance, func() { b.onSet(l) })
		b.answers[l] = bt
		b.buttons.Add(bt)
	}
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
	b.setAnswers(f)
	b.buttons.Hidden = len(f.Answers) == 0
	b.buttons.Refresh()
	for _, l := range f.Answers {
		bt := b.answers[l]
		bt.Importance = widget.MediumImportance
		if l == f.Current {
			bt.Importance = widget.HighImportance
		}
		if f.Writable {
			bt.Enable()
		} else {
			bt.Disable()
		}
		bt.Refresh()
	}
}
