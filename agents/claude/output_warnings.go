package claude

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/hookwarden/hookwarden/hooks"
)

// Warning codes of the Claude Code runner (those shared with the Gemini
// runner reuse its codes).
const (
	warnExit1NeverBlocks  = hooks.WarnExit1NeverBlocks
	warnTextBeforeJSON    = hooks.WarnTextBeforeJSON
	warnTimedOut          = hooks.WarnTimedOut
	warnTruncated         = hooks.WarnTruncated
	warnPipesHeld         = hooks.WarnPipesHeld
	warnKilledBySignal    = hooks.WarnKilledBySignal
	warnCommandNotFound   = "command-not-found-gate-off"
	warnInvalidJSON       = "invalid-json-is-text"
	warnSchema            = "schema-invalid"
	warnJSONBeatsExitCode = hooks.WarnJSONBeatsExitCode
	warnExit2NoBlock      = "exit-2-does-not-block"
	warnExit2BeatsAllow   = "exit-2-beats-allow"
	warnOutputCap         = "output-over-10000"
	warnSuppressNoEffect  = "suppress-output-no-effect"
	warnAsyncNoDecision   = "async-decision-ignored"
	warnStderrJSON        = "stderr-json-ignored"
	warnNoDecisionControl = hooks.WarnEventIgnores
	warnAskOverridden     = hooks.WarnAskOverridden
	warnUpdatedInputRace  = "updated-input-race"
	warnNoOutputNoBlock   = hooks.WarnNoOutputNoBlock
)

// analyze returns the warnings of an outcome and stores each handler's
// own in its result.
func analyze(o *runOutcome) []hooks.Warning {
	all := []hooks.Warning{}
	for i := range o.Results {
		r := &o.Results[i]
		r.Warnings = resultWarnings(o.Event, i, r)
		all = append(all, r.Warnings...)
	}
	return append(all, eventWarnings(o)...)
}

