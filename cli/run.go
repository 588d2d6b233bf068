package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
	"github.com/hookwarden/hookwarden/trust"
)

// runRun dry-runs the hooks of an event: it plans them as Gemini CLI
// would, runs them with the input Gemini would send (a sample, or --input),
// aggregates the results and says what Gemini would do.
//
// It never runs a hook the user did not ask for: a workspace hook that is
// that needs review (not approved in trusted_hooks.json, or changed, or
// running a script that changed since approval) needs --yes, and in an untrusted folder
// (where Gemini runs no settings hook) nothing runs unless --as-trusted.
func runRun(ctx context.Context, io *IO, args []string) error {
	fs := newFlags("run")
	dir := io.projectFlag(fs)
	eventName := fs.String("event", "", "hook event (e.g. BeforeTool)")
	tool := fs.String("tool", "", "tool name for BeforeTool/AfterTool")
	trigger := fs.String("trigger", "", "trigger for SessionStart/SessionEnd/PreCompress")
	inputPath := fs.String("input", "", "hook input JSON file (- for stdin); default: a sample payload")
	var only stringList
	fs.Var(&only, "hook", "run only this hook (name, command, name:command key or id); repeatable")
	yes := fs.Bool("yes", false, "run workspace hooks that are not approved, or changed since approval, for real (not in the sandbox)")
	sbf := addSandboxFlags(fs)
	asTrusted := fs.Bool("as-trusted", false, "in an untrusted folder, plan and run as if it were trusted")
	asJSON := jsonFlag(fs)
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	policy, err := sbf.policy(*yes)
	if err != nil {
		return err
	}
	var fields *hooks.Object
	if *inputPath != "" {
		var err error
		if fields, err = readInputFields(io, *inputPath); err != nil {
			return err
		}
		if *tool == "" && *trigger == "" {
			*tool, *trigger = contextFromInput(hooks.Event(*eventName), fields)
		}
	}
	event, pctx, err := eventAndContext(*eventName, *tool, *trigger)
	if err != nil {
		return err
	}
	p := io.loadProject(*dir)
	folderTrusted := p.snap.FolderTrust.Trusted()
	if !folderTrusted && *asTrusted {
		reg := gemini.BuildAsTrusted(p.snap)
		p = &project{snap: reg.Snapshot, reg: reg}
	}
	plan := p.reg.Plan(event, pctx)

	input, err := buildInput(io, p.snap, event, *tool, *trigger, fields)
	if err != nil {
		return err
	}
	sel, err := selectHooks(plan, only)
	if err != nil {
		return err
	}
	gate := gemini.Gate{Run: sel}
	if !*yes || policy.Always {
		storeDir, err := trust.StoreDirFromEnv(io.Env, io.GOOS)
		if err != nil {
			return err
		}
		gate = gemini.HoldUnapproved(p.snap, gemini.Options{Store: trust.Store{Dir: storeDir}}, sel)
	}
	trustErr := ""
	if gate.Err != nil {
		trustErr = gate.Err.Error()
	}
	sup := io.supervisor(p.snap.ProjectDir, p.snap.Paths.GeminiDir)
	var planned []*hooks.Hook
	if sel != nil {
		planned = sel.Hooks
	}
	choice := policy.Choose(planned, gate.Unapproved, sandbox.Prober(sup))

	rep := runReport{
		Project: p.snap.ProjectDir, Event: event, Context: pctx, FolderTrust: p.snap.FolderTrust,
		AsTrusted: !folderTrusted && *asTrusted, Plan: plan, Selected: sel, Skipped: choice.Held, SkipWhy: gate.Why,
		TrustError: trustErr, Input: input, Policy: policy, SandboxUnavailable: choice.Unavailable,
	}
	if len(choice.Run) > 0 {
		runner := &gemini.Runner{
			Env:          io.Env,
			Sanitization: gemini.SanitizationFor(p.snap),
			Check:        gate.Check,
			PlansDir:     gemini.PlansDirFor(io.home(), p.snap.ProjectDir, hooks.ToJSString(input.Value("session_id"))),
			Isolation:    hooks.Isolation{Supervisor: sup, Sandboxed: choice.IsSandboxed},
		}
		runPlan := &hooks.Plan{Event: plan.Event, Sequential: plan.Sequential, Hooks: choice.Run}
		out := runner.Run(ctx, gemini.Request{Plan: runPlan, Input: input, FolderTrusted: rep.FolderTrust.Trusted() || rep.AsTrusted})
		rep.Outcome = &out
	}
	if *asJSON {
		err = writeJSON(io.Stdout, rep.document())
	} else {
		err = rep.writeText(io.Stdout)
	}
	if err != nil {
		return err
	}
	if len(choice.Held) > 0 {
		return &ExitError{Code: ExitNeedsReview, Msg: fmt.Sprintf("%d project hook(s) not run: %s (review them with 'hookwarden audit', approve with 'hookwarden trust', or pass --yes)", len(choice.Held), heldReason(policy, choice))}
	}
	return nil
}

