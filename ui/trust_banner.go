package ui

import (
	"fmt"
	"image/color"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
)

// trustBanner is the strip above the tabs that says how many workspace
// hooks need review (new, changed, or a script of theirs changed), with a
// button to the Review tab. It is hidden when nothing needs review.
type trustBanner struct {
	label  *widget.Label
	button *keyButton
	box    *fyne.Container
	// bg and icon are drawn in the warning colour, or in the error colour
	// while the banner says a critical finding of the agent (the audit's
	// CRITICAL: a project's hooks run unprompted, say).
	bg       *canvas.Rectangle
	icon     *widget.Icon
	critical bool
	// dismissed is the text the user closed the banner on: it stays
	// closed until the text (the count or the project) changes.
	dismissed string
}

func newTrustBanner(onReview func()) *trustBanner {
	b := &trustBanner{
		label:  &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, Wrapping: fyne.TextWrapWord},
		button: newButton("Review…", theme.VisibilityIcon(), widget.WarningImportance, onReview),
	}
	// A translucent warning colour reads as a warning on light and dark
	// backgrounds alike, and keeps the theme's text colour readable.
	b.bg = canvas.NewRectangle(withAlpha(theme.Color(theme.ColorNameWarning), 0x38))
	b.bg.CornerRadius = theme.Size(theme.SizeNameInputRadius)
	b.icon = widget.NewIcon(theme.NewWarningThemedResource(theme.WarningIcon()))
	closeButton := newButton("", theme.WindowCloseIcon(), widget.LowImportance, b.dismiss)
	b.label.Wrapping, b.label.Truncation = fyne.TextWrapOff, fyne.TextTruncateEllipsis
	b.box = container.NewStack(b.bg, container.NewBorder(nil, nil, container.NewPadded(b.icon), container.NewHBox(b.button, closeButton), b.label))
	b.box.Hide()
	return b
}

func (b *trustBanner) buildUI() fyne.CanvasObject { return b.box }

// show updates the banner for p.
func (b *trustBanner) show(p *project) {
	text := reviewBannerText(p)
	b.label.SetText(shown(text))
	b.setCritical(p.Review != nil && len(p.Review.Unreadable) == 0 && len(p.Review.Critical) > 0)
	if text == "" || text == b.dismissed {
		b.box.Hide()
	} else {
		b.box.Show()
	}
}

func (b *trustBanner) hide() { b.box.Hide() }

// setCritical draws the banner in the error colour (a critical finding)
// or in the warning colour.
func (b *trustBanner) setCritical(critical bool) {
	if critical == b.critical {
		return
	}
	b.critical = critical
	var icon fyne.Resource = theme.NewWarningThemedResource(theme.WarningIcon())
	name, importance := theme.ColorNameWarning, widget.WarningImportance
	if critical {
		name, icon, importance = theme.ColorNameError, theme.NewErrorThemedResource(theme.ErrorIcon()), widget.DangerImportance
	}
	b.bg.FillColor = withAlpha(theme.Color(name), 0x38)
	b.bg.Refresh()
	b.icon.SetResource(icon)
	b.button.Importance = importance
	b.button.Refresh()
}

// dismiss closes the banner until what it says changes.
func (b *trustBanner) dismiss() {
	b.dismissed = b.label.Text
	b.box.Hide()
}

// reviewBannerText is "2 hooks need review in myproject" ("2 hooks and
// 1 MCP server need review in myproject" when more than hooks do), or ""
// when the review found nothing to review.
func reviewBannerText(p *project) string {
	s := projectBannerText(p)
	if below := startFoldersBannerText(p); below != "" {
		if s == "" {
			return below
		}
		return s + " — and " + below
	}
	return s
}

// projectBannerText is reviewBannerText of the project itself.
func projectBannerText(p *project) string {
	r := p.Review
	if r == nil {
		if p.ReviewErr != nil {
			return "The project hooks could not be reviewed: " + p.ReviewErr.Error()
		}
		return ""
	}
	noun := r.Words.Banner
	if noun == "" {
		noun = "hook"
	}
	what, many := needingReviewWhat(r, entryKinds(p), noun)
	verb := "needs"
	if many {
		verb = "need"
	}
	if bad := len(r.Unreadable); bad > 0 {
		return unreadableBannerText(bad, what, verb, p)
	}
	switch {
	case len(r.Critical) > 0:
		s := "Critical: " + r.Critical[0].Message
		if what != "" {
			s += " — and " + what + " " + verb + " review"
		}
		return s
	case what != "":
		return what + " " + verb + " review in " + p.name()
	case r.StoreError != "":
		return r.Words.StoreError + ": " + r.StoreError
	case len(p.Untraced) > 0:
		return fmt.Sprintf("%s of your own settings not traced in %s: %s may open files here by itself (hookwarden trust --trace-user)",
			plural(len(p.Untraced), "hook"), p.name(), p.Untraced[0].Programs)
	}
	return ""
}

// hooksNeedingReview returns "key status" for every reviewed hook that is
// not plainly trusted, and "critical <message>" for each critical finding,
// sorted.
func hooksNeedingReview(r *agents.Review) []string {
	var out []string
	for _, h := range r.Hooks {
		if h.NeedsReview() {
			out = append(out, h.Key+" "+string(h.Status))
		}
	}
	for _, d := range r.Critical {
		out = append(out, "critical "+d.Message)
	}
	slices.Sort(out)
	return out
}

// newlyNeedingReview reports whether after has a hook needing review that
// before did not (a hook added or changed, a script edited).
func newlyNeedingReview(before, after *project) bool {
	if after == nil {
		return false
	}
	var had []string
	if before != nil {
		had = projectNeedingReview(before)
	}
	for _, k := range projectNeedingReview(after) {
		if !slices.Contains(had, k) {
			return true
		}
	}
	return false
}

func withAlpha(c color.Color, a uint8) color.Color {
	r, g, bl, _ := c.RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(bl >> 8), A: a}
}

// projectNeedingReview is hooksNeedingReview of p's review, and what
// needs review in the start folders below it, each said with its folder:
// a pull into one is news as much as one into the top.
func projectNeedingReview(p *project) []string {
	var out []string
	if p.Review != nil {
		out = hooksNeedingReview(p.Review)
	}
	for _, f := range p.StartFolders.Dirty() {
		for _, e := range f.NeedsReview {
			out = append(out, f.Folder+"/ "+e.Key+" "+e.Status)
		}
		for _, e := range f.Unreadable {
			out = append(out, f.Folder+"/ unreadable "+e.Path)
		}
		for _, d := range f.Critical {
			out = append(out, f.Folder+"/ critical "+d.Message)
		}
	}
	return out
}

// unreadableBannerText counts files that cannot be read with what needs
// review (needingReviewWhat): a file that cannot be read is never clean.
func unreadableBannerText(bad int, what, verb string, p *project) string {
	s := fmt.Sprintf("%s cannot be read in %s: its hooks cannot be reviewed", plural(bad, "settings file"), p.name())
	if bad > 1 {
		s = fmt.Sprintf("%s cannot be read in %s: their hooks cannot be reviewed", plural(bad, "settings file"), p.name())
	}
	if what != "" {
		s += "; " + what + " " + verb + " review"
	}
	return s
}
