package ui

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/trust"
)

// diffMode says how a diffView lays out its spans.
type diffMode int

const (
	// diffWords: one paragraph, wrapped, deleted words struck through in
	// red, inserted words underlined in green (a command diff).
	diffWords diffMode = iota
	// diffLines: one row per line with a "-", "+" or blank marker and the
	// old and new line numbers; long unchanged stretches are folded (a
	// script diff).
	diffLines
)

// Diff colours, looked up through diffTheme so that they are readable on
// both the light and the dark theme.
const (
	colorNameDiffInsert fyne.ThemeColorName = "hookwarden-diff-insert"
	colorNameDiffDelete fyne.ThemeColorName = "hookwarden-diff-delete"
)

// diffContext is how many unchanged lines a line diff keeps around a change.
const diffContext = 3

// diffMaxRows bounds the rows of a line diff; the rest is summarized.
const diffMaxRows = 600

// diffView renders a diff given as trust spans.
type diffView struct {
	widget.BaseWidget
	mode  diffMode
	spans []trust.Span
	// lines are the rows of a line diff as text.
	lines []string
	text  *widget.RichText
	// marks are new-side line numbers that risk findings come from, with
	// what to say next to them.
	marks map[int]string
}

// markLines marks the rows of a line diff whose new-side line numbers
// are keys of marks, and says why next to them.
func (d *diffView) markLines(marks map[int]string) {
	if len(marks) == 0 || d.mode != diffLines {
		return
	}
	d.marks = marks
	d.SetSpans(d.spans)
}

func newDiffView(mode diffMode, spans []trust.Span) *diffView {
	d := &diffView{mode: mode, text: &widget.RichText{Scroll: fyne.ScrollNone}}
	d.ExtendBaseWidget(d)
	d.SetSpans(spans)
	return d
}

// SetSpans shows another diff.
func (d *diffView) SetSpans(spans []trust.Span) {
	d.spans = spans
	if d.mode == diffWords {
		d.text.Wrapping = fyne.TextWrapBreak
		d.text.Segments = wordDiffSegments(spans)
	} else {
		d.text.Wrapping = fyne.TextWrapOff
		rows := diffRows(spans)
		d.lines = lineDiffText(rows)
		for i, r := range rows {
			if why, ok := d.marks[r.new]; ok && r.new > 0 && r.folded == 0 {
				d.lines[i] += "   ◀ risk: " + why
			}
		}
		d.text.Segments = lineDiffSegments(rows, d.lines)
		for i, r := range rows {
			if _, ok := d.marks[r.new]; ok && r.new > 0 && r.folded == 0 && i < len(d.text.Segments) {
				if ts, ok := d.text.Segments[i].(*widget.TextSegment); ok {
					ts.Style.ColorName = theme.ColorNameError
				}
			}
		}
	}
	d.text.Refresh()
}

func (d *diffView) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewThemeOverride(d.text, diffTheme{}))
}

// String is the diff as shown, for tests and copying: a word diff as
// [-deleted-]{+inserted+}, a line diff one row per line.
func (d *diffView) String() string {
	if d.mode == diffWords {
		return trust.RenderWordDiff(d.spans)
	}
	return strings.Join(d.lines, "\n")
}

func wordDiffSegments(spans []trust.Span) []widget.RichTextSegment {
	var segs []widget.RichTextSegment
	for i, s := range spans {
		if i > 0 && s.Kind != trust.SpanEqual && spans[i-1].Kind != trust.SpanEqual {
			// a gap between a deleted and an inserted word, for reading only
			segs = append(segs, &widget.TextSegment{Text: " ", Style: widget.RichTextStyle{Inline: true, TextStyle: fyne.TextStyle{Monospace: true}}})
		}
		style := widget.RichTextStyle{Inline: true, TextStyle: fyne.TextStyle{Monospace: true}}
		switch s.Kind {
		case trust.SpanInsert:
			style.ColorName = colorNameDiffInsert
			style.TextStyle.Underline = true
		case trust.SpanDelete:
			style.ColorName = colorNameDiffDelete
			style.TextStyle.Strikethrough = true
		}
		segs = append(segs, markedSegments(s.Text, style)...)
	}
	if len(segs) == 0 {
		segs = append(segs, &widget.TextSegment{Text: "(no change)", Style: widget.RichTextStyleInline})
	}
	return segs
}

// diffRow is one row of a line diff: a line, or a fold of unchanged lines.
type diffRow struct {
	kind     trust.SpanKind
	old, new int // line numbers, 0 when the side has no such line
	text     string
	folded   int // > 0: this row stands for that many unchanged lines
}

