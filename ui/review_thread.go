package ui

import "fyne.io/fyne/v2"

// uiThread is how the Review and Dry run views do file and process work:
// Go runs work off the UI thread, and the work hands its widget updates
// back with Do. Widgets are only ever touched inside Do (or on the UI
// thread itself).
type uiThread interface {
	Go(work func())
	Do(update func())
}

// appThread is the uiThread of the running app: a goroutine per piece of
// work, fyne.Do for the updates.
type appThread struct{}

func (appThread) Go(work func())   { go work() }
func (appThread) Do(update func()) { fyne.Do(update) }
