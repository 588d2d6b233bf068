package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
)

// runClaudeRun dry-runs the handlers Claude Code would run for an event
// with Claude Code's semantics and says what Claude Code would do. A
// project, local or plugin handler not approved in Hookwarden's store runs
// only with --yes; http handlers go to loopback only unless --allow-host.
func runClaudeRun(ctx context.Context, io *IO, args []string) error {
	fs := newFlags("run")
	dir := io.projectFlag(fs)
	eventName := fs.String("event", "", "hook event (e.g. PreToolUse)")
	tool := fs.String("tool", "", "tool name for the tool events (e.g. Bash)")
	trigger := fs.String("trigger", "", "matcher value for the other events (e.g. startup)")
	inputPath := fs.String("input", "", "hook input JSON file (- for stdin), spread over the sample")
	var only, hosts stringList
	fs.Var(&only, "hook", "run only this handler (label, id or fingerprint); repeatable")
	fs.Var(&hosts, "allow-host", "also send http handlers to this host (default: loopback only); repeatable")
	yes := fs.Bool("yes", false, "run project handlers not approved in Hookwarden's store for real (not in the sandbox)")
	sbf := addSandboxFlags(fs)
	asJSON := jsonFlag(fs)
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	policy, err := sbf.policy(*yes)
	if err != nil {
		return err
	}
	event := hooks.Event(*eventName)
	if _, ok := claude.LookupEvent(event); !ok {
		return usagef("--event: unknown Claude Code event %q (one of %s)", *eventName, claudeEventList())
	}
	var fields *hooks.Object
	if *inputPath != "" {
		var err error
		if fields, err = readInputFields(io, *inputPath); err != nil {
			return err
		}
		if s, ok := fields.Value("tool_name").(string); ok && *tool == "" {
			*tool = s
		}
	}
	pctx, err := claude.ContextFor(event, *tool, *trigger)
	var ce *claude.ContextError
	if errors.As(err, &ce) {
		return usagef("%s", ce.Error())
	}
	p := io.loadClaudeProject(*dir)
	input, err := claude.SampleInput(claude.SampleOptions{Event: event, Tool: *tool, Trigger: *trigger,
		ProjectDir: p.snap.ProjectDir, Home: io.home(), ConfigDir: p.snap.Paths.ConfigDir})
	if err != nil {
		return usagef("%v", err)
	}
	if fields != nil {
		for _, k := range fields.Keys() {
			input.Set(k, fields.Value(k))
		}
	}
	if pctx != nil && pctx.ToolName != "" {
		if raw, err := json.Marshal(input.Value("tool_input")); err == nil {
			_ = json.Unmarshal(raw, &pctx.ToolInput)
		}
	}
	plan := p.reg.Plan(event, pctx)
	var planned []*hooks.Hook
	if plan != nil {
		planned = plan.Hooks
	}
	if len(only) > 0 {
		var missing []string
		if planned, missing = selectClaude(planned, only); len(missing) > 0 {
			return usagef("no handler %q in the plan for %s", strings.Join(missing, `", "`), event)
		}
	}
	_, unapproved, check, err := gateClaude(io, p, planned, *yes && !policy.Always)
	if err != nil {
		return err
	}
	sup := io.supervisor(p.snap.ProjectDir, p.snap.Paths.ConfigDir)
	choice := policy.Choose(planned, unapproved, sandbox.Prober(sup))
	run, skipped := choice.Run, choice.Held
	runner := &claude.Runner{Env: io.Env, ProjectDir: p.snap.ProjectDir, ConfigDir: p.snap.Paths.ConfigDir, AllowHosts: hosts, Check: check,
		Isolation: hooks.Isolation{Supervisor: sup, Sandboxed: choice.IsSandboxed}}
	out := runner.Run(ctx, claude.RunRequest{Event: event, Hooks: run, Input: input})
	if *asJSON {
		doc := map[string]any{"agent": "claude", "project": p.snap.ProjectDir, "event": event, "input": input,
			"planned": len(planned), "skipped": labels(skipped), "outcome": out,
			"sandbox": sandboxDoc{Always: policy.Always, Never: policy.Never, Unavailable: choice.Unavailable}}
		err = writeJSON(io.Stdout, doc)
	} else {
		err = writeClaudeRun(io, &out, planned, skipped)
	}
	if err != nil {
		return err
	}
	if len(skipped) > 0 {
		return &ExitError{Code: ExitNeedsReview, Msg: fmt.Sprintf("%d handler(s) not run: %s (review with 'hookwarden audit --agent claude', approve with 'hookwarden trust --agent claude', or pass --yes)", len(skipped), heldReason(policy, choice))}
	}
	return nil
}

