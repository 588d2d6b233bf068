package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
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
	// a risky question: Cancel is the default, Enter does not approve
	d := newRiskyConfirm("Approve hooks Hookwarden cannot fully watch?", "Approve partly unwatched", "Don't approve", msg, func(ok bool) {
		if ok {
			proceed()
		}
	}, w)
	d.show()
	d.Resize(fyne.NewSize(640, 0))
}
