package codex

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/hookwarden/hookwarden/settingsio"
)

// fileKind says what a file is to Codex.
type fileKind string

// File kinds.
const (
	kindHooksJSON    fileKind = "hooks.json"
	kindConfigTOML   fileKind = "config.toml"
	kindRequirements fileKind = "requirements.toml"
)

// fileState is what Hookwarden found when it read a file. Only FileOK and
// FileMissing are clean; every other state needs the user's attention.
type fileState string

// File states.
const (
	fileMissing fileState = "missing"
	fileOK      fileState = "ok"
	// fileUnreadable: the file exists but cannot be read (permissions, not
	// a regular file, not UTF-8).
	fileUnreadable fileState = "unreadable"
	// fileParseError: not valid JSON / TOML (Err has file:line:col).
	fileParseError fileState = "parse-error"
	// fileInvalid: valid JSON, but Codex's decoder rejects it, so Codex
	// loads no hook from it (Err has the first place; the hooks of the
	// file carry the rest).
	fileInvalid fileState = "invalid"
)

// Clean reports whether the state hides nothing: the file is missing or
// was read and understood.
func (s fileState) Clean() bool { return s == fileOK || s == fileMissing }

// file is one file Codex may read hooks or hook trust from.
type file struct {
	Path  string
	Kind  fileKind
	Layer settingsio.Layer
	// source is the layer as hooks/list names it (user, project, system…).
	Source source
	State  fileState
	// Err is the read or parse error with its place (nil when clean).
	Err *settingsio.ParseError
	// Loaded is true when Codex reads hooks from the file in this project;
	// NotLoaded says why not (project not trusted, managed hooks only…).
	Loaded    bool
	NotLoaded string
	// Provenance says how the file's role is known (observed / source).
	Provenance string
	Raw        []byte
}

// readFile reads path for f: missing, unreadable (with Codex's own words
// when it has them) or the bytes.
func readFile(f *file) []byte {
	if _, err := os.Stat(f.Path); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			f.State = fileMissing
			return nil
		}
		f.fail(0, 0, fileUnreadable, "reading: %v", err)
		return nil
	}
	data, err := settingsio.ReadRegularFile(f.Path)
	if err != nil {
		f.fail(0, 0, fileUnreadable, "reading: %v (Codex ignores a hooks.json that is not a regular file, and fails to start on such a config.toml)", err)
		return nil
	}
	if !utf8.Valid(data) {
		line, col := lineCol(data, firstInvalidUTF8(data))
		f.fail(line, col, fileUnreadable, "not valid UTF-8: Codex cannot read it (\"stream did not contain valid UTF-8\")")
		return nil
	}
	f.Raw = data
	f.State = fileOK
	return data
}

func (f *file) fail(line, col int, state fileState, format string, args ...any) {
	f.State = state
	f.Err = &settingsio.ParseError{Path: f.Path, Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}

func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

func lineCol(b []byte, offset int) (int, int) {
	line, start := 1, 0
	for i := 0; i < offset && i < len(b); i++ {
		if b[i] == '\n' {
			line, start = line+1, i+1
		}
	}
	return line, offset - start + 1
}

// parseHooksJSON parses a hooks.json as Codex does: strict JSON
// (serde_json): comments, trailing commas, a byte order mark and an empty
// file are errors (observed: "trailing characters", "trailing comma",
// "expected value at line 1 column 1").
func parseHooksJSON(f *file, data []byte) *settingsio.Node {
	root, perr := settingsio.ParseJSON(f.Path, data)
	if perr != nil {
		msg := perr.Msg
		if strings.HasPrefix(msg, "comments are not allowed") {
			msg = "comments are not allowed: Codex reads hooks.json as strict JSON and loads none of its hooks"
		}
		f.fail(perr.Line, perr.Column, fileParseError, "%s", msg)
		return nil
	}
	return root
}
