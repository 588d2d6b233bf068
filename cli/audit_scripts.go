package cli

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/internal/safetext"
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
// out (the diff stays). Every line is escaped (safetext.Line: control, bidi,
// invisible and look-alike characters), so that a script cannot rewrite the
// terminal that shows it.
func scriptBody(indent string, s trust.ScriptReview, brief bool) shown {
	var b strings.Builder
	switch {
	case len(s.Diff) > 0:
		for _, line := range strings.SplitAfter(strings.TrimSuffix(trust.RenderLineDiff(s.Diff), "\n"), "\n") {
			b.WriteString(indent + safetext.Line(strings.TrimSuffix(line, "\n")) + "\n")
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
			fmt.Fprintf(&b, "%s%*d | %s\n", indent, width, i+1, safetext.Line(strings.TrimSuffix(line, "\n")))
		}
		if !strings.HasSuffix(*s.Content, "\n") && *s.Content != "" {
			fmt.Fprintf(&b, "%s\\ No newline at end of file\n", indent)
		}
		if *s.Content == "" {
			fmt.Fprintf(&b, "%s(empty file)\n", indent)
		}
	}
	if s.ContentOmitted != "" && !strings.Contains(s.Note, s.ContentOmitted) {
		fmt.Fprintf(&b, "%s%s\n", indent, safetext.Line(s.ContentOmitted))
	}
	return shown(b.String())
}

func countLines(s string) int {
	n := strings.Count(s, "\n")
	if s != "" && !strings.HasSuffix(s, "\n") {
		n++
	}
	return n
}
