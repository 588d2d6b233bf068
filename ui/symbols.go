package ui

import (
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Fyne 2.8.1 draws a symbol that its text font (Inter) lacks — an arrow
// such as →, ✓, ⚠ — from its symbol font, and go-text keeps the spaces
// after it in the same run; the symbol font has no space glyph, so the
// space is drawn as "�" ("a → b" showed as "a →� b"). A RichText segment
// is shaped on its own, so putting each run of such symbols in a segment
// of its own lets the space after it start a run in the text font again.

// symbolText is a RichText of text in style, with each run of symbols in
// a segment of its own.
func symbolText(text string, style widget.RichTextStyle, wrap fyne.TextWrap, trunc fyne.TextTruncation) *widget.RichText {
	t := &widget.RichText{Wrapping: wrap, Truncation: trunc, Scroll: fyne.ScrollNone}
	setSymbolText(t, text, style)
	return t
}

// setSymbolText replaces the text of a RichText made by symbolText.
func setSymbolText(t *widget.RichText, text string, style widget.RichTextStyle) {
	style.Inline = true
	t.Segments = nil
	for _, run := range symbolRuns(text) {
		t.Segments = append(t.Segments, &widget.TextSegment{Text: run, Style: style})
	}
	if len(t.Segments) == 0 {
		t.Segments = []widget.RichTextSegment{&widget.TextSegment{Style: style}}
	}
	t.Refresh()
}

// symbolRuns cuts text before and after every run of symbols outside
// Latin-1 (the ones the text font may lack).
func symbolRuns(text string) []string {
	var runs []string
	start, inSymbol := 0, false
	for i, r := range text {
		// "…" is in the text font (Fyne's own truncation draws it), and
		// a title cut with it must stay one segment: Fyne 2.8.1 does not
		// truncate a RichText of several inline segments to its width.
		sym := r > 0xff && r != '…' && (unicode.IsSymbol(r) || unicode.Is(unicode.Po, r) && r >= 0x2000)
		if i > start && sym != inSymbol {
			runs = append(runs, text[start:i])
			start = i
		}
		inSymbol = sym
	}
	if start < len(text) {
		runs = append(runs, text[start:])
	}
	return runs
}
