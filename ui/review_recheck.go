package ui

import (
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// maxShownScript bounds the script text the refusal shows.
const maxShownScript = 64 << 10

// readUndiffed reads the scripts that have no diff (no approved version),
// so that the refusal can show what they are now.
func readUndiffed(scripts []trust.ScriptReview) map[string]string {
	out := map[string]string{}
	for _, s := range scripts {
		if len(s.Diff) > 0 || s.Status == trust.ScriptMissing {
			continue
		}
		data, err := settingsio.ReadRegularFile(s.Path)
		if err == nil && len(data) <= maxShownScript && utf8.Valid(data) {
			out[s.Path] = string(data)
		}
	}
	return out
}

// showChangedAgain says that nothing was approved because scripts changed
// after the review, with their new diffs.
func (v *reviewView) showChangedAgain(e *agents.ChangedSinceReview) {
	var names pathNamer
	if v.project != nil {
		names = pathNamer{project: v.project.Dir, home: v.project.Home}
	}
	intro := "Nothing was approved: what you reviewed is not what would run now. " +
		"Read the new version below (the Review tab shows it too), then approve again."
	box := container.NewVBox(&widget.Label{Text: intro, Wrapping: fyne.TextWrapWord})
	for _, h := range e.Hooks {
		box.Add(detailSection(h.Label))
		if h.Gone {
			box.Add(detailText("The hook is no longer in the settings (its name or command changed)."))
			continue
		}
		contents := readUndiffed(h.Scripts)
		for _, s := range h.Scripts {
			box.Add(detailMono(names.name(s.Path) + "  —  " + scriptStatusText(s.Status)))
			switch {
			case len(s.Diff) > 0:
				box.Add(container.NewHScroll(newDiffView(diffLines, s.Diff)))
			case contents[s.Path] != "":
				box.Add(streamBlock("now (no approved version to compare with)", contents[s.Path]))
			case s.Note != "":
				box.Add(newNote(shown(s.Note), fyne.TextWrapWord))
			default:
				box.Add(newNote("Its content changed since you looked at it (there is no approved version to compare with).", fyne.TextWrapWord))
			}
		}
	}
	scroll := container.NewVScroll(box)
	scroll.SetMinSize(fyne.NewSize(640, 360))
	showDialog(v.window, dialog.NewCustom("The script changed again", "Close", scroll, v.window), nil)
}
