package trust

import (
	"os"
	"syscall"
)

// platformFileKey reads the FileKey from a Linux stat.
func platformFileKey(fi os.FileInfo) (FileKey, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return FileKey{}, false
	}
	return statKey(st), true
}

// statKey is the FileKey of a stat result.
func statKey(st *syscall.Stat_t) FileKey {
	return FileKey{
		Dev:     uint64(st.Dev),
		Ino:     uint64(st.Ino),
		Size:    st.Size,
		MtimeNS: int64(st.Mtim.Sec)*1e9 + int64(st.Mtim.Nsec),
		CtimeNS: int64(st.Ctim.Sec)*1e9 + int64(st.Ctim.Nsec),
	}
}

// statFileKey is the FileKey of the file path names (links followed),
// without the allocations of os.Stat (discovery checks one per kept
// result it reuses).
func statFileKey(path string) (FileKey, bool, error) {
	var st syscall.Stat_t
	for {
		err := syscall.Stat(path, &st)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return FileKey{}, false, err
		}
		break
	}
	return statKey(&st), true, nil
}
