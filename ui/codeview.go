package ui

import (
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/alecthomas/chroma/v2"
)

// codeView shows the whole text of a script as it will run: line numbers,
// syntax colours, every line on the page (no inner vertical scroll, so
// reaching the end of the Review detail means every line was on screen)
// and long lines scrolling sideways so that none is cut. Control
// and invisible characters (bidirectional overrides, zero-width spaces,
// escape sequences, bytes that are not UTF-8) are never drawn as they are:
// each shows as \xNN or \uNNNN in the error colour, and Hidden counts them.
type codeView struct {
	widget.BaseWidget
	grid *widget.TextGrid
	// hs scrolls the grid sideways; it hands a vertical wheel to the
	// detail around it (passWheelTo).
	hs *hScroll
	// Hidden is the number of characters shown escaped.
	Hidden int
	lines  int
}

// newCodeView shows text, the content of the script at path (the name
// picks the colours).
func newCodeView(h *highlighter, path, text string) *codeView {
	c := &codeView{grid: &widget.TextGrid{ShowLineNumbers: true, Scroll: fyne.ScrollNone}}
	c.hs = newHScroll(c.grid, nil)
	c.ExtendBaseWidget(c)
	safe, mask, hidden := escapeHidden(text)
	c.grid.Rows, c.Hidden = codeRows(tokens(h.lexerFor(path, safe), safe), mask, codeStyles()), hidden
	c.lines = len(c.grid.Rows)
	return c
}

// passWheelTo makes a vertical wheel over the code scroll outer.
func (c *codeView) passWheelTo(outer *container.Scroll) { c.hs.outer = outer }

// Text is the text as shown, one line per row (escapes included).
func (c *codeView) Text() string { return c.grid.Text() }

// Lines is the number of lines of the script.
func (c *codeView) Lines() int { return c.lines }

func (c *codeView) CreateRenderer() fyne.WidgetRenderer {
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
	bg.CornerRadius = theme.InputRadiusSize()
	return &codeViewRenderer{view: c, bg: bg, objects: []fyne.CanvasObject{bg, c.hs}}
}

type codeViewRenderer struct {
	view    *codeView
	bg      *canvas.Rectangle
	objects []fyne.CanvasObject
}

func (r *codeViewRenderer) Layout(s fyne.Size) {
	r.bg.Resize(s)
	r.view.hs.Resize(s)
}

// MinSize is the height of every line, plus room for the horizontal
// scroll bar; the width is the panel's.
func (r *codeViewRenderer) MinSize() fyne.Size {
	th := r.view.Theme()
	cell := fyne.MeasureText("M", th.Size(theme.SizeNameText), fyne.TextStyle{Monospace: true})
	rows := max(1, r.view.lines)
	h := float32(math.Round(float64(cell.Height)))*float32(rows) + th.Size(theme.SizeNameScrollBar) + th.Size(theme.SizeNamePadding)
	return fyne.NewSize(cell.Width*24, h)
}

func (r *codeViewRenderer) Refresh() {
	r.bg.FillColor = r.view.Theme().Color(theme.ColorNameInputBackground, fyne.CurrentApp().Settings().ThemeVariant())
	r.bg.Refresh()
	r.view.grid.Refresh()
	r.view.hs.Refresh()
}

func (r *codeViewRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *codeViewRenderer) Destroy()                     {}

// codeStyle is the cell style of a token category.
type codeStyle map[chroma.TokenType]widget.TextGridStyle

// codeEscapeStyle is the key of the style of escaped characters.
const codeEscapeStyle chroma.TokenType = -1000

// codeStyles resolves the colours of the token categories in the current
// theme.
func codeStyles() codeStyle {
	th := fyne.CurrentApp().Settings().Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	fg := func(n fyne.ThemeColorName) widget.TextGridStyle {
		return &widget.CustomTextGridStyle{FGColor: th.Color(n, v)}
	}
	errBG := th.Color(theme.ColorNameError, v)
	return codeStyle{
		chroma.Comment:       fg(theme.ColorNamePlaceHolder),
		chroma.Keyword:       fg(theme.ColorNamePrimary),
		chroma.LiteralString: fg(theme.ColorNameSuccess),
		chroma.NameVariable:  fg(theme.ColorNameWarning),
		chroma.NameDecorator: fg(theme.ColorNameWarning),
		chroma.LiteralNumber: fg(theme.ColorNameHyperlink),
		chroma.Operator:      fg(theme.ColorNameForeground),
		codeEscapeStyle: &widget.CustomTextGridStyle{FGColor: th.Color(theme.ColorNameForegroundOnError, v),
			BGColor: errBG, TextStyle: fyne.TextStyle{Bold: true}},
	}
}

