package settingsio

import "fmt"

// Layer names one place hooks come from. The names are shared by the
// agents; each agent's package says which of them it reads and in which
// order it merges them.
type Layer string

// The layers agents share (an agent may add its own Layer values).
const (
	LayerSystemDefaults Layer = "system-defaults"
	LayerUser           Layer = "user"
	LayerWorkspace      Layer = "workspace"
	LayerSystem         Layer = "system"
	LayerExtension      Layer = "extension"
)

// ParseError is a file that could not be read or parsed, with the place of
// the fault (line and column are 1-based; 0 when the fault has no place,
// such as a read error).
type ParseError struct {
	Path   string
	Line   int
	Column int
	Msg    string
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Column, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Path, e.Msg)
}

// File is one settings layer file as loaded.
type File struct {
	Layer Layer
	Path  string // absolute path ("" when the layer has no file, e.g. workspace == home)
	// Exists is true when the file was found on disk.
	Exists bool
	// Ignored says why the agent does not read this file although it may
	// exist (e.g. "the project folder is the home folder"); "" otherwise.
	Ignored string
	Raw     []byte      // the bytes as read
	Root    *Node       // parsed root (nil when missing, ignored or broken)
	Err     *ParseError // read or parse error
}
