package gemini

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
)

// analyze returns the warnings for an outcome and stores each hook's own
// warnings in its Result.
func analyze(o *outcome) []hooks.Warning {
	all := []hooks.Warning{}
	for i := range o.Results {
		r := &o.Results[i]
		r.Warnings = resultWarnings(o.Event, o.Sequential, i, r)
		all = append(all, r.Warnings...)
	}
	all = append(all, eventWarnings(o)...)
	return all
}

func hookName(r *result) string {
	if r.Hook == nil {
		return ""
	}
	return r.Hook.DisplayName()
}

func resultWarnings(event hooks.Event, sequential bool, i int, r *result) []hooks.Warning {
	var ws []hooks.Warning
	add := func(code, format string, a ...any) {
		ws = append(ws, hooks.Warning{Code: code, Hook: hookName(r), Index: i, Message: fmt.Sprintf(format, a...)})
	}
	p := r.Parsed
	if r.TimedOut {
		msg := "it timed out, so Gemini ignores everything it printed: a timed-out hook decides nothing (it does not block)"
		if d := blockingIn(parseHookOutput(r.Stdout, r.Stderr, 0).Output); d != "" {
			msg += fmt.Sprintf("; the %q it printed before the timeout is lost", d)
		}
		add(hooks.WarnTimedOut, "%s.", msg)
	}
	if r.Signal != "" && !r.TimedOut && !r.Cancelled {
		add(hooks.WarnKilledBySignal, "it was killed by %s: Gemini reports exit code 0 and counts it as failed, and treats its plain text as if it had exited 0 (allow).", r.Signal)
	}
	if r.Truncated {
		add(hooks.WarnTruncated, "its output went over the capture limit; the rest was dropped, so the parsed result may differ from Gemini's.")
	}
	if r.PipesHeld {
		add(hooks.WarnPipesHeld, "it exited but a background process kept its stdout/stderr open. Gemini waits until they close, so it would wait for that process (and report a timeout if it outlives the hook's timeout); Hookwarden stopped reading after a grace period.")
	}
	if !r.HasExitCode {
		return ws
	}
	if p.Format == formatText {
		if obj, d := jsonAfterText(p.Text); obj {
			if d != "" {
				add(hooks.WarnTextBeforeJSON, "Gemini ignores your %s: text printed before the JSON makes the whole output plain text, which with exit code %d is %s. Print only the JSON on stdout (logs go to stderr).", d, r.ExitCode, textMeaning(r.ExitCode))
			} else {
				add(hooks.WarnTextBeforeJSON, "Gemini ignores your JSON: text printed before it makes the whole output plain text. Print only the JSON on stdout (logs go to stderr).")
			}
		}
	}
	if p.Text == "" && r.ExitCode != 0 && r.ExitCode != 1 {
		add(hooks.WarnNoOutputNoBlock, "exit %d with no output does not block: Gemini only counts the hook as failed. Print the reason (stderr) or {\"decision\":\"deny\"} (stdout) to block.", r.ExitCode)
	}
	if r.ExitCode == 1 && p.Format == formatText {
		add(hooks.WarnExit1NeverBlocks, "exit 1 never blocks: Gemini treats it as a warning (\"Warning: …\") and goes ahead. Exit 2 with a reason blocks.")
	}
	if r.ExitCode == 127 && p.Format == formatText {
		add(hooks.WarnCommandNotFound, "exit 127 (command not found) with text output is read as a deny: a missing script blocks the action.")
	}
	if p.Format == formatJSON && r.ExitCode != 0 {
		d := decisionOf(r.Output)
		add(hooks.WarnJSONBeatsExitCode, "it printed JSON and exited %d: Gemini uses the JSON as it is (decision %s) whatever the exit code, and counts the hook as failed.", r.ExitCode, orAllow(d))
	}
	if !p.FromStderr && hooks.JSTrim(r.Stdout) != "" {
		if v, err := hooks.ParseJSON(hooks.JSTrim(r.Stderr)); err == nil && hooks.IsObjectLike(v) {
			add(hooks.WarnStderrJSONIgnored, "the JSON it printed on stderr is ignored because stdout is not empty; Gemini reads stderr only when stdout is blank.")
		}
	}
	if p.FromStderr && p.Format == formatJSON {
		add(hooks.WarnStderrUsed, "stdout was empty, so Gemini read the JSON on stderr as the hook's output.")
	}
	if p.HasNonObject {
		add(hooks.WarnNonObjectJSON, "it printed JSON that is not an object (%s); Gemini ignores it: no output, no decision.", string(hooks.AppendJSON(nil, p.NonObject)))
	}
	if _, ok := r.Output.([]hooks.Value); ok {
		add(hooks.WarnArrayOutput, "it printed a JSON array; Gemini accepts it as output but it has no fields, so it decides nothing.")
	}
	if hooks.Truthy(field(r.Output, "suppressOutput")) && hooks.Truthy(field(r.Output, "systemMessage")) {
		add(hooks.WarnSuppressNotHiding, "suppressOutput does not hide systemMessage: Gemini still shows the message.")
	}
	switch d := field(r.Output, "decision"); d {
	case nil, "allow", "deny", "block", "ask":
	case "approve":
		add(hooks.WarnUnknownDecision, "decision \"approve\" acts like \"allow\" (it does not skip confirmation).")
	default:
		add(hooks.WarnUnknownDecision, "decision %s is not one Gemini knows (allow, deny, block, ask; case-sensitive); it acts like \"allow\".", string(hooks.AppendJSON(nil, d)))
	}
	if field(r.Output, "decision") == "ask" && event != beforeTool {
		add(hooks.WarnAskIgnored, "decision \"ask\" is only honoured by BeforeTool; for %s it does nothing.", event)
	}
	if msg := ignoredByEvent(event, r.Output); msg != "" {
		add(hooks.WarnEventIgnores, "%s", msg)
	}
	if sequential && !r.Success && r.Output != nil && chains(event) {
		add(hooks.WarnFailedNotChained, "it failed (exit %d), so its output is not passed on to the next hook, though it still counts in the result.", r.ExitCode)
	}
	return ws
}

