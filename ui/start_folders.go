package ui

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
)

// maxStartFolderLines bounds the entries the notice lists per folder;
// the folder's own review lists them all.
const maxStartFolderLines = 4

// loadStartFolders reviews p's agent in the folders below the
// repository's top an agent may be started in, when p is that top
// (agents.ReviewStartFolders, what audit there reviews): an agent started
// in one reads files the top's review does not, so the window does not
// read clean where audit exits 3.
func (p *project) loadStartFolders() {
	if p.proj == nil || p.Demo != nil || p.registry == nil {
		return
	}
	env := p.env()
	env.Others = p.registry
	p.StartFolders, p.StartFoldersErr = agents.ReviewStartFolders(context.Background(), env, p.agent, p.Dir, p.registry.Markers())
	// a change there reloads the window, as one at the top does
	for _, f := range p.StartFolders.Folders {
		for _, w := range f.Watch() {
			if !slices.Contains(p.Watch, w) {
				p.Watch = append(p.Watch, w)
			}
		}
	}
}

// startFoldersBannerText is what the banner says of the start folders
// below the top ("" when they are clean).
func startFoldersBannerText(p *project) string {
	if p.StartFoldersErr != nil {
		return "The folders below " + p.name() + " an agent may be started in could not be reviewed: " + p.StartFoldersErr.Error()
	}
	dirty := p.StartFolders.Dirty()
	switch {
	case len(dirty) > 0:
		names := make([]string, 0, len(dirty))
		for _, f := range dirty {
			names = append(names, f.Folder+"/")
		}
		verb := "need"
		if len(dirty) == 1 {
			verb = "needs"
		}
		return fmt.Sprintf("%s below %s %s review (started there, %s reads more files): %s",
			plural(len(dirty), "start folder"), p.name(), verb, p.Info.Title, strings.Join(names, ", "))
	case p.StartFolders.ListError != "":
		return p.StartFolders.ListError
	case p.StartFolders.More:
		return fmt.Sprintf("more than %d folders below %s hold agent files; only the first %d were reviewed", agents.MaxStartFolders, p.name(), agents.MaxStartFolders)
	}
	return ""
}

// startFoldersNotice names each start folder below the top that is not
// clean, with what needs review there and a button that opens its review
// (open, with the folder's path); nil when there is nothing to say.
func startFoldersNotice(p *project, names pathNamer, open func(dir string)) fyne.CanvasObject {
	head := startFoldersBannerText(p)
	if head == "" {
		return nil
	}
	objs := []fyne.CanvasObject{&widget.Label{Text: shown(head), Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance, TextStyle: fyne.TextStyle{Bold: true}}}
	for _, f := range p.StartFolders.Dirty() {
		// each piece shown() apart: shown escapes a newline inside a label
		lines := []string{shown(f.Folder + "/")}
		for i, e := range f.NeedsReview {
			if i == maxStartFolderLines {
				lines = append(lines, fmt.Sprintf("    … and %d more", len(f.NeedsReview)-i))
				break
			}
			risk := ""
			if e.Risk != "" && e.Risk != "none" {
				risk = strings.ToUpper(e.Risk) + " RISK  "
			}
			line := strings.ToUpper(e.Status) + "  " + risk + e.Label + "  (" + names.name(e.File) + ")"
			for _, c := range e.Changed {
				line += "; changed " + names.name(c)
			}
			lines = append(lines, "    "+shown(line))
		}
		for _, e := range f.Unreadable {
			lines = append(lines, "    UNREADABLE  "+shown(names.place(e.Path, e.Line, e.Column)+": "+e.Message)) // named as the entries are
		}
		if f.StoreError != "" {
			lines = append(lines, "    TRUST FILE  "+shown(f.StoreError))
		}
		for _, d := range f.Critical {
			msg := d.Message
			if d.File != "" {
				msg = names.place(d.File, d.Line, d.Column) + ": " + msg
			}
			lines = append(lines, "    CRITICAL  "+shown(msg))
		}
		if len(lines) == 1 {
			// not clean for a reason none of the above names: never silent
			lines = append(lines, "    NEEDS REVIEW  (open its review)")
		}
		label := &widget.Label{Text: strings.Join(lines, "\n"), Wrapping: fyne.TextWrapWord}
		dir := f.Project
		button := newButton(shown("Review "+f.Folder+"/…"), theme.VisibilityIcon(), widget.WarningImportance, func() { open(dir) })
		objs = append(objs, withRightButton(label, button))
	}
	return container.NewVBox(objs...)
}

// startFoldersCount is what needs review in the start folders below p's
// top, as the agent switch counts it (agents.FolderCount.InStartFolders):
// a review of them that could not be made counts one.
func startFoldersCount(p *project) int {
	if p == nil {
		return 0
	}
	n := p.StartFolders.NeedingReview()
	if p.StartFoldersErr != nil {
		n++
	}
	return n
}

// showStartFolders lists, in the notes above the list, the start folders
// below the top that need review (startFoldersNotice): the list below is
// the top's alone.
func (v *reviewView) showStartFolders() {
	if v.project == nil || v.onOpenStartFolder == nil {
		return
	}
	if n := startFoldersNotice(v.project, v.names(), v.onOpenStartFolder); n != nil {
		v.notes.Add(n)
	}
}
