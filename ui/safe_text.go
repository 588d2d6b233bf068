package ui

import (
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/internal/safetext"
)

// Text a project controls (hook names, commands, matchers, paths, script
// lines, diffs, hook output, error messages that quote them) is drawn only
// through shown, shownBlock or markedSegments: a bidi override, a
// zero-width character or a look-alike letter must be visible on screen,
// not reorder or hide what the user approves (issue 9, hole 6).

// shown is s safe for a one-line label (see safetext.Line).
func shown(s string) string { return safetext.Line(s) }

// shownBlock is s safe for a multi-line label (see safetext.Text).
func shownBlock(s string) string { return safetext.Text(s) }

// detailMonoBlock is detailMono for lines that are already safe (each
// escaped with shown): the line breaks between them stay.
func detailMonoBlock(safeLines string) *widget.Label {
	l := detailMono("")
	l.Text = shownBlock(safeLines)
	return l
}

// markedSegments renders one line of text in style, with every suspicious
// character (control, bidi, invisible, look-alike letter) shown escaped
// and in the warning colour (bold too, unless monospace), so it stands out in a diff. All segments
// are inline but the last, which keeps style's Inline.
func markedSegments(text string, style widget.RichTextStyle) []widget.RichTextSegment {
	findings := safetext.Find(text, false)
	if len(findings) == 0 {
		return []widget.RichTextSegment{&widget.TextSegment{Text: text, Style: style}}
	}
	inline := style
	inline.Inline = true
	mark := inline
	mark.ColorName = theme.ColorNameWarning
	mark.TextStyle.Bold = !style.TextStyle.Monospace // themes have no bold monospace face
	var segs []widget.RichTextSegment
	last := 0
	for i := 0; i < len(findings); {
		f := findings[i]
		if f.Start > last {
			segs = append(segs, &widget.TextSegment{Text: text[last:f.Start], Style: inline})
		}
		// adjacent findings form one marked run
		esc := f.Escape
		end := f.End
		for i++; i < len(findings) && findings[i].Start == end; i++ {
			esc += findings[i].Escape
			end = findings[i].End
		}
		segs = append(segs, &widget.TextSegment{Text: esc, Style: mark})
		last = end
	}
	if last < len(text) {
		segs = append(segs, &widget.TextSegment{Text: text[last:], Style: inline})
	}
	segs[len(segs)-1].(*widget.TextSegment).Style.Inline = style.Inline
	return segs
}
