package ui

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/hookwarden/hookwarden/settingsio"
)

// trayLabels lists a menu's entries ("---" for a separator).
func trayLabels(m *fyne.Menu) []string {
	var out []string
	for _, it := range m.Items {
		if it.IsSeparator {
			out = append(out, "---")
			continue
		}
		out = append(out, it.Label)
	}
	return out
}

func TestTrayMenuListsEachProjectWithWhatNeedsReview(t *testing.T) {
	test.NewTempApp(t)
	projects := []trayProject{
		{dir: filepath.FromSlash("/work/acme-app"), count: 2},
		{dir: filepath.FromSlash("/work/tidy"), count: 0},
		{dir: filepath.FromSlash("/work/one"), count: 1},
		{dir: filepath.FromSlash("/work/locked"), err: errors.New("permission denied")},
		{dir: filepath.FromSlash("/work/evil\x1b[2J\u202ename")},
	}
	var opened []string
	menu := trayMenu(projects, func(dir string) { opened = append(opened, dir) })
	want := []string{
		"3 projects need review", // a project that could not be checked counts
		"---",
		"acme-app — 2 need review",
		"tidy — nothing to review",
		"one — 1 needs review",
		"locked — could not be checked, open to see why",
	}
	got := trayLabels(menu)
	if !slices.Equal(got[:len(want)], want) {
		t.Fatalf("tray menu %q, want it to start %q", got, want)
	}
	if last := got[len(got)-1]; strings.ContainsAny(last, "\x1b\u202e") {
		t.Errorf("a folder name's control characters reach the menu: %q", last)
	}
	if !menu.Items[0].Disabled {
		t.Error("the summary line can be clicked")
	}
	// Each project's entry opens its own Review tab.
	menu.Items[2].Action()
	menu.Items[5].Action()
	if want := []string{projects[0].dir, projects[3].dir}; !slices.Equal(opened, want) {
		t.Errorf("the entries opened %q, want %q", opened, want)
	}
}

func TestTrayMenuWithoutRecentProjects(t *testing.T) {
	test.NewTempApp(t)
	menu := trayMenu(nil, func(string) { t.Error("opened a project") })
	if got := trayLabels(menu); !slices.Equal(got, []string{"No recent projects: open a folder in Hookwarden"}) || !menu.Items[0].Disabled {
		t.Errorf("empty tray menu %q", got)
	}
}

// TestTrayNotifiesWhenAProjectStartsNeedingReview runs the tray's loop
// with a stand-in review and watcher: a change to a watched file that makes
// a clean project need review updates the menu and sends one notification.
func TestTrayNotifiesWhenAProjectStartsNeedingReview(t *testing.T) {
	a := test.NewTempApp(t)
	dir := filepath.Join(t.TempDir(), "acme-app")
	rememberProject(a.Preferences(), dir)
	count := make(chan int, 1)
	count <- 0
	menus := make(chan *fyne.Menu, 4)
	var opened []string
	tr := &tray{app: a, known: map[string]trayProject{}, setMenu: func(m *fyne.Menu) { menus <- m },
		opts: TrayOptions{
			Review: func(d string) (TrayCheck, error) {
				if d != dir {
					t.Errorf("reviewed %q, want %q", d, dir)
				}
				return TrayCheck{NeedReview: <-count, Watch: []string{filepath.Join(d, ".gemini", "settings.json")}}, nil
			},
			OpenReview: func(d string) { opened = append(opened, d) },
		}}
	w := &fakeWatcher{changes: make(chan settingsio.Change, 1), armed: make(chan []string, 4)}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The test driver runs fyne.Do inline; the loop's goroutine only ever
	// touches the stand-ins (channels), never a widget.
	done := make(chan struct{})
	go func() {
		defer close(done)
		tr.run(ctx, nil, func(_ context.Context, paths []string) (fileWatcher, error) {
			w.armed <- paths
			return w, nil
		})
	}()
	first := <-menus
	if got := trayLabels(first); !slices.Contains(got, "acme-app — nothing to review") {
		t.Fatalf("first menu %q", got)
	}
	if paths := <-w.armed; !slices.Equal(paths, []string{filepath.Join(dir, ".gemini", "settings.json")}) {
		t.Errorf("the tray watches %q", paths)
	}
	test.AssertNotificationSent(t, &fyne.Notification{Title: "Hookwarden", Content: "acme-app — 2 need review"}, func() {
		count <- 2
		w.changes <- settingsio.Change{}
		second := <-menus
		if got := trayLabels(second); !slices.Contains(got, "acme-app — 2 need review") {
			t.Errorf("menu after the change %q", got)
		}
		second.Items[2].Action()
	})
	if !slices.Equal(opened, []string{dir}) {
		t.Errorf("the entry opened %q", opened)
	}
	cancel()
	<-done
}

// fakeWatcher is a fileWatcher the test drives.
type fakeWatcher struct {
	changes chan settingsio.Change
	armed   chan []string
}

func (f *fakeWatcher) Changes() <-chan settingsio.Change { return f.changes }
func (f *fakeWatcher) RetargetPaths(paths []string) error {
	f.armed <- paths
	return nil
}

// TestOpenReviewLandsOnTheReviewTab is `hookwarden open --review`: the
// window shows the first project on the Review tab; and the tray's entry
// brings a window back on the Review tab of another project.
func TestOpenReviewLandsOnTheReviewTab(t *testing.T) {
	m, _ := newTestWindow(t)
	m.opts = isolatedOptions(t)
	m.opts.ProjectDir = t.TempDir() // empty: the demo, which has hooks to review
	m.opts.Review = true
	m.start()
	if m.current == nil || m.current.Demo == nil {
		t.Fatal("the demo did not open")
	}
	if got := m.tabs.Selected().Text; !strings.HasPrefix(got, "Review") {
		t.Fatalf("opened on the %q tab, want Review", got)
	}

	m.tabs.SelectIndex(0)
	other := t.TempDir()
	(&Window{m: m}).ShowReview(other)
	if m.current.Requested != other {
		t.Fatalf("showing %q, want %q", m.current.Requested, other)
	}
	if got := m.tabs.Selected().Text; !strings.HasPrefix(got, "Review") {
		t.Errorf("the tray's entry opened the %q tab, want Review", got)
	}
	// Without --review the window opens on Hooks.
	m2, _ := newTestWindow(t)
	m2.opts = isolatedOptions(t)
	m2.opts.ProjectDir = t.TempDir()
	m2.start()
	if got := m2.tabs.Selected().Text; got != "What runs" {
		t.Errorf("without --review the window opened on %q", got)
	}
}
