package settingsio

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/tailscale/hujson"
)

// msgNotObject is Gemini CLI's message for a settings file whose top-level
// value is not an object.
const msgNotObject = "Settings file is not a valid JSON object."

// ParseJSONC parses a settings file exactly as Gemini CLI 0.61 accepts it
// (strip-json-comments, then JSON.parse): // and /* */ comments are allowed
// (an unclosed one runs to the end of the file); trailing commas, a byte
// order mark, an empty or whitespace-only file are errors; duplicate keys
// are kept (Node.Get returns the last, as JSON.parse does). The top-level
// value must be an object, else the error is Gemini's "Settings file is not
// a valid JSON object.". Errors carry the 1-based line and column.
//
// Str equals Raw in the result; Load applies the environment expansion.
func ParseJSONC(path string, data []byte) (*Node, *ParseError) {
	root, perr := ParseJSONCValue(path, data)
	if perr != nil {
		return nil, perr
	}
	if root.Kind != Object {
		return nil, &ParseError{Path: path, Line: root.Pos.Line, Column: root.Pos.Column, Msg: msgNotObject}
	}
	return root, nil
}

// ParseJSON parses a file an agent reads as plain JSON (Gemini CLI's
// extension manifests and hooks/hooks.json, Codex's hooks.json): like ParseJSONC, but
// comments are errors and any top-level value is returned.
func ParseJSON(path string, data []byte) (*Node, *ParseError) {
	lines := newLineIndex(data)
	if spans := scanComments(data); len(spans) > 0 {
		_, perr := parseStripped(path, data, data, lines, nil)
		if perr != nil && lines.offset(perr.Line, perr.Column) < spans[0].Start {
			return nil, perr
		}
		line, col := lines.position(spans[0].Start)
		return nil, &ParseError{Path: path, Line: line, Column: col,
			Msg: "comments are not allowed: the agent reads this file as plain JSON (JSON.parse, serde_json)"}
	}
	return parseStripped(path, data, data, lines, nil)
}

// parseJSONCValue parses a JSONC file and returns any top-level value.
func ParseJSONCValue(path string, data []byte) (*Node, *ParseError) {
	stripped, spans := stripComments(data)
	return parseStripped(path, data, stripped, newLineIndex(data), spans)
}

// ParseJWCC parses a file an agent reads as JSON with comments and trailing
// commas (an object's or array's last value may be followed by a comma):
// like ParseJSONCValue otherwise, any top-level value returned.
func ParseJWCC(path string, data []byte) (*Node, *ParseError) {
	stripped, spans := stripComments(data)
	return parseWith(path, data, stripped, newLineIndex(data), spans, true)
}

// parseStripped parses text that holds no comments any more (they were
// blanked in place), reporting positions in the original file.
func parseStripped(path string, original, text []byte, lines *lineIndex, spans []commentSpan) (*Node, *ParseError) {
	return parseWith(path, original, text, lines, spans, false)
}

// parseWith is parseStripped; trailingOK allows trailing commas.
func parseWith(path string, original, text []byte, lines *lineIndex, spans []commentSpan, trailingOK bool) (*Node, *ParseError) {
	fail := func(offset int, msg string) *ParseError {
		line, col := lines.position(offset)
		return &ParseError{Path: path, Line: line, Column: col, Msg: msg}
	}
	if bytes.HasPrefix(original, []byte("\xEF\xBB\xBF")) {
		return nil, fail(0, "the file starts with a UTF-8 byte order mark, which a plain JSON reader (JSON.parse) rejects; save it without BOM")
	}
	if len(bytes.TrimLeft(text, " \t\r\n")) == 0 {
		return nil, fail(len(original), "the file is empty (no JSON value); a JSON reader rejects an empty file")
	}
	if perr := CheckDepth(path, text); perr != nil {
		return nil, perr
	}
	v, err := hujson.Parse(text)
	if err != nil {
		line, col, msg := SplitHujsonError(err)
		offset := lines.offset(line, col)
		for _, sp := range spans {
			if offset >= sp.Start && offset < sp.End {
				msg = fmt.Sprintf("a comment holds a character JavaScript counts as whitespace (%s); strip-json-comments keeps it and JSON.parse then rejects it", describeByte(original, offset))
				break
			}
		}
		return nil, fail(offset, msg)
	}
	b := nodeBuilder{lines: lines, original: original, trailingOK: trailingOK}
	root := b.build(&v)
	if b.err != nil {
		return nil, fail(b.errOffset, b.err.Error())
	}
	return root, nil
}

// splitHujsonError takes hujson's "hujson: line L, column C: msg" apart.
func SplitHujsonError(err error) (line, col int, msg string) {
	inner := errors.Unwrap(err)
	if inner == nil {
		inner = err
	}
	if _, scanErr := fmt.Sscanf(err.Error(), "hujson: line %d, column %d:", &line, &col); scanErr != nil {
		line, col = 0, 0
	}
	return line, col, inner.Error()
}

// describeByte names the character at offset for a message.
func describeByte(data []byte, offset int) string {
	if offset < 0 || offset >= len(data) {
		return "end of file"
	}
	r := []rune(string(toValidUTF8LikeNode(data[offset:min(len(data), offset+4)])))
	if len(r) == 0 {
		return "end of file"
	}
	return fmt.Sprintf("U+%04X", r[0])
}
