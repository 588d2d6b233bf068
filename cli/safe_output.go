package cli

import (
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/hookwarden/hookwarden/internal/safetext"
)

// Everything the CLI prints for a person goes through printf (fmt.Fprintln
// only ever prints the CLI's own constant text):
// names, commands, matchers, paths, messages and errors come from files a
// project controls, and a \r, an ESC[2K, a bidi override or a line break in
// them would forge the line a user reads (issue 9, hole 6). Main also wraps
// stdout and stderr in a safetext.Writer, which catches what a caller
// writes directly (JSON documents, tables).

// shown is text that is already safe to print (from safetext.Text, for
// blocks that keep their line breaks); printf passes it as it is.
type shown string

// printf is fmt.Fprintf with every string-like argument (string, named
// string types, error, fmt.Stringer) shown with safetext.Line; a %q
// argument is quoted first, then checked for look-alike letters.
func printf(w io.Writer, format string, a ...any) {
	format, a = safeArgs(format, a)
	fmt.Fprintf(w, format, a...)
}

// safeArgs returns the format and arguments with every string-like
// argument escaped. It reads the verbs of format in order (the CLI's
// formats use neither explicit argument indexes nor * widths).
func safeArgs(format string, a []any) (string, []any) {
	if len(a) == 0 {
		return format, a
	}
	out := make([]any, len(a))
	copy(out, a)
	var b strings.Builder
	arg := 0
	for i := 0; i < len(format); i++ {
		c := format[i]
		b.WriteByte(c)
		if c != '%' {
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("+-# 0123456789.", format[j]) >= 0 {
			j++
		}
		if j >= len(format) {
			break
		}
		verb := format[j]
		b.WriteString(format[i+1 : j])
		i = j
		if verb == '%' {
			b.WriteByte('%')
			continue
		}
		if arg < len(out) {
			if verb == 'q' && isStringLike(out[arg]) {
				out[arg] = safetext.Line(strconv.Quote(stringOf(out[arg])))
				verb = 's'
			} else {
				out[arg] = safeValue(out[arg], verb)
			}
			arg++
		}
		b.WriteByte(verb)
	}
	return b.String(), out
}

func safeValue(v any, verb byte) any {
	if s, ok := v.(shown); ok {
		return string(s)
	}
	if (verb == 's' || verb == 'v') && isStringLike(v) {
		return safetext.Line(stringOf(v))
	}
	return v
}

func isStringLike(v any) bool {
	switch v.(type) {
	case string, error, fmt.Stringer:
		return true
	case nil:
		return false
	}
	return reflect.ValueOf(v).Kind() == reflect.String
}

func stringOf(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case error:
		return t.Error()
	case fmt.Stringer:
		return t.String()
	}
	return reflect.ValueOf(v).String()
}

// indentedBlock shows multi-line text (a hook's stdout) with every line
// escaped and the lines after the first indented by indent.
func indentedBlock(text, indent string) shown {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = safetext.Line(strings.TrimSuffix(l, "\r"))
	}
	return shown(strings.Join(lines, "\n"+indent))
}

// safeStreams returns io with stdout and stderr wrapped in safetext
// writers, and a function that flushes them.
func (io *IO) safeStreams() (*IO, func()) {
	out, errw := safetext.NewWriter(io.Stdout), safetext.NewWriter(io.Stderr)
	c := *io
	c.Stdout, c.Stderr = out, errw
	return &c, func() { out.Flush(); errw.Flush() }
}

// hiddenWarning names the characters of a hook's name, command or matcher
// that a terminal or editor would act on or hide, or "" when there are
// none: next to the escaped text, so a review cannot miss them.
func hiddenWarning(texts ...string) string {
	s := safetext.Summary(texts...)
	if s == "" {
		return ""
	}
	return "holds " + s + " (shown escaped): what a terminal or editor shows of it is not what runs"
}
