package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// selectableBox shows its content on the theme's selection colour while
// selected and calls OnTapped when tapped anywhere the content itself does
// not take the tap (a check box or a button inside keeps its own taps).
type selectableBox struct {
	widget.BaseWidget
	content  fyne.CanvasObject
	selected bool
	OnTapped func()
}

func newSelectableBox(content fyne.CanvasObject, onTapped func()) *selectableBox {
	b := &selectableBox{content: content, OnTapped: onTapped}
	b.ExtendBaseWidget(b)
	return b
}

// SetSelected changes the highlight.
func (b *selectableBox) SetSelected(selected bool) {
	if b.selected == selected {
		return
	}
	b.selected = selected
	b.Refresh()
}

// Tapped selects the box.
func (b *selectableBox) Tapped(*fyne.PointEvent) {
	if b.OnTapped != nil {
		b.OnTapped()
	}
}

func (b *selectableBox) CreateRenderer() fyne.WidgetRenderer {
	r := &selectableRenderer{box: b, bg: canvas.NewRectangle(color.Transparent)}
	r.Refresh()
	return r
}

type selectableRenderer struct {
	box *selectableBox
	bg  *canvas.Rectangle
}

func (r *selectableRenderer) Layout(size fyne.Size) {
	r.bg.Resize(size)
	r.box.content.Resize(size)
}

func (r *selectableRenderer) MinSize() fyne.Size { return r.box.content.MinSize() }

// Refresh reads the selection colour from the current theme, so the
// highlight follows a switch between light and dark.
func (r *selectableRenderer) Refresh() {
	var fill color.Color = color.Transparent
	if r.box.selected {
		fill = theme.Color(theme.ColorNameSelection)
	}
	r.bg.FillColor = fill
	r.bg.CornerRadius = theme.Size(theme.SizeNameSelectionRadius)
	r.bg.Refresh()
}

func (r *selectableRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.bg, r.box.content}
}

func (r *selectableRenderer) Destroy() {}
