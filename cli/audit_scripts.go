package cli

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hookwarden/hookwarden/trust"
)

// showContent reports whether the text audit prints a script's whole
// content: the scripts a person has not seen through Hookwarden (new,
// unrecorded, outside the project without an earlier record), never the
// unchanged or missing ones; a changed script shows its diff instead.
func showContent(s trust.ScriptReview) bool {
	switch {
	case s.Content == nil || len(s.Diff) > 0:
		return false
	case s.Status == trust.ScriptUnchanged || s.Status == trust.ScriptMissing:
		return false
	}
	return true
}

// scriptBody is the text audit's body of a script review, each line
// starting with indent: the whole content (numbered) or the diff, and why
// the content is not shown when it cannot be. brief leaves the content
// out (the diff stays). Control characters are escaped, so that a script
// cannot rewrite the terminal that shows it.
func scriptBody(indent string, s trust.ScriptReview, brief bool) string {
	var b strings.Builder
	switch {
	case len(s.Diff) > 0:
		for _, line := range strings.SplitAfter(strings.TrimSuffix(trust.RenderLineDiff(s.Diff), "\n"), "\n") {
			b.WriteString(indent + terminalSafe(strings.TrimSuffix(line, "\n")) + "\n")
		}
	case showContent(s) && brief:
		fmt.Fprintf(&b, "%s(%d lines; run without --brief to see them)\n", indent, countLines(*s.Content))
	case showContent(s):
		lines := strings.SplitAfter(*s.Content, "\n")
		if lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		width := len(fmt.Sprint(len(lines)))
		for i, line := range lines {
			fmt.Fprintf(&b, "%s%*d | %s\n", indent, width, i+1, terminalSafe(strings.TrimSuffix(line, "\n")))
		}
		if !strings.HasSuffix(*s.Content, "\n") && *s.Content != "" {
			fmt.Fprintf(&b, "%s\\ No newline at end of file\n", indent)
		}
		if *s.Content == "" {
			fmt.Fprintf(&b, "%s(empty file)\n", indent)
		}
	}
	if s.ContentOmitted != "" && !strings.Contains(s.Note, s.ContentOmitted) {
		fmt.Fprintf(&b, "%s%s\n", indent, s.ContentOmitted)
	}
	return b.String()
}

func countLines(s string) int {
	n := strings.Count(s, "\n")
	if s != "" && !strings.HasSuffix(s, "\n") {
		n++
	}
	return n
}

// terminalSafe escapes what a terminal would act on or hide instead of
// showing: control characters (but tab), invalid UTF-8, and Unicode format
// characters such as bidirectional overrides and zero-width spaces.
func terminalSafe(s string) string {
	clean := true
	for _, r := range s {
		if unsafeRune(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r < 0x80 && unsafeRune(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafeRune(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func unsafeRune(r rune) bool {
	return r == utf8.RuneError || (r != '\t' && unicode.IsControl(r)) || unicode.Is(unicode.Cf, r)
}
