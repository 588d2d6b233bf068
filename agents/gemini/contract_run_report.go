package gemini

import (
	"fmt"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
)

// runReport is everything `hookwarden run` found and did.
type runReport struct {
	Project     string
	Event       hooks.Event
	Context     *hooks.PlanContext
	FolderTrust FolderTrust
	AsTrusted   bool
	// Plan is Gemini's plan; Selected the part --hook chose; Skipped the
	// workspace hooks held back for lack of approval.
	Plan, Selected *agents.Plan
	Skipped        []*hooks.Hook
	// SkipWhy says why each skipped hook is held back (by hook ID).
	SkipWhy    map[string]string
	TrustError string
	Input      *hooks.Object
	Outcome    *outcome
	// Policy is the sandbox rule applied; SandboxUnavailable says why the
	// sandbox could not be used, when it was wanted.
	Policy             hooks.SandboxPolicy
	SandboxUnavailable string
}

func (r *runReport) label() string { return string(r.Event) + contextLabel(r.Context) }

// geminiNote explains why Gemini's own result differs from this run.
func (r *runReport) notes() []string {
	var ns []string
	if !r.FolderTrust.Trusted() {
		if r.AsTrusted {
			ns = append(ns, "The folder is not trusted: Gemini itself would run none of these settings hooks (planned and run here as if trusted, --as-trusted).")
		} else {
			ns = append(ns, "The folder is not trusted ("+r.FolderTrust.Reason+"): Gemini registers no settings hook here. Pass --as-trusted to run them anyway.")
		}
	}
	if r.Plan != nil && len(r.Plan.Hooks) > 0 && r.Selected != nil && len(r.Selected.Hooks) != len(r.Plan.Hooks) {
		ns = append(ns, fmt.Sprintf("Only %d of the %d planned hooks ran (--hook); Gemini would run them all.", len(r.Selected.Hooks), len(r.Plan.Hooks)))
	}
	for _, h := range r.Skipped {
		reason := r.SkipWhy[h.ID]
		if reason == "" {
			reason = "not approved, changed, or its script changed since approval"
		}
		why := "Pass --yes to run it for real."
		switch {
		case r.Policy.Always:
			why = "--sandbox asked for the sandbox, which cannot start here: " + r.SandboxUnavailable
		case r.Policy.Never:
			why = "--no-sandbox keeps it out of the sandbox; pass --yes to run it for real."
		case r.SandboxUnavailable != "":
			why = "It would run in the sandbox, but " + r.SandboxUnavailable + ". Pass --yes to run it for real."
		}
		ns = append(ns, fmt.Sprintf("Not run: %s (%s) is a workspace hook that needs review (%s; see 'hookwarden audit'). %s", h.DisplayName(), agents.OriginLabel(h), reason, why))
	}
	if r.Outcome != nil {
		for _, res := range r.Outcome.Results {
			if res.Sandboxed {
				why := "it needs review"
				if r.Policy.Always {
					why = "--sandbox"
				}
				ns = append(ns, fmt.Sprintf("Ran in the sandbox (%s): %s. Nothing it wrote reached the real files and nothing it sent left the machine; its behaviour report is below its result.", why, res.Hook.DisplayName()))
			}
		}
	}
	if r.TrustError != "" {
		ns = append(ns, "The review could not be made, so no workspace hook counts as approved: "+r.TrustError)
	}
	return ns
}

// JSON document.

type runDoc struct {
	Project     string             `json:"project"`
	Event       hooks.Event        `json:"event"`
	Context     *hooks.PlanContext `json:"context"`
	FolderTrust FolderTrust        `json:"folder_trust"`
	AsTrusted   bool               `json:"as_trusted"`
	Plan        planDoc            `json:"plan"`
	Ran         []string           `json:"ran"`
	Skipped     []string           `json:"skipped"`
	Notes       []string           `json:"notes"`
	Input       *hooks.Object      `json:"input"`
	Verdict     *hooks.Verdict     `json:"verdict"`
	Results     []resultDoc        `json:"results"`
	Aggregated  *aggregatedDoc     `json:"aggregated"`
	Warnings    []hooks.Warning    `json:"warnings"`
	DurationMS  float64            `json:"duration_ms"`
	Sandbox     agents.SandboxRule `json:"sandbox"`
}

