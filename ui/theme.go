package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// compactTheme is Fyne's default theme with tighter padding, so that a hook
// with its command, reason and diagnostics fits in a few short lines.
type compactTheme struct {
	fyne.Theme
}

func newCompactTheme() fyne.Theme { return &compactTheme{Theme: theme.DefaultTheme()} }

// Color makes the keyboard focus plain to see: Fyne's default focus
// colour is a faint wash (alpha 0x2a) that is easy to lose.
func (t *compactTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if n == theme.ColorNameFocus {
		return withAlpha(t.Theme.Color(theme.ColorNamePrimary, v), 0x99)
	}
	return t.Theme.Color(n, v)
}

func (t *compactTheme) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNameInnerPadding:
		return 5
	case theme.SizeNamePadding:
		return 3
	}
	return t.Theme.Size(n)
}
