package codex

import (
	"runtime"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// defaultTimeout is Codex's timeout for a hook without one (600 s; the
// model gives SessionEnd and Interrupt their own shorter ones).
const defaultTimeout = 600 * time.Second

// How Codex 0.171.0 starts a command hook, observed with the kit (a hook
// that printed its own /proc/self/cmdline, ids, cwd and environment) and
// read in codex-rs/hooks/src/engine/command_runner.rs:
//
//   - argv is [$SHELL, "-c", command]: the shell is Codex's $SHELL
//     (observed "/bin/bash -c <command>", not a login shell: $- was "hBc"),
//     /bin/sh when SHELL is unset (source); on Windows %COMSPEC% /C
//     (source). A stored source revision passes "-lc"; 0.171.0 does not.
//   - the environment is Codex's own, unchanged, except that PATH starts
//     with Codex's helper folders: $CODEX_HOME/tmp/arg0-linux/codex-arg0XXXXXX
//     (links named apply_patch, applypatch, codex-linux-sandbox to the
//     codex binary) and the codex-path folder next to the binary (its
//     bundled rg). Runner.PathPrefix stands in for them; Hookwarden cannot
//     make those links without Codex.
//   - cwd is the session's cwd (the payload's "cwd").
//   - the hook is a session leader (pgid = sid = its pid: Codex starts it
//     with setsid), so NewSession is set here too.
//   - stdin is the payload JSON, written whole, then closed; stdout and
//     stderr are read to EOF (a background child that keeps them open
//     holds the hook until its timeout).
//   - on timeout Codex drops the child (SIGKILL to the shell alone, which
//     its own session lets grandchildren outlive) and records Failed,
//     "hook timed out after Ns", discarding the output. Hookwarden kills
//     the whole group instead: a dry run leaves nothing behind.

// shell is how Codex starts a command hook: $SHELL -c, /bin/sh when
// SHELL is unset; %COMSPEC% /C on Windows (cmd.exe when unset).
var shell = agents.Shell{Program: "/bin/sh", Var: "SHELL", Flag: "-c", Windows: &agents.Shell{Program: "cmd.exe", Var: "COMSPEC", Flag: "/C"}}

// shellCommand is the program and arguments Codex spawns for command.
func shellCommand(env settingsio.Env, goos, command string) (program string, args []string) {
	return shell.Argv(env, goos, command)
}

// hookEnv is Codex's environment with PathPrefix put first on PATH.
func (r *runner) hookEnv() settingsio.Env {
	env := append(settingsio.Env(nil), r.Env...)
	if len(r.PathPrefix) == 0 {
		return env
	}
	sep := ":"
	if r.goos() == "windows" {
		sep = ";"
	}
	path := strings.Join(r.PathPrefix, sep)
	if old, ok := env.Lookup("PATH"); ok && old != "" {
		path += sep + old
	}
	return env.With("PATH", path)
}

func (r *runner) goos() string {
	if r.GOOS != "" {
		return r.GOOS
	}
	return runtime.GOOS
}

// timeoutOf is the hook's effective timeout from the model (TimeoutMS),
// else Codex's default.
func timeoutOf(h *hooks.Hook) time.Duration {
	if h.TimeoutMS > 0 {
		return time.Duration(h.TimeoutMS) * time.Millisecond
	}
	return defaultTimeout
}
