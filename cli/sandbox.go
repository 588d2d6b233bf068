package cli

import (
	"flag"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
	"github.com/hookwarden/hookwarden/trust"
)

// sandboxFlags are run's --sandbox and --no-sandbox (with --yes, the
// hooks.SandboxPolicy).
type sandboxFlags struct{ always, never *bool }

func addSandboxFlags(fs *flag.FlagSet) sandboxFlags {
	return sandboxFlags{
		always: fs.Bool("sandbox", false, "run every hook in the sandbox, approved ones too"),
		never:  fs.Bool("no-sandbox", false, "never use the sandbox: hooks that need review are held back unless --yes"),
	}
}

func (f sandboxFlags) policy(yes bool) (hooks.SandboxPolicy, error) {
	if *f.always && *f.never {
		return hooks.SandboxPolicy{}, usagef("--sandbox and --no-sandbox exclude each other")
	}
	return hooks.SandboxPolicy{Confirmed: yes, Always: *f.always, Never: *f.never}, nil
}

// supervisor is the sandbox configuration of a dry run in project: the
// home, the project and the agents' and Hookwarden's folders overlaid.
func (io *IO) supervisor(project string, folders ...string) sandbox.Config {
	cfg := sandbox.Config{Init: io.Init, Home: io.home(), Project: project}
	if dir, err := trust.StoreDirFromEnv(io.Env, io.GOOS); err == nil {
		folders = append(folders, dir)
	}
	for _, d := range folders {
		if d != "" {
			cfg.Overlay = append(cfg.Overlay, d)
		}
	}
	return cfg
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
			printf(b, "                      %s\n", indentedBlock(clip(d, 600), "                      "))
		}
	}
}
