package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
)

// helpText is what "hookwarden help" and "hookwarden CMD --help" print.
type helpText struct {
	// Title is the first line ("Hookwarden: see, trust, …").
	Title string
	// Entries are the usage lines: the synopsis and its summary.
	Entries []helpEntry
	// Notes are the lines after them (agents, flags, exit codes).
	Notes []string
}

type helpEntry struct {
	Synopsis, Summary string
}

var helpLine = regexp.MustCompile(`^  (hookwarden\S*(?: \S+)*?)\s{2,}(\S.*)$`)

// readHelp runs the binary for its help, in an empty home so that
// nothing of the machine shows.
func readHelp(ctx context.Context, bin string) (helpText, error) {
	home, err := os.MkdirTemp("", "hookwarden-man-")
	if err != nil {
		return helpText{}, err
	}
	defer os.RemoveAll(home)
	command := func(args ...string) (stdout, stderr string, err error) {
		cmd := exec.CommandContext(ctx, bin, args...)
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "LANG=C.UTF-8"}
		cmd.Dir = home
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err = cmd.Run()
		return out.String(), errOut.String(), err
	}
	runHelp := func(args ...string) (string, error) {
		out, errOut, err := command(args...)
		if err != nil {
			return "", fmt.Errorf("%s %s: %w\n%s", bin, strings.Join(args, " "), err, errOut)
		}
		return out, nil
	}
	// usageOf is the "usage: hookwarden NAME …" line a command prints for
	// --help (on stdout, or with a usage error on stderr). exec is not
	// asked: it takes every argument after its flags as the agent to start.
	usageOf := func(name string) (string, bool) {
		if name == "exec" {
			return "", false
		}
		out, errOut, _ := command(name, "--help")
		for _, l := range strings.Split(out+"\n"+errOut, "\n") {
			if s, ok := strings.CutPrefix(strings.TrimSpace(l), "usage: "); ok && strings.HasPrefix(s, "hookwarden "+name) {
				return s, true
			}
		}
		return "", false
	}
	text, err := runHelp("help")
	if err != nil {
		return helpText{}, err
	}
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	var h helpText
	h.Title = lines[0]
	for _, l := range lines[1:] {
		m := helpLine.FindStringSubmatch(l)
		switch {
		case m != nil:
			e := helpEntry{Synopsis: m[1], Summary: m[2]}
			// "hookwarden scan": its own --help has the flags.
			if f := strings.Fields(m[1]); len(f) == 2 && !strings.HasPrefix(f[1], "[") {
				if u, ok := usageOf(f[1]); ok {
					e.Synopsis = u
				}
			}
			h.Entries = append(h.Entries, e)
		case strings.TrimSpace(l) != "" && strings.TrimSpace(l) != "usage:":
			h.Notes = append(h.Notes, strings.TrimSpace(l))
		}
	}
	if len(h.Entries) == 0 {
		return helpText{}, fmt.Errorf("%s help printed no commands:\n%s", bin, text)
	}
	return h, nil
}

// manPage is hookwarden(1) in man(7) macros, made from the help.
func manPage(m appMeta, h helpText) string {
	var b strings.Builder
	fmt.Fprintf(&b, ".TH %s 1 %q %q \"User Commands\"\n", strings.ToUpper(m.Exec), m.Date.Format("2006-01-02"), m.Exec+" "+m.Version)
	_, desc, _ := strings.Cut(h.Title, ": ")
	fmt.Fprintf(&b, ".SH NAME\n%s \\- %s\n", m.Exec, roff(strings.TrimSuffix(desc, ".")))
	b.WriteString(".SH SYNOPSIS\n")
	for i, e := range h.Entries {
		if i > 0 {
			b.WriteString(".br\n")
		}
		name, rest, _ := strings.Cut(e.Synopsis, " ")
		fmt.Fprintf(&b, ".B %s\n%s\n", roff(name), roff(rest))
	}
	b.WriteString(".br\n.B " + m.Exec + "\n\\-\\-version\n")
	fmt.Fprintf(&b, ".SH DESCRIPTION\n%s\n", roff(h.Title))
	b.WriteString(".PP\nWithout a command it opens the desktop app on a project folder; the command-line build " +
		"(hookwarden\\-cli, made without cgo) has every command but the window and the tray.\n")
	b.WriteString(".SH COMMANDS\n")
	for _, e := range h.Entries {
		fmt.Fprintf(&b, ".TP\n.B %s\n%s\n", roff(e.Synopsis), roff(e.Summary))
	}
	fmt.Fprintf(&b, ".TP\n.B %s \\-\\-version\nprint the version, commit and date of this build on one line\n", m.Exec)
	b.WriteString(".SH NOTES\n")
	for _, n := range h.Notes {
		fmt.Fprintf(&b, "%s\n.PP\n", roff(n))
	}
	if m.Website != "" {
		fmt.Fprintf(&b, ".SH SEE ALSO\n%s\n", roff(m.Website))
	}
	return b.String()
}

// roff escapes text for a man page: backslashes, hyphens (so that
// options copy as ASCII), and a leading dot or quote that would read as
// a request.
func roff(s string) string {
	s = strings.NewReplacer(`\`, `\e`, "-", `\-`).Replace(s)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}
