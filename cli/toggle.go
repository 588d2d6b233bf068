package cli

import (
	"context"
	"errors"
	"flag"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
)

// runDisable switches hooks off the way the agent reads it (Gemini CLI's
// /hooks disable; Claude Code: the handler moves into Hookwarden's
// store). A write to a file git tracks is refused unless
// --force-workspace is given.
func runDisable(ctx context.Context, io *IO, agent agents.Agent, args []string) error {
	fs := newFlags("disable")
	dir := io.projectFlag(fs)
	scope := scopeFlag(fs)
	force := forceWorkspaceFlag(fs)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	return io.toggle(ctx, agent, *dir, agents.ToggleRequest{Refs: rest, Scope: *scope, ForceWorkspace: *force})
}

// runEnable switches hooks back on (in every scope unless --scope names
// one); what an enable without names does is the agent's (Claude Code
// lists the handlers Hookwarden disabled).
func runEnable(ctx context.Context, io *IO, agent agents.Agent, args []string) error {
	fs := newFlags("enable")
	dir := io.projectFlag(fs)
	scope := scopeFlag(fs)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	return io.toggle(ctx, agent, *dir, agents.ToggleRequest{Refs: rest, Scope: *scope, Enable: true})
}

// runDisableAll switches every hook off (Gemini CLI's /hooks disable-all),
// refusing a tracked file as disable does.
func runDisableAll(ctx context.Context, io *IO, agent agents.Agent, args []string) error {
	fs := newFlags("disable-all")
	dir := io.projectFlag(fs)
	scope := scopeFlag(fs)
	force := forceWorkspaceFlag(fs)
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	return io.toggle(ctx, agent, *dir, agents.ToggleRequest{All: true, Scope: *scope, ForceWorkspace: *force})
}

// runEnableAll switches every hook on (Gemini CLI's /hooks enable-all).
func runEnableAll(ctx context.Context, io *IO, agent agents.Agent, args []string) error {
	fs := newFlags("enable-all")
	dir := io.projectFlag(fs)
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	return io.toggle(ctx, agent, *dir, agents.ToggleRequest{All: true, Enable: true})
}

// forceWorkspaceFlag is --force-workspace.
func forceWorkspaceFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("force-workspace", false, "edit a settings file even when git tracks it")
}

// scopeFlag is --scope ("" for the agent's default).
func scopeFlag(fs *flag.FlagSet) *string {
	return fs.String("scope", "", "the settings file to write the switch to (SCOPE above; default: the agent's first)")
}

// toggle runs one switch: the agent's report on stdout, its warnings on
// stderr, and its refusals as the exit code they had.
func (io *IO) toggle(ctx context.Context, agent agents.Agent, dir string, req agents.ToggleRequest) error {
	p, err := io.open(ctx, agent, dir)
	if err != nil {
		return err
	}
	res, err := p.Toggle(ctx, req)
	if res != nil {
		whose := whoseFilesOf(p)
		for _, w := range res.Warnings {
			printf(io.Stderr, "note: %s\n", whose.label(w))
		}
		lines := res.Report
		if len(lines) == 0 && res.Message != "" {
			lines = []string{res.Message}
		}
		for _, l := range lines {
			printf(io.Stdout, "%s\n", whose.label(l))
		}
		for _, n := range res.Notes {
			printf(io.Stdout, "note: %s\n", whose.label(n))
		}
	}
	if err != nil {
		return switchError(err)
	}
	if res.Incomplete != "" {
		return errors.New(res.Incomplete)
	}
	return nil
}

// switchError is the command line's form of an agent's refusal: a request
// that names nothing is a usage error, a tracked file a failure with the
// agent's explanation.
func switchError(err error) error {
	var in *agents.InputError
	var tr *agents.TrackedError
	switch {
	case errors.As(err, &in):
		return usagef("%s", in.Msg)
	case errors.As(err, &tr):
		return &ExitError{Code: ExitFailure, Msg: tr.Msg}
	}
	return err
}

// whoseFiles labels the paths of a project's hook files by whose they are
// ("(user file)", "(project file)") in lines the agent wrote, where two
// files of one name could be taken for each other (~/.codex/config.toml
// and the project's .codex/config.toml). A path the line labels already
// ("user (/p)", "/p (user settings)") is left as it is.
type whoseFiles map[string]string

func whoseFilesOf(p agents.Project) whoseFiles {
	w := whoseFiles{}
	for _, l := range p.Layers() {
		if l.Layer != "" && l.Path != "" && l.Owner == "" {
			w[l.Path] = string(l.Layer)
		}
	}
	return w
}

func (w whoseFiles) label(line string) string {
	for path, layer := range w {
		i := strings.Index(line, path)
		if i < 0 {
			continue
		}
		before, after := line[:i], line[i+len(path):]
		switch {
		case strings.HasSuffix(before, layer+" (") || strings.HasPrefix(after, " ("+layer):
			// "user (/p)", "/p (user settings)": the line says whose it is.
		case strings.HasPrefix(after, " ("):
			// "/p (hooks.Stop[0])": one parenthesis says both.
			line = before + path + " (" + layer + " file, " + after[2:]
		case after == "" || strings.HasPrefix(after, " ") || strings.HasPrefix(after, ": ") || after == ":":
			line = before + path + " (" + layer + " file)" + after
		}
		// Anything else is part of a longer path, or path:line.
	}
	return line
}
