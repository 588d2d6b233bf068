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
	f, _, err := openRegular(path)
	return f, err
}

// openRegular is OpenRegular that also returns what the open file's
// fstat said.
func openRegular(path string) (*os.File, os.FileInfo, error) {
	f, err := os.OpenFile(path, openReadNonblocking, 0)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, nil, fmt.Errorf("%s is not a regular file (%s)", path, fileKind(fi.Mode()))
	}
	return f, fi, nil
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
// Like os.ReadFile it reads into a buffer of the size fstat gave (and
// on to the end, should the file have grown): io.ReadAll's doubling
// allocated twice a 2 MB store's size for every read of it.
func ReadRegularFile(path string) ([]byte, error) {
	f, fi, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := 512
	if n := fi.Size(); n > 0 && n < 1<<40 && int64(int(n)) == n {
		size = max(size, int(n)+1) // one more byte: the read that finds the end
	}
	data := make([]byte, 0, size)
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			return data, err
		}
		if len(data) >= cap(data) {
			d := append(data[:cap(data)], 0)
			data = d[:len(data)]
		}
	}
}
