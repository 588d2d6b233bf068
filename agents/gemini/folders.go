package gemini

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/tailscale/hujson"

	"github.com/hookwarden/hookwarden/settingsio"
)

// trustLevel is a trustedFolders.json value.
type trustLevel string

// The trust levels Gemini CLI knows.
const (
	trustFolder trustLevel = "TRUST_FOLDER"
	// trustParent is stored on the project's own path and trusts its
	// parent folder (and so every sibling).
	trustParent trustLevel = "TRUST_PARENT"
	doNotTrust  trustLevel = "DO_NOT_TRUST"
)

// Valid reports whether l is one of the three levels.
func (l trustLevel) Valid() bool {
	return l == trustFolder || l == trustParent || l == doNotTrust
}

// FolderKey is the key Gemini CLI writes for a folder (normalizePath):
// the absolute path with backslashes turned into slashes, lower-cased on
// Windows and macOS. dir must already be absolute and cleaned the way
// path.resolve does (Project.ProjectDir is).
func FolderKey(dir, goos string) string {
	key := strings.ReplaceAll(dir, `\`, "/")
	if goos == "windows" || goos == "darwin" {
		key = strings.ToLower(key)
	}
	return key
}

// setFolderTrust records level for projectDir in trustedFolders.json at
// file, as Gemini CLI's trust dialog does (LoadedTrustedFolders.setValue):
// the key is FolderKey(projectDir), a missing file is created with mode
// 0600, the file is locked the way Gemini locks it (proper-lockfile) and
// re-read under the lock. Unlike Gemini, which re-serializes the file, it
// is patched in place: comments, layout and every other entry stay. A
// file Gemini cannot read (bad JSON after comments, not an object, an
// unknown trust level) is refused, as Gemini refuses it.
func setFolderTrust(ctx context.Context, file, projectDir string, level trustLevel, goos string) error {
	if !level.Valid() {
		return fmt.Errorf("unknown trust level %q (want %s, %s or %s)", level, trustFolder, trustParent, doNotTrust)
	}
	key := FolderKey(projectDir, goos)
	if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
		return fmt.Errorf("writing %s: %w", file, err)
	}
	// proper-lockfile needs the file to exist; Gemini creates it as {}.
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	switch {
	case err == nil:
		_, werr := f.WriteString("{}")
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return fmt.Errorf("creating %s: %w", file, werr)
		}
	case !errors.Is(err, fs.ErrExist):
		return fmt.Errorf("creating %s: %w", file, err)
	}
	release, err := lockLikeGemini(ctx, file)
	if err != nil {
		return err
	}
	defer release()
	return settingsio.UpdateFileAtomic(file, 0o600, func(cur []byte, exists bool) ([]byte, error) {
		return patchTrustedFolders(file, cur, key, level)
	})
}

// patchTrustedFolders sets key to level in the file content cur.
func patchTrustedFolders(file string, cur []byte, key string, level trustLevel) ([]byte, error) {
	if len(bytes.TrimSpace(cur)) == 0 {
		cur = []byte("{}")
	}
	if err := checkTrustedFolders(file, cur); err != nil {
		return nil, err
	}
	root, err := hujson.Parse(cur)
	if err != nil {
		return nil, fmt.Errorf("not writing %s: %v", file, err)
	}
	obj := root.Value.(*hujson.Object) // checked above
	value := hujson.String(string(level))
	for i := len(obj.Members) - 1; i >= 0; i-- {
		m := obj.Members[i]
		if memberName(m) != key {
			continue
		}
		if bytes.Equal(cur[m.Value.StartOffset:m.Value.EndOffset], value) {
			return cur, nil
		}
		return splice(cur, m.Value.StartOffset, m.Value.EndOffset, value), nil
	}
	member := append(append(hujson.String(key), ": "...), value...)
	nl := "\n" // the file's own line breaks
	if bytes.Contains(cur, []byte("\r\n")) {
		nl = "\r\n"
	}
	line := append([]byte(nl+"  "), member...)
	if len(obj.Members) == 0 {
		open := root.StartOffset + 1
		inner := cur[open : root.EndOffset-1]
		if len(bytes.TrimSpace(inner)) == 0 {
			return splice(cur, root.StartOffset, root.EndOffset, append(append([]byte("{"), line...), nl+"}"...)), nil
		}
		return splice(cur, open, open, line), nil
	}
	// After the last value: a comma, then the new member on its own line,
	// after any comment that ends the last member's line.
	at := obj.Members[len(obj.Members)-1].Value.EndOffset
	lineEnd := at + firstNewlineOutsideComment(cur[at:root.EndOffset-1])
	if lineEnd < at {
		return splice(cur, at, at, append([]byte(","), line...)), nil
	}
	if lineEnd > at && cur[lineEnd-1] == '\r' {
		lineEnd-- // insert before the whole CRLF
	}
	out := splice(cur, lineEnd, lineEnd, line)
	return splice(out, at, at, []byte(",")), nil
}

// firstNewlineOutsideComment returns the offset of the first line break in
// extra (whitespace and comments) that is not inside a block comment, or
// -1.
func firstNewlineOutsideComment(extra []byte) int {
	for i := 0; i < len(extra); i++ {
		switch {
		case extra[i] == '\n':
			return i
		case bytes.HasPrefix(extra[i:], []byte("/*")):
			end := bytes.Index(extra[i+2:], []byte("*/"))
			if end < 0 {
				return -1
			}
			i += end + 3
		case bytes.HasPrefix(extra[i:], []byte("//")):
			end := bytes.IndexByte(extra[i:], '\n')
			if end < 0 {
				return -1
			}
			return i + end
		}
	}
	return -1
}

// checkTrustedFolders applies Gemini CLI's reading of trustedFolders.json
// (strip-json-comments, JSON.parse, an object of trust levels) and returns
// its complaint, if any.
func checkTrustedFolders(file string, data []byte) error {
	if perr := settingsio.CheckDepth(file, data); perr != nil {
		return fmt.Errorf("not writing %s: %v", file, perr)
	}
	stripped := stripJSONComments(data)
	var v any
	if err := json.Unmarshal(stripped, &v); err != nil {
		pe := &settingsio.ParseError{Path: file, Msg: err.Error()}
		var se *json.SyntaxError
		if errors.As(err, &se) {
			pe.Line, pe.Column = lineColumn(data, max(int(se.Offset)-1, 0))
		}
		return fmt.Errorf("not writing %s: %v (Gemini CLI cannot read it either; fix it by hand)", file, pe)
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("not writing %s: Trusted folders file is not a valid JSON object.", file)
	}
	for path, level := range obj {
		if s, ok := level.(string); !ok || !trustLevel(s).Valid() {
			return fmt.Errorf("not writing %s: Invalid trust level \"%v\" for path %q. Possible values are: TRUST_FOLDER, TRUST_PARENT, DO_NOT_TRUST.", file, level, path)
		}
	}
	return nil
}

// stripJSONComments blanks // and /* */ comments outside strings with
// spaces (keeping line breaks), as strip-json-comments does by default.
func stripJSONComments(data []byte) []byte {
	out := bytes.Clone(data)
	inString := false
	for i := 0; i < len(out); i++ {
		c := out[i]
		if inString {
			switch c {
			case '\\':
				i++
			case '"':
				inString = false
			}
			continue
		}
		switch {
		case c == '"':
			inString = true
		case c == '/' && i+1 < len(out) && out[i+1] == '/':
			for ; i < len(out) && out[i] != '\n'; i++ {
				if out[i] != '\r' {
					out[i] = ' '
				}
			}
		case c == '/' && i+1 < len(out) && out[i+1] == '*':
			j := bytes.Index(out[i+2:], []byte("*/"))
			end := len(out)
			if j >= 0 {
				end = i + 2 + j + 2
			}
			for k := i; k < end; k++ {
				if out[k] != '\n' && out[k] != '\r' {
					out[k] = ' '
				}
			}
			i = end - 1
		}
	}
	return out
}
