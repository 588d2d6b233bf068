package gemini

import (
	"fmt"
	"path"
	"strconv"
)

// fileStat is what the system-file security check needs from stat/lstat.
type fileStat struct {
	UID       uint32
	Mode      uint32 // st_mode: type bits and permission bits
	IsDir     bool
	IsFile    bool
	IsSymlink bool
}

// statFS is the file system the security check looks at; Stat follows
// symbolic links, Lstat does not. A missing path gives found == false.
type statFS interface {
	Stat(p string) (st fileStat, found bool, err error)
	Lstat(p string) (st fileStat, found bool, err error)
	Realpath(p string) (string, error)
}

// systemFileInsecurity is Gemini CLI 0.61's isFileAndDirectorySecureSync
// on POSIX, which loadSystemFile runs before reading the system settings
// and system defaults: the file, every folder above it up to "/", and
// their realpath'd counterparts must be owned by root (uid 0) and not
// writable by group or others; a symbolic link among them must itself be
// owned by root. It returns "" when the file is secure, else Gemini's
// reason.
func systemFileInsecurity(fsys statFS, filePath string) string {
	normalized := path.Clean(filePath)
	if _, found, err := fsys.Stat(normalized); err == nil && !found {
		return ""
	}
	canonical := normalized
	if real, err := fsys.Realpath(normalized); err == nil && real != "" {
		canonical = path.Clean(real)
	}
	same := canonical == normalized
	ancestors := ancestorsOf(path.Dir(normalized))
	for _, dir := range ancestors {
		if st, found, err := fsys.Lstat(dir); err == nil && found && st.IsSymlink {
			if r := pathInsecurity(fsys, dir, true); r != "" {
				return fmt.Sprintf("Parent directory symlink '%s' is insecure: %s", dir, r)
			}
		}
	}
	for _, dir := range ancestors {
		if r := pathInsecurity(fsys, dir, true); r != "" {
			return fmt.Sprintf("Parent directory '%s' is insecure: %s", dir, r)
		}
	}
	if r := pathInsecurity(fsys, normalized, false); r != "" {
		return "File is insecure: " + r
	}
	if !same {
		if r := pathInsecurity(fsys, canonical, false); r != "" {
			return "Resolved target file is insecure: " + r
		}
		for _, dir := range ancestorsOf(path.Dir(canonical)) {
			if r := pathInsecurity(fsys, dir, true); r != "" {
				return fmt.Sprintf("Resolved target parent directory '%s' is insecure: %s", dir, r)
			}
		}
	}
	return ""
}

// ancestorsOf lists dir and every folder above it, "/" included.
func ancestorsOf(dir string) []string {
	var out []string
	for {
		out = append(out, dir)
		next := path.Dir(dir)
		if next == dir || next == "." {
			return out
		}
		dir = next
	}
}

// pathInsecurity is isPathSecureSync (POSIX branch).
func pathInsecurity(fsys statFS, p string, wantDir bool) string {
	st, found, err := fsys.Stat(p)
	if err != nil {
		return "Failed to access path: " + err.Error()
	}
	if !found {
		return ""
	}
	if wantDir && !st.IsDir {
		return "Not a directory"
	}
	if !wantDir && !st.IsFile {
		return "Not a file"
	}
	if lst, found, err := fsys.Lstat(p); err == nil && found && lst.IsSymlink && lst.UID != 0 {
		return fmt.Sprintf("Symlink '%s' is not owned by root (uid 0). Current uid: %d. To fix this, run: sudo chown -h root:root \"%s\"", p, lst.UID, p)
	}
	kind := "File"
	if st.IsDir {
		kind = "Directory"
	}
	if st.UID != 0 {
		return fmt.Sprintf("%s '%s' is not owned by root (uid 0). Current uid: %d. To fix this, run: sudo chown root:root \"%s\"", kind, p, st.UID, p)
	}
	if st.Mode&0o022 != 0 {
		return fmt.Sprintf("%s '%s' is writable by group or others (mode: %s). To fix this, run: sudo chmod g-w,o-w \"%s\"", kind, p, strconv.FormatUint(uint64(st.Mode), 8), p)
	}
	return ""
}
