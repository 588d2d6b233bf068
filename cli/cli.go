package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/sandbox"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// Exit codes.
const (
	ExitOK          = 0
	ExitFailure     = 1
	ExitUsage       = 2
	ExitNeedsReview = 3
	// ExitUnreadable: a settings or hooks file could not be read or
	// parsed, so the review is incomplete (audit; takes precedence over
	// ExitNeedsReview).
	ExitUnreadable = 4
)

// IO is what a command talks to: its streams, its environment and its
// working folder. Main fills it from the process; tests fill it by hand.
type IO struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Env    settingsio.Env
	// Dir is the working folder (the default project).
	Dir string
	// GOOS selects the platform's file locations (runtime.GOOS by default).
	GOOS string
	// execAgent replaces the process with an agent (`hookwarden exec`);
	// nil means superviseAgent (exec_watch.go). Tests set it.
	execAgent func(path string, argv, env []string) error
	// Init is the executable that answers sandbox.InitCommand (hookwarden
	// itself). Without it hooks start directly and the sandbox is not
	// available.
	Init string
	// warm is a dry run's sandbox.Warm (run sets it on its own copy).
	warm *sandbox.Warm
	// stores are the command's reads of Hookwarden's store, shared by
	// every agent it opens (Main makes them for each command).
	stores *trust.StoreReads
	// Agents are the agents the commands know (main.go passes
	// agents/all.Registry()); --agent picks one, the first by default.
	Agents *agents.Registry
	// others, for audit without --agent, are the other agents audited
	// first (auditOtherAgents): the default agent's --json document
	// carries them; nil when audit chose its agent.
	others *[]otherAudit
}

// FromProcess returns an IO bound to the real process, for the agents of
// reg.
func FromProcess(reg *agents.Registry) (*IO, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, fmt.Errorf("working folder: %w", err)
	}
	return &IO{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
		Env: os.Environ(), Dir: wd, GOOS: runtime.GOOS, Agents: reg}, nil
}

// runFunc runs a command for one agent.
type runFunc func(ctx context.Context, io *IO, agent agents.Agent, args []string) error

// command is one subcommand. It works for every agent through the agent
// contract; an agent that lacks what it needs answers with the reason
// (an *agents.Unsupported error, a usage error).
type command struct {
	name    string
	usage   string // after "hookwarden NAME "
	summary string
	run     runFunc
}

// commands is the one command table.
func commands() []command {
	return []command{
		{"list", "[--agent NAME|all] [--project DIR] [--json]", "every hook of every layer, merged, with its status", runList},
		{"plan", "[--agent NAME] [--project DIR] --event EVENT [--tool NAME | --trigger VALUE] [--input FILE] [--json]", "which hooks the agent would run for an event, in order",
			planCommand},
		{"run", "[--agent NAME] [--project DIR] (--event EVENT [--tool NAME | --trigger VALUE] [--input FILE|-] [--hook NAME ...] [--allow-host HOST ...] [--as-trusted] | --replay ID | --mcp SERVER [--timeout DURATION]) [--yes] [--sandbox|--no-sandbox] [--json]", "dry-run the hooks of an event or of a recorded event, or start an MCP server and ask it for its tools (unapproved ones in the sandbox), and say what the agent would do",
			runCommand},
		{"audit", "[--agent NAME|all] [--project DIR] [--json] [--brief] [--strict]", "project hooks that need review, with every script they run (exit 3 when any do, or with --strict any is approved, partly unwatched; 4 when a file cannot be read)",
			runAudit},
		{"trust", "[--agent NAME] [--project DIR] [--trace] [--accept-unwatched] (--all | [--all-named] NAME|KEY ... | --repair | --carry-over)", "approve project hooks into the agent's trust store",
			runTrust},
		{"untrust", "[--agent NAME] [--project DIR] (--all | --gone | NAME|KEY ...)", "revoke approved project hooks",
			runUntrust},
		{"folder-trust", "[--agent NAME] [--project DIR] [LEVEL]", "show or set the project's folder trust",
			runFolderTrust},
		{"disable", "[--agent NAME] [--project DIR] [--scope SCOPE] [--force-workspace] NAME ...", "disable a hook the way the agent reads it (refuses a workspace file git tracks)",
			runDisable},
		{"enable", "[--agent NAME] [--project DIR] [--scope SCOPE] [NAME ...]", "enable a hook the way the agent reads it",
			runEnable},
		{"disable-all", "[--agent NAME] [--project DIR] [--scope SCOPE] [--force-workspace]", "disable every hook at once, as the agent's own disable-all does (where it has one)",
			runDisableAll},
		{"demo", "[DIR]", "copy the built-in demo project into DIR and print the shell lines to use it: eval \"$(hookwarden demo)\"", anyAgent(runDemo)},
		{"enable-all", "[--agent NAME] [--project DIR]", "enable every hook at once, as the agent's own enable-all does (where it has one)",
			runEnableAll},
		{"guard", "(install | uninstall | status | check) [--project DIR] [--git-hook NAME] [--background]", "git hooks that review every agent's hooks after a pull, checkout or rebase", anyAgent(runGuard)},
		{"exec", "[--project DIR] [--on-change stop|warn] [--enforce] [--] AGENT ARGS...", "start an agent only when none of the project's agent hooks needs review (exit 3 otherwise), and stop it (or warn) when one changes while it runs; with --enforce, a hook's processes cannot open or run a project file its approval does not cover (Linux)", anyAgent(runExec)},
		{"protect", "[--agent NAME] (on | off | status)", "a user-level hook that denies the agent's own tool calls writing to approved hook files, their scripts or the settings (off puts the file back byte for byte)",
			runProtect},
		{"protect-check", "[--agent NAME]", "the protective hook's check: reads the payload of the agent's event before a tool call on stdin and denies a write to a protected file",
			runProtectCheck},
		{"record", "[--agent NAME|all] (on | off | status)", "record every event the agent sends to its hooks into a private local history (an observer hook per event in the user settings; off puts the files back byte for byte)",
			runRecord},
		{"observe", "--agent NAME --event EVENT", "the observer hook: appends the payload on stdin to the history, prints nothing, always exits 0",
			observeCommand},
		{"history", "[--agent NAME|all] [--project DIR] [--event EVENT] [--limit N] [--json] | clear | import [--agent NAME|all] [FILE...]", "the recorded events, each with which hooks the plan runs for it and why the others do not; clear deletes them; import rebuilds tool events from the agents' own logs",
			runHistory},
		scanCommand(),
		{"migrate", "[--agent NAME] [--project DIR] [--write]", "preview (and with --write apply) the move of the project's Claude Code hooks to Gemini CLI",
			runMigrate},
		versionCommand(),
	}
}

