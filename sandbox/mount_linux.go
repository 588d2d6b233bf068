package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"golang.org/x/sys/unix"
)

// resolvConf is what the hook's resolver reads: the stub on loopback.
const resolvConf = "nameserver 127.0.0.1\noptions attempts:1 timeout:2\n"

// privateDirs get an empty tmpfs each.
var privateDirs = []string{"/tmp", "/var/tmp", "/dev/shm"}

// setupMounts builds the hook's file system view in the supervisor's new
// mount namespace: overlays on the folders to protect, writable binds of
// the runner's own folders, a read-only rest, private temporary folders,
// a /proc of the new PID namespace and the stub resolver's resolv.conf.
//
// Everything that refers to a real path is opened first (as detached
// mounts), then the tree is made read-only and the temporary folders are
// covered, then the detached mounts are attached: that way an overlaid
// folder or the scratch layers may live under /tmp.
func (s *supervisor) setupMounts() error {
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("making mounts private: %w", err)
	}
	var atts []attach
	if s.cfg.MemScratch {
		atts = s.memOverlays()
	}
	if atts == nil {
		var err error
		if atts, err = s.overlays(s.cfg.Scratch, true); err != nil {
			return err
		}
	}
	for _, dir := range s.cfg.Writable {
		fd, err := unix.OpenTree(unix.AT_FDCWD, dir, unix.OPEN_TREE_CLONE|unix.OPEN_TREE_CLOEXEC|unix.AT_RECURSIVE)
		if err != nil {
			return fmt.Errorf("keeping %s writable: %w", dir, err)
		}
		atts = append(atts, attach{fd, dir})
	}
	if target, err := filepath.EvalSymlinks("/etc/resolv.conf"); err == nil {
		src := filepath.Join(s.cfg.Scratch, "resolv.conf")
		if err := os.WriteFile(src, []byte(resolvConf), 0o644); err != nil {
			return err
		}
		fd, err := unix.OpenTree(unix.AT_FDCWD, src, unix.OPEN_TREE_CLONE|unix.OPEN_TREE_CLOEXEC)
		if err != nil {
			return fmt.Errorf("resolv.conf: %w", err)
		}
		atts = append(atts, attach{fd, target})
	} // else: no resolv.conf, and glibc's default server is 127.0.0.1 anyway

	nodes, err := cloneDevNodes()
	if err != nil {
		return err
	}

	if err := unix.MountSetattr(unix.AT_FDCWD, "/", unix.AT_RECURSIVE, &unix.MountAttr{Attr_set: unix.MOUNT_ATTR_RDONLY}); err != nil {
		return fmt.Errorf("making the file system read-only: %w", err)
	}
	if err := privateDev(nodes); err != nil {
		return err
	}
	for _, d := range privateDirs {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			continue
		}
		if err := unix.Mount("tmpfs", d, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "mode=1777"); err != nil {
			return fmt.Errorf("private %s: %w", d, err)
		}
		var st unix.Stat_t
		if err := unix.Stat(d, &st); err != nil {
			return fmt.Errorf("private %s: %w", d, err)
		}
		s.privateDevs = append(s.privateDevs, st.Dev)
	}
	if err := unix.Mount("proc", "/proc", "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("mounting /proc: %w", err)
	}
	// read-only: run by root, the hook is the host's uid 0, and the kernel
	// lets uid 0 write global sysctls from any namespace (core_pattern and
	// modprobe name programs the host's root runs). Writes through
	// /proc/self/fd/N (/dev/stdout) reach the file's own mount and work.
	if err := unix.MountSetattr(unix.AT_FDCWD, "/proc", 0, &unix.MountAttr{Attr_set: unix.MOUNT_ATTR_RDONLY}); err != nil {
		return fmt.Errorf("making /proc read-only: %w", err)
	}
	for _, a := range atts {
		if _, err := os.Lstat(a.target); err != nil {
			// hidden by a private temporary folder: recreate the mount
			// point (reportTempFiles does not count what it made)
			if s.madeDirs == nil {
				s.madeDirs = map[string]bool{}
			}
			s.madeDirs[a.target] = true
			for d := filepath.Dir(a.target); d != "/"; d = filepath.Dir(d) {
				if _, err := os.Lstat(d); err == nil {
					break
				}
				s.madeDirs[d] = false
			}
			if err := os.MkdirAll(a.target, 0o755); err != nil {
				return fmt.Errorf("mount point %s: %w", a.target, err)
			}
		}
		if err := unix.MoveMount(a.fd, "", unix.AT_FDCWD, a.target, unix.MOVE_MOUNT_F_EMPTY_PATH); err != nil {
			return fmt.Errorf("attaching %s: %w", a.target, err)
		}
		unix.Close(a.fd)
	}
	return nil
}

// attach is a detached mount and where it goes.
type attach struct {
	fd     int
	target string
}

// overlays creates a detached overlay of every overlaid folder, layer i's
// upper and work folders in base/i (made first when mkdir).
func (s *supervisor) overlays(base string, mkdir bool) ([]attach, error) {
	var atts []attach
	for i, target := range s.cfg.Overlays {
		layer := filepath.Join(base, strconv.Itoa(i))
		upper, work := filepath.Join(layer, "upper"), filepath.Join(layer, "work")
		if mkdir {
			for _, d := range []string{layer, upper, work} {
				if err := os.Mkdir(d, 0o700); err != nil && !errors.Is(err, os.ErrExist) {
					closeAttached(atts)
					return nil, fmt.Errorf("scratch folder: %w", err)
				}
			}
		}
		fd, err := overlayMount(append(lowerPaths(s.cfg.Lowers, i), target), upper, work)
		if err != nil {
			closeAttached(atts)
			return nil, fmt.Errorf("overlay on %s: %w", target, err)
		}
		atts = append(atts, attach{fd, target})
	}
	return atts, nil
}

func closeAttached(atts []attach) {
	for _, a := range atts {
		unix.Close(a.fd)
	}
}

// memOverlays puts the upper layers in a tmpfs of the supervisor's own
// (initConfig.MemScratch): a detached mount no path leads to (the hook
// cannot see or reach it), sized at most ScratchSize, its pages charged to
// the memory cgroup of the process that writes them (the hook's), so that
// what a hook writes is bounded, and nothing is created on or removed from
// a disk file system, which on a busy one cost more CPU than the rest of
// the mounts (inode allocation, overlayfs's work folder and checks, the
// removal). A descriptor of its root goes to the runner over the control
// socket before the hook can run: the runner reads the layers through it
// after the sandbox ended, and the tmpfs is gone once it and the
// supervisor closed theirs. nil when the kernel cannot (user extended
// attributes on tmpfs are Linux 6.6, an upper layer on a detached mount
// newer still): the layers then go on disk, as before.
//
// The runner gets a second descriptor of the root (openat ".", O_PATH),
// not fsmount's: the last close of fsmount's file dissolves the mount's
// anonymous namespace, which waits for an RCU grace period (0.1-10 ms of
// wall here, measured), and when the runner held it that close was on
// every hook's path to its report. The supervisor keeps fsmount's file
// (close-on-exec, in a process the hook may not ptrace or read the
// descriptors of) until it exits, so the wait is part of its exit, which
// the runner does not wait for (endAllGone), and the runner's close only
// drops a reference.
func (s *supervisor) memOverlays() []attach {
	root, err := memScratch(s.cfg.ScratchSize, len(s.cfg.Overlays))
	if err != nil {
		s.trace("scratch on disk: " + err.Error())
		return nil
	}
	atts, err := s.overlays("/proc/self/fd/"+strconv.Itoa(root), false)
	ref := -1
	if err == nil {
		ref, err = unix.Openat(root, ".", unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	}
	if err == nil {
		err = unix.Sendmsg(controlFd, []byte{scratchMsg}, unix.UnixRights(ref), nil, 0)
	}
	if ref >= 0 {
		unix.Close(ref)
	}
	if err != nil {
		unix.Close(root)
		closeAttached(atts)
		s.trace("scratch on disk: " + err.Error())
		return nil
	}
	s.scratchRoot = root // closed by the exit
	return atts
}

// memScratch makes a detached tmpfs (at most size bytes, 0: tmpfs's
// default) with the upper and work folders of n layers, i/upper and
// i/work, and returns its root.
func memScratch(size int64, n int) (int, error) {
	fsfd, err := unix.Fsopen("tmpfs", unix.FSOPEN_CLOEXEC)
	if err != nil {
		return -1, err
	}
	defer unix.Close(fsfd)
	if size > 0 {
		if err := unix.FsconfigSetString(fsfd, "size", strconv.FormatInt(size, 10)); err != nil {
			return -1, err
		}
	}
	if err := unix.FsconfigSetString(fsfd, "mode", "0700"); err != nil {
		return -1, err
	}
	if err := unix.FsconfigCreate(fsfd); err != nil {
		return -1, err
	}
	root, err := unix.Fsmount(fsfd, unix.FSMOUNT_CLOEXEC, 0)
	if err != nil {
		return -1, err
	}
	for i := 0; i < n; i++ {
		for _, d := range []string{strconv.Itoa(i), strconv.Itoa(i) + "/upper", strconv.Itoa(i) + "/work"} {
			if err := unix.Mkdirat(root, d, 0o700); err != nil {
				unix.Close(root)
				return -1, err
			}
		}
	}
	// overlayfs marks opaque folders with a user extended attribute
	// (userxattr): without them on the upper layer it would mount, and
	// then fail on the first folder the hook replaces
	path := "/proc/self/fd/" + strconv.Itoa(root)
	if err := unix.Setxattr(path, "user.hookwarden", []byte{'1'}, 0); err != nil {
		unix.Close(root)
		return -1, fmt.Errorf("user extended attributes: %w", err)
	}
	_ = unix.Removexattr(path, "user.hookwarden")
	return root, nil
}

// overlayMount creates a detached overlay of the lower folders (the
// topmost first) with the given upper and work folders.
func overlayMount(lowers []string, upper, work string) (int, error) {
	fsfd, err := unix.Fsopen("overlay", unix.FSOPEN_CLOEXEC)
	if err != nil {
		return -1, fmt.Errorf("fsopen: %w", err)
	}
	defer unix.Close(fsfd)
	set := func(k, v string) error {
		if err := unix.FsconfigSetString(fsfd, k, v); err != nil {
			return fmt.Errorf("%s=%s: %w", k, v, err)
		}
		return nil
	}
	for _, lower := range lowers {
		if err := set("lowerdir+", lower); err != nil {
			return -1, err
		}
	}
	if err := set("upperdir", upper); err != nil {
		return -1, err
	}
	if err := set("workdir", work); err != nil {
		return -1, err
	}
	if err := unix.FsconfigSetFlag(fsfd, "userxattr"); err != nil {
		return -1, fmt.Errorf("userxattr: %w", err)
	}
	// the upper layer is scratch, removed after the run: no sync of the
	// file system it is on (the unmount as the sandbox ends would sync
	// all of it, and wait, however much other programs wrote there);
	// kernels before 5.10 lack the option and sync
	_ = unix.FsconfigSetFlag(fsfd, "volatile")
	if err := unix.FsconfigCreate(fsfd); err != nil {
		return -1, fmt.Errorf("creating: %w", err)
	}
	fd, err := unix.Fsmount(fsfd, unix.FSMOUNT_CLOEXEC, 0)
	if err != nil {
		return -1, fmt.Errorf("fsmount: %w", err)
	}
	return fd, nil
}

// devNodes are the only device nodes of the sandbox's /dev: no terminal
// (no tty, console, pts or ptmx), no block device, no kmsg, nothing a
// hook could write raw blocks or escape codes to.
var devNodes = []string{"null", "zero", "full", "random", "urandom"}

// cloneDevNodes opens detached bind mounts of the host's harmless device
// nodes (a user namespace cannot mknod), by name; a missing one is left out.
func cloneDevNodes() (map[string]int, error) {
	nodes := map[string]int{}
	for _, n := range devNodes {
		fd, err := unix.OpenTree(unix.AT_FDCWD, "/dev/"+n, unix.OPEN_TREE_CLONE|unix.OPEN_TREE_CLOEXEC)
		if err != nil {
			if errors.Is(err, unix.ENOENT) {
				continue
			}
			for _, fd := range nodes {
				unix.Close(fd)
			}
			return nil, fmt.Errorf("/dev/%s: %w", n, err)
		}
		nodes[n] = fd
	}
	return nodes, nil
}

// privateDev covers /dev with a tmpfs that holds the cloned nodes, the
// usual links to /proc/self/fd and a folder for the private /dev/shm, and
// makes it read-only.
func privateDev(nodes map[string]int) error {
	defer func() {
		for _, fd := range nodes {
			unix.Close(fd)
		}
	}()
	if err := unix.Mount("tmpfs", "/dev", "tmpfs", unix.MS_NOSUID|unix.MS_NOEXEC, "mode=0755,size=64k"); err != nil {
		return fmt.Errorf("private /dev: %w", err)
	}
	for n, fd := range nodes {
		p := "/dev/" + n
		if err := os.WriteFile(p, nil, 0o666); err != nil {
			return fmt.Errorf("private /dev: %w", err)
		}
		if err := unix.MoveMount(fd, "", unix.AT_FDCWD, p, unix.MOVE_MOUNT_F_EMPTY_PATH); err != nil {
			return fmt.Errorf("private /dev: attaching %s: %w", p, err)
		}
	}
	links := [][2]string{{"/proc/self/fd", "fd"}, {"/proc/self/fd/0", "stdin"}, {"/proc/self/fd/1", "stdout"}, {"/proc/self/fd/2", "stderr"}}
	for _, l := range links {
		if err := os.Symlink(l[0], "/dev/"+l[1]); err != nil {
			return fmt.Errorf("private /dev: %w", err)
		}
	}
	if err := os.Mkdir("/dev/shm", 0o1777); err != nil {
		return fmt.Errorf("private /dev: %w", err)
	}
	if err := unix.MountSetattr(unix.AT_FDCWD, "/dev", 0, &unix.MountAttr{Attr_set: unix.MOUNT_ATTR_RDONLY}); err != nil {
		return fmt.Errorf("private /dev: read-only: %w", err)
	}
	return nil
}
