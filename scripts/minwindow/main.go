//go:build cgo

// Command minwindow is the baseline of scripts/bench-window.sh: the smallest
// Fyne app that maps a window of Hookwarden's size with a label in it, built
// with the same Fyne version and flags.
package main

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/widget"
)

func main() {
	a := app.NewWithID("io.github.hookwarden.minwindow")
	w := a.NewWindow("Minimal Fyne window")
	w.SetContent(widget.NewLabel("A minimal Fyne window"))
	w.Resize(fyne.NewSize(1120, 760))
	w.ShowAndRun()
}
