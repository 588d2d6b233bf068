package settingsio

import "fmt"

// MaxDepth is the deepest nesting of arrays and objects Hookwarden reads in
// a settings, trust or manifest file. JSON.parse (Gemini CLI, Claude Code)
// takes any depth (a million levels was observed with node), so Hookwarden
// reads far past anything an agent's settings need (1,000 levels and more)
// and stays below encoding/json's own limit of 10,000. A file of 1.4 MB of
// "[" overflowed the stack of the recursive parsers (hujson, the node
// builder, every walk over the tree) and crashed every command and the app;
// a limit checked before parsing turns that into an error at the place where
// the file goes too deep, which counts as unreadable (never as clean).
const MaxDepth = 4096

// CheckDepth returns an error at the first '[' or '{' of data that opens
// level MaxDepth+1, or nil. It skips strings and // and /* */ comments, in
// one pass with no recursion, so it is safe on any input; whatever it does
// not understand is left to the parser's own error.
func CheckDepth(path string, data []byte) *ParseError {
	depth := 0
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case '/':
			if i+1 >= len(data) {
				break
			}
			switch data[i+1] {
			case '/':
				for i += 2; i < len(data) && data[i] != '\n'; i++ {
				}
			case '*':
				i += 2
				for i+1 < len(data) && !(data[i] == '*' && data[i+1] == '/') {
					i++
				}
				i++
			}
		case '[', '{':
			depth++
			if depth > MaxDepth {
				line, col := newLineIndex(data).position(i)
				return &ParseError{Path: path, Line: line, Column: col,
					Msg: fmt.Sprintf("nested more than %d levels deep; Hookwarden reads no deeper, so what this file holds is not shown (the agent may still read it)", MaxDepth)}
			}
		case ']', '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return nil
}
