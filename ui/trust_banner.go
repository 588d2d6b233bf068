package ui

import (
	"fmt"
	"image/color"
	"slices"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents/claude"
)

// trustBanner is the strip above the tabs that says how many workspace
// hooks need review (new, changed, or a script of theirs changed), with a
// button to the Review tab. It is hidden when nothing needs review.
type trustBanner struct {
	label  *widget.Label
	button *widget.Button
	box    *fyne.Container
	// dismissed is the text the user closed the banner on: it stays
	// closed until the text (the count or the project) changes.
	dismissed string
}

func newTrustBanner(onReview func()) *trustBanner {
	b := &trustBanner{
		label:  &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, Wrapping: fyne.TextWrapWord},
		button: &widget.Button{Text: "Review…", Icon: theme.VisibilityIcon(), Importance: widget.WarningImportance, OnTapped: onReview},
	}
	// A translucent warning colour reads as a warning on light and dark
	// backgrounds alike, and keeps the theme's text colour readable.
	bg := canvas.NewRectangle(withAlpha(theme.Color(theme.ColorNameWarning), 0x38))
	bg.CornerRadius = theme.Size(theme.SizeNameInputRadius)
	icon := widget.NewIcon(theme.NewWarningThemedResource(theme.WarningIcon()))
	closeButton := &widget.Button{Icon: theme.WindowCloseIcon(), Importance: widget.LowImportance, OnTapped: b.dismiss}
	b.label.Wrapping, b.label.Truncation = fyne.TextWrapOff, fyne.TextTruncateEllipsis
	b.box = container.NewStack(bg, container.NewBorder(nil, nil, container.NewPadded(icon), container.NewHBox(b.button, closeButton), b.label))
	b.box.Hide()
	return b
}

func (b *trustBanner) buildUI() fyne.CanvasObject { return b.box }

// show updates the banner for p.
func (b *trustBanner) show(p *project) {
	text := reviewBannerText(p)
	b.label.SetText(shown(text))
	if text == "" || text == b.dismissed {
		b.box.Hide()
	} else {
		b.box.Show()
	}
}

func (b *trustBanner) hide() { b.box.Hide() }

// dismiss closes the banner until what it says changes.
func (b *trustBanner) dismiss() {
	b.dismissed = b.label.Text
	b.box.Hide()
}

// reviewBannerText is "2 hooks need review in myproject", or "" when the
// audit found nothing to review.
func reviewBannerText(p *project) string {
	if p.Claude != nil {
		return claudeBannerText(p)
	}
	if p.Audit == nil {
		if p.AuditErr != nil {
			return "The project hooks could not be reviewed: " + p.AuditErr.Error()
		}
		return ""
	}
	n := len(hooksNeedingReview(p.Audit)) - len(p.Audit.Critical)
	if bad := len(p.Audit.Unreadable); bad > 0 {
		return unreadableBannerText(bad, n, "hook", p)
	}
	switch {
	case len(p.Audit.Critical) > 0:
		s := "Critical: " + p.Audit.Critical[0].Message
		if n > 0 {
			s += fmt.Sprintf(" — and %d hook(s) need review", n)
		}
		return s
	case n == 1:
		return fmt.Sprintf("1 hook needs review in %s", p.name())
	case n > 1:
		return fmt.Sprintf("%d hooks need review in %s", n, p.name())
	case p.Audit.TrustedHooksError != "":
		return "trusted_hooks.json cannot be read by Gemini CLI: " + p.Audit.TrustedHooksError
	}
	return ""
}

// hooksNeedingReview returns "key status" for every project hook that is
// not plainly trusted, and "critical <message>" for each critical finding,
// sorted.
func hooksNeedingReview(r *gemini.Report) []string {
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

// projectNeedingReview is hooksNeedingReview of p's audit, for either agent.
func projectNeedingReview(p *project) []string {
	switch {
	case p.Claude != nil && p.Claude.Audit != nil:
		return claudeNeedingReview(p.Claude.Audit)
	case p.Claude == nil && p.Audit != nil:
		return hooksNeedingReview(p.Audit)
	}
	return nil
}

// claudeNeedingReview returns "fingerprint status" for every Claude Code
// handler that is not plainly trusted, sorted.
func claudeNeedingReview(r *claude.Report) []string {
	var out []string
	for _, h := range r.Hooks {
		if h.NeedsReview() {
			out = append(out, h.Key+" "+string(h.Status))
		}
	}
	slices.Sort(out)
	return out
}

// claudeBannerText is "2 Claude Code handlers need review in myproject".
// unreadableBannerText counts files that cannot be read with the n hooks
// (noun) that need review: a file that cannot be read is never clean.
func unreadableBannerText(bad, n int, noun string, p *project) string {
	s := fmt.Sprintf("%s cannot be read in %s: its hooks cannot be reviewed", plural(bad, "settings file"), p.name())
	if bad > 1 {
		s = fmt.Sprintf("%s cannot be read in %s: their hooks cannot be reviewed", plural(bad, "settings file"), p.name())
	}
	if n > 0 {
		s += fmt.Sprintf("; %s need review", plural(n, noun))
	}
	return s
}

func claudeBannerText(p *project) string {
	c := p.Claude
	if c.Audit == nil {
		if c.AuditErr != nil {
			return "The Claude Code handlers could not be reviewed: " + c.AuditErr.Error()
		}
		return ""
	}
	n := len(claudeNeedingReview(c.Audit))
	if bad := len(c.Audit.Unreadable); bad > 0 {
		return unreadableBannerText(bad, n, "Claude Code handler", p)
	}
	switch {
	case n == 1:
		return fmt.Sprintf("1 Claude Code handler needs review in %s", p.name())
	case n > 1:
		return fmt.Sprintf("%d Claude Code handlers need review in %s", n, p.name())
	}
	return ""
}