// gateClaude holds back reviewed handlers that are not trusted (or run
// code Hookwarden cannot see), unless yes; check verifies the scripts of
// the trusted ones right before each starts.
func gateClaude(io *IO, p *claudeProject, planned []*hooks.Hook, yes bool) (run, skipped []*hooks.Hook, check func(*hooks.Hook) error, err error) {
	if yes {
		return planned, nil, nil, nil
	}
	store, err := io.claudeStore()
	if err != nil {
		return nil, nil, nil, err
	}
	rep, err := claude.Audit(p.snap, p.reg.Hooks, store)
	if err != nil {
		return nil, nil, nil, err
	}
	skipped = claude.Unapproved(rep, planned)
	held := make(map[*hooks.Hook]bool, len(skipped))
	for _, h := range skipped {
		held[h] = true
	}
	for _, h := range planned {
		if !held[h] {
			run = append(run, h)
		}
	}
	return run, skipped, claude.ScriptCheck(rep), nil
}

func labels(hs []*hooks.Hook) []string {
	out := []string{}
	for _, h := range hs {
		out = append(out, claudeHookLabel(h))
	}
	return out
}

func writeClaudeRun(io *IO, o *claude.RunOutcome, planned, skipped []*hooks.Hook) error {
	b := &strings.Builder{}
	switch {
	case len(planned) == 0:
		printf(b, "%s: no handler runs; Claude Code goes ahead\n", o.Event)
	case len(o.Results) == 0:
		printf(b, "%s: nothing was run\n", o.Event)
	default:
		printf(b, "%s\n", o.Decision.Headline)
		for _, d := range o.Decision.Details {
			printf(b, "  %s\n", d)
		}
	}
	for _, h := range skipped {
		printf(b, "  note: not run: %s (%s) is not approved in Hookwarden's store, or runs code Hookwarden cannot see; Claude Code would run it. Pass --yes to run it.\n", claudeHookLabel(h), h.Origin.Layer)
	}
	if len(o.Results) > 0 {
		printf(b, "\n%d handler(s) ran in parallel in %s\n", len(o.Results), ms(o.Duration))
	}
	for i := range o.Results {
		r := &o.Results[i]
		status := r.Verdict.Kind
		switch {
		case r.HasExitCode:
			status = fmt.Sprintf("exit %d, %s", r.ExitCode, r.Verdict.Kind)
		case r.HTTPStatus != 0:
			status = fmt.Sprintf("HTTP %d, %s", r.HTTPStatus, r.Verdict.Kind)
		case r.Error != "":
			status = r.Error + ", " + r.Verdict.Kind
		}
		printf(b, "\n  %d. %s  (%s, %s)\n     %s, %s\n", i+1, claude.HandlerLabel(r.Hook), r.Hook.Origin.Layer, r.Form, status, ms(r.Duration))
		if r.NotRunReason != "" {
			printf(b, "     not run: %s\n", r.NotRunReason)
		}
		if r.Preview != "" {
			printf(b, "     would send: %s\n", clip(r.Preview, 400))
		}
		for _, s := range []struct{ name, text string }{{"stdout", r.Stdout}, {"stderr", r.Stderr}} {
			if t := strings.TrimSpace(s.text); t != "" {
				printf(b, "     %s: %s\n", s.name, indentedBlock(clip(t, 400), "             "))
			}
		}
		if r.Verdict.Error != "" {
			printf(b, "     Claude Code shows: %s\n", r.Verdict.Error)
		}
		for _, w := range r.Warnings {
			printf(b, "     ! %s\n", w.Message)
		}
		writeSandboxText(b, r.Sandboxed, r.Sandbox)
	}
	for _, w := range o.Warnings {
		if w.Index < 0 {
			printf(b, "  ! %s\n", w.Message)
		}
	}
	_, err := io.Stdout.Write([]byte(b.String()))
	return err
}
