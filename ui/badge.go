package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Badge colours: mid-tone fills that carry white text in light and dark
// themes alike.
var (
	colorGreen  = color.NRGBA{R: 0x15, G: 0x80, B: 0x3d, A: 0xff}
	colorGrey   = color.NRGBA{R: 0x6b, G: 0x72, B: 0x80, A: 0xff}
	colorRed    = color.NRGBA{R: 0xb9, G: 0x1c, B: 0x1c, A: 0xff}
	colorAmber  = color.NRGBA{R: 0xb4, G: 0x53, B: 0x09, A: 0xff}
	colorOrange = color.NRGBA{R: 0xc2, G: 0x41, B: 0x0c, A: 0xff}
	colorSlate  = color.NRGBA{R: 0x47, G: 0x55, B: 0x69, A: 0xff}
	colorViolet = color.NRGBA{R: 0x7c, G: 0x3a, B: 0xed, A: 0xff}
	colorBlue   = color.NRGBA{R: 0x25, G: 0x63, B: 0xeb, A: 0xff}
	colorTeal   = color.NRGBA{R: 0x0f, G: 0x76, B: 0x6e, A: 0xff}
	colorPink   = color.NRGBA{R: 0xbe, G: 0x18, B: 0x5d, A: 0xff}
	colorIndigo = color.NRGBA{R: 0x43, G: 0x38, B: 0xca, A: 0xff}
)

// statusColor is the colour of a status badge: its tone, as the agent
// says it (agents.StatusTone).
func statusColor(info agents.Info, s hooks.Status) color.Color {
	switch agents.StatusTone(info, s) {
	case agents.ToneGood:
		return colorGreen
	case agents.ToneBad:
		return colorRed
	case agents.ToneWarn:
		return colorAmber
	case agents.ToneHeld:
		return colorOrange
	}
	return colorGrey
}

// layerColor is the colour of a layer badge: who controls the layer, as
// the agent says it (agents.Info.Layers).
func layerColor(info agents.Info, l settingsio.Layer) color.Color {
	switch info.LayerRole(l) {
	case agents.RoleDefaults:
		return colorSlate
	case agents.RoleUser:
		return colorViolet
	case agents.RoleProject:
		return colorBlue
	case agents.RoleAdmin:
		return colorTeal
	case agents.RoleAddOn:
		return colorPink
	case agents.RoleLocal:
		return colorIndigo
	}
	return colorGrey
}

// badge is a small filled pill with bold white caption text. It keeps its
// minimum size and sits centred in whatever space a layout gives it.
type badge struct {
	widget.BaseWidget
	Text  string
	Color color.Color
}

func newBadge(text string, c color.Color) *badge {
	b := &badge{Text: text, Color: c}
	b.ExtendBaseWidget(b)
	return b
}

func (b *badge) CreateRenderer() fyne.WidgetRenderer {
	r := &badgeRenderer{b: b, bg: &canvas.Rectangle{}, text: &canvas.Text{TextStyle: fyne.TextStyle{Bold: true}}}
	r.Refresh()
	return r
}

type badgeRenderer struct {
	b    *badge
	bg   *canvas.Rectangle
	text *canvas.Text
}

const badgePadH, badgePadV = 7, 2

func (r *badgeRenderer) MinSize() fyne.Size {
	s := r.text.MinSize()
	return fyne.NewSize(s.Width+2*badgePadH, s.Height+2*badgePadV)
}

func (r *badgeRenderer) Layout(size fyne.Size) {
	min := r.MinSize()
	pos := fyne.NewPos((size.Width-min.Width)/2, (size.Height-min.Height)/2)
	r.bg.Move(pos)
	r.bg.Resize(min)
	r.text.Move(pos.AddXY(badgePadH, badgePadV))
	r.text.Resize(r.text.MinSize())
}

func (r *badgeRenderer) Refresh() {
	r.bg.FillColor = r.b.Color
	r.bg.CornerRadius = 4
	r.text.Text = r.b.Text
	r.text.Color = color.White
	r.text.TextSize = theme.CaptionTextSize()
	r.bg.Refresh()
	r.text.Refresh()
}

func (r *badgeRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.bg, r.text} }

func (r *badgeRenderer) Destroy() {}
