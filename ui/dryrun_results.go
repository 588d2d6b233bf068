package ui

import (
	"fmt"
	"image/color"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// streamClip bounds the text a card shows of a stream or output.
const streamClip = 4000

// resultsPane is the Dry run tab's right side: what Run does, the folder's
// trust notice, the status line, the agent's verdict in words with its
// details and the event's warnings, and one card per hook
// (agents.HookRun) as its result arrives.
type resultsPane struct {
	intro         *widget.RichText
	trustNote     *widget.Label
	trustBox      *fyne.Container
	status        *widget.Label
	verdict       *widget.Label
	verdictDetail *widget.Label
	// results holds the verdict and the cards; relayout lays it out again
	// when their texts change height.
	results  *fyne.Container
	warnings *fyne.Container
	cardBox  *fyne.Container
	cards    []*resultCard
}

func newResultsPane() *resultsPane {
	r := &resultsPane{
		intro:         newNote("", fyne.TextWrapWord),
		status:        &widget.Label{Wrapping: fyne.TextWrapWord},
		trustNote:     &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance},
		verdict:       &widget.Label{Wrapping: fyne.TextWrapWord, TextStyle: fyne.TextStyle{Bold: true}},
		verdictDetail: &widget.Label{Wrapping: fyne.TextWrapWord},
		warnings:      container.NewVBox(),
		cardBox:       container.NewVBox(),
	}
	r.verdictDetail.Hide()
	return r
}

// buildUI lays the pane out, runAnyway beside the trust notice.
func (r *resultsPane) buildUI(runAnyway fyne.CanvasObject) fyne.CanvasObject {
	r.trustBox = container.NewVBox(withRightButton(r.trustNote, runAnyway), widget.NewSeparator())
	r.trustBox.Hide()
	r.results = container.NewVBox(r.intro, r.trustBox, r.status, r.verdict, r.verdictDetail, r.warnings, r.cardBox)
	return r.results
}

// resultCard shows one hook of a run: waiting, then its result.
type resultCard struct {
	hook    *hooks.Hook
	status  *badge
	name    *widget.Label
	summary *widget.Label
	body    *fyne.Container
	card    *widget.Card

	// result is the result shown (nil while waiting), for tests.
	result *agents.HookRun
}

// done reports whether the card shows a result.
func (c *resultCard) done() bool { return c.result != nil }

func newResultCard(h *hooks.Hook, title string, names pathNamer, info agents.Info) *resultCard {
	c := &resultCard{
		hook:    h,
		status:  newBadge("WAITING", colorGrey),
		name:    &widget.Label{Text: shown(title), TextStyle: fyne.TextStyle{Bold: true}, Truncation: fyne.TextTruncateEllipsis},
		summary: &widget.Label{Text: "running…", Wrapping: fyne.TextWrapWord},
		body:    container.NewVBox(),
	}
	origin := container.NewHBox(newBadge(layerText(h.Origin.Layer), layerColor(info, h.Origin.Layer)), newNote(shown(originText(h, names)), fyne.TextWrapOff))
	head := container.NewBorder(nil, nil, c.status, origin, c.name)
	c.card = widget.NewCard("", "", container.NewVBox(head, c.summary, c.body))
	return c
}

// show fills the card with r: why it did not run or what it would send,
// what was started, the error, the parsed answer and what the agent makes
// of it, the streams, the warnings and the sandbox report.
func (c *resultCard) show(r *agents.HookRun) {
	c.result = r
	text, col := runStatus(r)
	c.status.Text, c.status.Color = text, col
	c.status.Refresh()
	c.summary.SetText(shown(runSummary(r)))
	c.body.RemoveAll()
	if r.NotRunReason != "" {
		c.body.Add(&widget.Label{Text: shown(r.NotRunReason), Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance})
	}
	if r.Preview != "" {
		c.body.Add(streamBlock("would send", r.Preview))
	}
	for _, f := range r.Facts {
		c.body.Add(streamBlock(f.Label, f.Value))
	}
	if r.Error != "" {
		c.body.Add(&widget.Label{Text: shown(r.Error), Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance})
	}
	if r.Output != "" {
		out, err := indentJSON([]byte(r.Output))
		if err != nil {
			out = r.Output
		}
		c.body.Add(streamBlock("parsed output ("+r.OutputFormat+")", out))
	}
	if v := r.Verdict; v.Headline != "" {
		c.body.Add(&widget.Label{Text: shownBlock(v.Headline), Wrapping: fyne.TextWrapWord, Importance: effectImportance(v.Effect)})
	}
	if r.HasStreams {
		c.body.Add(streamBlock("stdout", r.Stdout))
		c.body.Add(streamBlock("stderr", r.Stderr))
	}
	for _, w := range r.Warnings {
		c.body.Add(warningLine(w))
	}
	if r.Sandboxed {
		c.body.Add(sandboxBlock(r.Sandbox))
	}
}

