package claude

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
)

// maxEnvFile bounds what is read back of $CLAUDE_ENV_FILE.
const maxEnvFile = 16 << 20

// shell is how Claude Code 2.1.332 starts a shell-form command: /bin/sh
// -c on macOS and Linux, whatever $SHELL is; Git Bash on Windows.
var shell = agents.Shell{Program: "/bin/sh", Flag: "-c", Windows: &agents.Shell{Program: "bash", Flag: "-c"}}

// shellPrefixVar wraps shell-form commands (not exec form, not
// PowerShell): Claude Code runs "<prefix> <command>".
const shellPrefixVar = "CLAUDE_CODE_SHELL_PREFIX"

// runCommand runs a command handler: shell form through /bin/sh -c (what
// Claude Code 2.1.332 spawns on macOS and Linux, whatever $SHELL is), exec
// form (args) as the program found on PATH with its arguments, no shell,
// the placeholders substituted in each element; in shell form the shell
// expands them from the environment.
func (rc *runContext) runCommand(ctx context.Context, i int, h *hooks.Hook, res *runResult) {
	vars := rc.placeholders(h)
	envFile := ""
	if rc.envDir != "" {
		envFile = filepath.Join(rc.envDir, fmt.Sprintf("hook-%d.sh", i))
	}
	env := rc.hookEnv(h, vars, envFile)
	spec := rc.r.Command(h, res.Timeout, rc.input)
	spec.Env, spec.Dir, spec.Stdin = env, rc.projectDir, rc.stdin
	c := HandlerOf(h)
	switch {
	case c != nil && c.HasArgs:
		res.Form = "exec"
		spec.Program = substitute(h.Command, vars)
		spec.Args = make([]string, len(c.Args))
		for j, a := range c.Args {
			spec.Args[j] = substitute(a, vars)
		}
	case c != nil && c.Shell == "powershell":
		res.Form = "powershell"
		cmd := strings.ReplaceAll(h.Command, "${CLAUDE_PROJECT_DIR}", "${env:CLAUDE_PROJECT_DIR}")
		spec.Program = "pwsh"
		spec.Path = hooks.ResolveExecutable("pwsh", env)
		if spec.Path == "" {
			spec.Program = "powershell"
		}
		spec.Args = []string{"-NoProfile", "-NonInteractive"}
		if envGet(env, "CLAUDE_CODE_POWERSHELL_RESPECT_EXECUTION_POLICY") != "1" {
			spec.Args = append(spec.Args, "-ExecutionPolicy", "Bypass")
		}
		spec.Args = append(spec.Args, "-Command", substitute(cmd, vars))
	default:
		res.Form = "shell"
		// as Claude Code runs it: the command as written, the
		// placeholders expanded by the shell from the hook's environment
		// (never put into its text, where a folder named a$(id)b would
		// run id)
		cmd := h.Command
		if prefix := envGet(env, shellPrefixVar); prefix != "" {
			cmd = prefix + " " + shellQuote(cmd)
		}
		spec.Program, spec.Args = shell.Argv(nil, rc.goos, cmd)
	}
	if rc.envDir != "" {
		spec.Writable = append(spec.Writable, rc.envDir)
	}
	pr := spec.Run(ctx)
	res.Argv, res.Sandboxed, res.Sandbox = pr.Argv, pr.Sandboxed, pr.Sandbox
	res.Stdout, res.Stderr = pr.Out, pr.Err
	res.Truncated, res.PipesHeld, res.Signal = pr.Truncated, pr.PipesHeld, pr.Signal
	if envFile != "" {
		// what the hook left there may be a FIFO: read it as the sandbox
		// reads what a hook wrote (no blocking, regular files only)
		if data, err := sandbox.ReadRegular(envFile, maxEnvFile); err == nil {
			res.EnvFile = string(data)
		}
	}
	switch {
	case pr.StartErr != "":
		res.Error = pr.StartErr
		// Claude Code reports a program it cannot start like exit 127
		res.Verdict = verdict{Kind: kindNonBlocking, Error: nonBlockingPrefix + pr.StartErr, ShownTo: "user"}
	case pr.TimedOut:
		res.TimedOut = true
		res.Error = fmt.Sprintf("timed out after %s", res.Timeout)
		res.Verdict = verdict{Kind: kindDiscarded}
	case pr.Cancelled:
		res.Cancelled = true
		res.Error = "cancelled"
		res.Verdict = verdict{Kind: kindDiscarded}
	case !pr.Exited:
		res.Error = "killed by " + pr.Signal
		res.Verdict = verdict{Kind: kindNonBlocking, Error: nonBlockingPrefix + firstLine(res.Stderr), ShownTo: "user"}
	default:
		res.ExitCode, res.HasExitCode = pr.Code, true
		res.Verdict = interpretCommand(rc.event, pr.Code, res.Stdout, res.Stderr)
	}
	if c != nil && (c.Async || c.AsyncRewake) {
		asyncVerdict(rc.event, c.AsyncRewake, &res.Verdict)
	}
}

// asyncVerdict keeps what a background handler can still do: its decision
// fields are ignored; with asyncRewake, exit 2 wakes Claude with stderr.
func asyncVerdict(event hooks.Event, rewake bool, v *verdict) {
	kept := verdict{Kind: v.Kind, JSON: v.JSON, SchemaErrors: v.SchemaErrors, Error: v.Error, ShownTo: v.ShownTo, SystemMessage: v.SystemMessage, Context: v.Context}
	if rewake && v.Kind == kindBlocking {
		kept.Reason = v.Reason
	}
	*v = kept
}

func envGet(env []string, key string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], key+"="); ok {
			return v
		}
	}
	return ""
}

// shellQuote quotes s as one POSIX shell word.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
