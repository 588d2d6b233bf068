package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
)

// filesView is the Files tab: each file the project's hooks and their trust
// come from, where it is, what state it is in, and a button that opens it
// in the system's editor.
type filesView struct {
	open    openFileFunc
	content *fyne.Container
	scroll  *container.Scroll
	rows    []*fileRow
}

// fileRow is one file of the Files tab.
type fileRow struct {
	state  fileState
	kind   *badge
	path   *widget.Label
	icon   *widget.Icon
	status *widget.Label
	open   *keyButton
}

func newFilesView(open openFileFunc) *filesView {
	v := &filesView{open: open, content: container.NewVBox()}
	v.scroll = container.NewVScroll(v.content)
	return v
}

func (v *filesView) buildUI() fyne.CanvasObject { return v.scroll }

func (v *filesView) showLoading() {
	v.rows = nil
	v.content.Objects = []fyne.CanvasObject{widget.NewProgressBarInfinite()}
	v.content.Refresh()
}

// showError replaces the list with why no project could be opened.
func (v *filesView) showError(err error) {
	v.rows = nil
	v.content.Objects = []fyne.CanvasObject{&widget.Label{Text: "Could not open the project: " + shown(err.Error()),
		Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance}}
	v.content.Refresh()
}

// show lists the files of p, keeping the scroll position.
func (v *filesView) show(p *project) {
	names := pathNamer{project: p.Dir, home: p.Home}
	v.rows = nil
	intro := newNote(p.proj.Summary().Files+" Hookwarden watches them and reloads when one changes.", fyne.TextWrapWord)
	objs := []fyne.CanvasObject{intro, widget.NewSeparator()}
	for _, f := range p.Files {
		r := v.newFileRow(f, names, p.Info)
		v.rows = append(v.rows, r)
		objs = append(objs, r.buildUI(), widget.NewSeparator())
	}
	v.content.Objects = objs
	v.content.Refresh()
}

func (v *filesView) newFileRow(f fileState, names pathNamer, info agents.Info) *fileRow {
	text, importance, icon := fileStatusText(f)
	r := &fileRow{
		state:  f,
		kind:   newBadge(strings.ToUpper(f.Kind), layerColor(info, f.Layer)),
		path:   &widget.Label{Text: shown(fileTitle(f, names)), TextStyle: fyne.TextStyle{Monospace: true}, Wrapping: fyne.TextWrapBreak, Selectable: true},
		icon:   widget.NewIcon(icon),
		status: &widget.Label{Text: shown(text), Importance: importance, Wrapping: fyne.TextWrapWord},
	}
	r.open = newButton("Open", theme.DocumentIcon(), widget.MediumImportance, func() { v.open(f.Path) })
	if f.Condition == fileMissing || f.Condition == fileAbsent {
		r.open.Disable()
	}
	return r
}

func (r *fileRow) buildUI() fyne.CanvasObject {
	head := container.NewBorder(nil, nil, r.kind, r.open, r.path)
	return container.NewVBox(head, container.NewBorder(nil, nil, container.NewHBox(indent(), r.icon), nil, r.status))
}

// fileTitle is the file's shortened path, after its name when it has one.
func fileTitle(f fileState, names pathNamer) string {
	path := names.name(f.Path)
	if path == "" {
		path = "(no file)"
	}
	if f.Name != "" {
		return f.Name + ": " + path
	}
	return path
}

// fileStatusText says what state a file is in.
func fileStatusText(f fileState) (string, widget.Importance, fyne.Resource) {
	switch f.Condition {
	case fileMissing:
		text := "missing — " + f.Agent + " treats it as empty"
		if f.Detail != "" {
			text = "missing — " + f.Detail
		}
		return text, widget.LowImportance, theme.InfoIcon()
	case fileAbsent:
		return "no file: " + f.Detail, widget.LowImportance, theme.InfoIcon()
	case fileIgnored:
		return "ignored: " + f.Detail, widget.WarningImportance, theme.NewWarningThemedResource(theme.WarningIcon())
	case fileBroken:
		return f.Detail, widget.DangerImportance, theme.NewErrorThemedResource(theme.ErrorIcon())
	}
	s := "exists"
	if f.Layer != "" {
		s += " · " + plural(f.Hooks, "hook")
	}
	if f.Detail != "" {
		s += " · " + f.Detail
	}
	for _, a := range f.Also {
		s += " · also run by " + a
	}
	return s, widget.MediumImportance, theme.NewSuccessThemedResource(theme.ConfirmIcon())
}
