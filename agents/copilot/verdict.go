package copilot

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// where is a hook's layer and file, as a run names it.
func where(h *hooks.Hook) string {
	if c := handlerOf(h); c != nil && c.Pascal {
		return string(h.Origin.Layer) + " " + h.Origin.File + " (PascalCase " + c.Written + ")"
	}
	return string(h.Origin.Layer) + " " + h.Origin.File
}

// said completes a hook's run with what Copilot makes of its answer a:
// its verdict, the members Copilot ignores, the summary line, traits and
// the report rows.
func said(run *agents.HookRun, a answer) {
	run.Ran, run.HasStreams = run.NotRunReason == "", run.NotRunReason == ""
	if a.Effect != "" && a.Effect != hooks.EffectNothing {
		run.Verdict = agents.Verdict{Effect: a.Effect, Headline: a.Message, Details: a.Notes}
	}
	for _, ig := range a.Ignored {
		run.Warnings = append(run.Warnings, "ignored by Copilot: "+ig)
	}
	status := a.Effect
	switch {
	case run.NotRunReason != "":
		status = "not run"
	case run.HasExitCode:
		status = fmt.Sprintf("exit %d, %s", run.ExitCode, strings.ToLower(a.Effect))
	case run.Error != "":
		status = run.Error + ", " + strings.ToLower(a.Effect)
	}
	run.Summary = status + ", " + agents.Milliseconds(run.Duration)
	if run.Sandboxed {
		run.Traits = append(run.Traits, "sandbox")
	}
	if c := handlerOf(run.Hook); c != nil && c.Pascal {
		run.Traits = append(run.Traits, "PascalCase")
	}
	if run.NotRunReason != "" {
		run.Report = append(run.Report, agents.Field{Key: "not_run", Label: "not run", Value: run.NotRunReason})
	}
	if a.Message != "" {
		run.Report = append(run.Report, agents.Field{Key: "copilot", Label: "Copilot", Value: a.Message})
	}
	run.Report = append(run.Report,
		agents.Field{Key: "stdout", Label: "stdout", Value: run.Stdout, Code: true},
		agents.Field{Key: "stderr", Label: "stderr", Value: run.Stderr, Code: true})
}

// verdict is what Copilot does with an event's runs, in words.
func verdict(info eventInfo, label string, ran []agents.HookRun, skipped int) agents.Verdict {
	var changed, warns, failed, allowed, stopped []string
	for i := range ran {
		// a hook's Verdict is Copilot's answer (said): its effect and
		// message, its notes as details
		a := ran[i].Verdict
		name := ran[i].Hook.Command
		switch a.Effect {
		case hooks.EffectBlocked:
			if info.Name == "preToolUse" || info.Name == "permissionRequest" {
				v := agents.Verdict{Effect: hooks.EffectBlocked, Headline: fmt.Sprintf("%s: BLOCKED by %s — the model gets %q", label, name, a.Headline), Details: a.Details}
				if info.Name == "preToolUse" && skipped > 0 {
					v.Details = append(v.Details, fmt.Sprintf("%d later hook(s) did not run: a preToolUse deny stops the rest", skipped))
				}
				if info.Name == "preToolUse" {
					v.Details = append(v.Details, "no permissionRequest and no postToolUse follow")
				} else {
					v.Details = append(v.Details, "later permissionRequest hooks still run")
				}
				return v
			}
		case hooks.EffectChanged:
			changed = append(changed, a.Headline)
		case "WARNS":
			warns = append(warns, a.Headline)
		case hooks.EffectFailed:
			failed = append(failed, name+": "+a.Headline)
		case hooks.EffectAllowed:
			allowed = append(allowed, a.Headline)
		case hooks.EffectStopped:
			stopped = append(stopped, a.Headline)
		}
	}
	details := append(append([]string{}, failed...), warns...)
	switch {
	case len(stopped) > 0:
		return agents.Verdict{Effect: hooks.EffectStopped, Headline: label + ": " + stopped[len(stopped)-1], Details: details}
	case len(changed) > 0:
		return agents.Verdict{Effect: hooks.EffectChanged, Headline: label + ": CHANGED — " + changed[len(changed)-1], Details: append(changed[:len(changed)-1], details...)}
	case len(allowed) > 0:
		return agents.Verdict{Effect: hooks.EffectAllowed, Headline: label + ": ALLOWED — " + allowed[len(allowed)-1], Details: details}
	case len(warns) > 0:
		return agents.Verdict{Effect: agents.EffectWarns, Headline: label + ": a warning is shown (" + warns[0] + "); Copilot goes on", Details: details}
	case len(failed) > 0:
		h := label + ": hook errors are logged; Copilot goes on"
		if info.Name == "preToolUse" {
			h = label + ": a hook timed out; Copilot goes on and the tool runs (fail-open)"
		}
		return agents.Verdict{Effect: hooks.EffectFailed, Headline: h, Details: details}
	}
	h := label + ": no hook objects; Copilot CLI goes ahead"
	if info.Name == "preToolUse" {
		h = label + ": no hook objects; the tool runs (with --allow-all-tools, else after the permission check)"
	}
	return agents.Verdict{Effect: hooks.EffectNothing, Headline: h}
}