// diffRows turns line spans into rows, folding unchanged stretches longer
// than twice the context and cutting the diff at diffMaxRows.
func diffRows(spans []trust.Span) []diffRow {
	var all []diffRow
	oldN, newN := 0, 0
	for _, s := range spans {
		for _, line := range splitDiffLines(s.Text) {
			r := diffRow{kind: s.Kind, text: line}
			switch s.Kind {
			case trust.SpanEqual:
				oldN++
				newN++
				r.old, r.new = oldN, newN
			case trust.SpanDelete:
				oldN++
				r.old = oldN
			case trust.SpanInsert:
				newN++
				r.new = newN
			}
			all = append(all, r)
		}
	}
	var out []diffRow
	for i := 0; i < len(all); {
		if all[i].kind != trust.SpanEqual {
			out = append(out, all[i])
			i++
			continue
		}
		j := i
		for j < len(all) && all[j].kind == trust.SpanEqual {
			j++
		}
		keepHead, keepTail := diffContext, diffContext
		if i == 0 {
			keepHead = 0
		}
		if j == len(all) {
			keepTail = 0
		}
		if n := j - i; n > keepHead+keepTail+1 {
			out = append(out, all[i:i+keepHead]...)
			out = append(out, diffRow{kind: trust.SpanEqual, folded: n - keepHead - keepTail})
			out = append(out, all[j-keepTail:j]...)
		} else {
			out = append(out, all[i:j]...)
		}
		i = j
	}
	if len(out) > diffMaxRows {
		rest := 0
		for _, r := range out[diffMaxRows:] {
			if r.folded > 0 {
				rest += r.folded
			} else {
				rest++
			}
		}
		out = append(out[:diffMaxRows], diffRow{kind: trust.SpanEqual, folded: -rest})
	}
	return out
}

// splitDiffLines splits text into lines without their line ends.
func splitDiffLines(text string) []string {
	text = strings.TrimSuffix(text, "\n")
	if text == "" {
		return []string{""}
	}
	return strings.Split(text, "\n")
}

// lineDiffText renders each row: old and new line numbers, the marker and
// the line (tabs as four spaces), or the fold.
func lineDiffText(rows []diffRow) []string {
	width := 1
	for _, r := range rows {
		width = max(width, len(fmt.Sprint(max(r.old, r.new))))
	}
	num := func(n int) string {
		if n == 0 {
			return strings.Repeat(" ", width)
		}
		return fmt.Sprintf("%*d", width, n)
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		switch {
		case r.folded > 0:
			out[i] = strings.Repeat(" ", 2*width+4) + "⋯ " + plural(r.folded, "unchanged line")
		case r.folded < 0:
			out[i] = "… and " + strings.Replace(plural(-r.folded, "line"), " ", " more ", 1)
		default:
			mark := " "
			switch r.kind {
			case trust.SpanInsert:
				mark = "+"
			case trust.SpanDelete:
				mark = "-"
			}
			out[i] = num(r.old) + " " + num(r.new) + " " + mark + " " + strings.ReplaceAll(r.text, "\t", "    ")
		}
	}
	return out
}

// lineDiffSegments colours the rendered rows.
func lineDiffSegments(rows []diffRow, text []string) []widget.RichTextSegment {
	var segs []widget.RichTextSegment
	for i, r := range rows {
		style := widget.RichTextStyle{TextStyle: fyne.TextStyle{Monospace: true}}
		switch {
		case r.folded != 0:
			style.ColorName = theme.ColorNamePlaceHolder
		case r.kind == trust.SpanInsert:
			style.ColorName = colorNameDiffInsert
		case r.kind == trust.SpanDelete:
			style.ColorName = colorNameDiffDelete
		}
		segs = append(segs, markedSegments(text[i], style)...)
	}
	if len(segs) == 0 {
		segs = append(segs, &widget.TextSegment{Text: "(empty)", Style: widget.RichTextStyleParagraph})
	}
	return segs
}

// diffTheme is the app's current theme plus the two diff colours.
type diffTheme struct{}

func (diffTheme) base() fyne.Theme { return fyne.CurrentApp().Settings().Theme() }

func (t diffTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	dark := v == theme.VariantDark
	switch n {
	case colorNameDiffInsert:
		if dark {
			return color.NRGBA{R: 0x4a, G: 0xde, B: 0x80, A: 0xff}
		}
		return color.NRGBA{R: 0x15, G: 0x80, B: 0x3d, A: 0xff}
	case colorNameDiffDelete:
		if dark {
			return color.NRGBA{R: 0xf8, G: 0x71, B: 0x71, A: 0xff}
		}
		return color.NRGBA{R: 0xb9, G: 0x1c, B: 0x1c, A: 0xff}
	}
	return t.base().Color(n, v)
}

func (t diffTheme) Font(s fyne.TextStyle) fyne.Resource     { return t.base().Font(s) }
func (t diffTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return t.base().Icon(n) }
func (t diffTheme) Size(n fyne.ThemeSizeName) float32       { return t.base().Size(n) }