type resultDoc struct {
	ID           string          `json:"id"`
	Name         string          `json:"name"`
	Key          string          `json:"key"`
	Command      string          `json:"command"`
	Stdin        string          `json:"stdin"`
	Success      bool            `json:"success"`
	ExitCode     *int            `json:"exit_code"`
	Signal       string          `json:"signal,omitempty"`
	OutputFormat *string         `json:"output_format"`
	Output       hooks.Value     `json:"output"`
	Stdout       *string         `json:"stdout"`
	Stderr       *string         `json:"stderr"`
	Error        *string         `json:"error"`
	TimedOut     bool            `json:"timed_out"`
	Cancelled    bool            `json:"cancelled"`
	Truncated    bool            `json:"truncated"`
	PipesHeld    bool            `json:"pipes_held"`
	DurationMS   float64         `json:"duration_ms"`
	Warnings     []hooks.Warning `json:"warnings"`
	// Sandboxed says the hook ran in the sandbox; Sandbox is its
	// behaviour report.
	Sandboxed bool            `json:"sandboxed"`
	Sandbox   *sandbox.Report `json:"sandbox,omitempty"`
}

type aggregatedDoc struct {
	Success         bool          `json:"success"`
	Strategy        strategy      `json:"strategy"`
	FinalOutput     *hooks.Object `json:"final_output"`
	Errors          []string      `json:"errors"`
	TotalDurationMS float64       `json:"total_duration_ms"`
	Aborted         string        `json:"aborted,omitempty"`
}

func msFloat(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func (r *runReport) document() runDoc {
	doc := runDoc{
		Project: r.Project, Event: r.Event, Context: r.Context, FolderTrust: r.FolderTrust, AsTrusted: r.AsTrusted,
		Plan: planDocument(r.Plan), Ran: []string{}, Skipped: []string{}, Notes: r.notes(), Input: r.Input,
		Results: []resultDoc{}, Warnings: []hooks.Warning{},
		Sandbox: agents.SandboxRule{Always: r.Policy.Always, Never: r.Policy.Never, Unavailable: r.SandboxUnavailable},
	}
	if doc.Notes == nil {
		doc.Notes = []string{}
	}
	for _, h := range r.Skipped {
		doc.Skipped = append(doc.Skipped, h.ID)
	}
	o := r.Outcome
	if o == nil {
		return doc
	}
	v := explain(r.label(), o)
	doc.Verdict = &v
	doc.Warnings = o.Warnings
	doc.DurationMS = msFloat(o.Duration)
	for i := range o.Results {
		res := &o.Results[i]
		doc.Ran = append(doc.Ran, res.Hook.ID)
		rd := resultDoc{
			ID: res.Hook.ID, Name: res.Hook.DisplayName(), Key: hookKey(res.Hook), Command: res.Command, Stdin: res.Stdin,
			Success: res.Success, Signal: res.Signal, Output: res.Output, TimedOut: res.TimedOut, Cancelled: res.Cancelled,
			Truncated: res.Truncated, PipesHeld: res.PipesHeld, DurationMS: msFloat(res.Duration), Warnings: res.Warnings,
			Sandboxed: res.Sandboxed, Sandbox: res.Sandbox,
		}
		if rd.Warnings == nil {
			rd.Warnings = []hooks.Warning{}
		}
		if res.HasExitCode {
			rd.ExitCode = &res.ExitCode
		}
		if res.OutputFormat != "" {
			rd.OutputFormat = &res.OutputFormat
		}
		if res.HasStreams {
			rd.Stdout, rd.Stderr = &res.Stdout, &res.Stderr
		}
		if res.Error != "" {
			rd.Error = &res.Error
		}
		doc.Results = append(doc.Results, rd)
	}
	a := o.Aggregated
	doc.Aggregated = &aggregatedDoc{Success: a.Success, Strategy: a.Strategy, FinalOutput: a.FinalOutput,
		Errors: a.Errors, TotalDurationMS: msFloat(a.TotalDuration), Aborted: o.Aborted}
	return doc
}