func resultWarnings(event hooks.Event, i int, r *runResult) []hooks.Warning {
	var ws []hooks.Warning
	add := func(code, format string, a ...any) {
		ws = append(ws, hooks.Warning{Code: code, Hook: handlerLabel(r.Hook), Index: i, Message: fmt.Sprintf(format, a...)})
	}
	v := r.Verdict
	blocking := blocksOnExit2(event)
	if r.TimedOut {
		add(warnTimedOut, "it timed out after %s: Claude Code discards a timed-out handler, so it decides nothing — a stalled gate does not block.", r.Timeout)
	}
	if r.Truncated {
		add(warnTruncated, "its output went over the capture limit; the rest was dropped, so the result may differ from Claude Code's.")
	}
	if r.PipesHeld {
		add(warnPipesHeld, "it exited but a background process kept its stdout/stderr open; Hookwarden stopped reading after a grace period.")
	}
	if r.Signal != "" && !r.TimedOut && !r.Cancelled {
		add(warnKilledBySignal, "it was killed by %s: a non-blocking error for Claude Code.", r.Signal)
	}
	if strings.HasPrefix(r.Error, "spawn ") || (r.HasExitCode && r.ExitCode == 127) {
		add(warnCommandNotFound, "the program could not be run (%s): Claude Code reports a non-blocking error and goes ahead, so this gate is silently off.", orNone(firstNonEmpty(r.Error, firstLine(r.Stderr))))
	}
	if r.Form == "http" && r.HTTPStatus != 0 && (r.HTTPStatus < 200 || r.HTTPStatus > 299) {
		add(warnNoOutputNoBlock, "HTTP %d: an http handler cannot block through its status code; only a 2xx answer with a JSON decision decides.", r.HTTPStatus)
	}
	if !r.HasExitCode && r.HTTPStatus == 0 {
		return ws
	}
	trimmed := strings.TrimSpace(r.Stdout)
	_, looksJSON := parseStdoutJSON(r.Stdout)
	switch {
	case looksJSON:
	case strings.HasPrefix(trimmed, "{"):
		add(warnInvalidJSON, "stdout starts with \"{\" but is not valid JSON, so Claude Code reads it as plain text: none of its fields count.")
	case jsonAfterText(trimmed):
		add(warnTextBeforeJSON, "Claude Code ignores your JSON: stdout does not start with \"{\" (something printed before it), so all of it is plain text. Print only the JSON on stdout (logs go to stderr); check shell profiles that print banners.")
	}
	if len(v.SchemaErrors) > 0 {
		msg := "Claude Code rejects this JSON (%s): a non-blocking error, none of its fields count."
		if r.ExitCode == 2 && blocking {
			msg = "Claude Code rejects this JSON (%s); the exit-2 block still applies, with stderr as the reason."
		}
		add(warnSchema, msg, strings.Join(v.SchemaErrors, "; "))
	}
	if r.HasExitCode && r.ExitCode == 1 && !looksJSON && blocking {
		add(warnExit1NeverBlocks, "exit 1 never blocks: Claude Code shows a non-blocking error and goes ahead. Exit 2 (with the reason on stderr) blocks.")
	}
	if r.HasExitCode && r.ExitCode == 2 && !blocking && event != "WorktreeCreate" {
		add(warnExit2NoBlock, "exit 2 does not block %s: it is only a non-blocking error (stderr shown to %s).", event, orNone(v.ShownTo))
	}
	if r.HasExitCode && r.ExitCode == 2 && blocking && event == "PreToolUse" && v.JSON != nil && len(v.SchemaErrors) == 0 {
		if d, _ := v.JSON.Value("hookSpecificOutput").(*hooks.Object); d != nil && d.Value("permissionDecision") == permissionAllow {
			add(warnExit2BeatsAllow, "it exits 2 and prints permissionDecision \"allow\": exit 2 blocks, the JSON's allow cannot override it.")
		}
	}
	if r.HasExitCode && r.ExitCode != 0 && r.ExitCode != 2 && looksJSON && len(v.SchemaErrors) == 0 {
		add(warnJSONBeatsExitCode, "it printed valid JSON and exited %d: Claude Code follows the JSON whatever the exit code.", r.ExitCode)
	}
	if r.HasExitCode && trimmed == "" {
		if _, ok := parseStdoutJSON(r.Stderr); ok {
			add(warnStderrJSON, "the JSON it printed on stderr is not read: Claude Code only parses stdout (stderr is the exit-2 reason or an error message).")
		}
	}
	if utf8.RuneCountInString(r.Stdout) > outputCap {
		add(warnOutputCap, "its stdout has %d characters: Claude Code keeps only a preview of output over %d characters and writes the rest to a file.", utf8.RuneCountInString(r.Stdout), outputCap)
	}
	for _, c := range v.Context {
		if n := utf8.RuneCountInString(c); n > outputCap && c != trimmed {
			add(warnOutputCap, "its additionalContext has %d characters: Claude Code keeps only a preview over %d characters.", n, outputCap)
		}
	}
	if n := utf8.RuneCountInString(v.SystemMessage); n > outputCap {
		add(warnOutputCap, "its systemMessage has %d characters: Claude Code keeps only a preview over %d characters.", n, outputCap)
	}
	if v.JSON != nil && v.JSON.Has("suppressOutput") {
		add(warnSuppressNoEffect, "suppressOutput is accepted but has no effect in current Claude Code.")
	}
	if c := r.Hook; c != nil && HandlerOf(c) != nil && (HandlerOf(c).Async || HandlerOf(c).AsyncRewake) && v.JSON != nil &&
		(v.JSON.Has("decision") || v.JSON.Has("hookSpecificOutput") || v.JSON.Has("continue")) {
		add(warnAsyncNoDecision, "it runs in the background (async): its decision fields are ignored; output reaches Claude on the next turn.")
	}
	if noDecisionControl[event] && v.JSON != nil && (v.JSON.Has("decision") || v.JSON.Has("hookSpecificOutput")) {
		add(warnNoDecisionControl, "%s has no decision control: its decision fields do nothing.", event)
	}
	return ws
}

func eventWarnings(o *runOutcome) []hooks.Warning {
	var ws []hooks.Warning
	var updated []string
	askAt, denyAt := -1, -1
	for i := range o.Results {
		v := o.Results[i].Verdict
		if v.UpdatedInput != nil {
			updated = append(updated, handlerLabel(o.Results[i].Hook))
		}
		if v.Permission == permissionAsk && askAt < 0 {
			askAt = i
		}
		if v.Block && denyAt < 0 {
			denyAt = i
		}
	}
	if len(updated) > 1 {
		ws = append(ws, hooks.Warning{Code: warnUpdatedInputRace, Index: -1, Message: fmt.Sprintf("%d handlers return updatedInput (%s): Claude Code keeps the one that finishes last, which is not predictable.", len(updated), strings.Join(updated, ", "))})
	}
	if o.Event == "PreToolUse" && askAt >= 0 && denyAt >= 0 {
		a, b := handlerLabel(o.Results[askAt].Hook), handlerLabel(o.Results[denyAt].Hook)
		ws = append(ws, hooks.Warning{Code: warnAskOverridden, Hook: a, Index: askAt, Message: fmt.Sprintf("%s asks, but %s denies: deny wins over defer, ask and allow whatever the order.", a, b)})
	}
	return ws
}

// jsonAfterText reports whether text holds a JSON object after other text.
func jsonAfterText(text string) bool {
	for i := strings.IndexByte(text, '{'); i > 0; {
		if v, err := hooks.ParseJSON(text[i:]); err == nil {
			if _, ok := v.(*hooks.Object); ok {
				return true
			}
		}
		j := strings.IndexByte(text[i+1:], '{')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return false
}

func firstNonEmpty(a ...string) string {
	for _, s := range a {
		if s != "" {
			return s
		}
	}
	return ""
}
