package qwen

import (
	"cmp"
	"fmt"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/hooks"
)

func (p *project) Plan(ev hooks.Event, q agents.Query) (*agents.Plan, error) {
	return p.snap.plan(ev, q)
}

// merge is Qwen's rule for several answers (observed: the last
// permissionDecision in plan order wins and beats exit 2 and a top-level
// block).
const merge = claudeschema.LastWins

// verdict is what Qwen does with an event's answers (observed), and the
// warnings an auditor needs: a project hook that overrules a user's or
// system's block.
func verdict(ev event, label string, hs []*hooks.Hook, rs []claudeschema.Result) (agents.Verdict, []string) {
	warnings := []string{}
	var ctxs, failed []string
	for i, r := range rs {
		if r.Kind == claudeschema.Failed || r.Kind == claudeschema.NonBlocking {
			failed = append(failed, title(hs[i])+": "+string(r.Kind)+" (logged; Qwen Code goes on)")
		}
		if c := r.Output.AdditionalContext; c != "" {
			ctxs = append(ctxs, c)
		} else if !r.Output.JSON && r.Kind == claudeschema.Success && r.Output.Text != "" {
			ctxs = append(ctxs, r.Output.Text)
		}
	}
	d := merge.Combine(rs)
	by := ""
	if d.By >= 0 {
		by = title(hs[d.By])
	}
	switch ev.name {
	case "PreToolUse", "PermissionRequest":
		for _, i := range d.Overruled {
			if d.By >= 0 && hs[d.By].Origin.Layer == layerProject && hs[i].Origin.Layer != layerProject {
				warnings = append(warnings, fmt.Sprintf("the project hook %s overrules the %s hook %s: Qwen Code takes the last permissionDecision, so the tool runs",
					title(hs[d.By]), hs[i].Origin.Layer, title(hs[i])))
			}
		}
		reason := cmp.Or(d.Reason, "No reason provided")
		switch d.Effect {
		case "deny":
			return agents.Verdict{Effect: hooks.EffectBlocked, Headline: fmt.Sprintf("%s: BLOCKED by %s — the model gets %q", label, by, reason),
				Details: append([]string{"no PostToolUse follows; the turn goes on"}, failed...)}, warnings
		case "ask":
			return agents.Verdict{Effect: hooks.EffectAsks, Headline: fmt.Sprintf("%s: ASKS (%s) — headless (-p) runs deny with %q", label, by, reason), Details: failed}, warnings
		case "allow":
			return agents.Verdict{Effect: hooks.EffectAllowed, Headline: fmt.Sprintf("%s: ALLOWED by %s", label, by), Details: failed}, warnings
		}
	case "UserPromptSubmit":
		if d.Effect == "deny" {
			return agents.Verdict{Effect: hooks.EffectBlocked, Headline: label + ": BLOCKED by " + by + " — no model request, nothing shown, exit 0", Details: failed}, warnings
		}
	case "Stop", "SubagentStop":
		if d.Effect == "deny" {
			return agents.Verdict{Effect: hooks.EffectBlocked, Headline: fmt.Sprintf("%s: re-prompts with %q (Stop fires again; at most 8 times)", label, d.Reason), Details: failed}, warnings
		}
	case "PostToolUse":
		for _, r := range rs {
			if !r.Output.Continue {
				return agents.Verdict{Effect: hooks.EffectChanged, Headline: fmt.Sprintf("%s: CHANGED — the tool's result is replaced by %q and marked an error", label, r.Output.StopReason)}, warnings
			}
			if r.Output.Blocks() {
				warnings = append(warnings, "ignored by Qwen Code: decision block and exit 2 on PostToolUse")
			}
		}
	case "PostToolBatch":
		if d.Effect == "deny" {
			return agents.Verdict{Effect: hooks.EffectChanged, Headline: fmt.Sprintf("%s: CHANGED — the last result becomes %q", label, d.Reason)}, warnings
		}
	}
	if len(ctxs) > 0 && ev.name != "PreToolUse" {
		where := map[string]string{"SessionStart": "the system prompt", "UserPromptSubmit": "a part after the prompt"}[ev.name]
		if where == "" {
			where = "the tool result"
		}
		return agents.Verdict{Effect: hooks.EffectChanged, Headline: label + ": CHANGED — context added to " + where, Details: append(ctxs, failed...)}, warnings
	}
	if len(failed) > 0 {
		return agents.Verdict{Effect: hooks.EffectFailed, Headline: label + ": hook errors are logged; Qwen Code goes on", Details: failed}, warnings
	}
	return agents.Verdict{Effect: hooks.EffectNothing, Headline: label + ": no decision; Qwen Code goes ahead"}, warnings
}

// SamplePayload is the payload 0.24.4 sends for the event (captured),
// with the folder, home and q's fields over it.
func (p *project) SamplePayload(ev hooks.Event, q agents.Query) ([]byte, error) {
	return agents.SampleOf(ev, q, planQuery, p.sample)
}

func (p *project) sample(e event, subject string, q agents.Query) (*hooks.Object, error) {
	data, err := payloads.ReadFile("payloads/" + e.name + ".json")
	if err != nil {
		data = []byte(`{"session_id":"00000000-0000-0000-0000-000000000000","cwd":"/home/user/project","hook_event_name":"` + e.name + `"}`)
	}
	in, err := claudeschema.Sample(data, p.Dir(), p.snap.home, subjectKeys[e.label], subject, q.Input)
	if err == nil && q.Input == nil {
		in.Set("timestamp", p.env.Clock().UTC().Format("2006-01-02T15:04:05.000Z"))
	}
	return in, err
}

// RunNotice says what Qwen's folder trust means for a dry run.
func (p *project) RunNotice() agents.RunNotice {
	n := agents.RunNotice{Review: "These project hooks are not approved in Hookwarden (Qwen Code runs them unprompted):"}
	if !p.snap.trust.trusted {
		n.Folder = "The folder is not trusted in Qwen Code: it skips the project's settings, hooks included, without a word."
		n.AsTrusted = true
		n.Confirm = "Run the project's hooks as if the folder were trusted in Qwen Code?"
		n.NotRun = "The project's hooks were not run: Qwen Code does not load them while the folder is not trusted."
		n.Ran = "The project's hooks ran as if the folder were trusted in Qwen Code."
	} else if !p.snap.trust.enabled {
		n.Folder = "Qwen Code's folder trust is off: it runs this project's hooks unprompted."
	}
	return n
}
