package ui

import (
	"fmt"
	"image/color"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/gemini"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/hooks"
)

// streamClip bounds the text a card shows of a stream or output.
const streamClip = 4000

// resultCard shows one hook of a run: waiting, then its result.
type resultCard struct {
	hook    *hooks.Hook
	status  *badge
	name    *widget.Label
	summary *widget.Label
	body    *fyne.Container
	card    *widget.Card

	// result is the result shown (nil while waiting), for tests;
	// claudeResult the same for a Claude Code handler.
	result       *gemini.Result
	claudeResult *claude.RunResult
}

// done reports whether the card shows a result.
func (c *resultCard) done() bool { return c.result != nil || c.claudeResult != nil }

func newResultCard(h *hooks.Hook, names pathNamer, info agents.Info) *resultCard {
	c := &resultCard{
		hook:    h,
		status:  newBadge("WAITING", colorGrey),
		name:    &widget.Label{Text: shown(hookTitle(h)), TextStyle: fyne.TextStyle{Bold: true}, Truncation: fyne.TextTruncateEllipsis},
		summary: &widget.Label{Text: "running…", Wrapping: fyne.TextWrapWord},
		body:    container.NewVBox(),
	}
	origin := container.NewHBox(newBadge(layerText(h.Origin.Layer), layerColor(info, h.Origin.Layer)), newNote(shown(originText(h, names)), fyne.TextWrapOff))
	head := container.NewBorder(nil, nil, c.status, origin, c.name)
	c.card = widget.NewCard("", "", container.NewVBox(head, c.summary, c.body))
	return c
}

// show fills the card with r.
func (c *resultCard) show(r *gemini.Result) {
	c.result = r
	text, col := resultStatus(r)
	c.status.Text, c.status.Color = text, col
	c.status.Refresh()
	c.summary.SetText(shown(resultSummary(r)))
	c.body.RemoveAll()
	if r.Command != "" && r.Command != c.hook.Command {
		c.body.Add(streamBlock("command (expanded)", r.Command))
	}
	if r.Error != "" {
		c.body.Add(&widget.Label{Text: shown(r.Error), Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance})
	}
	if r.Output != nil {
		out, err := indentJSON(hooks.AppendJSON(nil, r.Output))
		if err != nil {
			out = string(hooks.AppendJSON(nil, r.Output))
		}
		c.body.Add(streamBlock("parsed output ("+r.OutputFormat+")", out))
	}
	if r.HasStreams {
		c.body.Add(streamBlock("stdout", r.Stdout))
		c.body.Add(streamBlock("stderr", r.Stderr))
	}
	for _, w := range r.Warnings {
		if w.Code == hooks.WarnAskOverridden || w.Code == hooks.WarnDecisionReplaced {
			continue // said once for the event
		}
		c.body.Add(warningLine(w.Message))
	}
	if r.Sandboxed {
		c.body.Add(sandboxBlock(r.Sandbox))
	}
}

// resultStatus is the badge of a result.
func resultStatus(r *gemini.Result) (string, color.Color) {
	switch {
	case r.Cancelled:
		return "CANCELLED", colorGrey
	case r.TimedOut:
		return "TIMED OUT", colorRed
	case r.Signal != "":
		return "KILLED", colorRed
	case r.Error != "":
		return "ERROR", colorRed
	case r.HasExitCode && r.ExitCode == 0:
		return "EXIT 0", colorGreen
	case r.HasExitCode && r.ExitCode == 2:
		return "EXIT 2", colorOrange
	case r.HasExitCode:
		return fmt.Sprintf("EXIT %d", r.ExitCode), colorAmber
	}
	return "DONE", colorGrey
}

// resultSummary is "exit 0 · 12.3 ms · JSON output".
func resultSummary(r *gemini.Result) string {
	parts := []string{}
	if r.HasExitCode {
		parts = append(parts, fmt.Sprintf("exit code %d", r.ExitCode))
	}
	if r.Signal != "" {
		parts = append(parts, "killed by "+r.Signal)
	}
	parts = append(parts, formatDuration(r.Duration))
	switch {
	case r.OutputFormat != "":
		parts = append(parts, r.OutputFormat+" output")
	case r.HasStreams:
		parts = append(parts, "no output Gemini reads")
	}
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

// showCards lays out one waiting card per planned hook.
func (v *dryRunView) showCards(plan *hooks.Plan) {
	names := pathNamer{project: v.project.Dir, home: v.project.Home}
	v.cards = nil
	v.cardBox.RemoveAll()
	for _, h := range plan.Hooks {
		c := newResultCard(h, names, v.project.Info)
		v.cards = append(v.cards, c)
		v.cardBox.Add(c.card)
	}
}

// showResult fills card i of run id as its hook finishes.
func (v *dryRunView) showResult(id, i int, r *gemini.Result) {
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
// warnings), what Gemini would do, and the event's warnings.
func (v *dryRunView) finish(id int, s *runSetup, out *gemini.Outcome) {
	if id != v.runID {
		return
	}
	v.setRunning(nil)
	for i := range out.Results {
		if i < len(v.cards) {
			v.cards[i].show(&out.Results[i])
		}
	}
	mode := " in parallel"
	switch {
	case len(out.Results) < 2:
		mode = ""
	case out.Sequential:
		mode = " one after another"
	}
	v.status.SetText(fmt.Sprintf("%s ran%s in %s.", plural(len(out.Results), "hook"), mode, formatDuration(out.Duration)))
	verdict := gemini.Explain(s.label, out)
	v.verdict.SetText(shown(verdict.Headline))
	v.verdict.Importance = effectImportance(verdict.Effect)
	v.verdict.Refresh()
	v.showNotes(s, verdict.Details)
	v.warnings.RemoveAll()
	for _, w := range out.Warnings {
		if w.Index < 0 || w.Code == hooks.WarnAskOverridden || w.Code == hooks.WarnDecisionReplaced {
			v.warnings.Add(warningLine(w.Message))
		}
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
// Gemini CLI session.
func (v *dryRunView) showNotes(s *runSetup, details []string) {
	lines := append([]string{}, details...)
	if !s.trusted && !s.asTrusted {
		lines = append(lines, "The folder is not trusted: like Gemini CLI, Run ran no settings hook here; “Run anyway” runs them.")
	}
	if s.asTrusted {
		lines = append(lines, "The folder is not trusted: Gemini CLI itself would run none of the settings hooks run here.")
	}
	if s.single != nil {
		lines = append(lines, "Only "+s.single.DisplayName()+" ran; Gemini runs every planned hook of the event together.")
		if s.single.Status != hooks.StatusRuns {
			lines = append(lines, "Gemini CLI would not run this hook: "+s.single.Reason)
		}
	}
	switch n := len(s.choice.Sandboxed); {
	case n > 0:
		lines = append(lines, fmt.Sprintf("%s ran in the sandbox: nothing they wrote reached your files and nothing they sent left this machine; "+
			"Gemini CLI would run them for real, without asking.", plural(n, "hook")))
	case len(s.unapproved) > 0:
		lines = append(lines, fmt.Sprintf("%s needing review (not approved, or changed since) ran after your confirmation; "+
			"Gemini CLI runs them without asking.", plural(len(s.unapproved), "workspace hook")))
	}
	v.setVerdictDetail(lines)
}

func effectImportance(effect string) widget.Importance {
	switch effect {
	case hooks.EffectBlocked, hooks.EffectStopped, hooks.EffectFailed:
		return widget.DangerImportance
	case hooks.EffectAsks, hooks.EffectChanged:
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