// runStatus is the badge of a result.
func runStatus(r *agents.HookRun) (string, color.Color) {
	switch {
	case r.Cancelled:
		return "CANCELLED", colorGrey
	case r.TimedOut:
		return "TIMED OUT", colorRed
	case r.Signal != "":
		return "KILLED", colorRed
	case !r.Ran && r.Error == "":
		return "NOT RUN", colorSlate
	case r.Verdict.Effect == hooks.EffectBlocked:
		if r.HasExitCode {
			return fmt.Sprintf("EXIT %d · BLOCKS", r.ExitCode), colorOrange
		}
		return "BLOCKS", colorOrange
	case r.Error != "":
		return "ERROR", colorRed
	case r.HTTPStatus != 0:
		if r.HTTPStatus < 300 {
			return fmt.Sprintf("HTTP %d", r.HTTPStatus), colorGreen
		}
		return fmt.Sprintf("HTTP %d", r.HTTPStatus), colorAmber
	case r.HasExitCode && r.ExitCode == 0:
		return "EXIT 0", colorGreen
	case r.HasExitCode && r.ExitCode == 2:
		return "EXIT 2", colorOrange
	case r.HasExitCode:
		return fmt.Sprintf("EXIT %d", r.ExitCode), colorAmber
	}
	return "DONE", colorGrey
}

// runSummary is "exit code 2 · 12.3 ms · shell · blocking error".
func runSummary(r *agents.HookRun) string {
	var parts []string
	if r.HasExitCode {
		parts = append(parts, fmt.Sprintf("exit code %d", r.ExitCode))
	}
	if r.Signal != "" {
		parts = append(parts, "killed by "+r.Signal)
	}
	if r.Ran || r.Error != "" {
		parts = append(parts, formatDuration(r.Duration))
	}
	parts = append(parts, r.Traits...)
	if r.Truncated {
		parts = append(parts, "output cut at the capture limit")
	}
	return strings.Join(parts, " · ")
}

