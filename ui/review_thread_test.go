package ui

import (
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// testThread is the uiThread of the Review and Dry run tests: work runs on
// goroutines as in the app, but its widget updates wait in a channel until
// the test goroutine applies them (settle, waitFor), so that no goroutine
// but the test's touches a widget.
type testThread struct {
	t       *testing.T
	mu      sync.Mutex
	running int
	updates chan func()
}

func newTestThread(t *testing.T) *testThread {
	return &testThread{t: t, updates: make(chan func())}
}

func (q *testThread) Go(work func()) {
	q.mu.Lock()
	q.running++
	q.mu.Unlock()
	go func() {
		defer func() {
			q.mu.Lock()
			q.running--
			q.mu.Unlock()
		}()
		work()
	}()
}

func (q *testThread) Do(update func()) { q.updates <- update }

func (q *testThread) busy() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.running > 0
}

// settle applies updates until no work is left.
func (q *testThread) settle() {
	q.t.Helper()
	q.waitFor("the background work to end", func() bool { return !q.busy() })
}

// waitFor applies updates until cond holds (checked between updates).
func (q *testThread) waitFor(what string, cond func() bool) {
	q.t.Helper()
	deadline := time.After(60 * time.Second)
	for !cond() {
		select {
		case f := <-q.updates:
			f()
		case <-time.After(5 * time.Millisecond):
		case <-deadline:
			q.t.Fatalf("gave up waiting for %s", what)
		}
	}
}

// textsOf collects the text of every visible label, note, badge, button,
// entry and check under o, including cards, splits, tabs and pop-ups.
func textsOf(o fyne.CanvasObject) []string {
	if o == nil || !o.Visible() {
		return nil
	}
	switch o := o.(type) {
	case *fyne.Container:
		var out []string
		for _, c := range o.Objects {
			out = append(out, textsOf(c)...)
		}
		return out
	case *container.Scroll:
		return textsOf(o.Content)
	case *container.Split:
		return append(textsOf(o.Leading), textsOf(o.Trailing)...)
	case *container.ThemeOverride:
		return textsOf(o.Content)
	case *widget.PopUp:
		return textsOf(o.Content)
	case *widget.Card:
		return append([]string{o.Title, o.Subtitle}, textsOf(o.Content)...)
	case *widget.Label:
		return []string{o.Text}
	case *widget.RichText:
		return []string{o.String()}
	case *widget.Button:
		return []string{o.Text}
	case *keyButton:
		return []string{o.Text}
	case *widget.Check:
		return []string{o.Text}
	case *widget.Entry:
		return []string{o.Text}
	case *badge:
		return []string{o.Text}
	case *diffView:
		return []string{o.String()}
	}
	if w, ok := o.(fyne.Widget); ok {
		// Dialog contents sit in widgets of the dialog package.
		r := test.WidgetRenderer(w)
		var out []string
		for _, c := range r.Objects() {
			out = append(out, textsOf(c)...)
		}
		return out
	}
	return nil
}

// dialogTexts is what the topmost dialog of w says ("" parts dropped).
func dialogTexts(w fyne.Window) []string {
	top := w.Canvas().Overlays().Top()
	if top == nil {
		return nil
	}
	return textsOf(top)
}

// tapDialogButton taps the button labelled text in the topmost dialog.
func tapDialogButton(t *testing.T, w fyne.Window, text string) {
	t.Helper()
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatalf("no dialog is open to tap %q in", text)
	}
	b := findButton(top, text)
	if b == nil {
		t.Fatalf("the dialog has no button %q; it shows %q", text, textsOf(top))
	}
	test.Tap(b)
}

func findButton(o fyne.CanvasObject, text string) *widget.Button {
	switch o := o.(type) {
	case *widget.Button:
		if o.Text == text {
			return o
		}
		return nil
	case *keyButton:
		if o.Text == text {
			return &o.Button
		}
		return nil
	case *fyne.Container:
		for _, c := range o.Objects {
			if b := findButton(c, text); b != nil {
				return b
			}
		}
		return nil
	case *widget.PopUp:
		return findButton(o.Content, text)
	}
	if w, ok := o.(fyne.Widget); ok {
		for _, c := range test.WidgetRenderer(w).Objects() {
			if b := findButton(c, text); b != nil {
				return b
			}
		}
	}
	return nil
}

func anyContains(texts []string, sub string) bool {
	for _, s := range texts {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