// ownAgentFlag are the commands that read --agent themselves.
var ownAgentFlag = []string{"record", "history"}

// legacyRun is a command that takes no agent.
type legacyRun func(ctx context.Context, io *IO, args []string) error

// anyAgent is a command that does not depend on the agent.
func anyAgent(run legacyRun) runFunc {
	return func(ctx context.Context, io *IO, _ agents.Agent, args []string) error { return run(ctx, io, args) }
}

// UsageError is a mistake in the command line; Main prints it with a hint
// and exits 2.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

func usagef(format string, a ...any) error { return &UsageError{Msg: fmt.Sprintf(format, a...)} }

// ExitError carries an exit code other than 1 (e.g. 3 from audit) and an
// optional message.
type ExitError struct {
	Code int
	Msg  string
}

func (e *ExitError) Error() string { return e.Msg }

// Main runs one command line (without the program name) and returns the
// exit code.
func Main(ctx context.Context, args []string, io *IO) int {
	io, flush := io.safeStreams()
	defer flush()
	if io.stores == nil { // one command's (a test may set its own)
		io.stores = trust.NewStoreReads()
	}
	if io.Agents == nil {
		printf(io.Stderr, "hookwarden: no agents (IO.Agents is nil: main.go passes agents/all.Registry())\n")
		return ExitFailure
	}
	if len(args) == 2 && args[0] == "help" && !isHelpArg(args[1]) {
		// help COMMAND is COMMAND --help.
		args = []string{args[1], "--help"}
	}
	if len(args) == 0 || args[0] == "help" || isHelpArg(args[0]) {
		printHelp(io.Stdout, io.Agents)
		return ExitOK
	}
	if args[0] == "observe" && !wantsHelp(args[1:]) {
		// the observer hook: never an error, never output
		runObserve(io, args[1:])
		return ExitOK
	}
	if c, ok := lookupCommand(args[0]); ok && slices.Contains(ownAgentFlag, c.name) && !wantsHelp(args[1:]) {
		// these read --agent themselves (all agents by default or "all")
		return finish(io, c, nil, c.run(ctx, io, nil, args[1:]))
	}
	if scan := scanCommand(); args[0] == scan.name {
		// scan takes every agent by default, so it reads --agent itself.
		return finish(io, scan, nil, scan.run(ctx, io, nil, args[1:]))
	}
	name, rest, err := splitAgent(io.Agents, args[1:])
	if err != nil {
		printf(io.Stderr, "hookwarden %s: %v\n", args[0], err)
		return ExitUsage
	}
	c, ok := lookupCommand(args[0])
	if !ok {
		printf(io.Stderr, "hookwarden: unknown command %q\nrun 'hookwarden help' for the list of commands\n", args[0])
		return ExitUsage
	}
	if name == allAgents && !wantsHelp(rest) {
		return runAllAgents(ctx, io, c, rest)
	}
	// With --agent all (only --help gets here) agent is nil: the help is
	// the same for every agent.
	agent, _ := io.Agents.Get(name)
	if slices.Contains(agentFree, c.name) {
		agent = nil
	}
	if c.name == "audit" && !hasAgentFlag(args[1:]) && !wantsHelp(rest) {
		return auditEveryAgent(ctx, io, c, io.agentOrDefault(agent), rest)
	}
	return finish(io, c, agent, c.run(ctx, io, io.agentOrDefault(agent), rest))
}