func chains(e hooks.Event) bool {
	return e == beforeTool || e == beforeAgent || e == beforeModel
}

func orAllow(d string) string {
	if d == "" {
		return "allow"
	}
	return d
}

func textMeaning(code int) string {
	switch code {
	case 0:
		return "an allow"
	case 1:
		return "an allow with a warning"
	}
	return "a deny with the whole text as reason"
}

func decisionOf(v hooks.Value) string {
	d, _ := field(v, "decision").(string)
	return d
}

func blockingIn(v hooks.Value) string {
	switch d := decisionOf(v); d {
	case "deny", "block":
		return d
	}
	if c, ok := field(v, "continue").(bool); ok && !c {
		return "continue:false"
	}
	return ""
}

// jsonAfterText reports whether text ends with a JSON object that starts
// at the beginning of a line after some other text, and that object's
// blocking decision, if any.
func jsonAfterText(text string) (bool, string) {
	for i := strings.LastIndex(text, "\n{"); i >= 0; i = strings.LastIndex(text[:i], "\n{") {
		if v, err := hooks.ParseJSON(text[i+1:]); err == nil {
			if _, ok := v.(*hooks.Object); ok {
				return true, blockingIn(v)
			}
		}
	}
	if i := strings.IndexByte(text, '{'); i > 0 {
		if v, err := hooks.ParseJSON(text[i:]); err == nil {
			if _, ok := v.(*hooks.Object); ok {
				return true, blockingIn(v)
			}
		}
	}
	return false, ""
}

// ignoredByEvent names output fields the event does not act on.
func ignoredByEvent(event hooks.Event, out hooks.Value) string {
	o, ok := out.(*hooks.Object)
	if !ok {
		return ""
	}
	var ignored []string
	switch event {
	case sessionStart:
		for _, k := range []string{"decision", "continue"} {
			if o.Has(k) && !(k == "decision" && o.Value(k) == "allow") {
				ignored = append(ignored, k)
			}
		}
	case sessionEnd, preCompress, notification:
		for _, k := range []string{"decision", "continue", "reason", "hookSpecificOutput"} {
			if o.Has(k) && !(k == "decision" && o.Value(k) == "allow") {
				ignored = append(ignored, k)
			}
		}
	case beforeToolSelection:
		for _, k := range []string{"decision", "continue", "reason", "systemMessage", "stopReason"} {
			if o.Has(k) && !(k == "decision" && o.Value(k) == "allow") {
				ignored = append(ignored, k)
			}
		}
	}
	if len(ignored) == 0 {
		return ""
	}
	what := "only its systemMessage is shown"
	if event == beforeToolSelection {
		what = "only hookSpecificOutput.toolConfig is used"
	}
	if event == sessionStart {
		what = "only additionalContext and systemMessage are used"
	}
	return fmt.Sprintf("%s ignores %s: %s.", event, strings.Join(ignored, ", "), what)
}

func eventWarnings(o *outcome) []hooks.Warning {
	var ws []hooks.Warning
	add := func(code, hook string, index int, format string, a ...any) {
		ws = append(ws, hooks.Warning{Code: code, Hook: hook, Index: index, Message: fmt.Sprintf(format, a...)})
	}
	if o.Aborted != "" {
		add(hooks.WarnAborted, "", -1, "Gemini's own code fails on these outputs (%s): the event is reported as failed with no output, as if no hook had decided anything.", o.Aborted)
	}
	switch strategyFor(o.Event) {
	case strategyOrDecision:
		askAt, blockAt := -1, -1
		for i := range o.Results {
			switch decisionOf(o.Results[i].Output) {
			case "ask":
				if askAt < 0 {
					askAt = i
				}
			case "deny", "block":
				blockAt = i
			}
		}
		if askAt >= 0 && blockAt >= 0 {
			a, b := &o.Results[askAt], &o.Results[blockAt]
			add(hooks.WarnAskOverridden, hookName(a), askAt, "%s asked for confirmation, but %s blocks: a block always wins over ask, whatever the order.", hookName(a), hookName(b))
		}
		if o.Aggregated.FinalOutput != nil {
			_, hasDecision := o.Aggregated.FinalOutput.Get("decision")
			if c, _ := o.Aggregated.FinalOutput.Get("continue"); c == false && !hasDecision {
				add(hooks.WarnContinueNoDecision, "", -1, "continue:false stops the agent but sets no decision; the stop reason is shown instead of a block reason.")
			}
		}
	case strategyFieldReplacement:
		blockAt := -1
		for i := range o.Results {
			out := o.Results[i].Output
			if out == nil {
				continue
			}
			d, has := hooks.Property(out, "decision")
			switch {
			case d == "deny" || d == "block":
				blockAt = i
			case has && blockAt >= 0:
				a, b := &o.Results[blockAt], &o.Results[i]
				add(hooks.WarnDecisionReplaced, hookName(a), blockAt, "%s's %s is replaced by %s's decision %s: for %s the last hook's fields win, there is no OR.", hookName(a), decisionOf(a.Output), hookName(b), string(hooks.AppendJSON(nil, d)), o.Event)
				blockAt = -1
			}
		}
	}
	return ws
}
