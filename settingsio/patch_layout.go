package settingsio

import "bytes"

// The whitespace and comments between JSON tokens ("extras" in hujson's
// terms) are edited here as text. A line break inside a /* */ comment is
// not a break between lines of the document, so these helpers skip them.

// lineBreaks returns the offsets of the '\n' bytes of extra that are not
// inside a block comment.
func lineBreaks(extra []byte) []int {
	var out []int
	for i := 0; i < len(extra); i++ {
		switch {
		case extra[i] == '\n':
			out = append(out, i)
		case extra[i] == '/' && i+1 < len(extra) && extra[i+1] == '*':
			end := bytes.Index(extra[i+2:], []byte("*/"))
			if end < 0 {
				return out
			}
			i += 2 + end + 1
		case extra[i] == '/' && i+1 < len(extra) && extra[i+1] == '/':
			end := bytes.IndexByte(extra[i:], '\n')
			if end < 0 {
				return out
			}
			i += end - 1 // the '\n' itself is counted on the next turn
		}
	}
	return out
}

func hasBreak(extra []byte) bool { return len(lineBreaks(extra)) > 0 }

// breakStart moves a '\n' offset back over a preceding '\r'.
func breakStart(extra []byte, i int) int {
	if i > 0 && extra[i-1] == '\r' {
		return i - 1
	}
	return i
}

// beforeLastBreak is extra up to its last line break (the break itself
// excluded), or nothing when it has none.
func beforeLastBreak(extra []byte) []byte {
	b := lineBreaks(extra)
	if len(b) == 0 {
		return nil
	}
	return extra[:breakStart(extra, b[len(b)-1])]
}

// fromLastBreak is extra from its last line break on (the break included),
// or nothing when it has none.
func fromLastBreak(extra []byte) []byte {
	b := lineBreaks(extra)
	if len(b) == 0 {
		return nil
	}
	return extra[breakStart(extra, b[len(b)-1]):]
}

// fromFirstBreak is extra from its first line break on, or nothing.
func fromFirstBreak(extra []byte) []byte {
	b := lineBreaks(extra)
	if len(b) == 0 {
		return nil
	}
	return extra[breakStart(extra, b[0]):]
}

// lastBreakText is the line break extra's last break is made of ("\r\n" or
// "\n"), or "" when it has none.
func lastBreakText(extra []byte) string {
	b := lineBreaks(extra)
	if len(b) == 0 {
		return ""
	}
	return string(extra[breakStart(extra, b[len(b)-1]) : b[len(b)-1]+1])
}

// indentAfterLastBreak is the spaces and tabs that start the last line of
// extra (the indentation of what follows it); ok is false when extra has no
// line break.
func indentAfterLastBreak(extra []byte) (indent string, ok bool) {
	b := lineBreaks(extra)
	if len(b) == 0 {
		return "", false
	}
	rest := extra[b[len(b)-1]+1:]
	n := 0
	for n < len(rest) && (rest[n] == ' ' || rest[n] == '\t') {
		n++
	}
	return string(rest[:n]), true
}

// isBlank reports whether extra holds only whitespace (no comment).
func isBlank(extra []byte) bool {
	return len(bytes.Trim(extra, " \t\r\n")) == 0
}

// trimTrailingBlanks removes spaces and tabs at the end of extra.
func trimTrailingBlanks(extra []byte) []byte {
	return bytes.TrimRight(extra, " \t")
}

func concat(parts ...[]byte) []byte {
	var out []byte
	for _, p := range parts {
		out = append(out, p...)
	}
	if out == nil {
		out = []byte{}
	}
	return out
}