// hasAgentFlag says whether args choose an agent (--agent NAME).
func hasAgentFlag(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if a == "--agent" || a == "-agent" || strings.HasPrefix(a, "--agent=") || strings.HasPrefix(a, "-agent=") {
			return true
		}
	}
	return false
}

// otherAudit is another agent's quiet audit, for audit without --agent:
// what its exit code says (needs-review, unreadable, failed).
type otherAudit struct {
	agent agents.Agent
	code  int
}

// state is the other agent's audit in a word ("" when it is clean).
func (o otherAudit) state() string {
	switch o.code {
	case ExitOK:
		return ""
	case ExitNeedsReview:
		return "needs-review"
	case ExitUnreadable:
		return "unreadable"
	}
	return "failed" // fail closed: never read as clean
}

// auditEveryAgent is audit without --agent. It reviews the default agent,
// and must not read clean while another agent's hooks of the same project
// need review. Every other agent is audited quietly first; each that
// needs review (or holds a file that cannot be read, or could not be
// reviewed) is named on stderr and, with --json, in the default agent's
// document ("other_agents": auditOthersMember), and the exit code is the
// worst.
func auditEveryAgent(ctx context.Context, cio *IO, c command, def agents.Agent, args []string) int {
	var others []otherAudit
	for _, a := range cio.Agents.All() {
		if a == def {
			continue
		}
		sub := *cio
		sub.Stdout, sub.Stderr, sub.others = io.Discard, io.Discard, nil
		// a usage error is the arguments', and the default agent's audit
		// says it
		if got := finish(&sub, c, a, c.run(ctx, &sub, a, args)); got != ExitOK && got != ExitUsage {
			others = append(others, otherAudit{a, got})
		}
	}
	withOthers := *cio
	withOthers.others = &others
	code := finish(&withOthers, c, def, c.run(ctx, &withOthers, def, args))
	if code == ExitUsage {
		return code
	}
	for _, o := range others {
		what := map[string]string{"needs-review": "needs review here", "unreadable": "has a file here that cannot be read",
			"failed": "could not be reviewed here"}[o.state()]
		printf(cio.Stderr, "hookwarden audit: %s also %s: hookwarden audit --agent %s (or --agent all)\n", o.agent.Info().Title, what, o.agent.Info().Name)
		code = worseExit(code, o.code)
	}
	return code
}

// auditOthersMember is "other_agents" of audit --json without --agent:
// each other agent whose audit is not clean, its name and title under
// "agent" (as the document's own), its state, its exit code and the audit
// that shows it; empty when every other agent's audit is clean.
func auditOthersMember(others []otherAudit) agents.Field {
	type agentID struct {
		Name  string `json:"name"`
		Title string `json:"title"`
	}
	type other struct {
		Agent    agentID `json:"agent"`
		State    string  `json:"state"`
		ExitCode int     `json:"exit_code"`
		Audit    string  `json:"audit"`
	}
	out := []other{}
	for _, o := range others {
		info := o.agent.Info()
		out = append(out, other{agentID{info.Name, info.Title}, o.state(), o.code, "hookwarden audit --agent " + info.Name})
	}
	return agents.Member("other_agents", out)
}

// lookupCommand finds a command by name.
func lookupCommand(name string) (command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// scanCommand is the same for every agent.
func scanCommand() command {
	return command{"scan", "[--agent NAME|all] [--json | --sarif] [--fail-on review|critical] [PATH...]",
		"find every hook file under the paths and report what each hook would do (exit 3 at --fail-on)", anyAgent(runScan)}
}

// agentOrDefault is a, or the default agent when a is nil.
func (io *IO) agentOrDefault(a agents.Agent) agents.Agent {
	if a == nil {
		return io.Agents.Default()
	}
	return a
}

// finish turns a command's error into its exit code and message; agent
// (nil for none) gives the usage its words.
func finish(io *IO, c command, agent agents.Agent, err error) int {
	var ue *UsageError
	var ee *ExitError
	var help *helpRequest
	if reason, ok := agents.IsUnsupported(err); ok {
		err = &UsageError{Msg: reason}
	}
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &help):
		writeHelp(io.Stdout, io.Agents, c, agent, help.fs)
		return ExitOK
	case errors.Is(err, flag.ErrHelp):
		writeHelp(io.Stdout, io.Agents, c, agent, nil)
		return ExitOK
	case errors.As(err, &ue):
		printf(io.Stderr, "hookwarden %s: %s\nusage: hookwarden %s %s\n(hookwarden %s --help explains every flag)\n", c.name, ue.Msg, c.name, usageFor(c, agent), c.name)
		return ExitUsage
	case errors.As(err, &ee):
		if ee.Msg != "" {
			printf(io.Stderr, "hookwarden %s: %s\n", c.name, indentedBlock(ee.Msg, ""))
		}
		return ee.Code
	default:
		// an error of several lines (what could not be approved, each part
		// on its own line) keeps its lines, each escaped
		printf(io.Stderr, "hookwarden %s: %s\n", c.name, indentedBlock(err.Error(), ""))
		return ExitFailure
	}
}

