package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
)

// The open "Problems in settings files" section keeps the height its
// wrapped lines need: on the Qwen Code demo at 800×600 its critical line
// ("Qwen Code's folder trust is off … run unprompted when Qwen Code starts
// here") wrapped to three lines in a section measured for two, and the
// third line was drawn under the "SessionStart · 1 hook" heading. The
// Accordion keeps the height it measured before its text had its width.
func TestFileProblemsKeepTheirHeightInTheHooksList(t *testing.T) {
	m, _ := openDemoWindow(t)
	m.selectAgent("qwen")
	m.tabs.SelectIndex(0)
	fp := m.hooks.problems
	if fp == nil || fp.item == nil || !fp.item.Open {
		t.Fatal("the Qwen Code demo shows no open problems section")
	}
	d := fyne.CurrentApp().Driver()
	for _, s := range []fyne.Size{{Width: 1400, Height: 900}, {Width: 800, Height: 600}, {Width: 1024, Height: 700},
		{Width: 800, Height: 600}, {Width: 700, Height: 600}} {
		m.window.Resize(s)
		at := fmt.Sprintf("%vx%v", s.Width, s.Height)
		objs := m.hooks.content.Objects
		for i, o := range objs[:len(objs)-1] {
			if o != fp.view {
				continue
			}
			end := d.AbsolutePositionForObject(fp.item.Detail).Y + fp.item.Detail.MinSize().Height
			next := d.AbsolutePositionForObject(objs[i+1]).Y
			if next+0.5 < end {
				t.Errorf("%s: the problems end at %v but what follows starts at %v: their last line is drawn under it", at, end, next)
			}
		}
	}
}
