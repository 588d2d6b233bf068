package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/settingsio"
)

// runAudit reviews every hook the project controls against the agent's
// trust store (agents.Reviewer); exit 3 when anything needs review, 4 when
// a file cannot be read.
func runAudit(ctx context.Context, io *IO, agent agents.Agent, args []string) error {
	fs := newFlags("audit")
	dir := io.projectFlag(fs)
	asJSON := jsonFlag(fs)
	brief := briefFlag(fs)
	strict := fs.Bool("strict", false, "exit 3 also for hooks that are approved but partly unwatched (their discovery is incomplete)")
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	// The review says what the other agents that read a hook's file do
	// with it (an approval is per agent).
	env := io.agentEnv()
	env.Others = io.Agents
	p, err := agent.Open(ctx, env, io.projectDir(*dir))
	if err != nil {
		return fmt.Errorf("%s: %w", agent.Info().Title, err)
	}
	r, err := p.Review(ctx)
	if err != nil {
		return err
	}
	// The user's own hooks whose reach into this folder only a run shows,
	// never traced here: not clean, not held (agents.TraceUserHooks).
	untraced := agents.UntracedIn(env, p)
	project := io.projectDir(*dir)
	folders, nested, nestedUnreadable, err := io.nestedAudit(ctx, env, agent, project)
	if err != nil {
		return err
	}
	// A project setting that switches off a hook of Hookwarden's own
	// makes audit exit 3: the document and the summary say it too.
	offs := agents.ProjectSwitchOffs(p)
	if *asJSON {
		var doc agents.Document
		if doc, err = auditDocument(agent.Info(), r, untraced, folders); err == nil {
			if len(offs) > 0 {
				doc = append(doc, switchOffsMember(offs))
			}
			if io.others != nil {
				doc = append(doc, auditOthersMember(*io.others))
			}
			err = writeJSON(io.Stdout, doc)
		}
	} else {
		err = writeAuditText(io.Stdout, agent.Info(), r, *brief, auditBelow{startFolders: len(nested), switchOffs: len(offs)})
		if err == nil && len(untraced) > 0 {
			printf(io.Stdout, "%s\n", agents.UntracedNote(untraced))
		}
	}
	if err != nil {
		return err
	}
	if len(nested) > 0 && !*asJSON {
		// one printf a line: the output's escaping turns a line break
		// inside an argument into a literal "\n"
		printf(io.Stdout, "\nstarted in a folder below the top, %s reads more files; there %d entr(ies) need review:\n", agent.Info().Title, len(nested))
		for _, l := range nested {
			printf(io.Stdout, "  %s\n", l)
		}
	}
	reportSwitchOffs(io, offs)
	if len(offs) > 0 && len(r.Unreadable) == 0 {
		return &ExitError{Code: ExitNeedsReview, Msg: fmt.Sprintf("%d project setting(s) switch off a hook of Hookwarden's in your own settings", len(offs))}
	}
	if len(nested) > 0 && len(r.Unreadable) == 0 && !r.NeedsReview {
		code, msg := ExitNeedsReview, fmt.Sprintf("%d entr(ies) need review in the folders below the top an agent may be started in", len(nested))
		if nestedUnreadable {
			code = ExitUnreadable
		}
		if *asJSON {
			msg += ":\n  " + strings.Join(nested, "\n  ")
		}
		return &ExitError{Code: code, Msg: msg}
	}
	if *strict && unwatchedHooks(r) > 0 && len(r.Unreadable) == 0 && !r.NeedsReview {
		return &ExitError{Code: ExitNeedsReview, Msg: fmt.Sprintf("--strict: %d hook(s) or command(s) approved, partly unwatched", unwatchedHooks(r))}
	}
	if *strict && len(untraced) > 0 && len(r.Unreadable) == 0 && !r.NeedsReview {
		return &ExitError{Code: ExitNeedsReview, Msg: fmt.Sprintf("--strict: %d hook(s) of your own settings not traced in this folder", len(untraced))}
	}
	return auditExit(r.Unreadable, r.NeedsReview)
}

// auditExit is audit's outcome: ExitUnreadable, naming each file with its
// line and column, when a file could not be read; ExitNeedsReview when
// something needs review.
func auditExit(unreadable []settingsio.FileError, needsReview bool) error {
	if len(unreadable) > 0 {
		return &ExitError{Code: ExitUnreadable, Msg: unreadableMessage("review incomplete", unreadable)}
	}
	if needsReview {
		return &ExitError{Code: ExitNeedsReview}
	}
	return nil
}

// unreadableMessage is "what: N file(s) could not be read:" and one
// "path:line:column: message" line per file.
func unreadableMessage(what string, files []settingsio.FileError) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d file(s) could not be read; whatever hooks they hold are not shown:", what, len(files))
	for _, f := range files {
		b.WriteString("\n  " + f.Error())
	}
	return b.String()
}

// reviewError is a review command's error as the CLI reports it: a
// request the agent does not understand is a usage error.
func reviewError(err error) error {
	var bad *agents.BadRequest
	if errors.As(err, &bad) {
		return &UsageError{Msg: bad.Msg}
	}
	return err
}

// auditPrinter writes formatted text and keeps the first error.
type auditPrinter struct {
	w   io.Writer
	err error
}

func (p *auditPrinter) f(format string, a ...any) {
	if p.err == nil {
		format, a = safeArgs(format, a)
		_, p.err = fmt.Fprintf(p.w, format, a...)
	}
}

// switchOffsMember is "switch_offs" of audit --json: each project setting
// that switches off a hook of Hookwarden's own in the user's settings,
// with what it switches off, its file and line, and what it says.
func switchOffsMember(offs []agents.SwitchOff) agents.Field {
	type off struct {
		What    string `json:"what"`
		File    string `json:"file"`
		Line    int    `json:"line"`
		Setting string `json:"setting"`
	}
	out := make([]off, 0, len(offs))
	for _, o := range offs {
		out = append(out, off{o.What(), o.File, o.Line, o.Setting})
	}
	return agents.Member("switch_offs", out)
}
