package settingsio

import (
	"fmt"
	"io"
	"os"
)

// OpenRegular opens path for reading only if it is a regular file (after
// following links). It never blocks: a named pipe, device or socket where a
// settings file or script should be is refused instead of hanging the
// reader forever. Errors keep fs.ErrNotExist for a missing file.
func OpenRegular(path string) (*os.File, error) {
	f, err := os.OpenFile(path, openReadNonblocking, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s is not a regular file (%s)", path, fileKind(fi.Mode()))
	}
	return f, nil
}

// fileKind names what a path that is not a regular file is, in words (the
// mode's own string, "d---------", says it to no one).
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeCharDevice != 0:
		return "a character device"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "file type " + m.Type().String()
}

// ReadRegularFile is os.ReadFile for regular files only (see OpenRegular).
func ReadRegularFile(path string) ([]byte, error) {
	f, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}
