package ui

import (
	"fmt"
	"image/color"
	"maps"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/internal/safetext"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/trust"
)

// reviewDetail is the right-hand panel of the Review tab: everything about
// the selected hook, with the command and script diffs.
type reviewDetail struct {
	content *fyne.Container
	scroll  *container.Scroll

	// Set by show, for tests: the command diff (nil when the command did
	// not change) and one line diff per script that has one.
	commandDiff *diffView
	scriptDiffs []*diffView
	// findings lists the risk analysis' findings (nil for a gone key);
	// risk and projectDir place them in the diffs.
	findings   fyne.CanvasObject
	risk       *risk.Report
	projectDir string
	// scripts are the code views of the scripts' whole texts.
	scripts []*codeView
	// fieldChanges are the definition changes shown, in words.
	fieldChanges []string

	// unrecorded is the agent's words for a script it has no record of.
	unrecorded string

	highlight highlighter
	// seenEnd: the end of what is shown has been on screen (scrolled to,
	// or everything fits) and still is, or was since the panel last changed
	// size: a shrink that hides the end takes it back. onSeen runs when it
	// changes.
	seenEnd bool
	onSeen  func()
	// laidOut is the size the panel was last laid out at.
	laidOut fyne.Size
	// keys is the panel as Tab reaches it.
	keys *keyScroll
}

func newReviewDetail() *reviewDetail {
	d := &reviewDetail{content: container.NewVBox()}
	d.scroll = container.NewVScroll(d.content) // vertical only: long lines wrap to the panel's width
	d.scroll.OnScrolled = func(fyne.Position) { d.checkSeen() }
	d.keys = newKeyScroll(d.scroll, d.laidOutAt)
	return d
}

// endOnScreen reports whether the end of the detail is in view.
func (d *reviewDetail) endOnScreen() bool {
	view := d.scroll.Size().Height
	return view > 0 && d.scroll.Offset.Y+view >= d.content.MinSize().Height-1
}

// laidOutAt checks the panel at size: a new size that leaves the end off
// screen locks Approve again (the window shrank under a reader who had
// not scrolled), then whether the end is on screen now.
func (d *reviewDetail) laidOutAt(size fyne.Size) {
	if size != d.laidOut {
		d.laidOut = size
		if d.seenEnd && !d.endOnScreen() {
			d.seenEnd = false
			if d.onSeen != nil {
				d.onSeen()
			}
		}
	}
	d.checkSeen()
}

// checkSeen records that the end of the detail is on screen. A panel not
// laid out yet (no height) has shown nothing.
func (d *reviewDetail) checkSeen() {
	if d.seenEnd {
		return
	}
	if !d.endOnScreen() {
		return
	}
	d.seenEnd = true
	if d.onSeen != nil {
		d.onSeen()
	}
}

// buildUI is the scrolling panel (keyScroll); each time it is laid out
// (shown in its tab, resized) it checks whether its end is on screen.
func (d *reviewDetail) buildUI() fyne.CanvasObject { return d.keys }

func (d *reviewDetail) clear() {
	d.commandDiff, d.scriptDiffs, d.scripts, d.fieldChanges = nil, nil, nil, nil
	d.findings, d.risk = nil, nil
	d.seenEnd = false
	d.content.RemoveAll()
}

func (d *reviewDetail) showMessage(text string) {
	d.clear()
	d.content.Add(&widget.Label{Text: shown(text), Wrapping: fyne.TextWrapWord})
}

