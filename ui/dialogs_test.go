package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/risk"
)

// pressKey sends a key press to whatever has the keyboard on w: the
// focused widget, or the canvas (and so the dialog on top).
func pressKey(w fyne.Window, k fyne.KeyName) {
	ev := &fyne.KeyEvent{Name: k}
	if f := w.Canvas().Focused(); f != nil {
		f.TypedKey(ev)
		return
	}
	if h := w.Canvas().OnTypedKey(); h != nil {
		h(ev)
	}
}

func TestDialogsAnswerEscapeAndEnter(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel("behind"))
	w.Resize(fyne.NewSize(600, 400))
	var windowKeys []fyne.KeyName
	w.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) { windowKeys = append(windowKeys, ev.Name) })

	for _, tt := range []struct {
		key  fyne.KeyName
		want bool
	}{{fyne.KeyEscape, false}, {fyne.KeyReturn, true}, {fyne.KeyEnter, true}} {
		answers := []bool{}
		d := dialog.NewConfirm("Sure?", "Really?", func(ok bool) { answers = append(answers, ok) }, w)
		showDialog(w, d, nil)
		if w.Canvas().Overlays().Top() == nil {
			t.Fatal("no dialog shown")
		}
		pressKey(w, tt.key)
		if len(answers) != 1 || answers[0] != tt.want {
			t.Errorf("%s: answers %v, want [%v]", tt.key, answers, tt.want)
		}
		if w.Canvas().Overlays().Top() != nil {
			t.Errorf("%s left the dialog open", tt.key)
		}
	}
	if len(windowKeys) != 0 {
		t.Errorf("the window saw %v while dialogs were open", windowKeys)
	}
	pressKey(w, fyne.KeyDown)
	if len(windowKeys) != 1 {
		t.Errorf("the window's key handler is not back after the dialogs closed (saw %v)", windowKeys)
	}

	showError(errTest("boom"), w)
	pressKey(w, fyne.KeyEscape)
	if w.Canvas().Overlays().Top() != nil {
		t.Error("Escape did not close the error dialog")
	}
}

type errTest string

func (e errTest) Error() string { return string(e) }

// The critical-hook question came in with risk analysis and was shown with
// a plain Show(): Escape and Enter did nothing on it in the real app. Then
// Enter approved: one stray key press trusted an exfiltrating hook. Now
// Cancel is the default; only the confirm button, focused on purpose,
// takes Enter or Space.
func TestConfirmCriticalDefaultsToCancel(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel("behind"))
	w.Resize(fyne.NewSize(800, 500))
	findings := []risk.Finding{{Category: risk.Exfiltration, Severity: risk.LevelCritical, Summary: "sends the input to collector.example.com"}}
	for _, tt := range []struct {
		name string
		keys func(w fyne.Window)
		want int
	}{
		{"Escape", func(w fyne.Window) { pressKey(w, fyne.KeyEscape) }, 0},
		{"Return", func(w fyne.Window) { pressKey(w, fyne.KeyReturn) }, 0},
		{"Enter", func(w fyne.Window) { pressKey(w, fyne.KeyEnter) }, 0},
		{"Space", func(w fyne.Window) { pressKey(w, fyne.KeySpace) }, 0},
		{"Return with nothing focused", func(w fyne.Window) { w.Canvas().Unfocus(); pressKey(w, fyne.KeyReturn) }, 0},
		{"Tab then Escape", func(w fyne.Window) { w.Canvas().FocusNext(); pressKey(w, fyne.KeyEscape) }, 0},
		{"Tab then Return", func(w fyne.Window) { w.Canvas().FocusNext(); pressKey(w, fyne.KeyReturn) }, 1},
		{"Tab then Space", func(w fyne.Window) { w.Canvas().FocusNext(); pressKey(w, fyne.KeySpace) }, 1},
	} {
		approved := 0
		confirmCritical(w, `"fmt"`, findings, func() { approved++ })
		top := w.Canvas().Overlays().Top()
		if top == nil {
			t.Fatal("no dialog shown")
		}
		if f, ok := w.Canvas().Focused().(*keyButton); !ok || f.Text != "Don't approve" {
			t.Errorf("%s: the focus is on %v when the question opens, want the button Don't approve", tt.name, w.Canvas().Focused())
		}
		tt.keys(w)
		if approved != tt.want {
			t.Errorf("%s: approved %d times, want %d", tt.name, approved, tt.want)
		}
		if w.Canvas().Overlays().Top() != nil {
			t.Errorf("%s left the critical-hook question open", tt.name)
			w.Canvas().Overlays().Top().Hide()
		}
	}
}

// Every question whose yes makes hooks run or trusts them answers no to
// Enter, and yes only to its confirm button.
func TestRiskyQuestionsDefaultToCancel(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel("behind"))
	w.Resize(fyne.NewSize(800, 500))
	answers := []bool{}
	d := newRiskyConfirm("Run unapproved hooks?", "Run them", "Don't run", widget.NewLabel("they run"), func(ok bool) { answers = append(answers, ok) }, w)
	d.show()
	pressKey(w, fyne.KeyReturn)
	d = newRiskyConfirm("Run unapproved hooks?", "Run them", "Don't run", widget.NewLabel("they run"), func(ok bool) { answers = append(answers, ok) }, w)
	d.show()
	test.Tap(findButton(w.Canvas().Overlays().Top(), "Run them"))
	d.Hide() // a second answer (the program closing it) is dropped
	if len(answers) != 2 || answers[0] || !answers[1] {
		t.Errorf("answers %v, want [false true]", answers)
	}
}

// Ctrl+Enter approves on the Review tab; under the critical question it
// opened a second one (and a window shortcut under any dialog acts behind
// the user's back).
func TestWindowShortcutsWaitForTheDialog(t *testing.T) {
	m, w := newTestWindow(t)
	m.show(handBuiltProject(), nil)
	ran := 0
	m.bindShortcut(fyne.KeyK, func() { ran++ })
	ctrlK := &desktop.CustomShortcut{KeyName: fyne.KeyK, Modifier: fyne.KeyModifierShortcutDefault}
	d := newRiskyConfirm("Sure?", "Yes", "No", widget.NewLabel("q"), nil, w)
	d.show()
	m.runShortcut(ctrlK)
	if ran != 0 {
		t.Error("a window shortcut ran under a dialog")
	}
	d.Dismiss()
	m.runShortcut(ctrlK)
	if ran != 1 {
		t.Errorf("the shortcut ran %d times after the dialog closed, want 1", ran)
	}
}