// allAgents is the --agent value that runs a command for every agent
// (audit and list).
const allAgents = "all"

// splitAgent takes --agent NAME (or --agent=NAME) out of a command's
// arguments; every command accepts it. NAME is a registered agent (the
// first is the default) or "all".
func splitAgent(reg *agents.Registry, args []string) (string, []string, error) {
	agent := reg.Default().Info().Name
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		var v string
		switch {
		case a == "--agent" || a == "-agent":
			if i+1 >= len(args) {
				return "", nil, usagef("--agent needs a value (%s)", reg.NameList("or"))
			}
			v = args[i+1]
			i++
		case strings.HasPrefix(a, "--agent=") || strings.HasPrefix(a, "-agent="):
			v = a[strings.Index(a, "=")+1:]
		case a == "--":
			rest = append(rest, args[i:]...)
			return agent, rest, nil
		default:
			rest = append(rest, a)
			continue
		}
		if _, ok := reg.Get(v); !ok && v != allAgents {
			return "", nil, usagef("unknown agent %q (%s, or all for audit and list)", v, strings.Join(reg.Names(), ", "))
		}
		agent = v
	}
	return agent, rest, nil
}

// IsCommand reports whether name is a CLI subcommand (main.go uses it to
// tell a subcommand from the GUI's arguments).
func IsCommand(name string) bool {
	if name == "help" || name == "-h" || name == "--help" {
		return true
	}
	_, ok := lookupCommand(name)
	return ok
}

func printHelp(w io.Writer, reg *agents.Registry) {
	fmt.Fprintln(w, "Hookwarden: see, trust, switch and test-fire the hooks of AI coding agents.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "usage:")
	fmt.Fprintln(w, "  hookwarden [open] [--agent A] [DIR]  open the app on a project (the demo when it has no hooks)")
	fmt.Fprintln(w, "  hookwarden open --review [DIR]      open the app on the Review tab of a project")
	fmt.Fprintln(w, "  hookwarden tray                     run in the system tray: what needs review in the recent projects")
	for _, c := range commands() {
		printf(w, "  hookwarden %-14s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	var names []string
	for _, a := range reg.All() {
		names = append(names, a.Info().Name+" ("+a.Info().Title+")")
	}
	printf(w, "agents: %s; the default is %s\n", strings.Join(names, ", "), reg.Default().Info().Name)
	printf(w, "every command takes --agent %s; audit and list also --agent all\n", strings.Join(reg.Names(), "|"))
	fmt.Fprintln(w, "hookwarden COMMAND --help (or hookwarden help COMMAND) explains a command and each of its flags")
	fmt.Fprintln(w, "exit codes: 0 done, 1 failure, 2 usage error, 3 review needed (audit), 4 a file could not be read (audit)")
}

// newFlags returns a flag set that reports errors instead of exiting.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses args, turning flag errors into usage errors. Flags may
// come before or after positional arguments.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, flagError(fs, err)
		}
		if fs.NArg() == 0 {
			return rest, nil
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// parseLeadingFlags parses the flags before the first argument that is
// not one and returns that argument and all after it untouched (exec's
// program and its own flags).
func parseLeadingFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	if err := fs.Parse(args); err != nil {
		return nil, flagError(fs, err)
	}
	return fs.Args(), nil
}

// flagError is a flag set's parse error as the command line reports it:
// help as a help request, anything else as a usage error.
func flagError(fs *flag.FlagSet, err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return &helpRequest{fs: fs}
	}
	return usagef("%s", strings.TrimPrefix(err.Error(), "flag provided but not defined: "))
}

// parseNoArgs parses args for a command that takes flags only.
func parseNoArgs(fs *flag.FlagSet, args []string) error {
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("unexpected argument %q", rest[0])
	}
	return nil
}

// jsonFlag adds --json to fs.
func jsonFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("json", false, "print a JSON document")
}

// briefFlag is audit's --brief: no script contents, diffs only.
func briefFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("brief", false, "leave out the contents of new and unrecorded scripts (diffs stay)")
}

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }
