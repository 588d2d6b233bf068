package sandbox

import (
	"errors"
	"fmt"
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Landlock closes what the read-only mounts leave open to writing: a FIFO
// or a device node of the read-only rest opens for writing on a read-only
// mount (a host service's control FIFO under /run, say). The hook's first
// process restricts itself (kernel-enforced, no race) to writing files only
// beneath the folders the sandbox makes writable: the overlaid folders, the
// runner's own, the private /tmp, /var/tmp, /dev/shm and /dev (which holds
// only null, zero, full, random and urandom).

// errNoLandlock says the kernel has no Landlock (or it is disabled).
var errNoLandlock = errors.New("Landlock is not available")

// landlockABI is the kernel's Landlock version (0: none).
func landlockABI() int {
	v, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	if errno != 0 {
		return 0
	}
	return int(v)
}

// restrictWrites lets the calling process (and all it starts) open files
// for writing only beneath dirs.
func restrictWrites(dirs []string) error {
	if landlockABI() < 1 {
		return errNoLandlock
	}
	attr := unix.LandlockRulesetAttr{Access_fs: unix.LANDLOCK_ACCESS_FS_WRITE_FILE}
	fd, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), 8, 0)
	if errno != 0 {
		return fmt.Errorf("landlock_create_ruleset: %w", errno)
	}
	defer unix.Close(int(fd))
	for _, d := range dirs {
		pfd, err := unix.Open(d, unix.O_PATH|unix.O_CLOEXEC, 0)
		if err != nil {
			continue // not there: nothing to allow
		}
		rule := unix.LandlockPathBeneathAttr{Allowed_access: unix.LANDLOCK_ACCESS_FS_WRITE_FILE, Parent_fd: int32(pfd)}
		_, _, errno := unix.Syscall6(unix.SYS_LANDLOCK_ADD_RULE, fd, unix.LANDLOCK_RULE_PATH_BENEATH, uintptr(unsafe.Pointer(&rule)), 0, 0, 0)
		unix.Close(pfd)
		if errno != 0 {
			return fmt.Errorf("landlock_add_rule %s: %w", d, errno)
		}
	}
	if _, _, errno := unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, fd, 0, 0); errno != 0 {
		return fmt.Errorf("landlock_restrict_self: %w", errno)
	}
	return nil
}

// writeDirs are the folders the hook may write files beneath.
func (s *supervisor) writeDirs() []string {
	out := append(append([]string(nil), s.cfg.Overlays...), s.cfg.Writable...)
	out = append(out, privateDirs...)
	return append(out, "/dev")
}

// hostFIFO reports whether abs is a FIFO or device node the hook may not
// open for writing (outside writeDirs).
func (s *supervisor) hostFIFO(abs string) bool {
	fi, err := os.Stat(abs)
	if err != nil || fi.Mode()&(os.ModeNamedPipe|os.ModeDevice) == 0 {
		return false
	}
	for _, d := range s.writeDirs() {
		if within(abs, d) {
			return false
		}
	}
	return true
}
