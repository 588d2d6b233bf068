package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// newNote is secondary text: readable but quieter than a label, for event
// help, origins and hints. Its text is drawn through shownBlock; callers
// pass one-line data through shown first.
func newNote(text string, wrapping fyne.TextWrap) *widget.RichText {
	return &widget.RichText{
		Segments: []widget.RichTextSegment{&widget.TextSegment{
			Text:  shownBlock(text),
			Style: widget.RichTextStyle{ColorName: theme.ColorNamePlaceHolder, Inline: true},
		}},
		Wrapping: wrapping,
		Scroll:   fyne.ScrollNone,
	}
}

// setNote replaces the text of a note made by newNote.
func setNote(n *widget.RichText, text string) {
	n.Segments[0].(*widget.TextSegment).Text = shownBlock(text)
	n.Refresh()
}