// readInputFields reads a hook input object from a file or stdin.
func readInputFields(io *IO, path string) (*hooks.Object, error) {
	var data []byte
	var err error
	if path == "-" {
		data, err = readAll(io.Stdin)
	} else {
		data, err = os.ReadFile(path)
	}
	if err != nil {
		return nil, fmt.Errorf("reading input %s: %w", path, err)
	}
	v, err := hooks.ParseJSON(hooks.DecodeUTF8(data))
	if err != nil {
		return nil, fmt.Errorf("input %s: %w", path, err)
	}
	o, ok := v.(*hooks.Object)
	if !ok {
		return nil, fmt.Errorf("input %s: the hook input must be a JSON object", path)
	}
	return o, nil
}

func readAll(r io.Reader) ([]byte, error) {
	if r == nil {
		return nil, nil
	}
	return io.ReadAll(r)
}

// contextFromInput takes the planner context from the input's own fields
// (tool_name, source, reason, trigger) when no flag gives it.
func contextFromInput(event hooks.Event, in *hooks.Object) (tool, trigger string) {
	str := func(k string) string { s, _ := in.Value(k).(string); return s }
	switch event {
	case hooks.BeforeTool, hooks.AfterTool:
		return str("tool_name"), ""
	case hooks.SessionStart:
		return "", str("source")
	case hooks.SessionEnd:
		return "", str("reason")
	case hooks.PreCompress:
		return "", str("trigger")
	}
	return "", ""
}

// buildInput is the sample input for the event, with the --input fields
// spread over it ({...base, ...fields}).
func buildInput(io *IO, snap *gemini.Snapshot, event hooks.Event, tool, trigger string, fields *hooks.Object) (*hooks.Object, error) {
	in, err := gemini.SampleInput(gemini.SampleOptions{Event: event, Tool: tool, Trigger: trigger, ProjectDir: snap.ProjectDir, Home: io.home(), Now: time.Now()})
	if err != nil {
		return nil, err
	}
	if fields != nil {
		if gemini.MatcherKindOf(event) == gemini.MatchToolName {
			// the sample's tool fields must not leak into the user's input
			for _, k := range []string{"tool_input", "tool_response", "mcp_context"} {
				in.Delete(k)
			}
		}
		gemini.SpreadInto(in, fields)
	}
	return in, nil
}

// selectHooks keeps the plan hooks the user named with --hook (all when
// none), in plan order.
func selectHooks(plan *hooks.Plan, only []string) (*hooks.Plan, error) {
	sel, missing := plan.Select(only)
	if len(missing) > 0 {
		var names []string
		for _, h := range plan.Hooks {
			names = append(names, h.DisplayName())
		}
		return nil, usagef("no hook %q in the plan for %s (it has: %s)", strings.Join(missing, `", "`), plan.Event, strings.Join(names, ", "))
	}
	return sel, nil
}

// heldReason says why hooks were held back.
func heldReason(p hooks.SandboxPolicy, c hooks.RunChoice) string {
	const review = "not approved, changed, or running a script that changed since approval"
	switch {
	case p.Always:
		return "--sandbox was asked for and " + c.Unavailable
	case p.Never:
		return review + ", and --no-sandbox keeps them out of the sandbox"
	case c.Unavailable != "":
		return review + ", and " + c.Unavailable
	}
	return review
}
