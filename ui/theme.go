package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// compactTheme is Fyne's default theme with tighter padding, so that a hook
// with its command, reason and diagnostics fits in a few short lines.
type compactTheme struct {
	fyne.Theme
}

func newCompactTheme() fyne.Theme { return &compactTheme{Theme: theme.DefaultTheme()} }

func (t *compactTheme) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNameInnerPadding:
		return 5
	case theme.SizeNamePadding:
		return 3
	}
	return t.Theme.Size(n)
}
