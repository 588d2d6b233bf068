package settingsio

import "fmt"

// FileError is a settings or hooks file the agent reads that could not be
// read or parsed (or was refused: not a regular file, unreadable). A
// review of the hooks is incomplete while there is one: whatever the file
// holds cannot be shown, so it must never read as "nothing to review".
type FileError struct {
	Layer Layer `json:"layer"`
	// Source is the extension name or plugin id of an extension or plugin
	// file ("" for settings layers).
	Source string `json:"source,omitempty"`
	Path   string `json:"path"`
	// Line and Column are 1-based; 0 when the fault has no place (a read
	// error).
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Message string `json:"message"`
}

// Error is "path:line:column: message" (or "path: message").
func (e FileError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Column, e.Message)
	}
	return fmt.Sprintf("%s: %s", e.Path, e.Message)
}

// FileErrorOf is the error of f as a FileError naming source (an
// extension name or plugin id; "" for settings layers); false when f
// exists and was read, is missing, or is ignored.
func FileErrorOf(f *File, source string) (FileError, bool) {
	if f == nil || f.Err == nil || !f.Exists || f.Ignored != "" {
		return FileError{}, false
	}
	path := f.Err.Path
	if path == "" {
		path = f.Path
	}
	return FileError{Layer: f.Layer, Source: source, Path: path, Line: f.Err.Line, Column: f.Err.Column, Message: f.Err.Msg}, true
}

// LayerErrors are the errors of the settings layers.
func LayerErrors(layers []*File) []FileError {
	out := []FileError{}
	for _, f := range layers {
		if e, ok := FileErrorOf(f, ""); ok {
			out = append(out, e)
		}
	}
	return out
}
