package gemini

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/tailscale/hujson"

	"github.com/hookwarden/hookwarden/settingsio"
)

// trustedHooksFileMode is the mode of a trusted_hooks.json Hookwarden
// creates. (Gemini CLI creates it with the default mode; an existing file
// keeps its mode.)
const trustedHooksFileMode os.FileMode = 0o600

// errUnusableFile marks a trusted_hooks.json that Gemini CLI cannot use
// (it does not parse as strict JSON, or is not an object): Gemini treats
// it as empty and overwrites it on its next save. Hookwarden never writes
// such a file; RepairTrustedHooks backs it up first.
var errUnusableFile = errors.New("unusable trusted_hooks.json")

// trustedHooks is Gemini CLI's trusted_hooks.json as read: an object whose
// keys are project paths (path.resolve(cwd), not realpath'd) and whose
// values are arrays of hook keys ("name:command").
type trustedHooks struct {
	Path   string
	Exists bool
	// Err is set when the file exists but Gemini cannot use it (wraps
	// ErrUnusableFile, with file:line:column where the fault has a place).
	Err  error
	data []byte
	root hujson.Value
}

// readTrustedHooks reads trusted_hooks.json. A missing file is an empty
// one; a file Gemini cannot use is returned with Err set. Only a read
// failure is an error.
func readTrustedHooks(path string) (*trustedHooks, error) {
	data, err := settingsio.ReadRegularFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &trustedHooks{Path: path}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return parseTrustedHooks(path, data), nil
}

func parseTrustedHooks(path string, data []byte) *trustedHooks {
	t := &trustedHooks{Path: path, Exists: true, data: data}
	root, err := parseStrictJSON(path, data)
	if err != nil {
		t.Err = err
		return t
	}
	if _, ok := root.Value.(*hujson.Object); !ok {
		t.Err = fmt.Errorf("%w: %s:%d:%d: the top level is %s, not an object keyed by project path",
			errUnusableFile, path, 1, 1, kindName(root))
		return t
	}
	t.root = root
	return t
}

// parseStrictJSON parses data as JSON.parse would accept it (no comments,
// no trailing commas, no byte order mark) and returns its syntax tree.
func parseStrictJSON(path string, data []byte) (hujson.Value, error) {
	if perr := settingsio.CheckDepth(path, data); perr != nil {
		return hujson.Value{}, fmt.Errorf("%w: %v", errUnusableFile, perr)
	}
	var probe any
	if err := json.Unmarshal(data, &probe); err != nil {
		pe := &settingsio.ParseError{Path: path, Msg: err.Error()}
		var se *json.SyntaxError
		if errors.As(err, &se) {
			pe.Line, pe.Column = lineColumn(data, max(int(se.Offset)-1, 0))
		}
		if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
			pe.Line, pe.Column, pe.Msg = 1, 1, "the file starts with a byte order mark, which JSON.parse rejects"
		}
		return hujson.Value{}, fmt.Errorf("%w: %v", errUnusableFile, pe)
	}
	root, err := hujson.Parse(data)
	if err != nil {
		return hujson.Value{}, fmt.Errorf("%w: %s: %v", errUnusableFile, path, err)
	}
	return root, nil
}

// Keys returns the hook keys trusted for project, in file order. Like
// Gemini, only string elements of an array count; the last of duplicate
// project entries wins (JSON.parse).
func (t *trustedHooks) Keys(project string) []string {
	m := t.member(project)
	if m == nil {
		return nil
	}
	arr, ok := m.Value.Value.(*hujson.Array)
	if !ok {
		return nil
	}
	var out []string
	for _, e := range arr.Elements {
		if lit, ok := e.Value.(hujson.Literal); ok && lit.Kind() == '"' {
			out = append(out, lit.String())
		}
	}
	return out
}

// Projects lists the project paths in the file, in file order.
func (t *trustedHooks) Projects() []string {
	obj, ok := t.root.Value.(*hujson.Object)
	if !ok {
		return nil
	}
	var out []string
	for _, m := range obj.Members {
		out = append(out, memberName(m))
	}
	return out
}

// member returns the last member named project, or nil.
func (t *trustedHooks) member(project string) *hujson.ObjectMember {
	obj, ok := t.root.Value.(*hujson.Object)
	if !ok {
		return nil
	}
	for i := len(obj.Members) - 1; i >= 0; i-- {
		if memberName(obj.Members[i]) == project {
			return &obj.Members[i]
		}
	}
	return nil
}

func memberName(m hujson.ObjectMember) string {
	if lit, ok := m.Name.Value.(hujson.Literal); ok {
		return lit.String()
	}
	return ""
}

// trustKeys adds keys to project's entry of the trusted_hooks.json at path,
// as Gemini's trustHooks does: the union with what is there, existing keys
// first, new ones appended in order, nothing removed. The file is re-read
// right before writing, so an entry Gemini added a moment earlier stays;
// other projects' entries and everything else in the file stay byte for
// byte; the write is atomic and keeps the file's mode (new: 0600). A file
// Gemini cannot use is never written: the error wraps ErrUnusableFile.
func trustKeys(path, project string, keys []string) error {
	return settingsio.UpdateFileAtomic(path, trustedHooksFileMode, func(cur []byte, exists bool) ([]byte, error) {
		return patchTrustedHooks(path, cur, exists, project, func(old []string) []string {
			return union(old, keys)
		})
	})
}

