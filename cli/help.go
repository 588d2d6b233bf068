package cli

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/hookwarden/hookwarden/agents"
)

// helpRequest is -h, -help or --help given to a command: its flag set, so
// that the help explains every flag the command really takes. It stops
// the command before it does anything.
type helpRequest struct{ fs *flag.FlagSet }

func (*helpRequest) Error() string { return "help requested" }
func (*helpRequest) Unwrap() error { return flag.ErrHelp }

// isHelpArg reports whether a is a request for help.
func isHelpArg(a string) bool { return a == "-h" || a == "-help" || a == "--help" }

// wantsHelp reports whether args ask for help before a "--".
func wantsHelp(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if isHelpArg(a) {
			return true
		}
	}
	return false
}

// argHelp explains one argument of a command; words, when set, are the
// agent's own values for it (agents.Worder) and the argument is left out
// of the usage of an agent that has none.
type argHelp struct {
	name  string // as the usage writes it: LEVEL, SCOPE, NAME
	words agents.WordsOf
	text  string
	// none is what an agent without words for it means ("%s" is its title).
	none string
}

// commandArgs are the arguments of the commands, in words.
var commandArgs = map[string][]argHelp{
	"folder-trust": {{name: "LEVEL", words: agents.WordsFolderTrust,
		text: "the decision to record for the project; without one, folder-trust only shows the current decision and writes nothing",
		none: "%s keeps this decision itself: folder-trust only shows it"}},
	"disable": {
		{name: "NAME", text: "a hook as `hookwarden list` shows it: its name, command, trust key or ID"},
		{name: "SCOPE", words: agents.WordsScope, text: "the settings file the switch is written to", none: noScope}},
	"enable": {
		{name: "NAME", text: "a hook as `hookwarden list` shows it: its name, command, trust key or ID; without one, the agent says what it can enable"},
		{name: "SCOPE", words: agents.WordsScope, text: "the only settings file to enable the hook in (default: every one the agent writes)", none: noScope}},
	"disable-all": {{name: "SCOPE", words: agents.WordsScope, text: "the settings file the switches are written to", none: noScope}},
	"trust":       {{name: "NAME|KEY", text: "a project hook to approve, as `hookwarden audit` shows it: its name, command, trust key or ID"}},
	"untrust":     {{name: "NAME|KEY", text: "an approved hook to revoke: its name, command, trust key or ID"}},
	"demo":        {{name: "DIR", text: "an empty folder to copy the demo project into (default: a new temporary folder)"}},
	"scan":        {{name: "PATH", text: "folders (or files) to search for hook files, every file below them but .git (default: the working folder)"}},
	"guard": {{name: "install", text: "add the git hooks (post-merge, post-checkout, post-rewrite) to the repository"},
		{name: "uninstall", text: "remove the git hooks Hookwarden added"},
		{name: "status", text: "say whether the git hooks are installed"},
		{name: "check", text: "what the git hooks run: review every agent's hooks of the project and say what needs review"}},
	"exec": {{name: "AGENT ARGS", text: "the program to start and its arguments: everything after --, or from the first argument that is not a flag; " +
		"it starts only when no project hook of any agent needs review"}},
}

// noScope is the SCOPE of an agent with one place for its switches.
const noScope = "%s keeps every switch in one place: leave out --scope"

// flagWords are the placeholders of flags that take a value.
var flagWords = map[string]string{
	"project": "DIR", "event": "EVENT", "tool": "NAME", "trigger": "VALUE", "input": "FILE", "hook": "NAME",
	"allow-host": "HOST", "scope": "SCOPE", "fail-on": "LEVEL", "git-hook": "NAME", "agent": "NAME",
}

// agentFree are the commands that do not depend on --agent.
var agentFree = []string{"demo", "guard", "exec", "scan"}

// usageFor is c's usage line for agent a (nil: none chosen): an argument
// in the agent's words lists them ("[trusted|untrusted]"), and is left
// out when the agent has none.
func usageFor(c command, a agents.Agent) string {
	u := c.usage
	for _, arg := range commandArgs[c.name] {
		if arg.words == "" || a == nil {
			continue
		}
		words := agents.WordsFor(a, arg.words)
		if len(words) == 0 {
			u = strings.NewReplacer(" [--scope "+arg.name+"]", "", " ["+arg.name+"]", "").Replace(u)
			continue
		}
		values := make([]string, len(words))
		for i, w := range words {
			values[i] = w.Value
		}
		u = strings.ReplaceAll(u, arg.name, strings.Join(values, "|"))
	}
	return u
}

// writeHelp prints a command's help: its usage, what it does, its
// arguments (in a's words) and every flag of fs, each explained.
func writeHelp(w io.Writer, reg *agents.Registry, c command, a agents.Agent, fs *flag.FlagSet) {
	printf(w, "usage: hookwarden %s %s\n\n%s.\n", c.name, usageFor(c, a), upperFirst(c.summary))
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	if args := commandArgs[c.name]; len(args) > 0 {
		printf(tw, "\narguments:\n")
		for _, arg := range args {
			if arg.words == "" {
				printf(tw, "  %s\t%s\n", arg.name, arg.text)
				continue
			}
			words := agents.WordsFor(a, arg.words)
			if len(words) == 0 {
				if a != nil {
					printf(tw, "  %s\t"+arg.none+"\n", arg.name, a.Info().Title)
				}
				continue
			}
			printf(tw, "  %s\t%s; %s takes:\n", arg.name, arg.text, a.Info().Title)
			for _, wd := range words {
				printf(tw, "    %s\t%s\n", wd.Value, wd.Meaning)
			}
		}
	}
	printf(tw, "\nflags:\n")
	if !slices.Contains(agentFree, c.name) {
		also := ""
		if slices.Contains(allAgentsCommands, c.name) {
			also = ", or all for every agent"
		}
		printf(tw, "  --agent NAME\tthe agent: %s (default %s)%s\n", reg.NameList("or"), reg.Default().Info().Name, also)
	}
	if fs != nil {
		fs.VisitAll(func(f *flag.Flag) {
			name := "--" + f.Name
			if !isBoolFlag(f) {
				word := flagWords[f.Name]
				if word == "" {
					word = "VALUE"
				}
				name += " " + word
			}
			text := f.Usage
			if f.DefValue != "" && f.DefValue != "false" {
				text += fmt.Sprintf(" (default %s)", f.DefValue)
			}
			printf(tw, "  %s\t%s\n", name, text)
		})
	}
	printf(tw, "  -h, --help\tprint this help and do nothing else\n")
	_ = tw.Flush()
}

func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