func formatDuration(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

// streamBlock is a captioned monospace block; an empty text says so.
func streamBlock(caption, text string) fyne.CanvasObject {
	if strings.TrimSpace(text) == "" {
		return newNote(caption+": (empty)", fyne.TextWrapOff)
	}
	if r := []rune(text); len(r) > streamClip {
		text = string(r[:streamClip]) + fmt.Sprintf("\n… %d more characters", len(r)-streamClip)
	}
	body := &widget.Label{Text: shownBlock(strings.TrimRight(text, "\n")), TextStyle: fyne.TextStyle{Monospace: true},
		Wrapping: fyne.TextWrapBreak, Selectable: true}
	return container.NewVBox(newNote(caption, fyne.TextWrapOff), container.NewBorder(nil, nil, indent(), nil, body))
}

func warningLine(text string) fyne.CanvasObject {
	return newDiagnosticLine(hooks.Diagnostic{Severity: hooks.SeverityWarning, Message: text}, pathNamer{}).buildUI()
}

// showCards lays out one waiting card per hook about to run.
func (v *dryRunView) showCards(hs []*hooks.Hook) {
	names := pathNamer{project: v.project.Dir, home: v.project.Home}
	v.cards = nil
	v.cardBox.RemoveAll()
	for _, h := range hs {
		c := newResultCard(h, v.agent.Title(h), names, v.project.Info)
		v.cards = append(v.cards, c)
		v.cardBox.Add(c.card)
	}
}

// showResult fills card i of run id as its hook finishes.
func (v *dryRunView) showResult(id, i int, r *agents.HookRun) {
	if id != v.runID || i < 0 || i >= len(v.cards) {
		return
	}
	v.cards[i].show(r)
	v.countDone()
}

// countDone says how many cards of the run in progress have a result.
func (v *dryRunView) countDone() {
	done := 0
	for _, c := range v.cards {
		if c.done() {
			done++
		}
	}
	if v.run != nil {
		v.status.SetText(fmt.Sprintf("Running… %d of %d done", done, len(v.cards)))
	}
}

// finish shows the outcome of run id: the final results (with their
// warnings), what the agent would do, and the event's warnings.
func (v *dryRunView) finish(id int, s *runSetup, res *agents.RunResult, err error) {
	if id != v.runID {
		return
	}
	v.setRunning(nil)
	if err != nil {
		v.status.SetText(shown(err.Error()))
		return
	}
	s.gate = res.Gate
	if len(v.cards) != len(res.Hooks) {
		hs := make([]*hooks.Hook, len(res.Hooks))
		for i := range res.Hooks {
			hs[i] = res.Hooks[i].Hook
		}
		v.showCards(hs)
	}
	for i := range res.Hooks {
		v.cards[i].show(&res.Hooks[i])
	}
	noun := res.Gate.Plan.Noun
	mode := " in parallel"
	switch {
	case len(res.Hooks) < 2:
		mode = ""
	case res.Sequential:
		mode = " one after another"
	}
	status := fmt.Sprintf("%s ran%s in %s.", plural(len(res.Hooks), noun), mode, formatDuration(res.Duration))
	if n := len(res.Gate.Held); n > 0 {
		status += fmt.Sprintf(" %s not run: %s.", plural(n, noun), res.Gate.HeldWhy())
	}
	v.status.SetText(status)
	v.verdict.SetText(shown(res.Verdict.Headline))
	v.verdict.Importance = effectImportance(res.Verdict.Effect)
	v.verdict.Refresh()
	v.showNotes(s, res.Verdict.Details)
	v.warnings.RemoveAll()
	for _, w := range res.Warnings {
		v.warnings.Add(warningLine(w))
	}
	v.relayout()
}

// relayout lays the results out again: a wrapped verdict that grew a line
// must push the cards down, not sit under the first one.
func (v *dryRunView) relayout() {
	if v.results != nil {
		v.results.Refresh()
	}
}

// showNotes lists the verdict's details and what differs from a real
// session of the agent.
func (v *dryRunView) showNotes(s *runSetup, details []string) {
	lines := append([]string{}, details...)
	title, noun := s.agent.Agent().Title, s.gate.Plan.Noun
	if n := s.agent.RunNotice(); n.AsTrusted && n.Folder != "" {
		if s.asTrusted {
			lines = append(lines, n.Ran)
		} else {
			lines = append(lines, n.NotRun)
		}
	}
	if h := s.single; h != nil {
		lines = append(lines, fmt.Sprintf("Only %s ran; %s runs every matching %s of the event %s.", s.agent.Title(h), title, noun, together(s.gate.Plan)))
		if h.Status != hooks.StatusRuns {
			lines = append(lines, title+" would not run this "+noun+": "+h.Reason)
		}
	}
	switch n := len(s.gate.Sandboxed); {
	case n > 0 && len(s.req.Confirm) == 0:
		lines = append(lines, fmt.Sprintf("%s ran in the sandbox: nothing they wrote reached your files and nothing they sent left this machine; "+
			"%s would run them for real, without asking.", plural(n, noun), title))
	case len(s.req.Confirm) > 0:
		lines = append(lines, fmt.Sprintf("%s needing review (not approved, or changed since) ran after your confirmation; "+
			"%s runs them without asking.", plural(len(s.req.Confirm), noun), title))
	}
	v.setVerdictDetail(lines)
}

func effectImportance(effect string) widget.Importance {
	switch effect {
	case hooks.EffectBlocked, hooks.EffectStopped, hooks.EffectFailed:
		return widget.DangerImportance
	case hooks.EffectAsks, hooks.EffectChanged, agents.EffectWarns, "DEFERS":
		return widget.WarningImportance
	}
	return widget.MediumImportance
}

// setVerdictDetail shows the lines under the verdict (hidden when none).
func (v *dryRunView) setVerdictDetail(lines []string) {
	v.verdictDetail.SetText(shownBlock(strings.Join(lines, "\n")))
	v.verdictDetail.Hidden = len(lines) == 0
	v.verdictDetail.Refresh()
}

func (v *dryRunView) clearResults() {
	v.runID++
	v.cards = nil
	v.cardBox.RemoveAll()
	v.warnings.RemoveAll()
	v.verdict.SetText("")
	v.verdictDetail.SetText("")
	v.verdictDetail.Hide()
}
