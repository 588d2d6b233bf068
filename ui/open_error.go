package ui

// showOpenError explains a failed open in a dialog and puts the project
// that was on screen back in every tab, with the agent switch on its
// agent; with no project before, every tab says what failed.
func (m *mainWindow) showOpenError(err error) {
	showError(err, m.window)
	cur := m.current
	if cur == nil {
		m.hooks.showError(err)
		m.files.showError(err)
		m.review.showOpenError(err)
		return
	}
	m.reloadButton.Enable()
	m.agent = cur.Agent
	place := m.places[projectKey(cur)]
	m.header.show(cur) // sets the agent switch back too
	m.banner.show(cur)
	m.hooks.show(cur, place.selected, place.offset)
	m.files.show(cur)
	m.review.show(cur)
}