// of is the style of a token type: its own, its sub-category's or its
// category's (nil: the default).
func (s codeStyle) of(t chroma.TokenType) widget.TextGridStyle {
	for _, k := range []chroma.TokenType{t, t.SubCategory(), t.Category()} {
		if st, ok := s[k]; ok {
			return st
		}
	}
	return nil
}

// escapeHidden writes every hidden character of text as its escape; the
// mask marks the bytes of the result that belong to an escape.
func escapeHidden(text string) (string, []bool, int) {
	var b strings.Builder
	var mask []bool
	hidden := 0
	for s := text; len(s) > 0; {
		r, size := utf8.DecodeRuneInString(s)
		if hiddenRune(r, size) {
			hidden++
			e := escapeRune(r, size, s)
			b.WriteString(e)
			for range len(e) {
				mask = append(mask, true)
			}
		} else {
			b.WriteString(s[:size])
			for range size {
				mask = append(mask, false)
			}
		}
		s = s[size:]
	}
	return b.String(), mask, hidden
}

// codeRows turns the tokens of an escaped text into grid rows; escaped
// bytes (mask) take the escape style.
func codeRows(toks []chroma.Token, mask []bool, styles codeStyle) []widget.TextGridRow {
	var rows []widget.TextGridRow
	var cur []widget.TextGridCell
	esc := styles[codeEscapeStyle]
	at := 0
	for _, tok := range toks {
		st := styles.of(tok.Type)
		for i, r := range tok.Value {
			switch {
			case r == '\n':
				rows = append(rows, widget.TextGridRow{Cells: cur})
				cur = nil
			case at+i < len(mask) && mask[at+i]:
				cur = append(cur, widget.TextGridCell{Rune: r, Style: esc})
			default:
				cur = append(cur, widget.TextGridCell{Rune: r, Style: st})
			}
		}
		at += len(tok.Value)
	}
	if len(cur) > 0 {
		rows = append(rows, widget.TextGridRow{Cells: cur})
	}
	return rows
}

// hiddenRune reports whether r (size bytes long) would be drawn as
// something other than what it is: a control character other than tab and newline,
// a format character (bidi overrides, zero-width spaces and joiners, the
// BOM, soft hyphens), or a byte that is not UTF-8.
func hiddenRune(r rune, size int) bool {
	if r == utf8.RuneError && size == 1 {
		return true
	}
	return (r != '\t' && r != '\n' && unicode.IsControl(r)) || unicode.Is(unicode.Cf, r) ||
		r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Zs, r) && r != ' '
}

// escapeRune writes a hidden character as \xNN (a byte or an ASCII
// control) or \uNNNN.
func escapeRune(r rune, size int, s string) string {
	switch {
	case r == utf8.RuneError && size == 1:
		return fmt.Sprintf(`\x%02x`, s[0])
	case r < 0x80:
		return fmt.Sprintf(`\x%02x`, r)
	}
	return fmt.Sprintf(`\u%04x`, r)
}

// hiddenNote says what the escaped characters of a script are.
func hiddenNote(n int) string {
	return fmt.Sprintf("%s that would not show as text (control characters, bidirectional or zero-width marks, "+
		"odd spaces or bytes that are not UTF-8) are shown as \\xNN or \\uNNNN on a red background.", plural(n, "character"))
}

// codeBlock is a code view with a note above it when characters of the
// script are shown escaped.
func codeBlock(c *codeView) fyne.CanvasObject {
	if c.Hidden == 0 {
		return c
	}
	warn := &widget.Label{Text: hiddenNote(c.Hidden), Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance}
	return container.NewVBox(warn, c)
}
