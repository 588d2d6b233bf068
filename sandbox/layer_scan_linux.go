package sandbox

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// The report builder reads what a hostile hook left: every read of the
// scratch layers (and of the real files they are compared with) opens
// with O_NOFOLLOW|O_NONBLOCK, reads regular files only and at most a
// bounded number of bytes, and the whole scan stops reading content when
// its time is up. A FIFO, a socket, a device node or a huge file is
// listed, never read.
const (
	// scanBudget bounds the time spent reading file contents; after it,
	// files are still listed but not compared or diffed.
	scanBudget = 20 * time.Second
	// maxCompare bounds what is compared of a changed file; a larger one
	// that was copied up reads as changed.
	maxCompare = 64 << 20
	// maxWalk bounds the entries of the scratch layers looked at.
	maxWalk = 200_000
)

// layerScan lists the upper layers of one run.
type layerScan struct {
	project  string
	deadline time.Time
	walked   int
	timedOut bool
	cut      bool
	readErrs int
	// lowers are the earlier hooks' upper folders stacked under the layer
	// being scanned (Config.Sequence), the latest first: what the hook
	// saw before it wrote is in them before the real files.
	lowers []string
}

func (sc *layerScan) notes() []string {
	var out []string
	if sc.cut {
		out = append(out, fmt.Sprintf("the scratch layers hold more than %d entries: the rest are not listed", maxWalk))
	}
	if sc.timedOut {
		out = append(out, fmt.Sprintf("reading the scratch layers took longer than %v: later files are listed without a diff", scanBudget))
	}
	if sc.readErrs > 0 {
		out = append(out, fmt.Sprintf("%d written file(s) could not be read back: they are listed as changed without a diff", sc.readErrs))
	}
	return out
}

// inTime reports whether content may still be read.
func (sc *layerScan) inTime() bool {
	if !sc.timedOut && time.Now().After(sc.deadline) {
		sc.timedOut = true
	}
	return !sc.timedOut
}

// scan lists what an overlay's upper layer holds for target.
func (sc *layerScan) scan(upper, target string) []FileChange {
	var out []FileChange
	_ = filepath.WalkDir(upper, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == upper {
			return nil
		}
		if sc.walked++; sc.walked > maxWalk {
			sc.cut = true
			return filepath.SkipAll
		}
		rel, _ := filepath.Rel(upper, p)
		real := filepath.Join(target, rel)
		fi, err := os.Lstat(p)
		if err != nil {
			return nil
		}
		base, realFi, realErr := sc.base(real, rel)
		fc := FileChange{Path: real, InProject: within(real, sc.project)}
		switch {
		case isWhiteout(fi):
			fc.Change, fc.Dir = Deleted, realErr == nil && realFi.IsDir()
			if realErr == nil {
				fc.Size = realFi.Size()
			}
		case fi.IsDir():
			if realErr == nil && realFi.IsDir() {
				return nil // a folder that holds changes
			}
			fc.Change, fc.Dir = Created, true
		case fi.Mode()&os.ModeSymlink != 0:
			fc.Symlink, _ = os.Readlink(p)
			fc.Change = Created
			if realErr == nil {
				fc.Change = Changed
			}
		case !fi.Mode().IsRegular():
			fc.Special = specialKind(fi.Mode())
			fc.Change = Created
			if realErr == nil {
				fc.Change = Changed
			}
		default:
			fc.Size = fi.Size()
			if realErr != nil {
				fc.Change = Created
				fc.Diff, fc.Binary = sc.diff(nil, p)
				break
			}
			if realFi.Mode() == fi.Mode() && sc.same(base, realFi, p, fi) {
				return nil // copied up without a change (a touch, say)
			}
			fc.Change = Changed
			fc.Diff, fc.Binary = sc.diff(&base, p)
		}
		out = append(out, fc)
		return nil
	})
	return out
}

// base is what the hook's overlay showed at rel (real below its target)
// before the hook wrote there: the file in the topmost earlier layer
// (sc.lowers) that holds it, else the real one. In a layer, a whiteout at
// rel, or a file or whiteout in place of one of its folders, hides
// everything below; so does an opaque folder on its way once the layer
// does not hold rel itself.
func (sc *layerScan) base(real, rel string) (string, fs.FileInfo, error) {
	parts := strings.Split(rel, string(filepath.Separator))
	for _, l := range sc.lowers {
		dir, opaque, missing := l, false, false
		for _, part := range parts[:len(parts)-1] {
			dir = filepath.Join(dir, part)
			fi, err := os.Lstat(dir)
			if err != nil {
				missing = true
				break
			}
			if !fi.IsDir() {
				return "", nil, fs.ErrNotExist
			}
			opaque = opaque || isOpaque(dir)
		}
		if !missing {
			p := filepath.Join(l, rel)
			if fi, err := os.Lstat(p); err == nil {
				if isWhiteout(fi) {
					return "", nil, fs.ErrNotExist
				}
				return p, fi, nil
			}
		}
		if opaque {
			return "", nil, fs.ErrNotExist
		}
	}
	fi, err := os.Lstat(real)
	return real, fi, err
}

// isOpaque reports whether an upper layer's folder is opaque: it hides
// the folders of the layers below (overlayfs's mark, with userxattr).
func isOpaque(dir string) bool {
	buf := make([]byte, 4)
	n, err := unix.Lgetxattr(dir, "user.overlay.opaque", buf)
	return err == nil && n == 1 && buf[0] == 'y'
}

// specialKind names a file that is neither regular, folder nor link.
func specialKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "fifo"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeDevice != 0:
		return "device"
	}
	return "special"
}

// same reports whether the real file and its scratch copy hold the same
// bytes; when that cannot be known (too large, unreadable, out of time)
// it says no, so the file is listed as changed.
func (sc *layerScan) same(real string, realFi fs.FileInfo, scratch string, fi fs.FileInfo) bool {
	if !realFi.Mode().IsRegular() || realFi.Size() != fi.Size() || fi.Size() > maxCompare || !sc.inTime() {
		return false
	}
	a, err := ReadRegular(real, maxCompare)
	if err != nil {
		return false
	}
	b, err := ReadRegular(scratch, maxCompare)
	if err != nil {
		sc.readErrs++
		return false
	}
	return bytes.Equal(a, b)
}

// diff is the line diff of the real file (nil: none) against the scratch
// copy, or binary=true when either is not small, readable text.
func (sc *layerScan) diff(real *string, scratch string) (string, bool) {
	if !sc.inTime() {
		return "", true
	}
	var old []byte
	if real != nil {
		var err error
		if old, err = ReadRegular(*real, maxDiffFile); err != nil {
			return "", true
		}
	}
	cur, err := ReadRegular(scratch, maxDiffFile)
	if err != nil || !isText(old) || !isText(cur) {
		return "", true
	}
	return lineDiff(string(old), string(cur)), false
}

func isWhiteout(fi os.FileInfo) bool {
	if fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && st.Rdev == 0
}
