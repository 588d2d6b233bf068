package ui

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// changedSinceReview refuses an approval: a hook the user reviewed runs a
// script that changed (again) between the review on screen and the click,
// or the hook is gone. Approving would record a version nobody saw.
type changedSinceReview struct {
	hooks []changedHook
}

// changedHook is one hook whose scripts changed since its review (gone:
// no hook has its key any more).
type changedHook struct {
	label   string
	gone    bool
	scripts []trust.ScriptReview
	// contents are the scripts as they are now, by path, for those with no
	// approved version to diff against.
	contents map[string]string
}

func (e *changedSinceReview) Error() string {
	var labels []string
	for _, h := range e.hooks {
		labels = append(labels, h.label)
	}
	return "changed since you reviewed it: " + strings.Join(labels, ", ") + "; nothing was approved"
}

// recheckGemini audits p's workspace hooks again and refuses when one of
// reviewed differs from its fresh review.
func recheckGemini(p *project, opts gemini.Options, reviewed []trust.HookReview) error {
	rep, err := gemini.Audit(p.Registry.Snapshot, opts)
	if err != nil {
		return fmt.Errorf("checking the scripts again before approving: %w", err)
	}
	return compareWithReview(reviewed, rep.Hooks)
}

// recheckClaude reviews p's Claude Code handlers again and refuses when
// one of reviewed differs from its fresh review.
func recheckClaude(p *project, reviewed []trust.HookReview) error {
	rep, err := auditClaude(p)
	if err != nil {
		return fmt.Errorf("checking the scripts again before approving: %w", err)
	}
	var fresh []trust.HookReview
	for _, h := range rep.Hooks {
		fresh = append(fresh, h.HookReview)
	}
	return compareWithReview(reviewed, fresh)
}

// compareWithReview matches each reviewed hook with the fresh review of
// the same key (trust.ChangedSinceReview compares their scripts).
func compareWithReview(reviewed, fresh []trust.HookReview) error {
	byKey := map[string]trust.HookReview{}
	for _, h := range fresh {
		if _, ok := byKey[h.Key]; !ok {
			byKey[h.Key] = h
		}
	}
	e := &changedSinceReview{}
	for _, r := range reviewed {
		now, ok := byKey[r.Key]
		if !ok {
			e.hooks = append(e.hooks, changedHook{label: r.Label, gone: true})
			continue
		}
		if scripts := trust.ChangedSinceReview(r, now); len(scripts) > 0 {
			e.hooks = append(e.hooks, changedHook{label: r.Label, scripts: scripts, contents: readUndiffed(scripts)})
		}
	}
	if len(e.hooks) == 0 {
		return nil
	}
	return e
}

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
func (v *reviewView) showChangedAgain(e *changedSinceReview) {
	var names pathNamer
	if v.project != nil {
		names = pathNamer{project: v.project.Dir, home: v.project.Home}
	}
	intro := "Nothing was approved: what you reviewed is not what would run now. " +
		"Read the new version below (the Review tab shows it too), then approve again."
	box := container.NewVBox(&widget.Label{Text: intro, Wrapping: fyne.TextWrapWord})
	for _, h := range e.hooks {
		box.Add(detailSection(h.label))
		if h.gone {
			box.Add(detailText("The hook is no longer in the settings (its name or command changed)."))
			continue
		}
		for _, s := range h.scripts {
			box.Add(detailMono(names.name(s.Path) + "  —  " + scriptStatusText(s.Status)))
			switch {
			case len(s.Diff) > 0:
				box.Add(container.NewHScroll(newDiffView(diffLines, s.Diff)))
			case h.contents[s.Path] != "":
				box.Add(streamBlock("now (no approved version to compare with)", h.contents[s.Path]))
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
