package ui

import (
	"strings"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// folderBanner shows Gemini CLI's folder-trust decision for the project,
// the rule that decided it, and the three answers of Gemini's trust
// dialog.
type folderBanner struct {
	icon   *widget.Icon
	state  *widget.Label
	rule   *widget.RichText
	effect *widget.Label

	trustButton  *widget.Button
	parentButton *widget.Button
	denyButton   *widget.Button
	buttons      *fyne.Container
}

func newFolderBanner(onSet func(gemini.TrustLevel)) *folderBanner {
	b := &folderBanner{
		icon:   widget.NewIcon(nil),
		state:  &widget.Label{Text: "Folder trust", TextStyle: fyne.TextStyle{Bold: true}},
		rule:   newNote("", fyne.TextWrapOff),
		effect: &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance},
	}
	b.trustButton = &widget.Button{Text: "Trust folder", Icon: theme.ConfirmIcon(), OnTapped: func() { onSet(gemini.TrustFolder) }}
	b.parentButton = &widget.Button{Text: "Trust parent", Icon: theme.FolderIcon(), OnTapped: func() { onSet(gemini.TrustParent) }}
	b.denyButton = &widget.Button{Text: "Don't trust", Icon: theme.CancelIcon(), OnTapped: func() { onSet(gemini.DoNotTrust) }}
	b.rule.Truncation = fyne.TextTruncateEllipsis
	b.effect.Hide()
	return b
}

func (b *folderBanner) buildUI() fyne.CanvasObject {
	// One line — state, the rule cut to the width left, the answers —
	// and what it means under it only when it limits what runs.
	b.buttons = container.NewHBox(b.trustButton, b.parentButton, b.denyButton)
	line := container.NewBorder(nil, nil, container.NewHBox(b.icon, b.state), b.buttons, b.rule)
	return container.NewVBox(line, b.effect, widget.NewSeparator())
}

// show displays p's folder trust.
func (b *folderBanner) show(p *project) {
	if p.Claude != nil {
		b.showClaude(p)
		return
	}
	if b.buttons != nil {
		b.buttons.Show()
	}
	snap := p.Registry.Snapshot
	ft := snap.FolderTrust
	names := pathNamer{project: p.Dir, home: p.Home}
	b.icon.SetResource(okIcon(ft.Trusted()))
	state := string(ft.State)
	if state == "" {
		state = "unknown"
	}
	b.state.SetText("Folder trust: " + shown(state))
	setNote(b.rule, folderRuleText(ft, names))

	var effect []string
	if ft.Err != nil {
		effect = append(effect, "Fix "+names.place(ft.Err.Path, ft.Err.Line, ft.Err.Column)+
			" by hand: Hookwarden does not write a file Gemini CLI cannot read.")
	}
	if !ft.Trusted() {
		effect = append(effect, "Gemini CLI runs no settings hooks here (only extension hooks) and checks none of them; "+
			"the review below is Hookwarden's own.")
	}
	if overriddenBy(ft.Rule) {
		effect = append(effect, "An answer written to trustedFolders.json changes nothing while "+ft.Rule+" decides.")
	}
	b.effect.SetText(shownBlock(strings.Join(effect, "\n")))
	b.effect.Hidden = len(effect) == 0
	b.effect.Refresh()

	current := ""
	if ft.Rule == gemini.FolderKey(snap.ProjectDir, p.GOOS) {
		current = ft.Level
	}
	for _, x := range []struct {
		button *widget.Button
		level  gemini.TrustLevel
	}{{b.trustButton, gemini.TrustFolder}, {b.parentButton, gemini.TrustParent}, {b.denyButton, gemini.DoNotTrust}} {
		x.button.Importance = widget.MediumImportance
		if string(x.level) == current {
			x.button.Importance = widget.HighImportance
		}
		if ft.Err != nil || snap.Paths.TrustedFolders == "" {
			x.button.Disable()
		} else {
			x.button.Enable()
		}
		x.button.Refresh()
	}
}

// folderRuleText says what decided, naming the rule and its file.
func folderRuleText(ft gemini.FolderTrust, names pathNamer) string {
	s := ft.Reason
	if s == "" {
		s = "no rule decided"
	}
	if file := names.name(ft.File); file != "" && !overriddenBy(ft.Rule) {
		s += " · " + file
	}
	return s
}

// overriddenBy reports whether the rule is a switch that decides before
// trustedFolders.json is consulted.
func overriddenBy(rule string) bool {
	return rule == gemini.EnvTrustWorkspace || rule == gemini.EnvRestrictedMode ||
		strings.HasPrefix(rule, "security.folderTrust")
}

// showClaude displays Claude Code's folder flag, read only: Claude Code
// writes it when its trust dialog is answered, and Hookwarden never does.
func (b *folderBanner) showClaude(p *project) {
	ft := p.Claude.Snapshot.FolderTrust
	names := pathNamer{project: p.Dir, home: p.Home}
	b.icon.SetResource(okIcon(ft.Accepted))
	state := "not accepted"
	if ft.Accepted {
		state = "accepted"
	}
	b.state.SetText("Claude Code folder trust: " + shown(state) + " (read only)")
	rule := ft.Reason
	if file := names.name(ft.File); file != "" {
		rule += " · " + file
	}
	setNote(b.rule, rule)
	effect := "Once a folder is trusted, Claude Code runs new and changed hooks without asking (claude -p runs them always); " +
		"the review below is Hookwarden's own, with fingerprints in its store."
	if ft.Err != nil {
		effect = "Fix " + names.place(ft.Err.Path, ft.Err.Line, ft.Err.Column) + " by hand. " + effect
	}
	b.effect.SetText(shownBlock(effect))
	b.effect.Show()
	if b.buttons != nil {
		b.buttons.Hide()
	}
}