// untrustKeys removes keys from project's entry (every occurrence), with
// the same guarantees as TrustKeys. The project's entry stays, possibly
// empty, as Gemini would leave it.
func untrustKeys(path, project string, keys []string) error {
	drop := make(map[string]bool, len(keys))
	for _, k := range keys {
		drop[k] = true
	}
	return settingsio.UpdateFileAtomic(path, trustedHooksFileMode, func(cur []byte, exists bool) ([]byte, error) {
		return patchTrustedHooks(path, cur, exists, project, func(old []string) []string {
			var out []string
			for _, k := range old {
				if !drop[k] {
					out = append(out, k)
				}
			}
			return out
		})
	})
}

func union(old, add []string) []string {
	seen := make(map[string]bool, len(old)+len(add))
	out := make([]string, 0, len(old)+len(add))
	for _, list := range [][]string{old, add} {
		for _, k := range list {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	return out
}

// patchTrustedHooks applies change to project's key list in the file
// content cur and returns the new content. Only the bytes of the
// project's array (or a new member) change; the result is laid out as
// Gemini's JSON.stringify(…, null, 2) lays it out. Returns cur itself when
// nothing changes.
func patchTrustedHooks(path string, cur []byte, exists bool, project string, change func([]string) []string) ([]byte, error) {
	if !exists {
		keys := change(nil)
		if len(keys) == 0 {
			return cur, nil
		}
		var b bytes.Buffer
		b.WriteString("{\n  ")
		b.Write(hujson.String(project))
		b.WriteString(": ")
		b.Write(renderKeyArray(keys))
		b.WriteString("\n}")
		return b.Bytes(), nil
	}
	t := parseTrustedHooks(path, cur)
	if t.Err != nil {
		return nil, fmt.Errorf("not writing %s: %w (fix it by hand, or run a repair that backs it up first)", path, t.Err)
	}
	obj := t.root.Value.(*hujson.Object)
	m := t.member(project)
	if m == nil {
		keys := change(nil)
		if len(keys) == 0 {
			return cur, nil
		}
		member := append(append(hujson.String(project), ": "...), renderKeyArray(keys)...)
		if len(obj.Members) == 0 {
			return splice(cur, t.root.StartOffset, t.root.EndOffset,
				append(append([]byte("{\n  "), member...), "\n}"...)), nil
		}
		at := obj.Members[len(obj.Members)-1].Value.EndOffset
		return splice(cur, at, at, append([]byte(",\n  "), member...)), nil
	}
	arr, ok := m.Value.Value.(*hujson.Array)
	if !ok {
		line, col := lineColumn(cur, m.Value.StartOffset)
		return nil, fmt.Errorf("not writing %s: %w: %s:%d:%d: the entry for %s is %s, not an array of hook keys",
			path, errUnusableFile, path, line, col, project, kindName(m.Value))
	}
	old := t.Keys(project)
	next := change(old)
	if equalStrings(old, next) {
		return cur, nil
	}
	// Keep the order and exact bytes of the elements that stay (elements
	// that are not strings too: Gemini keeps them), then append new keys.
	keep := make(map[string]bool, len(next))
	for _, k := range next {
		keep[k] = true
	}
	written := make(map[string]bool, len(next))
	var elems [][]byte
	for _, e := range arr.Elements {
		text := cur[e.StartOffset:e.EndOffset]
		lit, isLit := e.Value.(hujson.Literal)
		if !isLit || lit.Kind() != '"' {
			elems = append(elems, text)
			continue
		}
		if k := lit.String(); keep[k] && !written[k] {
			written[k] = true
			elems = append(elems, text)
		}
	}
	for _, k := range next {
		if !written[k] {
			written[k] = true
			elems = append(elems, hujson.String(k))
		}
	}
	return splice(cur, m.Value.StartOffset, m.Value.EndOffset, renderRawArray(elems)), nil
}

// renderKeyArray renders keys as a project entry's array in the layout of
// JSON.stringify(…, null, 2) at nesting depth 1.
func renderKeyArray(keys []string) []byte {
	elems := make([][]byte, len(keys))
	for i, k := range keys {
		elems[i] = hujson.String(k)
	}
	return renderRawArray(elems)
}

func renderRawArray(elems [][]byte) []byte {
	if len(elems) == 0 {
		return []byte("[]")
	}
	var b bytes.Buffer
	b.WriteString("[")
	for i, e := range elems {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n    ")
		b.Write(e)
	}
	b.WriteString("\n  ]")
	return b.Bytes()
}

func splice(data []byte, from, to int, with []byte) []byte {
	out := make([]byte, 0, len(data)-(to-from)+len(with))
	out = append(out, data[:from]...)
	out = append(out, with...)
	return append(out, data[to:]...)
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// lineColumn turns a byte offset into a 1-based line and column.
func lineColumn(data []byte, offset int) (int, int) {
	if offset > len(data) {
		offset = len(data)
	}
	line := 1 + bytes.Count(data[:offset], []byte("\n"))
	col := offset - bytes.LastIndexByte(data[:offset], '\n')
	return line, col
}

func kindName(v hujson.Value) string {
	switch x := v.Value.(type) {
	case *hujson.Object:
		return "an object"
	case *hujson.Array:
		return "an array"
	case hujson.Literal:
		switch x.Kind() {
		case '"':
			return "a string"
		case '0':
			return "a number"
		case 'n':
			return "null"
		case 't', 'f':
			return "a boolean"
		}
	}
	return "not JSON"
}
