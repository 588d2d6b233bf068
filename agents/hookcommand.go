package agents

import (
	"context"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Shell is how an agent starts a command hook's text, declared as data:
// Program Flag TEXT, where the variable Var (when set and not empty)
// names the program instead; Windows, when set, is the shell there.
type Shell struct {
	Program string
	Var     string
	Flag    string
	Windows *Shell
}

// Argv is the program and arguments that start command on goos.
func (s Shell) Argv(env settingsio.Env, goos, command string) (string, []string) {
	if goos == "windows" && s.Windows != nil {
		return s.Windows.Argv(env, "", command)
	}
	program := s.Program
	if s.Var != "" {
		if v := env.Get(s.Var); v != "" {
			program = v
		}
	}
	return program, []string{s.Flag, command}
}

// Spawn is how an agent's dry runner starts command hooks, what every
// runner of command hooks declares: the agent's process environment (the
// hooks get it, with what the agent adds), the stream cap and grace (0:
// hooks.SpawnSpec's defaults), the platform whose shell it uses (""
// this one), the sandbox (zero Isolation: directly) and the gate's
// spawn-time check (asked right before each process starts; an error
// refuses to start it). The zero value runs hooks with an empty
// environment.
type Spawn struct {
	Env       settingsio.Env
	StreamCap int
	Grace     time.Duration
	GOOS      string
	Isolation hooks.Isolation
	Check     func(*hooks.Hook) error
}

// Command is h's HookCommand under s: its limits, check and sandbox set,
// the rest (argv, environment, folder, payload) for the runner to fill.
func (s Spawn) Command(h *hooks.Hook, timeout time.Duration, input *hooks.Object) HookCommand {
	return HookCommand{Hook: h, Timeout: timeout, Grace: s.Grace, Cap: s.StreamCap, Input: input, Check: s.Check, Isolation: s.Isolation}
}

// HookCommand is one command hook to start as its agent starts it (the
// dry run of every agent goes through it): the argv its shell makes (or
// an exec-form program), the environment, folder, payload and limits, the
// gate's spawn-time check and the sandbox. It runs in a session of its
// own unless Group (a process group of its own, as Gemini CLI starts
// hooks); a timeout or cancellation ends the whole group either way.
type HookCommand struct {
	Hook    *hooks.Hook
	Program string
	// Path is the program found ("": looked up on Env's PATH).
	Path    string
	Args    []string
	Env     settingsio.Env
	Dir     string
	Stdin   string
	Timeout time.Duration
	// Grace and Cap as in hooks.SpawnSpec (0: the defaults).
	Grace time.Duration
	Cap   int
	// Input is the payload the sandbox's judge reads; Writable are more
	// folders the sandbox keeps writable.
	Input     *hooks.Object
	Check     func(*hooks.Hook) error
	Isolation hooks.Isolation
	Writable  []string
	Group     bool
}

// HookEnd is how a command hook ended: the spawn's result, what was
// started, its streams as text and whether it ran in the sandbox.
type HookEnd struct {
	hooks.SpawnResult
	Argv      []string
	Out, Err  string
	Sandboxed bool
	// Duration is the process's, from its start (after the gate and the
	// sandbox were set up) to its end.
	Duration time.Duration
}

// Refused reports that the gate's check refused to start it (StartErr
// says why).
func (e HookEnd) Refused() bool { return strings.HasPrefix(e.StartErr, hooks.RefusedPrefix) }

// Run starts the hook and waits for its end (cancelling ctx kills it and
// whatever it started).
func (c HookCommand) Run(ctx context.Context) HookEnd {
	spec := hooks.SpawnSpec{Program: c.Program, Path: c.Path, Args: c.Args, Env: c.Env, Dir: c.Dir, Stdin: c.Stdin,
		Timeout: c.Timeout, Grace: c.Grace, Cap: c.Cap, NewSession: !c.Group}
	spec.DefaultLimits()
	if spec.Path == "" {
		spec.Path = hooks.ResolveExecutable(spec.Program, c.Env)
	}
	end := HookEnd{Argv: append([]string{spec.Program}, spec.Args...)}
	end.Sandboxed = spec.Guard(c.Hook, c.Check, c.Isolation, c.Input, c.Writable...)
	start := time.Now()
	end.SpawnResult = spec.Run(ctx)
	end.Duration = time.Since(start)
	end.Out, end.Err = hooks.DecodeUTF8(end.Stdout), hooks.DecodeUTF8(end.Stderr)
	return end
}
