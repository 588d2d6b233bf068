// Package ui is Hookwarden's Fyne user interface. It holds no domain logic:
// every view calls the settingsio, hooks and trust packages. It takes
// fyne.App and fyne.Window as parameters so that tests can drive it with
// fyne.io/fyne/v2/test.
package ui
