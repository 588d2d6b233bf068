package ui

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents/claude"
)

// showClaude fills the card with a Claude Code handler's result: what ran
// (argv, URL) or what it would send (prompt, agent and mcp_tool handlers
// are shown, not run), the streams, what Claude Code makes of them and
// the handler's warnings.
func (c *resultCard) showClaude(r *claude.RunResult) {
	c.claudeResult = r
	text, col := claudeResultStatus(r)
	c.status.Text, c.status.Color = text, col
	c.status.Refresh()
	c.summary.SetText(shown(claudeResultSummary(r)))
	c.body.RemoveAll()
	if r.NotRunReason != "" {
		c.body.Add(&widget.Label{Text: shown(r.NotRunReason), Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance})
	}
	if r.Preview != "" {
		c.body.Add(streamBlock("would send", r.Preview))
	}
	if len(r.Argv) > 0 {
		c.body.Add(streamBlock("ran ("+r.Form+")", strings.Join(r.Argv, " ")))
	}
	if r.URL != "" {
		c.body.Add(streamBlock("POST", r.URL))
	}
	if r.Error != "" {
		c.body.Add(&widget.Label{Text: shown(r.Error), Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance})
	}
	if v := r.Verdict; v.Block || v.Error != "" || v.Permission != "" || v.Stop {
		c.body.Add(&widget.Label{Text: shownBlock(claudeVerdictText(v)), Wrapping: fyne.TextWrapWord, Importance: claudeVerdictImportance(v)})
	}
	if r.Form != "preview" {
		c.body.Add(streamBlock("stdout", r.Stdout))
		c.body.Add(streamBlock("stderr", r.Stderr))
	}
	if r.EnvFile != "" {
		c.body.Add(streamBlock("written to $CLAUDE_ENV_FILE", r.EnvFile))
	}
	for _, w := range r.Warnings {
		c.body.Add(warningLine(w.Message))
	}
	if r.Sandboxed {
		c.body.Add(sandboxBlock(r.Sandbox))
	}
}

// claudeResultStatus is the badge of a Claude Code result.
func claudeResultStatus(r *claude.RunResult) (string, color.Color) {
	switch {
	case r.Cancelled:
		return "CANCELLED", colorGrey
	case r.TimedOut:
		return "TIMED OUT", colorRed
	case r.Signal != "":
		return "KILLED", colorRed
	case r.Form == "preview":
		return "NOT RUN", colorSlate
	case r.Verdict.Block:
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
	case r.HasExitCode:
		return fmt.Sprintf("EXIT %d", r.ExitCode), colorAmber
	}
	return "DONE", colorGrey
}

// claudeResultSummary is "exit code 2 · 12.3 ms · shell · blocking error".
func claudeResultSummary(r *claude.RunResult) string {
	var parts []string
	if r.HasExitCode {
		parts = append(parts, fmt.Sprintf("exit code %d", r.ExitCode))
	}
	if r.Signal != "" {
		parts = append(parts, "killed by "+r.Signal)
	}
	if r.Form != "preview" {
		parts = append(parts, formatDuration(r.Duration), r.Form)
	}
	parts = append(parts, strings.ReplaceAll(r.Verdict.Kind, "-", " "))
	if r.Verdict.JSON != nil {
		parts = append(parts, "JSON output")
	}
	if r.Truncated {
		parts = append(parts, "output cut at the capture limit")
	}
	return strings.Join(parts, " · ")
}

// claudeVerdictText is what Claude Code does with the handler's answer.
func claudeVerdictText(v claude.Verdict) string {
	var parts []string
	if v.Block {
		s := "Blocks"
		if v.Reason != "" {
			s += ": " + v.Reason
		}
		parts = append(parts, s)
	}
	if v.Permission != "" {
		s := "Permission decision: " + v.Permission
		if v.PermissionReason != "" {
			s += " (" + v.PermissionReason + ")"
		}
		parts = append(parts, s)
	}
	if v.Stop {
		parts = append(parts, "Stops Claude: "+orNone(v.StopReason))
	}
	if v.Error != "" {
		parts = append(parts, "Claude Code shows: "+v.Error)
	}
	if v.ShownTo != "" && (v.Block || v.Error != "") {
		parts = append(parts, "(shown to "+v.ShownTo+")")
	}
	return strings.Join(parts, " ")
}

func claudeVerdictImportance(v claude.Verdict) widget.Importance {
	switch {
	case v.Block || v.Stop || v.Permission == claude.PermissionDeny:
		return widget.DangerImportance
	case v.Error != "" || v.Permission == claude.PermissionAsk:
		return widget.WarningImportance
	}
	return widget.MediumImportance
}
