package sandbox

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"time"
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
		realFi, realErr := os.Lstat(real)
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
			if realFi.Mode() == fi.Mode() && sc.same(real, realFi, p, fi) {
				return nil // copied up without a change (a touch, say)
			}
			fc.Change = Changed
			fc.Diff, fc.Binary = sc.diff(&real, p)
		}
		out = append(out, fc)
		return nil
	})
	return out
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
