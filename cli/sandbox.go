package cli

import (
	"flag"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/sandbox"
)

// sandboxFlags are run's --sandbox and --no-sandbox.
type sandboxFlags struct{ always, never *bool }

func addSandboxFlags(fs *flag.FlagSet) sandboxFlags {
	return sandboxFlags{
		always: fs.Bool("sandbox", false, "run every hook in the sandbox, approved ones too"),
		never:  fs.Bool("no-sandbox", false, "never use the sandbox: hooks that need review are held back unless --yes"),
	}
}

func (f sandboxFlags) choice() (agents.SandboxChoice, error) {
	switch {
	case *f.always && *f.never:
		return agents.SandboxAuto, usagef("--sandbox and --no-sandbox exclude each other")
	case *f.always:
		return agents.SandboxAlways, nil
	case *f.never:
		return agents.SandboxNever, nil
	}
	return agents.SandboxAuto, nil
}

// writeSandboxText prints a hook's behaviour report under its result.
func writeSandboxText(b *strings.Builder, sandboxed bool, r *sandbox.Report) {
	if !sandboxed {
		return
	}
	if r == nil {
		printf(b, "     sandbox: no report (the sandbox did not start)\n")
		return
	}
	printf(b, "     sandbox: %s\n", r.Summary())
	for _, l := range r.Lines() {
		mark := " "
		switch l.Level.String() {
		case "critical":
			mark = "!"
		case "review":
			mark = "?"
		}
		printf(b, "       %s %-12s %s\n", mark, l.Section, l.Text)
		if d := strings.TrimRight(l.Detail, "\n"); d != "" {
			printf(b, "                      %s\n", indentedBlock(agents.Clip(d, 600), "                      "))
		}
	}
}