// show fills the panel with it; it reports whether everything a reviewer
// must see to approve it is on screen (every script it runs, in full).
func (d *reviewDetail) show(it reviewItem, p *project) bool {
	d.clear()
	names := pathNamer{}
	if p != nil {
		names = pathNamer{project: p.Dir, home: p.Home}
	}
	words := it.words
	if words == nil {
		words = &agents.ReviewWords{}
	}
	d.unrecorded = words.Unrecorded
	title := symbolText(shown(it.label()), widget.RichTextStyle{TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText},
		fyne.TextWrapBreak, fyne.TextTruncateOff)
	d.content.Add(container.NewBorder(nil, nil, container.NewVBox(newBadge(it.statusText(), it.statusColor())), nil, title))
	if h := it.hook; h != nil {
		if s := safetext.Summary(h.Name, h.Command, h.Matcher); s != "" { // as audit counts them
			d.content.Add(&widget.Label{Text: "Holds " + s + " (shown escaped as \\xNN or \\uNNNN): what a terminal or editor " +
				"shows of this text is not what runs.", Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance})
		}
	}
	d.risk, d.projectDir = it.risk, names.project
	if it.risk != nil {
		d.findings = findingsView(*it.risk, names)
		d.content.Add(d.findings)
	}
	if g := it.gone; g != nil {
		d.content.Add(&widget.Label{Text: g.Meaning, Wrapping: fyne.TextWrapWord})
		d.content.Add(detailForm(fieldRows(g.Fields)...))
		return true
	}
	h := it.hook
	if h == nil {
		return true
	}
	if m := words.Meaning[h.Status]; m != "" {
		d.content.Add(&widget.Label{Text: m, Wrapping: fyne.TextWrapWord, Importance: trustMeaningImportance(h.Status)})
	}
	typed := p != nil && len(p.Info.Types) > 1
	if r := it.review; r != nil {
		where := names.place(r.File, h.Line, h.Column) + "  ·  " + h.Event
		if h.Matcher != "" {
			where += "  ·  matcher " + h.Matcher
		}
		badge := newBadge(layerText(r.Layer), layerColor(p.Info, r.Layer))
		if r.Badge != "" {
			badge = newBadge(r.Badge, layerColor(p.Info, r.Layer))
		}
		d.content.Add(badgeLine(badge, where))
		for _, n := range r.Notes {
			d.content.Add(&widget.Label{Text: shown(n), Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance})
		}
	} else if h.Matcher != "" {
		d.content.Add(newNote(shown(h.Event+"  ·  matcher "+h.Matcher), fyne.TextWrapBreak))
	}
	var rows []fyne.CanvasObject
	if h.Name != "" && h.Name != h.Label {
		rows = append(rows, detailField("Name", detailText(h.Name))...)
	}
	switch {
	case !h.IsCommand:
		rows = append(rows, detailField("Type", detailText(h.Type+" (runs no command)"))...)
	case typed:
		rows = append(rows, detailField("Type", detailText(h.Type))...)
	}
	keyLabel := words.KeyLabel
	if keyLabel == "" {
		keyLabel = "Key"
	}
	rows = append(rows, detailField(keyLabel, detailMono(h.Key))...)
	if h.RawCommand != "" && h.RawCommand != h.Command {
		rows = append(rows, detailField("As written", detailMono(h.RawCommand))...)
	}
	if it.review != nil {
		rows = append(rows, fieldRows(it.review.Fields)...)
	}
	if len(h.Env) > 0 {
		rows = append(rows, detailField("Env", detailMonoBlock(envLines(h.Env)))...)
	}
	for _, o := range h.AlsoReadBy { // an approval is per agent: what the others that read the file do
		verb := "Also run by "
		if o.Status != "runs" {
			verb = "Also read by "
		}
		rows = append(rows, detailField(verb+shown(o.Title), detailText(o.Words()))...)
	}
	d.content.Add(detailForm(rows...))
	d.showFieldChanges(h)

	if h.Status == trust.StatusChanged {
		d.content.Add(detailSection(orWords(words.ChangedTitle, "Changes since it was approved")))
		d.commandDiff = newDiffView(diffWords, h.CommandDiff)
		d.content.Add(d.commandDiff)
		before := h.PreviousCommand
		if words.BeforeKey {
			before = h.PreviousKey
		}
		d.content.Add(newNote(orWords(words.Before, "Approved before: ")+shown(before), fyne.TextWrapBreak))
	} else if h.IsCommand || typed {
		d.content.Add(detailSection(orWords(words.RunsTitle, "Command")))
		d.content.Add(detailMono(h.Command))
	}
	return d.showScripts(h, names)
}

