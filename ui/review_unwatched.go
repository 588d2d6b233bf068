package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/trust"
)

// unwatchedOf are the hooks among reviews whose discovery is incomplete.
func unwatchedOf(reviews []trust.HookReview) []trust.HookReview {
	var out []trust.HookReview
	for _, h := range reviews {
		if len(h.Unresolved) > 0 && (h.NeedsReview() || h.Unwatched()) {
			out = append(out, h)
		}
	}
	return out
}

// confirmUnwatched asks before approving hooks part of whose code
// Hookwarden cannot watch, naming each part; proceed runs on "Approve
// partly unwatched" (then the approval passes AcceptUnwatched). With no
// such hook it proceeds at once.
func confirmUnwatched(w fyne.Window, hs []trust.HookReview, proceed func()) {
	if len(hs) == 0 {
		proceed()
		return
	}
	var b strings.Builder
	b.WriteString("Hookwarden cannot watch part of what these hooks run, so a later change there would go unnoticed:\n\n")
	n := 0
	for _, h := range hs {
		fmt.Fprintf(&b, "%s\n", shown(h.Label))
		for _, u := range h.Unresolved {
			if n == 12 {
				break
			}
			fmt.Fprintf(&b, "•  %s\n", shown(u.String()))
			n++
		}
	}
	b.WriteString("\nOnce approved they read “" + trust.PartlyUnwatchedLabel + "”: 'hookwarden exec' refuses them and a dry run holds them back. Approve anyway?")
	msg := &widget.Label{Text: b.String(), Wrapping: fyne.TextWrapWord}
	// The list scrolls inside the dialog: with many parts named, a plain
	// label grew past a small window and pushed the buttons off screen.
	scroll := container.NewVScroll(msg)
	size := w.Canvas().Size()
	scroll.SetMinSize(unwatchedListSize(size, msg))
	// a risky question: Cancel is the default, Enter does not approve
	d := newRiskyConfirm("Approve hooks Hookwarden cannot fully watch?", "Approve partly unwatched", "Don't approve", scroll, func(ok bool) {
		if ok {
			proceed()
		}
	}, w)
	d.show()
}

// unwatchedListSize is the room the list takes in a window of size win:
// 640 wide (less in a narrow window), as tall as its text needs up to
// what leaves the dialog's title and buttons on screen.
func unwatchedListSize(win fyne.Size, msg *widget.Label) fyne.Size {
	width := max(240, min(640, win.Width-120))
	msg.Resize(fyne.NewSize(width, msg.MinSize().Height))
	need := msg.MinSize().Height
	room := max(80, win.Height-200)
	return fyne.NewSize(width, min(need, room))
}

// unwatchedLine is what an approved but partly unwatched hook's state
// means, in the words `list` prints under it ("" for any other hook).
func unwatchedLine(h trust.HookReview) string {
	if !h.Unwatched() {
		return ""
	}
	return fmt.Sprintf("%s: %s Hookwarden cannot watch (the Review tab lists them)", trust.PartlyUnwatchedLabel, plural(len(h.Unresolved), "part"))
}
