package ui

import (
	"fmt"
	"net/url"
	"strings"

	"fyne.io/fyne/v2/storage"
)

// openFile opens a file in the system's editor (xdg-open on Linux, open on
// macOS, the shell association on Windows) through a file:// URL.
func (m *mainWindow) openFile(path string) {
	if path == "" {
		return
	}
	u, err := url.Parse(storage.NewFileURI(path).String())
	if err == nil {
		err = m.app.OpenURL(u)
	}
	if err != nil {
		showError(fmt.Errorf("opening %s: %w", path, err), m.window)
	}
}

// showReviewTab brings up the Review tab (labelled "Review" or
// "Review (2)").
func (m *mainWindow) showReviewTab() {
	for _, t := range m.tabs.Items {
		if strings.HasPrefix(t.Text, "Review") {
			m.tabs.Select(t)
			m.review.focusList()
			return
		}
	}
}
