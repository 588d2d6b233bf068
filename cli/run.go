package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
)

// runCommand dry-runs the hooks of an event: it plans them as the agent
// would, runs them with the input the agent would send (a sample, with
// --input's fields over it) through the agent's own runner, and says what
// the agent would do with their answers.
//
// It never runs a hook the user did not ask for: a project hook that needs
// review (not approved, changed, running a script that changed since its
// approval, or code Hookwarden cannot see) runs in the sandbox, or for real
// only with --yes; where the sandbox cannot start it is held back (exit 3).
func runCommand(ctx context.Context, io *IO, a agents.Agent, args []string) error {
	// the sandbox the probe sets up runs the first sandboxed hook
	warm := sandbox.NewWarm()
	defer warm.Close()
	withWarm := *io
	withWarm.warm = warm
	io = &withWarm
	fs := newFlags("run")
	dir := io.projectFlag(fs)
	eventName := fs.String("event", "", "the hook event, in the agent's words ("+toolEvents(io.Agents)+", …); required")
	tool := fs.String("tool", "", "for a tool event: the tool the agent is about to call, which the matchers are tried on")
	trigger := fs.String("trigger", "", "for the other events: the value their matchers are tried on (startup for a session start, …)")
	inputPath := fs.String("input", "", "hook input JSON file (- for stdin), spread over the sample")
	var only, hosts stringList
	fs.Var(&only, "hook", "run only this hook (name, command, key, id or fingerprint); repeatable")
	fs.Var(&hosts, "allow-host", "let http hooks reach this host too (by default they may only reach this machine); repeatable")
	yes := fs.Bool("yes", false, "run project hooks that need review for real (not in the sandbox)")
	sbf := addSandboxFlags(fs)
	asTrusted := fs.Bool("as-trusted", false, "in a folder the agent does not trust (so it runs none of the project's hooks), plan and run as if it trusted it, to see what trusting would start")
	mcp := fs.String("mcp", "", "instead of an event's hooks, start this MCP server (its name or id) the way the agent would, speak the MCP handshake with it (initialize, tools/list) and stop it; it starts in the sandbox unless it is approved or --yes is given, and a remote (url) server is only named, since nothing of it runs here (its headersHelper runs in its place)")
	timeout := fs.Duration("timeout", agents.DefaultMCPTimeout, "with --mcp: how long the server may take to start and answer before it is stopped")
	replay := replayFlag(fs)
	asJSON := jsonFlag(fs)
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	choice, err := sbf.choice()
	if err != nil {
		return err
	}
	if *mcp != "" {
		if *eventName != "" || *tool != "" || *trigger != "" || *inputPath != "" || len(only) > 0 || *asTrusted || *replay != "" {
			return usagef("--mcp starts an MCP server: --event, --tool, --trigger, --input, --hook, --as-trusted and --replay are for hooks")
		}
		return runMCPCommand(ctx, io, a, *dir, agents.MCPRequest{Server: *mcp, Sandbox: choice, Confirmed: *yes, Timeout: *timeout}, *asJSON)
	}
	req := agents.RunRequest{Query: agents.Query{Tool: *tool, Trigger: *trigger}, Select: only, Confirmed: *yes,
		AsTrusted: *asTrusted, Sandbox: choice, AllowHosts: hosts}
	if *inputPath != "" {
		fields, err := readInputFields(io, *inputPath)
		if err != nil {
			return err
		}
		req.Query.Input = hooks.AppendJSON(nil, fields)
	}
	var p agents.Project
	if *replay != "" {
		if *eventName != "" || *tool != "" || *trigger != "" || *inputPath != "" {
			return usagef("--replay takes the event, its context and its payload from the recorded event; leave out --event, --tool, --trigger and --input")
		}
		var notes []string
		_, p, req, notes, err = replayRequest(ctx, io, *replay, *dir, req)
		for _, n := range notes {
			printf(io.Stderr, "%s\n", n)
		}
		if errors.Is(err, agents.ErrOnlyObserver) {
			printf(io.Stdout, "%s\n", err)
			return nil
		}
		if err != nil {
			return err
		}
	} else {
		if req.Event, err = lookupEvent(a, *eventName); err != nil {
			return err
		}
		if p, err = io.open(ctx, a, *dir); err != nil {
			return err
		}
		// a dry run must not record itself: the observer is left out
		// (as in a replay and the window's dry run)
		obs, _ := io.observer(a)
		var notes []string
		req, notes, err = agents.WithoutObserver(p, obs, req)
		for _, n := range notes {
			printf(io.Stderr, "%s\n", n)
		}
		if errors.Is(err, agents.ErrOnlyObserver) {
			printf(io.Stdout, "%s\n", err)
			return nil
		}
		if err != nil {
			return runUsage(err)
		}
	}
	res, err := p.DryRun(ctx, req)
	if err != nil {
		return runUsage(err)
	}
	if *asJSON {
		err = writeJSON(io.Stdout, res.Document)
	} else {
		err = writeRunText(io.Stdout, res)
	}
	if err != nil {
		return err
	}
	if res.HeldNote != "" {
		return &ExitError{Code: ExitNeedsReview, Msg: res.HeldNote}
	}
	return nil
}

// writeRunText prints a dry run: the verdict, how the run differs from the
// agent's own, then each hook's result.
func writeRunText(w io.Writer, r *agents.RunResult) error {
	b := &strings.Builder{}
	printf(b, "%s\n", r.Verdict.Headline)
	for _, d := range r.Verdict.Details {
		printf(b, "  %s\n", d)
	}
	for _, n := range r.Notes {
		printf(b, "  note: %s\n", n)
	}
	if r.Summary != "" {
		printf(b, "\n%s\n", r.Summary)
	}
	for i := range r.Hooks {
		writeHookRunText(b, i, &r.Hooks[i])
	}
	for _, wn := range r.Warnings {
		printf(b, "  ! %s\n", wn)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeHookRunText prints one hook's result: how it ended, the lines the
// agent reports (streams trimmed, clipped and indented), its warnings and
// its sandbox report.
func writeHookRunText(b *strings.Builder, i int, r *agents.HookRun) {
	printf(b, "\n  %d. %s  (%s)\n     %s\n", i+1, r.Label, r.Where, r.Summary)
	for _, f := range r.Report {
		if !f.Code {
			printf(b, "     %s: %s\n", f.Label, f.Value)
			continue
		}
		if t := strings.TrimSpace(f.Value); t != "" {
			printf(b, "     %s: %s\n", f.Label, indentedBlock(agents.Clip(t, 400), strings.Repeat(" ", len(f.Label)+7)))
		}
	}
	for _, wn := range r.Warnings {
		printf(b, "     ! %s\n", wn)
	}
	writeSandboxText(b, r.Sandboxed, r.Sandbox)
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
	return agents.ParseObject(data, "input "+path)
}

func readAll(r io.Reader) ([]byte, error) {
	if r == nil {
		return nil, nil
	}
	return io.ReadAll(r)
}