// orWords is the agent's words, or def when it has none.
func orWords(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// fieldRows are agent facts as rows of a detail form: code and paths
// monospaced, a value whose line breaks matter as a block.
func fieldRows(fs []agents.Field) []fyne.CanvasObject {
	var rows []fyne.CanvasObject
	for _, f := range fs {
		var value fyne.CanvasObject = detailText(f.Value)
		switch {
		case f.Lines:
			value = detailMonoBlock(shownBlock(f.Value))
		case f.Code:
			value = detailMono(f.Value)
		}
		rows = append(rows, detailField(f.Label, value)...)
	}
	return rows
}

// showFieldChanges shows why Hookwarden cannot vouch for a trusted key
// and how the hook differs, field by field, from what was approved.
func (d *reviewDetail) showFieldChanges(h *trust.HookReview) {
	if h.ApprovalNote != "" {
		d.content.Add(&widget.Label{Text: shown(h.ApprovalNote), Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance})
	}
	if len(h.FieldChanges) == 0 {
		return
	}
	d.content.Add(detailSection("Changed since it was approved"))
	for _, c := range h.FieldChanges {
		d.fieldChanges = append(d.fieldChanges, c.String())
		d.content.Add(detailMono(c.String()))
	}
}

// envLines lists env variables as NAME=value lines, sorted (values as
// JSON, so that control characters show).
func envLines(env map[string]string) string {
	var lines []string
	for _, k := range slices.Sorted(maps.Keys(env)) {
		lines = append(lines, shown(k+"="+env[k])) // one line per variable, whatever it holds
	}
	return strings.Join(lines, "\n")
}

// showScripts shows every script of h; it reports whether each one is
// shown in full (or does not exist).
func (d *reviewDetail) showScripts(h *trust.HookReview, names pathNamer) bool {
	if !h.IsCommand {
		return true
	}
	d.showUnseen(h, names)
	if h.ScriptsError != "" {
		d.content.Add(detailSection("Scripts"))
		d.content.Add(&widget.Label{Text: "Could not find the scripts it runs: " + shown(h.ScriptsError),
			Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance})
		return true
	}
	if len(h.Scripts) == 0 {
		d.content.Add(newNote("The command runs no script file of the project.", fyne.TextWrapWord))
		return true
	}
	d.content.Add(detailSection("Scripts"))
	complete := true
	for _, s := range h.Scripts {
		text := names.name(s.Path)
		switch {
		case s.Via != "" && s.From != "":
			text += "  (run by " + s.Via + " in " + names.name(s.From) + ")"
		case s.Via != "":
			text += "  (run by " + s.Via + ")"
		case s.From != "":
			text += "  (run by " + names.name(s.From) + ")"
		}
		path := &widget.Label{Text: shown(text), TextStyle: fyne.TextStyle{Monospace: true}, Wrapping: fyne.TextWrapBreak}
		d.content.Add(container.NewBorder(nil, nil, newBadge(scriptStatusText(s.Status), scriptStatusColor(s)), nil, path))
		var lines []fyne.CanvasObject
		if m := scriptMeaning(s, d.unrecorded); m != "" {
			imp := widget.MediumImportance
			if s.Flagged {
				imp = widget.WarningImportance
			}
			lines = append(lines, &widget.Label{Text: shown(m), Wrapping: fyne.TextWrapWord, Importance: imp})
		}
		if len(s.Diff) > 0 {
			dv := newDiffView(diffLines, s.Diff)
			if d.risk != nil {
				dv.markLines(scriptMarks(*d.risk, d.projectDir, s.Path))
			}
			d.scriptDiffs = append(d.scriptDiffs, dv)
			lines = append(lines, newHScroll(dv, d.scroll))
		}
		shown, content := d.scriptContent(s)
		complete = complete && shown
		lines = append(lines, content...)
		if len(lines) > 0 {
			d.content.Add(container.NewBorder(nil, nil, indent(), nil, container.NewVBox(lines...)))
		}
	}
	if !complete {
		d.content.Add(&widget.Label{Text: "Approve is off: a script of this hook cannot be shown here in full. " +
			"Read it in an editor; 'hookwarden trust' approves it from the command line.",
			Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance})
	}
	return complete
}

// scriptContent is the whole current text of a script, or why it cannot be
// shown; shown is false when an existing script's text is not on screen.
func (d *reviewDetail) scriptContent(s trust.ScriptReview) (shown bool, objs []fyne.CanvasObject) {
	switch {
	case s.Content != nil:
		c := newCodeView(&d.highlight, s.Path, *s.Content)
		c.passWheelTo(d.scroll)
		d.scripts = append(d.scripts, c)
		head := fmt.Sprintf("Whole current text (%s, %s):", plural(c.Lines(), "line"), plural(int(s.Size), "byte"))
		return true, []fyne.CanvasObject{newNote(head, fyne.TextWrapWord), codeBlock(c)}
	case s.ContentOmitted != "":
		return false, []fyne.CanvasObject{&widget.Label{Text: "Its text is not shown: " + s.ContentOmitted + ".",
			Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance}}
	case s.Status == trust.ScriptMissing:
		return true, nil // nothing runs: the hook fails
	}
	return false, []fyne.CanvasObject{&widget.Label{Text: "Its text could not be read.",
		Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance}}
}

// showUnseen lists the code the hook runs that Hookwarden cannot see
// (trust.HookReview.Unresolved), before its scripts.
func (d *reviewDetail) showUnseen(h *trust.HookReview, names pathNamer) {
	if !h.RunsUnseenCode() {
		return
	}
	d.content.Add(detailSection("Runs code Hookwarden cannot see"))
	note := "What these parts run is not in any file Hookwarden fingerprints (a variable, a command's output, " +
		"a download, a package). Their text is part of the approval; what they refer to can change unseen, " +
		"so the Dry run tab always asks before running this hook."
	d.content.Add(&widget.Label{Text: note, Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance})
	var lines []fyne.CanvasObject
	for _, u := range h.Unresolved {
		text := shown(u.Text) + "\n" + shown(u.Why)
		if u.File != "" {
			text += " — " + shown(names.place(u.File, u.Line, 0))
		}
		lines = append(lines, &widget.Label{Text: text, TextStyle: fyne.TextStyle{Monospace: true}, Wrapping: fyne.TextWrapBreak})
	}
	d.content.Add(container.NewBorder(nil, nil, indent(), nil, container.NewVBox(lines...)))
}

// scriptMeaning is the note under a script: what its status means, and
// the audit's own note.
func scriptMeaning(s trust.ScriptReview, unrecorded string) string {
	var parts []string
	switch s.Status {
	case trust.ScriptChanged:
		parts = append(parts, "Changed since the hook was approved:")
	case trust.ScriptMissing:
		parts = append(parts, "The file does not exist.")
	case trust.ScriptOutside:
		parts = append(parts, "It resolves to a file outside the project.")
	case trust.ScriptUnrecorded:
		parts = append(parts, orWords(unrecorded, "Hookwarden has no record of it (not approved here); approving records it."))
	}
	if s.Note != "" {
		parts = append(parts, "("+s.Note+")")
	}
	return strings.Join(parts, " ")
}

func scriptStatusText(s trust.ScriptStatus) string {
	return strings.ToUpper(strings.ReplaceAll(string(s), "-", " "))
}

func scriptStatusColor(s trust.ScriptReview) color.Color {
	switch {
	case s.Flagged:
		return colorRed
	case s.Status == trust.ScriptUnchanged:
		return colorGreen
	case s.Status == trust.ScriptMissing || s.Status == trust.ScriptOutside:
		return colorOrange
	}
	return colorGrey
}

func trustMeaningImportance(s trust.HookStatus) widget.Importance {
	if s == trust.StatusScriptChanged || s == trust.StatusDefinitionChanged || s == trust.StatusApprovedOutside {
		return widget.WarningImportance
	}
	return widget.MediumImportance
}

// form lays out name/value pairs in two columns.
func detailForm(objs ...fyne.CanvasObject) *fyne.Container {
	return container.New(layout.NewFormLayout(), objs...)
}

func detailField(name string, value fyne.CanvasObject) []fyne.CanvasObject {
	return []fyne.CanvasObject{key(name), value}
}

// badgeLine is a badge before a note that wraps to the width left.
func badgeLine(b *badge, note string) fyne.CanvasObject {
	return container.NewBorder(nil, nil, container.NewVBox(b), nil, newNote(shown(note), fyne.TextWrapBreak))
}

func detailSection(title string) fyne.CanvasObject {
	return &widget.Label{Text: title, TextStyle: fyne.TextStyle{Bold: true}}
}

func detailText(s string) *widget.Label {
	return &widget.Label{Text: shown(s), Wrapping: fyne.TextWrapWord}
}

func detailMono(s string) *widget.Label {
	return &widget.Label{Text: shown(s), TextStyle: fyne.TextStyle{Monospace: true}, Wrapping: fyne.TextWrapBreak, Selectable: true}
}
