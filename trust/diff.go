package trust

import (
	"strings"
	"unicode"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// SpanKind is what a diff span does.
type SpanKind string

// Span kinds.
const (
	SpanEqual  SpanKind = "equal"
	SpanInsert SpanKind = "insert"
	SpanDelete SpanKind = "delete"
)

// Span is one piece of a diff: text both sides share, text only the new
// side has (insert) or text only the old side had (delete). Concatenating
// the equal and delete spans gives the old text; equal and insert spans
// give the new text.
type Span struct {
	Kind SpanKind `json:"kind"`
	Text string   `json:"text"`
}

// WordDiff compares two commands word by word (a word is a run of
// non-space characters; the spaces between are tokens of their own).
func WordDiff(old, new string) []Span {
	return tokenDiff(splitWords(old), splitWords(new))
}

// LineDiff compares two texts line by line (each span holds whole lines,
// with their line ends).
func LineDiff(old, new string) []Span {
	return tokenDiff(splitLines(old), splitLines(new))
}

// tokenDiff diffs two token lists by mapping each distinct token to one
// rune and diffing the rune strings.
func tokenDiff(a, b []string) []Span {
	index := map[string]rune{}
	var tokens []string
	encode := func(list []string) []rune {
		out := make([]rune, len(list))
		for i, tok := range list {
			r, ok := index[tok]
			if !ok {
				r = tokenRune(len(tokens))
				index[tok] = r
				tokens = append(tokens, tok)
			}
			out[i] = r
		}
		return out
	}
	ra, rb := encode(a), encode(b)
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	diffs := dmp.DiffMainRunes(ra, rb, false)
	var spans []Span
	for _, d := range diffs {
		var text strings.Builder
		for _, r := range d.Text {
			text.WriteString(tokens[runeToken(r)])
		}
		kind := SpanEqual
		switch d.Type {
		case diffmatchpatch.DiffInsert:
			kind = SpanInsert
		case diffmatchpatch.DiffDelete:
			kind = SpanDelete
		}
		if n := len(spans); n > 0 && spans[n-1].Kind == kind {
			spans[n-1].Text += text.String()
			continue
		}
		spans = append(spans, Span{Kind: kind, Text: text.String()})
	}
	return spans
}

// tokenRune maps a token number to a rune that survives a round trip
// through a Go string (it skips the UTF-16 surrogate range).
func tokenRune(i int) rune {
	if i >= 0xD800 {
		i += 0x800
	}
	return rune(i)
}

func runeToken(r rune) int {
	if r >= 0xE000 {
		return int(r) - 0x800
	}
	return int(r)
}

func splitWords(s string) []string {
	var out []string
	start := 0
	inSpace := false
	for i, r := range s {
		sp := unicode.IsSpace(r)
		if i > 0 && sp != inSpace {
			out = append(out, s[start:i])
			start = i
		}
		inSpace = sp
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

func splitLines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// RenderWordDiff renders a word diff on one line, git --word-diff style:
// [-deleted-]{+inserted+}.
func RenderWordDiff(spans []Span) string {
	var b strings.Builder
	for _, s := range spans {
		switch s.Kind {
		case SpanEqual:
			b.WriteString(s.Text)
		case SpanDelete:
			b.WriteString("[-" + s.Text + "-]")
		case SpanInsert:
			b.WriteString("{+" + s.Text + "+}")
		}
	}
	return b.String()
}

// RenderLineDiff renders a line diff with "- ", "+ " and "  " prefixes,
// one output line per text line (a missing final newline is noted as in
// diff -u).
func RenderLineDiff(spans []Span) string {
	var b strings.Builder
	for _, s := range spans {
		prefix := "  "
		switch s.Kind {
		case SpanDelete:
			prefix = "- "
		case SpanInsert:
			prefix = "+ "
		}
		for _, line := range splitLines(s.Text) {
			b.WriteString(prefix)
			b.WriteString(line)
			if !strings.HasSuffix(line, "\n") {
				b.WriteString("\n\\ No newline at end of file\n")
			}
		}
	}
	return b.String()
}

// Changed reports whether a diff has any insert or delete.
func Changed(spans []Span) bool {
	for _, s := range spans {
		if s.Kind != SpanEqual {
			return true
		}
	}
	return false
}
